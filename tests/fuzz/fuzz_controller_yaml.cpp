// Controller YAML for Vora's RRR (docs/control.md): parseControllerYaml.
#include "control/controller_file.h"
#include "fuzz_target.h"
#include "io/robot_file.h"
#include "model/model.h"

#include <memory>

namespace {
const armdyn::Model& rrr() {
  static const armdyn::Model model(armdyn::loadRobot(std::string(ARMDYN_SOURCE_DIR) + "/robots/vora_rrr.yaml"));
  return model;
}
}  // namespace

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseControllerYaml(text, "fuzz.yaml", rrr()); })
