// Task (or session) YAML: parseTaskYaml.
#include "fuzz_target.h"
#include "io/robot_file.h"

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseTaskYaml(text, "fuzz.yaml"); })
