// Vora's manipulator specification (figure 6.2): parseVoraSpec, then the Model.
#include "fuzz_target.h"
#include "io/robot_file.h"
#include "model/model.h"

ARMDYN_FUZZ_TARGET({
  const armdyn::Model model(armdyn::parseVoraSpec(text, "fuzz.spec"));
  (void)model;
})
