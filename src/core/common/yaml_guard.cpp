#include "common/yaml_guard.h"

#include "common/input_error.h"

#include <yaml.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace armdyn {

namespace {

// Owns a libyaml parser and its current event.
struct Parser {
  yaml_parser_t parser;
  yaml_event_t event;
  bool hasEvent = false;
  Parser() { yaml_parser_initialize(&parser); }
  ~Parser() {
    if (hasEvent) yaml_event_delete(&event);
    yaml_parser_delete(&parser);
  }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
};

}  // namespace

void checkYamlSyntax(const std::string& text, const std::string& file) {
  Parser p;
  yaml_parser_set_input_string(&p.parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  int depth = 0;
  long events = 0;
  // Per open container (depth <= kMaxYamlDepth): a sequence's item count, -1 for a mapping.
  long items[kMaxYamlDepth + 2] = {};
  int documents = 0;
  bool awaitingRoot = false;
  while (true) {
    if (!yaml_parser_parse(&p.parser, &p.event)) {
      std::string what = p.parser.problem ? p.parser.problem : "not valid YAML";
      if (p.parser.context) what += std::string(" (") + p.parser.context + ")";
      int line = static_cast<int>(p.parser.problem_mark.line) + 1;
      if (p.parser.error == YAML_READER_ERROR) {
        // A character error (a control byte, invalid UTF-8) carries a byte offset, not a mark.
        const std::size_t at = std::min(p.parser.problem_offset, text.size());
        line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        char buf[64];
        std::snprintf(buf, sizeof buf, " (byte 0x%02x at offset %zu)", static_cast<unsigned>(p.parser.problem_value) & 0xffu, at);
        what += buf;
      }
      throw InputError(file, line, "syntax", what);
    }
    p.hasEvent = true;
    const yaml_event_type_t type = p.event.type;
    const int line = static_cast<int>(p.event.start_mark.line) + 1;
    // Every armdyn file is one document whose root is a mapping. yaml-cpp 0.7 also loops
    // forever on some other roots libyaml accepts (a tagged or anchored scalar continued on a
    // line that starts with ",": "! x\n,"), so nothing else gets past here.
    std::string rootProblem;
    if (awaitingRoot && type != YAML_MAPPING_START_EVENT) {
      if (type == YAML_SEQUENCE_START_EVENT) {
        rootProblem = "a list";
      } else if (type == YAML_ALIAS_EVENT) {
        rootProblem = "an alias";
      } else if (type == YAML_SCALAR_EVENT) {
        const auto& s = p.event.data.scalar;
        const bool empty = s.length == 0 && s.plain_implicit && !s.tag && !s.anchor;  // "---" alone
        if (!empty) {
          std::string value(reinterpret_cast<const char*>(s.value), std::min<std::size_t>(s.length, 40));
          rootProblem = "'" + value + (s.length > 40 ? "...'" : "'");
        }
      }
    }
    // armdyn's files use no anchors (&a), aliases (*a) or tags (!t); yaml-cpp 0.7's hangs found
    // by fuzzing all went through them ("&k: d\n?\n", "! x\n,"), so none is let through.
    std::string feature;
    if (type == YAML_ALIAS_EVENT) {
      feature = "an alias (*)";
    } else if (type == YAML_SCALAR_EVENT) {
      if (p.event.data.scalar.anchor) feature = "an anchor (&)";
      else if (p.event.data.scalar.tag) feature = "a tag (!)";
    } else if (type == YAML_SEQUENCE_START_EVENT) {
      if (p.event.data.sequence_start.anchor) feature = "an anchor (&)";
      else if (p.event.data.sequence_start.tag) feature = "a tag (!)";
    } else if (type == YAML_MAPPING_START_EVENT) {
      if (p.event.data.mapping_start.anchor) feature = "an anchor (&)";
      else if (p.event.data.mapping_start.tag) feature = "a tag (!)";
    }
    awaitingRoot = false;
    yaml_event_delete(&p.event);
    p.hasEvent = false;
    if (!rootProblem.empty())
      throw InputError(file, line, "file", "expected a mapping of fields (name: ..., ...), got " + rootProblem);
    if (!feature.empty())
      throw InputError(file, line, "syntax", feature + ": armdyn files use no anchors, aliases or tags");
    if (type == YAML_DOCUMENT_START_EVENT) {
      if (++documents > 1) throw InputError(file, line, "syntax", "one YAML document per file (found a second after ---)");
      awaitingRoot = true;
    }
    if (type == YAML_STREAM_END_EVENT) return;
    const bool item = type == YAML_SCALAR_EVENT || type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT;
    if (item && depth > 0 && items[depth] >= 0 && ++items[depth] > kMaxYamlListItems)
      throw InputError(file, line, "syntax",
                       "a list of more than " + std::to_string(kMaxYamlListItems) +
                           " items (armdyn's lists hold at most that many: task points; a longer wrench table belongs in a CSV "
                           "profile)");
    if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
      if (++depth > kMaxYamlDepth)
        throw InputError(file, line, "syntax",
                         "nested more than " + std::to_string(kMaxYamlDepth) + " levels deep (armdyn's files nest 6)");
      items[depth] = type == YAML_SEQUENCE_START_EVENT ? 0 : -1;
    } else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) {
      --depth;
    }
    if (++events > kMaxYamlEvents)
      throw InputError(file, line, "syntax", "more than " + std::to_string(kMaxYamlEvents) + " YAML nodes");
  }
}

}  // namespace armdyn
