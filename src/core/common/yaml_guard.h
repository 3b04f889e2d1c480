#pragma once
// A syntax check of YAML text by libyaml (Debian's libyaml-dev, the reference C parser) before
// yaml-cpp reads it. yaml-cpp 0.7 (Debian 12) loops forever, allocating without bound, on some
// malformed input (a file holding a single ","; fixed upstream after 0.7) and recurses once per
// nesting level; libyaml parses event by event in bounded memory. Text it refuses never reaches
// yaml-cpp. Also refused: nesting deeper than kMaxYamlDepth, more than kMaxYamlEvents events,
// a list of more than kMaxYamlListItems items, a second document, and a document whose root is not a mapping (yaml-cpp 0.7 also hangs on
// some roots libyaml accepts, e.g. "! x\n,": found by fuzzing), and anchors, aliases and tags,
// which armdyn's files never use and through which every other yaml-cpp hang found by fuzzing
// went ("&k: d\n?\n").

#include <string>

namespace armdyn {

constexpr int kMaxYamlDepth = 32;           // robot files nest 6 deep
// Derived from what the schema needs: task points by the thousand (a Cartesian point is about
// 14 nodes, a joint point up to 14), at most 1000 link shapes (about 40 each), 12 links: 200 000
// nodes with room to spare (a tool-wrench table longer than 10 000 rows belongs in a CSV file). yaml-cpp builds such a file in about 0.5 s and 100 MB; the 4e6 nodes
// allowed before cost 11 s and 1.8 GB before the schema refused them.
constexpr long kMaxYamlEvents = 200000;
constexpr long kMaxYamlListItems = 10000;   // items of one list (task points, inline wrench rows)

// Throws InputError(file, line, "syntax", libyaml's problem and context).
void checkYamlSyntax(const std::string& text, const std::string& file);

}  // namespace armdyn
