#pragma once
// One libFuzzer harness per reader (no byte sequence may crash or hang a reader): the reader gets any byte sequence as a file's
// text; an InputError (the documented refusal, naming file, line and field) is the only
// exception it may throw. Anything else (a crash, a hang past libFuzzer's -timeout, another
// exception, a sanitizer report) is a finding.

#include "common/input_error.h"

#include <cstddef>
#include <cstdint>
#include <string>

#define ARMDYN_FUZZ_TARGET(body)                                                   \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { \
    const std::string text(reinterpret_cast<const char*>(data), size);             \
    try {                                                                          \
      body;                                                                        \
    } catch (const armdyn::InputError&) {                                          \
    }                                                                              \
    return 0;                                                                      \
  }
