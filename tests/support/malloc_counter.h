#pragma once
// Heap-allocation counter for the "does not allocate" tests of every test executable: the
// definition (malloc_counter.cpp, in armdyn_test_support) interposes malloc (glibc: Eigen and
// operator new both end in it) and counts calls while gCounting is set; arm it only around the
// calls under test. A test executable that names gAllocations links the interposer; others do
// not. Unavailable (ARMDYN_COUNT_MALLOC undefined) under AddressSanitizer, which owns malloc, or
// without glibc; tests then skip.
#include <cstddef>  // defines __GLIBC__ (features.h) before the test below

#include "support/sanitizers.h"

#if defined(__GLIBC__) && !defined(ARMDYN_UNDER_ASAN)
#define ARMDYN_COUNT_MALLOC 1
#endif

namespace armdyn::test {
extern long gAllocations;  // malloc calls while gCounting
extern bool gCounting;
}  // namespace armdyn::test
