// armdyn analyze and ik-rates (docs/cli.md): the JSON contract scripts read, a wrist singularity
// named, the rates reproducing the tool velocity through jacobian, and bad input.
#include "cli/cli_json.h"
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>
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

// Without --q: along the robot's default task. Series of equal length, det J = det J11 det J22
// per sample, the smallest manipulability where the series has it, and each sample's analysis
// equal to `analyze --q` at that sample's joint values (from simulate --csv).
TEST(CliAnalyze, AlongTheTask) {
  const JsonValue v = parseJson(runCli({"analyze", kPuma, "--json"}));
  for (const char* key : {"t", "det_J", "det_J11", "det_J22", "manipulability", "condition_number", "singular",
                          "singular_instants", "min_manipulability", "min_manipulability_t"})
    EXPECT_TRUE(v.has(key)) << key;
  const std::size_t m = v["t"].size();
  ASSERT_GT(m, 10u);
  double smallest = 1e300, when = 0.0;
  for (const char* key : {"det_J", "det_J11", "det_J22", "manipulability", "condition_number", "singular"})
    EXPECT_EQ(v[key].size(), m) << key;
  for (std::size_t k = 0; k < m; ++k) {
    EXPECT_NEAR(v["det_J"][k].number, v["det_J11"][k].number * v["det_J22"][k].number, 1e-12);
    if (v["manipulability"][k].number < smallest) {
      smallest = v["manipulability"][k].number;
      when = v["t"][k].number;
    }
  }
  EXPECT_DOUBLE_EQ(v["min_manipulability"].number, smallest);
  EXPECT_DOUBLE_EQ(v["min_manipulability_t"].number, when);
  EXPECT_EQ(v["singular_instants"].size(), 0u);  // the PUMA's task stays clear of singularities
  // Sample 7 against the point analysis at its q (simulate --csv columns q1..q6).
  const CliResult csv = runCli({"simulate", kPuma, "--csv", "-"});
  std::vector<std::string> lines;
  for (std::size_t at = 0, next; at < csv.out.size(); at = next + 1) {
    next = csv.out.find('\n', at);
    if (next == std::string::npos) next = csv.out.size();
    lines.push_back(csv.out.substr(at, next - at));
  }
  ASSERT_GT(lines.size(), 8u);
  std::vector<std::string> header, row;
  const auto split = [](const std::string& line) {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (std::size_t c; (c = line.find(',', at)) != std::string::npos; at = c + 1) out.push_back(line.substr(at, c - at));
    out.push_back(line.substr(at));
    return out;
  };
  header = split(lines[0]);
  row = split(lines[8]);  // sample 7
  std::string q;
  for (int j = 1; j <= 6; ++j) {
    const auto col = std::find(header.begin(), header.end(), "q" + std::to_string(j));
    ASSERT_NE(col, header.end()) << lines[0];
    q += (j > 1 ? "," : "") + row[static_cast<std::size_t>(col - header.begin())];
  }
  const JsonValue at7 = parseJson(runCli({"analyze", kPuma, "--q", q, "--json"}));
  EXPECT_NEAR(at7["det_J"].number, v["det_J"][7].number, 1e-9 * std::abs(v["det_J"][7].number) + 1e-12);
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
