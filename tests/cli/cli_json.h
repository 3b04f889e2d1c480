#pragma once
// The JSON a successful armdyn command printed: exit status 0, nothing on stderr, one value.

#include "cli/cli_runner.h"
#include "support/json_value.h"

#include <gtest/gtest.h>

namespace armdyn::test {

inline JsonValue parseJson(const CliResult& r) {
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return JsonReader::parse(r.out);
}

}  // namespace armdyn::test
