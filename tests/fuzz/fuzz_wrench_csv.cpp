// Tool wrench profile CSV (t,fx,fy,fz,mx,my,mz): parseToolWrenchCsv.
#include "model/tool_wrench_profile.h"
#include "fuzz_target.h"

ARMDYN_FUZZ_TARGET({ (void)armdyn::parseToolWrenchCsv(text, "fuzz.csv", false).at(0.5); })
