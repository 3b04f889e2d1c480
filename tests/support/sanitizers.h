#pragma once
// ARMDYN_UNDER_ASAN: the build runs under AddressSanitizer (GCC defines __SANITIZE_ADDRESS__,
// clang answers __has_feature(address_sanitizer)). Tests that interpose malloc to count heap
// allocations cannot run then (the sanitizer owns malloc): they skip, saying so.
#if defined(__SANITIZE_ADDRESS__)
#define ARMDYN_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARMDYN_UNDER_ASAN 1
#endif
#endif

namespace armdyn::test {

#ifdef ARMDYN_UNDER_ASAN
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif

// How many draws an exhaustive numerical cross-check (2000 Newton searches per pose against a
// closed form) runs: all of them normally, a tenth (or 1/asanShare) under AddressSanitizer, where
// each costs 10 to 30 times as much. The unsanitized stage of CI runs every draw and every
// statistic over them; the sanitized one looks for memory and undefined-behaviour errors, which
// a few draws' code paths show as well (the same seeded generator, fewer draws: where one
// generator serves several kinds of arm in turn, the later kinds draw other arms than in the
// unsanitized run).
constexpr int exhaustiveDraws(int all, int asanShare = 10) {
  return kUnderAsan ? (all + asanShare - 1) / asanShare : all;
}

}  // namespace armdyn::test
