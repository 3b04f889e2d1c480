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
