// Elastic drives and the ISO 9283 bench through the real binary: `armdyn run --csv` appends qm1..qmn for elastic drives (and
// not for rigid ones), `armdyn iso9283 SESSION --json` prints AP, RP, AT, RT, CR, CO, AV, RV, FV
// per speed and writes its reports with --out, `armdyn speed-sweep` finds the running-speed
// index; bad input (a cube that does not fit, a tolerance <= 0, a negative stiffness) exits 2
// naming the field, and nothing is written.
#include "cli/cli_runner.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace armdyn {
namespace {

using test::runCli;

std::string firstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

TEST(CliIso9283, RunCsvAppendsGearOutputAnglesForElasticDrives) {
  test::ScratchDir dir;
  const std::string controller =
      dir.write("ct.yaml", "type: computed_torque\nnatural_frequency: 30\nfriction_velocity_scale: 0.05\n");
  const std::string elastic = dir.file("elastic.csv"), rigid = dir.file("rigid.csv");
  test::CliResult r = runCli({"run", test::sourcePath("robots/puma560_elastic.yaml"), "--controller", controller,
                              "--duration", "0.3", "--csv", elastic});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string header = firstLine(elastic);
  EXPECT_NE(header.find(",tau6,qm1,qm2,qm3,qm4,qm5,qm6"), std::string::npos) << header;
  EXPECT_EQ(header.substr(header.size() - 4), ",qm6");
  r = runCli({"run", test::sourcePath("robots/puma560.yaml"), "--controller", controller, "--duration", "0.3", "--csv",
              rigid});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(firstLine(rigid).find("qm1"), std::string::npos);
  // The wrist is rigid in this file: qm4 equals q4 on every row; the elastic joints twist.
  std::ifstream in(elastic);
  std::string line;
  std::getline(in, line);
  double twist = 0.0;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) v.push_back(std::stod(cell));
    ASSERT_EQ(v.size(), 1u + 9 * 6);
    EXPECT_EQ(v[1 + 8 * 6 + 3], v[1 + 3]);          // qm4 = q4
    twist = std::max(twist, std::abs(v[1 + 8 * 6 + 1] - v[1 + 1]));  // qm2 - q2
  }
  EXPECT_GT(twist, 1e-4);  // the shoulder's spring carries ~30 N m: 1e-3 rad at 4e4 N m/rad
}

TEST(CliIso9283, JsonHasTheCharacteristicsPerSpeedAndOutWritesTheReports) {
  test::ScratchDir dir;
  const std::string prefix = dir.file("report");
  const test::CliResult r =
      runCli({"iso9283", test::sourcePath("robots/irb60.yaml"), "--cube", "1.7,0,1,0.6", "--corner-radius", "0.03",
              "--pose-cycles", "3", "--path-cycles", "2", "--paths", "line,rectangle", "--json", "--out", prefix});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  ASSERT_EQ(j["speeds"].size(), 3u);
  const double percents[] = {100, 50, 10};
  for (std::size_t k = 0; k < 3; ++k) {
    const test::JsonValue& s = j["speeds"][k];
    EXPECT_EQ(s["percent"].number, percents[k]);
    for (const char* key : {"AP", "RP", "AT", "RT", "CR", "CO", "AV", "RV", "FV", "stabilisation_time", "overshoot"})
      EXPECT_TRUE(s[key].type == test::JsonValue::Type::Number) << key;
    EXPECT_EQ(s["poses"].size(), 5u);
    EXPECT_EQ(s["paths"].size(), 2u);
  }
  // The error grows with the speed (mm).
  EXPECT_GT(j["speeds"][0]["AT"].number, j["speeds"][1]["AT"].number);
  EXPECT_GT(j["speeds"][1]["AT"].number, j["speeds"][2]["AT"].number);
  for (const char* ext : {".json", ".csv", ".svg", ".pdf"}) EXPECT_TRUE(std::filesystem::exists(prefix + ext)) << ext;
  EXPECT_EQ(firstLine(prefix + ".csv").rfind("speed_percent,speed_m_s,item,AP_mm,RP_mm,AT_mm", 0), 0u);
}

TEST(CliIso9283, SpeedSweepFindsTheRunningSpeedIndex) {
  const test::CliResult r =
      runCli({"speed-sweep", test::sourcePath("robots/irb60.yaml"), "--tolerance", "1", "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const test::JsonValue j = test::JsonReader::parse(r.out);
  ASSERT_EQ(j["speeds"].size(), 10u);
  ASSERT_EQ(j["delta"].size(), 10u);
  EXPECT_TRUE(j["running_speed_index"].type == test::JsonValue::Type::Number);
  EXPECT_GE(j["exponent"].number, 1.6);
  EXPECT_LE(j["exponent"].number, 2.4);
}

TEST(CliIso9283, BadInputExitsTwoNamingTheFieldAndWritesNothing) {
  test::ScratchDir dir;
  const std::string prefix = dir.file("report");
  // A cube that does not fit: by how much, and what would.
  test::CliResult r = runCli({"iso9283", test::sourcePath("robots/irb60.yaml"), "--cube", "1.7,0,1,2.0", "--out", prefix});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("armdyn: --cube: "), std::string::npos) << r.err;  // the option typed (issue 23), not a bench field
  EXPECT_NE(r.err.find("beyond the arm's reach"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at most"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(prefix + ".json"));
  // Bad speeds name --speeds.
  r = runCli({"iso9283", test::sourcePath("robots/irb60.yaml"), "--speeds", "0,-1", "--out", prefix});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("armdyn: --speeds: "), std::string::npos) << r.err;
  // An empty file name names its option.
  r = runCli({"simulate", test::sourcePath("robots/vora_rrr.yaml"), "--csv", ""});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("armdyn: --csv: needs a value"), std::string::npos) << r.err;
  // Both --speed and --speeds: one of them would be ignored.
  r = runCli({"speed-sweep", test::sourcePath("robots/irb60.yaml"), "--tolerance", "1", "--speed", "0.5", "--speeds", "0.1,0.2"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("armdyn: --speeds: give either"), std::string::npos) << r.err;
  // analyze at one configuration with a task option.
  r = runCli({"analyze", test::sourcePath("robots/puma560.yaml"), "--q", "0,0,0,0,0,0", "--task",
              test::sourcePath("robots/puma560_weld_seam.yaml")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("armdyn: --task: applies along a task"), std::string::npos) << r.err;
  // A tolerance <= 0.
  r = runCli({"speed-sweep", test::sourcePath("robots/irb60.yaml"), "--tolerance", "0", "--out", prefix});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--tolerance"), std::string::npos) << r.err;
  r = runCli({"speed-sweep", test::sourcePath("robots/irb60.yaml"), "--tolerance", "-3"});
  EXPECT_EQ(r.exitCode, 2);
  // A negative stiffness in the robot file: file, line, field.
  const std::string bad = test::sourcePath("tests/data/bad/drive_negative_stiffness.yaml");
  r = runCli({"iso9283", bad, "--rated-speed", "0.5", "--acceleration", "6", "--out", prefix});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("drive_negative_stiffness.yaml:70"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("links[2].drive.stiffness"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(prefix + ".json"));
  EXPECT_FALSE(std::filesystem::exists(prefix + ".pdf"));
}

}  // namespace
}  // namespace armdyn
