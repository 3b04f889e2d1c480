// Input profile CSV (t,u1..u3) for a three-joint arm: parseInputProfileCsv.
#include "fuzz_target.h"
#include "simulation/input_profile.h"

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseInputProfileCsv(text, "fuzz.csv", 3, armdyn::TableInterpolation::Linear); })
