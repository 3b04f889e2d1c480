#pragma once
// Heap-allocation counter for the "does not allocate" tests: interposes malloc (glibc: Eigen and
// operator new both end in it) and counts calls while gCounting is set; arm it only around the
// calls under test. Defines malloc: include it in ONE source file per test executable.
// Unavailable (ARMDYN_COUNT_MALLOC undefined) under AddressSanitizer, which owns malloc, or
// without glibc; tests then skip.
#include <cstddef>  // defines __GLIBC__ (features.h) before the test below

#include "support/sanitizers.h"

#if defined(__GLIBC__) && !defined(ARMDYN_UNDER_ASAN)
#define ARMDYN_COUNT_MALLOC 1
namespace {
long gAllocations = 0;
bool gCounting = false;
}  // namespace
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) {
  if (gCounting) ++gAllocations;
  return __libc_malloc(size);
}
#endif
