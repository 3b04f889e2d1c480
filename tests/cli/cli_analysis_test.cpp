// armdyn analyze and ik-rates (docs/cli.md): the JSON contract of issue 9, a wrist singularity
// named, the rates reproducing the tool velocity through jacobian, and bad input.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <cmath>

namespace armdyn {
namespace {

using test::CliResult;
using test::JsonReader;
using test::JsonValue;
using test::parseJson;
using test::runCli;

const std::string kPuma = test::sourcePath("robots/puma560.yaml");


TEST(CliAnalyze, JsonContractAndWristSingularity) {
  const JsonValue v = parseJson(runCli({"analyze", kPuma, "--q", "0,0.3,-0.5,0.2,0.4,0.1", "--json"}));
  for (const char* key : {"det_J", "det_J11", "det_J22", "manipulability", "condition_number", "singular"})
    EXPECT_TRUE(v.has(key)) << key;
  EXPECT_EQ(v["singular"].string, "none");
  EXPECT_NEAR(v["det_J"].number, v["det_J11"].number * v["det_J22"].number, 1e-12);
  const JsonValue w = parseJson(runCli({"analyze", kPuma, "--q", "0,0.3,-0.5,0.2,0,0.1", "--json"}));
  EXPECT_EQ(w["singular"].string, "wrist");
  // No spherical wrist: the split is null.
  const JsonValue u = parseJson(runCli({"analyze", test::sourcePath("robots/ur5.yaml"), "--q", "0,-1,1,0.5,0.5,0", "--json"}));
  EXPECT_EQ(u["det_J11"].type, JsonValue::Type::Null);
  EXPECT_EQ(u["det_J22"].type, JsonValue::Type::Null);
}

TEST(CliIkRates, RatesGiveTheToolVelocity) {
  const std::string q = "0.2,0.3,-0.5,0.2,0.4,0.1";
  const JsonValue r = parseJson(runCli({"ik-rates", kPuma, "--q", q, "--xd", "0.1,-0.05,0.02,0.1,0,-0.2", "--xdd",
                                        "0.5,0,-0.3,0,0.2,0.1", "--json"}));
  ASSERT_TRUE(r.has("qd") && r.has("qdd"));
  ASSERT_EQ(r["qd"].size(), 6u);
  ASSERT_EQ(r["qdd"].size(), 6u);
  // J qd through the jacobian command.
  const JsonValue j = parseJson(runCli({"jacobian", kPuma, "--q", q, "--json"}));
  Eigen::Matrix<double, 6, 6> J;
  Eigen::Matrix<double, 6, 1> qd;
  for (int a = 0; a < 6; ++a) {
    qd(a) = r["qd"][static_cast<std::size_t>(a)].number;
    for (int b = 0; b < 6; ++b) J(a, b) = j["J"][static_cast<std::size_t>(a)][static_cast<std::size_t>(b)].number;
  }
  Eigen::Matrix<double, 6, 1> xd;
  xd << 0.1, -0.05, 0.02, 0.1, 0, -0.2;
  EXPECT_LT((J * qd - xd).cwiseAbs().maxCoeff(), 1e-12);
  // Without --xdd: qdd is null.
  const JsonValue v = parseJson(runCli({"ik-rates", kPuma, "--q", q, "--xd", "0.1,0,0,0,0,0", "--json"}));
  EXPECT_EQ(v["qdd"].type, JsonValue::Type::Null);
}

TEST(CliIkRates, BadInput) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"ik-rates", kPuma, "--q", "0,0,0", "--xd", "0,0,0,0,0,0"},
        std::vector<std::string>{"ik-rates", kPuma, "--q", "0,0,0,0,0,0"},
        std::vector<std::string>{"ik-rates", kPuma, "--q", "0,0,0,0,0,0", "--xd", "0,0,nan,0,0,0"},
        std::vector<std::string>{"analyze", kPuma, "--q", "0,0,0,0,0"}}) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.exitCode, 2) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST(CliWorkspace, JsonContract) {
  const JsonValue v = parseJson(runCli({"workspace", test::sourcePath("robots/vora_rrr.yaml"), "--samples", "20000", "--json"}));
  for (const char* key : {"volume", "reach", "length_sum", "structural_length_index", "iso_cube"}) EXPECT_TRUE(v.has(key)) << key;
  EXPECT_TRUE(v["iso_cube"].has("centre") && v["iso_cube"].has("edge"));
  EXPECT_EQ(v["iso_cube"]["centre"].size(), 3u);
  EXPECT_GT(v["volume"].number, 0.0);
  EXPECT_NEAR(v["structural_length_index"].number, v["length_sum"].number / std::cbrt(v["volume"].number), 1e-12);
  const CliResult bad = runCli({"workspace", test::sourcePath("robots/vora_rrr.yaml"), "--samples", "10"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--samples"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace armdyn
