#include "analysis/sizing_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {

namespace {

constexpr double kRpm = 60.0 / (2.0 * M_PI);
constexpr double kDeg = 180.0 / M_PI;
constexpr double kPageW = 595.0, kPageA4H = 842.0, kMargin = 36.0;  // A4 portrait, points

const Rgb kInk{30, 30, 30}, kGrey{110, 110, 110}, kPass{27, 122, 27}, kFail{176, 0, 32};
const Rgb kPoints{31, 119, 180}, kContinuous{40, 140, 40}, kPeak{230, 120, 0}, kSpeed{110, 110, 110},
    kSupply{200, 30, 30}, kCurrent{128, 60, 160};

double res(double scale) { return kSizingResolution * scale; }

bool revolute(const Model& model, int j) { return model.isRevolute(j); }

// A joint's load-side speed in the unit its column shows: deg/s, or mm/s for a prismatic joint.
double speedShown(const Model& model, int j, double v) { return revolute(model, j) ? v * kDeg : v * 1000.0; }

std::string verdictOf(const JointSizing& J) { return !J.pass ? "not rated" : *J.pass ? "pass" : "FAIL"; }

// Words that wrap to `width` points at `size`: lines of at most that width.
std::vector<std::string> wrap(const std::vector<std::string>& pieces, double width, double size, const std::string& indent) {
  std::vector<std::string> lines;
  std::string line;
  for (const std::string& p : pieces) {
    const std::string next = line.empty() ? p : line + "; " + p;
    if (!line.empty() && reportTextWidth(next, size) > width) {
      lines.push_back(line + ";");
      line = indent + p;
    } else {
      line = next;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// The unit of a check's value and limit, and the factor from SI.
std::pair<std::string, double> checkUnit(const Model& model, int j, const std::string& name) {
  if (name == "max_speed") return {"rpm", kRpm};
  if (name == "voltage") return {"V", 1.0};
  if (name == "current") return {"A", 1.0};
  if (name == "fmax") return {revolute(model, j) ? "N m" : "N", 1.0};
  return {"N m", 1.0};  // continuous_torque, peak_torque: motor side
}

}  // namespace

double EnvelopePlot::supplyTorque(double sign, double rpm) const {
  return supplyGain * (sign * supplyVolts - supplyKe * rpm / kRpm);
}

EnvelopePlot envelopePlot(const Model& model, const SizingReport& report, int j, const SizingScales& sc) {
  const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
  const LinkSpec& link = model.spec().links[static_cast<std::size_t>(j)];
  EnvelopePlot e;
  e.motor = J.hasDrive && link.drive;
  const bool motor = e.motor, rev = revolute(model, j);
  const std::vector<double>& vs = motor ? J.pointSpeed : J.loadPointSpeed;
  const std::vector<double>& ts = motor ? J.pointTorque : J.loadPointTorque;
  for (std::size_t k = 0; k < vs.size() && k < ts.size(); ++k) {
    e.x.push_back(motor ? vs[k] * kRpm : speedShown(model, j, vs[k]));
    e.y.push_back(ts[k]);
  }
  char buf[96];
  e.pointColour = kPoints;
  e.supplyColour = kSupply;
  const auto limit = [&](EnvelopeLimit::Kind kind, bool vertical, double value, bool dashed) {
    const Rgb colour = kind == EnvelopeLimit::Continuous ? kContinuous
                       : kind == EnvelopeLimit::Peak     ? kPeak
                       : kind == EnvelopeLimit::Speed    ? kSpeed
                                                         : kCurrent;
    e.limits.push_back({kind, colour, vertical, value, dashed, true, buf});
  };
  if (motor) {
    const DriveSpec& d = *link.drive;
    if (d.continuousTorque > 0.0) {
      std::snprintf(buf, sizeof buf, "continuous torque %s N m", sizingNumber(d.continuousTorque, 0.0).c_str());
      limit(EnvelopeLimit::Continuous, false, d.continuousTorque, true);
    }
    if (d.peakTorque > 0.0) {
      std::snprintf(buf, sizeof buf, "peak torque %s N m", sizingNumber(d.peakTorque, 0.0).c_str());
      limit(EnvelopeLimit::Peak, false, d.peakTorque, false);
    }
    if (d.maxSpeed > 0.0) {
      std::snprintf(buf, sizeof buf, "maximum speed %s rpm", sizingNumber(d.maxSpeed * kRpm, 0.0).c_str());
      limit(EnvelopeLimit::Speed, true, d.maxSpeed * kRpm, true);
    }
    if (d.hasMotor && d.currentLimit > 0.0 && d.kt > 0.0) {
      std::snprintf(buf, sizeof buf, "current limit %s A", sizingNumber(d.currentLimit, 0.0).c_str());
      limit(EnvelopeLimit::Current, false, d.kt * d.currentLimit, true);
    }
  } else {
    if (link.fMax && *link.fMax > 0.0) {
      std::snprintf(buf, sizeof buf, "fmax %s %s", sizingNumber(*link.fMax, 0.0).c_str(), rev ? "N m" : "N");
      limit(EnvelopeLimit::Peak, false, *link.fMax, false);
    }
    std::snprintf(buf, sizeof buf, "vmax %s %s", sizingNumber(speedShown(model, j, link.vMax), 0.0).c_str(),
                  rev ? "deg/s" : "mm/s");
    limit(EnvelopeLimit::Speed, true, speedShown(model, j, link.vMax), true);
  }
  // The limits near the points widen the frame (one far out would shrink the points to a blob:
  // it is then named in the legend only).
  double xMax = 0.0, yMax = 0.0;
  for (double v : e.x) xMax = std::max(xMax, std::abs(v));
  for (double v : e.y) yMax = std::max(yMax, std::abs(v));
  const double xPoints = xMax, yPoints = yMax;
  for (const EnvelopeLimit& l : e.limits) {
    double& m = l.vertical ? xMax : yMax;
    const double points = l.vertical ? xPoints : yPoints;
    if (points <= 0.0 || l.value <= 3.0 * points) m = std::max(m, l.value);
  }
  // The supply line's corners (no-load speed, stall torque) when near the points, as for the
  // ratings.
  if (motor && link.drive->hasMotor && link.drive->voltageLimit > 0.0 && link.drive->ke > 0.0 &&
      link.drive->resistance > 0.0) {
    const DriveSpec& d = *link.drive;
    if (xPoints > 0.0) xMax = std::max(xMax, std::min(d.voltageLimit / d.ke * kRpm, 3.0 * xPoints));
    if (yPoints > 0.0) yMax = std::max(yMax, std::min(d.kt / d.resistance * d.voltageLimit, 3.0 * yPoints));
  }
  // A joint nothing loads (torques at rounding level): the frame of the report's scale.
  if (!(xMax > res(motor ? sc.motorSpeed * kRpm : sc.speed * kDeg))) xMax = 1.0;
  if (!(yMax > res(motor ? sc.motorTorque : sc.torque))) yMax = 1.0;
  e.xMax = 1.15 * xMax;
  e.yMax = 1.15 * yMax;
  for (EnvelopeLimit& l : e.limits) l.inside = l.value <= (l.vertical ? e.xMax : e.yMax);
  e.xLabel = motor ? "motor speed (rpm)" : rev ? "joint speed (deg/s)" : "joint speed (mm/s)";
  e.yLabel = motor ? "motor torque (N m)" : rev ? "torque (N m)" : "force (N)";
  if (motor && link.drive->hasMotor && link.drive->voltageLimit > 0.0 && link.drive->resistance > 0.0) {
    const DriveSpec& d = *link.drive;
    e.supply = true;
    e.supplyVolts = d.voltageLimit;
    e.supplyGain = d.kt / d.resistance;
    e.supplyKe = d.ke;
    e.supplyName = "supply " + sizingNumber(d.voltageLimit, 0.0) + " V";
  }
  return e;
}

namespace {

// One joint's envelopePlot drawn in a cell of the page.
void drawEnvelope(ReportPage& page, const Model& model, const SizingReport& report, int j, double x, double y, double w,
                  double h, const SizingScales& sc) {
  const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
  const EnvelopePlot e = envelopePlot(model, report, j, sc);
  PlotFrame f;
  f.x = x + 44, f.y = y + 24, f.w = w - 52, f.h = h - 54;
  f.xmin = -e.xMax, f.xmax = e.xMax, f.ymin = -e.yMax, f.ymax = e.yMax;
  char buf[96];
  std::snprintf(buf, sizeof buf, "Joint %d: %s, %s", j + 1, e.motor ? "motor side" : "load side", verdictOf(J).c_str());
  f.title = buf;
  f.xLabel = e.xLabel;
  f.yLabel = e.yLabel;
  drawPlotFrame(page, f);
  std::vector<std::string> legend = {"operating points over the cycle"};
  std::vector<Rgb> legendColour = {e.pointColour};
  for (const EnvelopeLimit& l : e.limits) {
    const Rgb& colour = l.colour;
    if (l.inside) {
      if (l.vertical) {
        page.line(f.px(l.value), f.y, f.px(l.value), f.y + f.h, colour, 1.0, l.dashed);
        page.line(f.px(-l.value), f.y, f.px(-l.value), f.y + f.h, colour, 1.0, l.dashed);
      } else {
        page.line(f.x, f.py(l.value), f.x + f.w, f.py(l.value), colour, 1.0, l.dashed);
        page.line(f.x, f.py(-l.value), f.x + f.w, f.py(-l.value), colour, 1.0, l.dashed);
      }
    }
    legend.push_back(l.name + (l.inside ? "" : " (off the plot)"));
    legendColour.push_back(colour);
  }
  // The supply's lines, clipped to the frame.
  if (e.supply) {
    bool shown = false;
    for (const double sign : {1.0, -1.0}) {
      const auto tau = [&](double rpm) { return e.supplyTorque(sign, rpm); };
      // Parametrise by rpm over the frame, keep the part inside the torque range.
      double a = f.xmin, b = f.xmax;
      const double slope = (tau(b) - tau(a)) / (b - a);
      if (slope != 0.0) {
        double lo = (f.ymin - tau(0.0)) / slope, hi = (f.ymax - tau(0.0)) / slope;
        if (lo > hi) std::swap(lo, hi);
        a = std::max(a, lo), b = std::min(b, hi);
      } else if (tau(0.0) < f.ymin || tau(0.0) > f.ymax) {
        a = b;
      }
      if (b > a) {
        page.line(f.px(a), f.py(tau(a)), f.px(b), f.py(tau(b)), e.supplyColour, 1.0);
        shown = true;
      }
    }
    legend.push_back(e.supplyName + (shown ? "" : " (off the plot)"));
    legendColour.push_back(e.supplyColour);
  }
  for (std::size_t k = 0; k < e.x.size(); ++k) page.marker(f.px(e.x[k]), f.py(e.y[k]), 0.9, e.pointColour);
  // Legend inside the frame, top left, on white.
  double lw = 0.0;
  for (const std::string& s : legend) lw = std::max(lw, reportTextWidth(s, 6.0));
  lw = std::min(lw + 14.0, f.w - 4.0);
  page.fillRect(f.x + 2, f.y + 2, lw, 8.0 * static_cast<double>(legend.size()) + 3.0, Rgb{255, 255, 255});
  for (std::size_t k = 0; k < legend.size(); ++k) {
    const double ly = f.y + 9.0 + 8.0 * static_cast<double>(k);
    if (k == 0) page.marker(f.x + 8, ly - 2, 1.5, legendColour[k]);
    else page.line(f.x + 4, ly - 2, f.x + 12, ly - 2, legendColour[k], 1.0);
    page.text(f.x + 15, ly, legend[k], 6.0, false, ReportPage::Align::Left, kInk);
  }
}

}  // namespace

SizingScales sizingScales(const SizingReport& r) {
  SizingScales s;
  for (const JointSizing& J : r.joints) {
    s.torque = std::max({s.torque, std::abs(J.peakTorque), J.rmsTorque});
    s.speed = std::max(s.speed, J.peakSpeed);
    s.power = std::max(s.power, J.peakPower);
    // Motor-shaft torques only: the gearbox mean torque is the gear's output (load side, shown
    // by the torque scale); in this scale it made a still joint's motor RMS of 2.4e-5 N m print 0
    // beside its peak of 7.3e-5 N m (the PUMA's wrist roll on the weld seam).
    s.motorTorque = std::max({s.motorTorque, std::abs(J.peakMotorTorque), J.rmsMotorTorque});
    s.motorSpeed = std::max(s.motorSpeed, J.peakMotorSpeed);
    s.current = std::max(s.current, std::abs(J.peakCurrent));
    s.voltage = std::max(s.voltage, std::abs(J.peakVoltage));
    s.loss = std::max(s.loss, J.copperLoss);
  }
  s.energy = s.power * r.cycleTime;
  return s;
}

std::string sizingTaskNames(const SizingReport& report) {
  std::string out;
  for (const std::string& t : report.tasks) out += (out.empty() ? "" : ", ") + (t.empty() ? std::string("task") : t);
  return out;
}

std::string sizingNumber(double value, double resolution) {
  if (!std::isfinite(value)) return "-";
  if (std::abs(value) < resolution || value == 0.0) return "0";
  char buf[32];
  const double a = std::abs(value);
  if (a >= 1e-3 && a < 1e6) {
    // 4 significant digits without an exponent.
    const int digits = std::max(0, 3 - static_cast<int>(std::floor(std::log10(a))));
    std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  } else {
    std::snprintf(buf, sizeof buf, "%.3e", value);
  }
  return buf;
}

ReportPage sizingReportPage(const Model& model, const SizingReport& report, const SizingReportTitle& title) {
  const SizingScales sc = sizingScales(report);
  const int n = static_cast<int>(report.joints.size());
  // A4 when it fits (six joints); else the page grows (setHeight below) rather than plots
  // squeezed to nothing.
  ReportPage page(kPageW, kPageA4H);
  const double contentW = kPageW - 2.0 * kMargin;
  // Title block.
  double y = drawTitleBlock(page, kMargin, kPageW - kMargin, kMargin + 14.0, "Actuator sizing report", title);
  char buf[256];
  std::snprintf(buf, sizeof buf, "; cycle %s s (motion %s s)", sizingNumber(report.cycleTime, 0.0).c_str(),
                sizingNumber(report.taskTime, 0.0).c_str());
  std::string task = "Task: " + title.tasks;
  const std::string cycle = buf;
  while (task.size() > 4 && reportTextWidth(task + cycle, 9) > contentW) task = task.substr(0, task.size() - 4) + "...";
  page.text(kMargin, y, task + cycle, 9, false, ReportPage::Align::Left, kInk);
  y += 14.0;
  int failing = 0, rated = 0;
  for (const JointSizing& J : report.joints) rated += J.pass ? 1 : 0, failing += J.pass && !*J.pass ? 1 : 0;
  std::string verdict;
  if (!report.pass) verdict = "Verdict: no joint is rated (no fmax, no drive ratings): nothing checked";
  else if (*report.pass) verdict = "Verdict: every rated joint passes (" + std::to_string(rated) + " of " + std::to_string(n) + " rated)";
  else verdict = "Verdict: " + std::to_string(failing) + " of " + std::to_string(rated) + " rated joints FAIL";
  page.text(kMargin, y, verdict, 10, true, ReportPage::Align::Left, !report.pass ? kInk : *report.pass ? kPass : kFail);
  y += 10.0;

  // Load side.
  y += 8.0;
  page.text(kMargin, y, "Load side (at the joint; (N), (mm/s) for a prismatic joint)", 8.5, true, ReportPage::Align::Left, kInk);
  y += 4.0;
  std::vector<std::vector<std::string>> rows = {{"joint", "peak N m", "at s", "RMS N m", "peak deg/s", "mean deg/s",
                                                 "peak W", "energy J", "regen. J", "result"}};
  for (int j = 0; j < n; ++j) {
    const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
    rows.push_back({std::to_string(j + 1) + (revolute(model, j) ? " (R)" : " (P)"), sizingNumber(J.peakTorque, res(sc.torque)),
                    sizingNumber(J.peakTorqueTime, 0.0), sizingNumber(J.rmsTorque, res(sc.torque)),
                    sizingNumber(speedShown(model, j, J.peakSpeed), res(speedShown(model, j, sc.speed))),
                    sizingNumber(speedShown(model, j, J.meanSpeed), res(speedShown(model, j, sc.speed))),
                    sizingNumber(J.peakPower, res(sc.power)), sizingNumber(J.energy, res(sc.energy)),
                    sizingNumber(J.regeneratedEnergy, res(sc.energy)), verdictOf(J)});
  }
  const std::vector<double> loadWidths = {38, 56, 36, 56, 56, 56, 60, 52, 52, 61};
  drawTable(page, kMargin, y, loadWidths, rows, 7.0);
  y += 7.0 * 1.45 * static_cast<double>(rows.size()) + 6.0;

  // Motor side.
  bool drives = false;
  for (const JointSizing& J : report.joints) drives = drives || J.hasDrive;
  if (drives) {
    y += 8.0;
    page.text(kMargin, y, "Motor side (through the gear)", 8.5, true, ReportPage::Align::Left, kInk);
    y += 4.0;
    rows = {{"joint", "gear", "peak N m", "RMS N m", "peak rpm", "gearbox N m", "peak A", "peak V", "copper J"}};
    for (int j = 0; j < n; ++j) {
      const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
      if (!J.hasDrive) {
        rows.push_back({std::to_string(j + 1), "no drive", "", "", "", "", "", "", ""});
        continue;
      }
      rows.push_back({std::to_string(j + 1), sizingNumber(J.gearRatio, 0.0), sizingNumber(J.peakMotorTorque, res(sc.motorTorque)),
                      sizingNumber(J.rmsMotorTorque, res(sc.motorTorque)), sizingNumber(J.peakMotorSpeed * kRpm, res(sc.motorSpeed * kRpm)),
                      sizingNumber(J.gearboxMeanTorque, res(sc.torque)),
                      J.hasMotor ? sizingNumber(J.peakCurrent, res(sc.current)) : "-",
                      J.hasMotor ? sizingNumber(J.peakVoltage, res(sc.voltage)) : "-",
                      J.hasMotor ? sizingNumber(J.copperLoss, res(sc.loss)) : "-"});
    }
    drawTable(page, kMargin, y, {38, 50, 62, 62, 62, 66, 56, 56, 71}, rows, 7.0);
    y += 7.0 * 1.45 * static_cast<double>(rows.size()) + 6.0;
  }

  // A verdict line per joint: the checks with value, rating and margin.
  y += 10.0;
  page.text(kMargin, y, "Checks (value of rating, margin)", 8.5, true, ReportPage::Align::Left, kInk);
  y += 11.0;
  for (int j = 0; j < n; ++j) {
    const JointSizing& J = report.joints[static_cast<std::size_t>(j)];
    std::vector<std::string> pieces;
    std::snprintf(buf, sizeof buf, "Joint %d: %s", j + 1, verdictOf(J).c_str());
    std::string head = buf;
    if (J.checks.empty()) head += " (no rating given)";
    for (const SizingCheck& c : J.checks) {
      const auto [unit, factor] = checkUnit(model, j, c.name);
      std::snprintf(buf, sizeof buf, "%s %s of %s %s (%+.1f %%)%s", c.name.c_str(), sizingNumber(c.value * factor, 0.0).c_str(),
                    sizingNumber(c.limit * factor, 0.0).c_str(), unit.c_str(), c.margin, c.pass ? "" : " FAIL");
      pieces.push_back(buf);
    }
    std::vector<std::string> lines = wrap(pieces, contentW - reportTextWidth(head + ": ", 7.5), 7.5, "");
    if (lines.empty()) lines.push_back("");
    const Rgb colour = !J.pass ? kInk : *J.pass ? kPass : kFail;
    page.text(kMargin, y, head + (pieces.empty() ? "" : ":"), 7.5, true, ReportPage::Align::Left, colour);
    const double indent = kMargin + reportTextWidth(head + ": ", 7.5);
    for (const std::string& l : lines) {
      page.text(indent, y, l, 7.5, false, ReportPage::Align::Left, kInk);
      y += 9.5;
    }
  }

  // Operating points over each joint's envelope, two per row.
  y += 8.0;
  const double footer = 22.0;
  const int columns = 2, plotRows = (n + columns - 1) / columns;
  const double cellW = contentW / columns;
  const double cellH = std::clamp((kPageA4H - kMargin - footer - y) / std::max(1, plotRows), 130.0, 190.0);
  const double pageH = std::max(kPageA4H, y + cellH * plotRows + footer + kMargin);
  page.setHeight(pageH);
  for (int j = 0; j < n; ++j)
    drawEnvelope(page, model, report, j, kMargin + cellW * (j % columns), y + cellH * (j / columns), cellW, cellH, sc);

  static_assert(kSizingResolution == 1e-6, "the footer says a millionth");
  const std::string note =
      "Numbers to 4 significant digits; a value below a millionth of its quantity's scale in this report prints as 0 "
      "(energies: the largest peak power x the cycle time).";
  page.text(kMargin, pageH - kMargin + 10.0, note, 6.5, false, ReportPage::Align::Left, kGrey);
  return page;
}

}  // namespace armdyn
