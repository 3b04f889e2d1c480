#pragma once
// The core's control headers as Qt code must include them: Qt defines `signals` as a keyword
// macro (`public`), which would garble the core's InputProfile::signals
// (simulation/input_profile.h). The macro is lifted while they are read. App code includes the
// core's control and simulation-input headers through this file only.

#pragma push_macro("signals")
#undef signals
#include "control/control_run.h"
#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "simulation/input_profile.h"
#pragma pop_macro("signals")
