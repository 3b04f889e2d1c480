// The malloc interposer behind allocation_counter.h (one per test executable).
#include "allocation_counter.h"

#include <cstddef>

namespace armdyn::test {
long gTrajectoryAllocations = 0;
bool gTrajectoryCounting = false;
}  // namespace armdyn::test

#ifdef ARMDYN_COUNT_MALLOC
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) {
  if (armdyn::test::gTrajectoryCounting) ++armdyn::test::gTrajectoryAllocations;
  return __libc_malloc(size);
}
#endif
