// Vora's trajectory file (figures 6.3, 7.4): parseVoraTrajectory.
#include "fuzz_target.h"
#include "io/robot_file.h"

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseVoraTrajectory(text, "fuzz.traj"); })
