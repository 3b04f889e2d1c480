// The sizing report as a document (analysis/sizing_report.h), on the PUMA 560 weld seam (drives:
// motor side and supply lines) and the UR5 pick and place (no drives, fmax ratings): every text
// of the PDF lies inside the page (its left edge and estimated width), no number is printed with
// an exponent below 1e-9 (the 1e-16 noise of sums that cancel), and the load-side table holds the
// figures `armdyn size --json` gives (sizingJson, parsed back), to their 4 printed digits.
#include "analysis/sizing_report.h"

#include "analysis/actuator_sizing.h"
#include "io/robot_file.h"
#include "simulation/task_simulation.h"
#include "trajectory/joint_sweep_task.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <regex>
#include <sstream>

namespace armdyn {
namespace {

struct PdfText {
  double size = 0.0, x = 0.0, y = 0.0;
  std::string text;
};

// "BT /Fn SIZE Tf X Y Td (TEXT) Tj ET" lines of report_page's PDF (uncompressed).
std::vector<PdfText> textsOf(const std::string& pdf) {
  std::vector<PdfText> out;
  std::istringstream lines(pdf);
  std::string line;
  const std::regex re(R"(^BT /F\d ([0-9.]+) Tf (-?[0-9.]+) (-?[0-9.]+) Td \((.*)\) Tj ET$)");
  for (std::smatch m; std::getline(lines, line);) {
    if (!std::regex_match(line, m, re)) continue;
    PdfText t{std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), m[4]};
    std::string unescaped;
    for (std::size_t k = 0; k < t.text.size(); ++k) unescaped += t.text[k] == '\\' && k + 1 < t.text.size() ? t.text[++k] : t.text[k];
    t.text = unescaped;
    out.push_back(t);
  }
  return out;
}

struct Case {
  const char* robot;
  const char* task;  // nullptr: the robot's default task, else a joint sweep
};

// A case's robot and task simulated and sized (members in order: each built from the ones before).
struct Sized {
  explicit Sized(const Case& c)
      : s(loadSession(test::sourcePath(c.robot))),
        task(c.task ? loadTask(test::sourcePath(c.task)) : s.task.pointCount() > 0 ? s.task : jointSweepTask(s.robot)),
        model(s.robot),
        run(simulateTask(model, task)),
        report(sizeActuators(model, {{&run, 0.0, task.name}})) {}
  Session s;
  TaskSpec task;
  Model model;
  RunRecord run;
  SizingReport report;
};

void checkReport(const Case& c) {
  SCOPED_TRACE(c.robot);
  const Sized sized(c);
  const Session& s = sized.s;
  const TaskSpec& task = sized.task;
  const Model& model = sized.model;
  const SizingReport& report = sized.report;
  const ReportPage page = sizingReportPage(model, report, {s.robot.name, task.name, "2026-11-28", "test"});
  const std::vector<PdfText> texts = textsOf(page.pdf());
  ASSERT_GT(texts.size(), 100u);
  // A4, longer for more than six joints; every plot frame keeps a readable height.
  EXPECT_EQ(page.width(), 595.0);
  if (report.joints.size() <= 6) EXPECT_EQ(page.height(), 842.0);
  else EXPECT_GT(page.height(), 842.0);
  const std::regex tiny(R"(e-(0[0-9]|[1-9][0-9]))");  // below 1e-9: e-10 and further
  for (const PdfText& t : texts) {
    EXPECT_GE(t.x, 0.0) << t.text;
    EXPECT_LE(t.x + reportTextWidth(t.text, t.size), page.width()) << t.text;
    EXPECT_GE(t.y, 0.0) << t.text;
    EXPECT_LE(t.y + t.size, page.height()) << t.text;
    std::smatch m;
    if (std::regex_search(t.text, m, tiny)) {
      EXPECT_LT(std::stoi(m[1]), 10) << "printed below 1e-9: " << t.text;
    }
  }
  // The load-side rows: "J (R)" then peak, at, RMS, peak speed (deg/s), ... against the JSON.
  const test::JsonValue json = test::JsonReader::parse(sizingJson(report));
  const auto& joints = json["joints"];
  ASSERT_EQ(joints.size(), report.joints.size());
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const std::string label = std::to_string(j + 1) + " (R)";
    std::size_t at = 0;
    while (at < texts.size() && texts[at].text != label) ++at;
    ASSERT_LT(at + 4, texts.size()) << label;
    const auto near = [](const std::string& printed, double value, double scale) {
      const double shown = std::strtod(printed.c_str(), nullptr);
      // 4 significant digits, or 0 below a millionth of the column's scale.
      return std::abs(shown - value) <= 5e-4 * std::abs(value) + 1e-6 * scale;
    };
    double torqueScale = 0.0;
    for (std::size_t k = 0; k < joints.size(); ++k) torqueScale = std::max(torqueScale, std::abs(joints[k]["peak_torque"].number));
    EXPECT_TRUE(near(texts[at + 1].text, joints[j]["peak_torque"].number, torqueScale)) << label << " " << texts[at + 1].text;
    EXPECT_TRUE(near(texts[at + 3].text, joints[j]["rms_torque"].number, torqueScale)) << label << " " << texts[at + 3].text;
    EXPECT_TRUE(near(texts[at + 4].text, joints[j]["peak_speed"].number * 180.0 / M_PI, 360.0)) << label << " " << texts[at + 4].text;
  }
  // One verdict line per joint.
  for (std::size_t j = 0; j < report.joints.size(); ++j) {
    const std::string head = "Joint " + std::to_string(j + 1) + ": ";
    bool found = false;
    for (const PdfText& t : texts) found = found || (t.text.rfind(head, 0) == 0 && t.text.find("side") == std::string::npos);
    EXPECT_TRUE(found) << head;
  }
}

TEST(SizingReport, PumaWeldSeamAndUr5PagesHoldTheJsonFiguresInsideThePage) {
  checkReport({"robots/puma560.yaml", "robots/puma560_weld_seam.yaml"});
  checkReport({"robots/ur5.yaml", nullptr});
  checkReport({"robots/iiwa14.yaml", nullptr});  // seven joints: a longer page
}

// envelopePlot, the one plot rule of the report and Studio's Sizing tab: the PUMA's joint 1 on
// the motor side (points = the report's motor points in rpm and N m, the supply's line through
// its stall torque kt V / R at 0 rpm), the UR5's joint 2 on the load side (deg/s; vmax named, in
// or out of the frame by the 3x rule); the frame holds every point with the 15 % margin.
TEST(SizingReport, EnvelopePlotIsTheReportsRuleForBothSides) {
  for (const Case& c : {Case{"robots/puma560.yaml", "robots/puma560_weld_seam.yaml"}, Case{"robots/ur5.yaml", nullptr}}) {
    SCOPED_TRACE(c.robot);
    const Sized sized(c);
    const Session& s = sized.s;
    const Model& model = sized.model;
    const SizingReport& report = sized.report;
    const int j = c.task ? 0 : 1;
    const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
    const EnvelopePlot e = envelopePlot(model, report, j, sizingScales(report));
    EXPECT_EQ(e.motor, J.hasDrive);
    const std::vector<double>& speeds = e.motor ? J.pointSpeed : J.loadPointSpeed;
    const std::vector<double>& torques = e.motor ? J.pointTorque : J.loadPointTorque;
    ASSERT_EQ(e.x.size(), speeds.size());
    ASSERT_GT(e.x.size(), 10u);
    const double toShown = e.motor ? 60.0 / (2.0 * M_PI) : 180.0 / M_PI;
    double xPoints = 0.0, yPoints = 0.0;
    for (std::size_t k = 0; k < e.x.size(); ++k) {
      EXPECT_DOUBLE_EQ(e.x[k], speeds[k] * toShown);
      EXPECT_EQ(e.y[k], torques[k]);
      xPoints = std::max(xPoints, std::abs(e.x[k]));
      yPoints = std::max(yPoints, std::abs(e.y[k]));
    }
    EXPECT_GE(e.xMax, 1.15 * xPoints * (1.0 - 1e-12));
    EXPECT_GE(e.yMax, 1.15 * yPoints * (1.0 - 1e-12));
    for (const EnvelopeLimit& l : e.limits) {
      SCOPED_TRACE(l.name);
      EXPECT_EQ(l.inside, l.value <= (l.vertical ? e.xMax : e.yMax));
      const double points = l.vertical ? xPoints : yPoints;
      if (l.value <= 3.0 * points) {
        EXPECT_TRUE(l.inside);
      }
    }
    if (e.motor) {
      EXPECT_EQ(e.xLabel, "motor speed (rpm)");
      const DriveSpec& d = *s.robot.links[0].drive;
      ASSERT_TRUE(e.supply);
      EXPECT_NEAR(e.supplyTorque(1.0, 0.0), d.kt / d.resistance * d.voltageLimit, 1e-12);
      EXPECT_NEAR(e.supplyTorque(1.0, d.voltageLimit / d.ke * toShown), 0.0, 1e-9);  // no-load speed
    } else {
      EXPECT_EQ(e.xLabel, "joint speed (deg/s)");
      EXPECT_FALSE(e.supply);
      bool vmax = false;
      for (const EnvelopeLimit& l : e.limits) vmax = vmax || (l.vertical && l.name.rfind("vmax ", 0) == 0);
      EXPECT_TRUE(vmax);
    }
  }
}

// Below the resolution prints 0; 4 significant digits without an exponent from 1e-3 to 1e6.
TEST(SizingReport, NumbersAreRoundedToTheirMeaning) {
  EXPECT_EQ(sizingNumber(4.8045e-16, 1e-6), "0");
  EXPECT_EQ(sizingNumber(-2.8296e-19, 1e-9), "0");
  EXPECT_EQ(sizingNumber(47.8956, 1e-6), "47.90");
  EXPECT_EQ(sizingNumber(-0.0055342, 1e-6), "-0.005534");
  EXPECT_EQ(sizingNumber(17000.0, 0.0), "17000");
  EXPECT_EQ(sizingNumber(2.7e-4, 1e-6), "2.700e-04");
  EXPECT_EQ(sizingNumber(0.0, 0.0), "0");
}

}  // namespace
}  // namespace armdyn
