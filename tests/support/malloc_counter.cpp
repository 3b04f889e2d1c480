// The malloc interposer behind malloc_counter.h: linked into a test executable only when the
// executable names gAllocations (an object of a static library is pulled in by its symbols).
#include "support/malloc_counter.h"

namespace armdyn::test {
long gAllocations = 0;
bool gCounting = false;
}  // namespace armdyn::test

#ifdef ARMDYN_COUNT_MALLOC
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) {
  if (armdyn::test::gCounting) ++armdyn::test::gAllocations;
  return __libc_malloc(size);
}
#endif
