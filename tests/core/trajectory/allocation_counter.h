#pragma once
#include <cstddef>  // defines __GLIBC__ (features.h) before the test below

#include "support/sanitizers.h"
// Heap-allocation counter of the test_trajectory executable (allocation_counter_test.cpp
// interposes malloc: glibc's Eigen and operator new both end in it). Arm it only around the
// calls under test. Not available under AddressSanitizer (it owns malloc) or without glibc.
#if defined(__GLIBC__) && !defined(ARMDYN_UNDER_ASAN)
#define ARMDYN_COUNT_MALLOC 1
#endif

namespace armdyn::test {
extern long gTrajectoryAllocations;
extern bool gTrajectoryCounting;
}  // namespace armdyn::test
