// Robot (or session) YAML: parseRobotYaml, then the Model it describes.
#include "fuzz_target.h"
#include "io/robot_file.h"
#include "model/model.h"

ARMDYN_FUZZ_TARGET({
  const armdyn::RobotSpec spec = armdyn::parseRobotYaml(text, "fuzz.yaml");
  const armdyn::Model model(spec);
  (void)model;
})
