#pragma once
// A syntax check of YAML text by libyaml (Debian's libyaml-dev, the reference C parser) before
// yaml-cpp reads it. yaml-cpp 0.7 (Debian 12) loops forever, allocating without bound, on some
// malformed input (a file holding a single ","; fixed upstream after 0.7) and recurses once per
// nesting level; libyaml parses event by event in bounded memory. Text it refuses never reaches
// yaml-cpp. Also refused: nesting deeper than kMaxYamlDepth, more than kMaxYamlEvents events,
// a second document, and a document whose root is not a mapping (yaml-cpp 0.7 also hangs on
// some roots libyaml accepts, e.g. "! x\n,": found by fuzzing), and anchors, aliases and tags,
// which armdyn's files never use and through which every other yaml-cpp hang found by fuzzing
// went ("&k: d\n?\n").

#include <string>

namespace armdyn {

constexpr int kMaxYamlDepth = 32;           // robot files nest 6 deep
constexpr long kMaxYamlEvents = 4000000;    // ~ a 16 MB file of one-character list items

// Throws InputError(file, line, "syntax", libyaml's problem and context).
void checkYamlSyntax(const std::string& text, const std::string& file);

}  // namespace armdyn
