// Session YAML (robot, task and run: with an inline controller): parseSessionYaml.
#include "fuzz_target.h"
#include "io/robot_file.h"

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseSessionYaml(text, "fuzz.yaml"); })
