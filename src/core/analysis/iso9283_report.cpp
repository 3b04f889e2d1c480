#include "analysis/iso9283_report.h"

#include "common/json_writer.h"
#include "analysis/report_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace armdyn {

namespace {

constexpr double kMm = 1e3;

std::string num(double v, int digits = 4) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string vec3(const Eigen::Vector3d& v) {
  return jsonArray(std::vector<double>{v.x(), v.y(), v.z()});
}

const Rgb kSpeedColours[] = {{31, 119, 180}, {255, 127, 14}, {44, 160, 44}, {214, 39, 40}, {148, 103, 189}};
const Rgb kCommand{90, 90, 90};

// 2D coordinates of a path for drawing: the test plane's (across, up) axes through the cube's
// centre, or x, y for the horizontal section.
std::pair<double, double> planar(const IsoBenchResult& r, IsoPath path, const Eigen::Vector3d& p) {
  const Eigen::Vector3d d = p - r.cube.centre;
  if (path == IsoPath::RoundedSquareSection) return {d.x(), d.y()};
  const IsoTestPlane plane = isoTestPlane(r.cube);
  return {d.dot(plane.across), d.dot(plane.up)};
}

}  // namespace

std::string isoBenchJson(const IsoBenchResult& r) {
  JsonObject root;
  root.add("cube", JsonObject()
                       .add("centre", vec3(r.cube.centre))
                       .add("edge", r.cube.edge)
                       .add("from_workspace", r.cubeFromWorkspace ? "true" : "false")
                       .str());
  root.add("corner_radius", kMm * r.cornerRadius);
  root.add("noise", JsonObject()
                        .add("encoder_resolution", r.noise.encoderResolution)
                        .add("sensor", r.noise.sensorNoise)
                        .add("load_variation", r.noise.loadVariation)
                        .str());
  root.add("runs", r.runs);
  root.add("simulated_time", r.simulatedTime);
  root.add("cancelled", r.cancelled ? "true" : "false");
  std::string speeds = "[";
  for (std::size_t k = 0; k < r.speeds.size(); ++k) {
    const IsoSpeedResult& s = r.speeds[k];
    JsonObject o;
    o.add("percent", 100.0 * s.fraction).add("speed", s.speed);
    o.add("AP", kMm * s.AP).add("RP", kMm * s.RP).add("AT", kMm * s.AT).add("RT", kMm * s.RT);
    o.add("CR", kMm * s.CR).add("CO", kMm * s.CO).add("AV", s.AV).add("RV", s.RV).add("FV", kMm * s.FV);
    o.add("stabilisation_time", s.stabilisationTime).add("overshoot", kMm * s.overshoot);
    std::string poses = "[";
    for (std::size_t p = 0; p < s.poses.size(); ++p) {
      const IsoPoseResult& q = s.poses[p];
      poses += (p ? ", " : "") + JsonObject()
                                     .add("pose", jsonString("P" + std::to_string(q.pose)))
                                     .add("commanded", vec3(q.commanded))
                                     .add("AP", kMm * q.characteristics.AP)
                                     .add("RP", kMm * q.characteristics.RP)
                                     .add("barycentre", vec3(q.characteristics.barycentre))
                                     .add("stabilisation_time", q.stabilisationTime)
                                     .add("overshoot", kMm * q.overshoot)
                                     .str();
    }
    o.add("poses", poses + "]");
    std::string paths = "[";
    for (std::size_t p = 0; p < s.paths.size(); ++p) {
      const IsoPathResult& q = s.paths[p];
      JsonObject po;
      po.add("path", jsonString(isoPathName(q.path))).add("length", q.length).add("duration", q.duration);
      po.add("AT", kMm * q.characteristics.AT).add("RT", kMm * q.characteristics.RT).add("delta", kMm * q.maxDeviation);
      if (q.path == IsoPath::Rectangle) po.add("CR", kMm * q.cornering.CR).add("CO", kMm * q.cornering.CO);
      if (q.path == IsoPath::Line) po.add("AV", q.velocity.AV).add("RV", q.velocity.RV).add("FV", kMm * q.velocity.FV);
      po.add("missed_points", q.characteristics.missed);
      paths += (p ? ", " : "") + po.str();
    }
    o.add("paths", paths + "]");
    speeds += (k ? ", " : "") + o.str();
  }
  root.add("speeds", speeds + "]");
  return root.str() + "\n";
}

std::string isoBenchCsv(const IsoBenchResult& r) {
  std::ostringstream out;
  out << "speed_percent,speed_m_s,item,AP_mm,RP_mm,AT_mm,RT_mm,CR_mm,CO_mm,AV_percent,RV_percent,FV_mm_s,delta_mm,"
         "stabilisation_s,overshoot_mm\n";
  auto g = [](double v) { return num(v, 10); };
  for (const IsoSpeedResult& s : r.speeds) {
    const std::string head = g(100.0 * s.fraction) + "," + g(s.speed) + ",";
    out << head << "summary," << g(kMm * s.AP) << "," << g(kMm * s.RP) << "," << g(kMm * s.AT) << "," << g(kMm * s.RT) << ","
        << g(kMm * s.CR) << "," << g(kMm * s.CO) << "," << g(s.AV) << "," << g(s.RV) << "," << g(kMm * s.FV) << ",,"
        << g(s.stabilisationTime) << "," << g(kMm * s.overshoot) << "\n";
    for (const IsoPoseResult& p : s.poses)
      out << head << "P" << p.pose << "," << g(kMm * p.characteristics.AP) << "," << g(kMm * p.characteristics.RP)
          << ",,,,,,,,," << g(p.stabilisationTime) << "," << g(kMm * p.overshoot) << "\n";
    for (const IsoPathResult& p : s.paths) {
      out << head << isoPathName(p.path) << ",,," << g(kMm * p.characteristics.AT) << "," << g(kMm * p.characteristics.RT)
          << ",";
      if (p.path == IsoPath::Rectangle) out << g(kMm * p.cornering.CR) << "," << g(kMm * p.cornering.CO) << ",";
      else out << ",,";
      if (p.path == IsoPath::Line) out << g(p.velocity.AV) << "," << g(p.velocity.RV) << "," << g(kMm * p.velocity.FV) << ",";
      else out << ",,,";
      out << g(kMm * p.maxDeviation) << ",,\n";
    }
  }
  return out.str();
}

std::string isoBenchText(const IsoBenchResult& r) {
  std::ostringstream out;
  out << "ISO 9283 virtual test bench: cube centre (" << num(r.cube.centre.x()) << ", " << num(r.cube.centre.y()) << ", "
      << num(r.cube.centre.z()) << ") m, edge " << num(r.cube.edge) << " m" << (r.cubeFromWorkspace ? " (largest in the workspace)" : "")
      << ", corner radius " << num(kMm * r.cornerRadius) << " mm; " << r.runs << " closed-loop runs, "
      << num(r.simulatedTime) << " s simulated\n";
  if (r.cancelled) {
    out << "cancelled: no characteristics\n";
    return out.str();
  }
  out << "speed      AP mm     RP mm     AT mm     RT mm     CR mm     CO mm     AV %      RV %    FV mm/s  t_stab s  over mm\n";
  for (const IsoSpeedResult& s : r.speeds) {
    char line[400];
    std::snprintf(line, sizeof line,
                  "%3.0f%% %-5.3g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g %9.4g\n", 100.0 * s.fraction,
                  s.speed, kMm * s.AP, kMm * s.RP, kMm * s.AT, kMm * s.RT, kMm * s.CR, kMm * s.CO, s.AV, s.RV, kMm * s.FV,
                  s.stabilisationTime, kMm * s.overshoot);
    out << line;
  }
  out << "path deviation Delta (largest distance from the command path), mm:\n";
  for (const IsoSpeedResult& s : r.speeds) {
    out << "  " << num(100.0 * s.fraction) << "%:";
    for (const IsoPathResult& p : s.paths) out << " " << isoPathName(p.path) << " " << num(kMm * p.maxDeviation);
    out << "\n";
  }
  return out.str();
}

namespace {

ReportPage isoPage(const IsoBenchResult& r, const ReportTitle& title) {
  ReportPage page(842, 595);  // A4 landscape
  const double info = drawTitleBlock(page, 30, 812, 30, "ISO 9283 virtual test bench", title), tableTop = info + 10.0;
  page.text(30, info,
            "Cube centre (" + num(r.cube.centre.x()) + ", " + num(r.cube.centre.y()) + ", " + num(r.cube.centre.z()) +
                ") m, edge " + num(r.cube.edge) + " m; corner radius " + num(kMm * r.cornerRadius) + " mm; " +
                std::to_string(r.runs) + " closed-loop runs; noise: encoder " + num(r.noise.encoderResolution) + " rad, sensor " +
                num(r.noise.sensorNoise) + " rad, load " + num(100.0 * r.noise.loadVariation) + " %",
            7.5);
  std::vector<std::vector<std::string>> rows = {{"speed", "m/s", "AP mm", "RP mm", "AT mm", "RT mm", "CR mm", "CO mm", "AV %",
                                                 "RV %", "FV mm/s", "t stab s", "overshoot mm"}};
  for (const IsoSpeedResult& s : r.speeds)
    rows.push_back({num(100.0 * s.fraction) + " %", num(s.speed), num(kMm * s.AP), num(kMm * s.RP), num(kMm * s.AT),
                    num(kMm * s.RT), num(kMm * s.CR), num(kMm * s.CO), num(s.AV), num(s.RV), num(kMm * s.FV),
                    num(s.stabilisationTime), num(kMm * s.overshoot)});
  drawTable(page, 30, tableTop, {60, 45, 55, 55, 55, 55, 55, 55, 50, 50, 60, 55, 70}, rows);
  if (r.speeds.empty() || r.speeds.front().paths.empty()) return page;
  // Commanded and attained paths at the fastest speed, deviations magnified.
  const IsoSpeedResult& fast =
      *std::max_element(r.speeds.begin(), r.speeds.end(),
                        [](const IsoSpeedResult& a, const IsoSpeedResult& b) { return a.fraction < b.fraction; });
  const std::size_t nPlots = std::min<std::size_t>(3, fast.paths.size());
  std::vector<std::size_t> chosen;
  for (IsoPath want : {IsoPath::RoundedSquareSection, IsoPath::LargeCircle, IsoPath::Rectangle, IsoPath::Line,
                       IsoPath::RoundedSquareDiagonal, IsoPath::SmallCircle})
    for (std::size_t p = 0; p < fast.paths.size() && chosen.size() < nPlots; ++p)
      if (fast.paths[p].path == want) chosen.push_back(p);
  const double top = tableTop + 1.45 * 8 * static_cast<double>(rows.size()) + 40, plotW = 215, plotH = 150, gap = 55;
  for (std::size_t c = 0; c < chosen.size(); ++c) {
    const IsoPathResult& p = fast.paths[chosen[c]];
    // Magnification: the largest deviation drawn as 4 % of the path's extent.
    std::vector<double> xs, ys, ax, ay;
    for (const Eigen::Vector3d& q : p.commanded) {
      const auto uv = planar(r, p.path, q);
      xs.push_back(uv.first), ys.push_back(uv.second);
    }
    double extent = 0.0;
    for (std::size_t k = 0; k < xs.size(); ++k) extent = std::max({extent, std::abs(xs[k]), std::abs(ys[k])});
    const double gain = p.maxDeviation > 0.0 ? std::max(1.0, std::round(0.08 * extent / p.maxDeviation)) : 1.0;
    for (const Eigen::Vector3d& a : p.attained) {
      // Nearest command point, then the deviation scaled by `gain`.
      double best = std::numeric_limits<double>::infinity();
      Eigen::Vector3d nearest = a;
      for (const Eigen::Vector3d& q : p.commanded)
        if ((q - a).squaredNorm() < best) best = (q - a).squaredNorm(), nearest = q;
      const auto uv = planar(r, p.path, nearest + gain * (a - nearest));
      ax.push_back(uv.first), ay.push_back(uv.second);
    }
    PlotFrame f;
    f.x = 60 + static_cast<double>(c) * (plotW + gap), f.y = top, f.w = plotW, f.h = plotH;
    std::vector<double> all = xs;
    all.insert(all.end(), ax.begin(), ax.end());
    fitRange(all, false, f.xmin, f.xmax);
    all = ys;
    all.insert(all.end(), ay.begin(), ay.end());
    fitRange(all, false, f.ymin, f.ymax);
    f.title = std::string(isoPathName(p.path)) + " at " + num(fast.speed) + " m/s (deviation x" + num(gain) + ")";
    f.xLabel = p.path == IsoPath::RoundedSquareSection ? "x - xc (m)" : "across the test plane (m)";
    f.yLabel = p.path == IsoPath::RoundedSquareSection ? "y - yc (m)" : "up (m)";
    drawPlotFrame(page, f);
    drawSeries(page, f, xs, ys, kCommand, 0.8, false, true);
    drawSeries(page, f, ax, ay, kSpeedColours[0], 0.9);
  }
  page.text(60, top + plotH + 32, "dashed: commanded path; solid: attained (first run), deviation magnified as marked", 7);
  // Error along each chosen path, one curve per speed.
  const double top2 = top + plotH + 70;
  for (std::size_t c = 0; c < chosen.size(); ++c) {
    PlotFrame f;
    f.x = 60 + static_cast<double>(c) * (plotW + gap), f.y = top2, f.w = plotW, f.h = 110;
    std::vector<double> all, allS;
    for (const IsoSpeedResult& s : r.speeds) {
      for (double d : s.paths[chosen[c]].characteristics.deviation) all.push_back(kMm * d);
      for (double v : s.paths[chosen[c]].evaluationArcLength) allS.push_back(v);
    }
    fitRange(allS, false, f.xmin, f.xmax);
    fitRange(all, false, f.ymin, f.ymax);
    f.ymin = std::min(f.ymin, 0.0);
    f.title = std::string("error along ") + isoPathName(fast.paths[chosen[c]].path);
    f.xLabel = "arc length (m)";
    f.yLabel = "|x_bar - c| (mm)";
    drawPlotFrame(page, f);
    for (std::size_t k = 0; k < r.speeds.size(); ++k) {
      const IsoPathResult& p = r.speeds[k].paths[chosen[c]];
      std::vector<double> d;
      for (double v : p.characteristics.deviation) d.push_back(kMm * v);
      drawSeries(page, f, p.evaluationArcLength, d, kSpeedColours[k % 5]);
    }
  }
  // The speeds' legend, in rows of what fits the width; the page grows when many speeds (a long
  // table, several legend rows) would run off its foot.
  double lx = 60, ly = top2 + 140;
  for (std::size_t k = 0; k < r.speeds.size(); ++k) {
    if (lx + 110 > page.width() - 30) lx = 60, ly += 11;
    page.line(lx, ly, lx + 18, ly, kSpeedColours[k % 5], 1.5);
    page.text(lx + 22, ly + 3, num(100.0 * r.speeds[k].fraction) + " % (" + num(r.speeds[k].speed) + " m/s)", 7);
    lx += 110;
  }
  if (ly + 20 > page.height()) page.setHeight(ly + 20);
  return page;
}

ReportPage sweepPage(const SpeedSweepResult& s, const ReportTitle& title) {
  ReportPage page(595, 440);
  double below = drawTitleBlock(page, 30, 565, 28, "Error against path speed", title);
  if (!title.tasks.empty()) {
    page.text(30, below, "Path: " + title.tasks, 9);
    below += 12.0;
  }
  char buf[300];
  std::snprintf(buf, sizeof buf, "Delta = %.4g mm x (v / 1 m/s)^%.3f fitted over %zu speeds; tolerance %.4g mm; running-speed index %s",
                kMm * s.coefficient, s.exponent, s.speeds.size(), kMm * s.tolerance,
                s.indexFound ? (num(s.runningSpeedIndex) + " m/s").c_str() : "not found");
  page.text(30, below, buf, 7.5);
  if (!s.note.empty()) page.text(30, below + 11, s.note, 7.5);
  PlotFrame f;
  f.x = 70, f.y = below + 33, f.w = 480, f.h = 280;
  f.logX = f.logY = true;
  std::vector<double> d;
  for (double v : s.deviation) d.push_back(kMm * v);
  std::vector<double> ys = d;
  ys.push_back(kMm * s.tolerance);
  fitRange(s.speeds, true, f.xmin, f.xmax);
  fitRange(ys, true, f.ymin, f.ymax);
  f.title = "largest path deviation against path speed: " + s.name;
  f.xLabel = "path speed v (m/s)";
  f.yLabel = "Delta (mm)";
  drawPlotFrame(page, f);
  if (s.exponent != 0.0) {
    std::vector<double> vx, fy;
    for (int k = 0; k <= 40; ++k) {
      const double v = f.xmin * std::pow(f.xmax / f.xmin, k / 40.0);
      vx.push_back(v);
      fy.push_back(kMm * s.coefficient * std::pow(v, s.exponent));
    }
    // Clip the fit to the frame.
    std::vector<double> cx, cy;
    for (std::size_t k = 0; k < vx.size(); ++k)
      if (fy[k] >= f.ymin && fy[k] <= f.ymax) cx.push_back(vx[k]), cy.push_back(fy[k]);
    drawSeries(page, f, cx, cy, Rgb{150, 150, 150}, 0.8, false, true);
  }
  drawSeries(page, f, s.speeds, d, kSpeedColours[0], 1.0, true);
  page.line(f.x, f.py(kMm * s.tolerance), f.x + f.w, f.py(kMm * s.tolerance), kSpeedColours[3], 0.8, true);
  page.text(f.x + f.w - 2, f.py(kMm * s.tolerance) - 3, "tolerance", 7, false, ReportPage::Align::Right, kSpeedColours[3]);
  if (s.indexFound && s.runningSpeedIndex >= f.xmin && s.runningSpeedIndex <= f.xmax) {
    page.line(f.px(s.runningSpeedIndex), f.y, f.px(s.runningSpeedIndex), f.y + f.h, kSpeedColours[2], 0.8, true);
    page.text(f.px(s.runningSpeedIndex) + 3, f.y + 12, "running-speed index", 7, false, ReportPage::Align::Left, kSpeedColours[2]);
  }
  return page;
}

}  // namespace

std::string isoBenchSvg(const IsoBenchResult& r, const ReportTitle& title) { return isoPage(r, title).svg(); }
std::string isoBenchPdf(const IsoBenchResult& r, const ReportTitle& title) { return isoPage(r, title).pdf(); }

std::string speedSweepJson(const SpeedSweepResult& s) {
  std::vector<double> d;
  for (double v : s.deviation) d.push_back(kMm * v);
  JsonObject o;
  o.add("path", jsonString(s.name)).add("tolerance", kMm * s.tolerance);
  o.add("speeds", jsonArray(s.speeds)).add("delta", jsonArray(d));
  o.add("exponent", s.exponent).add("fit_coefficient", kMm * s.coefficient);
  o.add("running_speed_index", s.indexFound ? jsonNumber(s.runningSpeedIndex) : "null");
  o.add("bisection_speeds", jsonArray(s.bisectionSpeeds));
  std::vector<double> bd;
  for (double v : s.bisectionDeviation) bd.push_back(kMm * v);
  o.add("bisection_delta", jsonArray(bd));
  o.add("runs", s.runs).add("cancelled", s.cancelled ? "true" : "false").add("note", jsonString(s.note));
  return o.str() + "\n";
}

std::string speedSweepCsv(const SpeedSweepResult& s) {
  std::string out = "speed_m_s,delta_mm\n";
  for (std::size_t k = 0; k < s.speeds.size(); ++k) out += num(s.speeds[k], 10) + "," + num(kMm * s.deviation[k], 10) + "\n";
  return out;
}

std::string speedSweepText(const SpeedSweepResult& s) {
  std::ostringstream out;
  out << "error against speed, " << s.name << " (Delta: largest distance from the command path)\n";
  out << "  speed m/s   Delta mm\n";
  for (std::size_t k = 0; k < s.speeds.size(); ++k) {
    char line[80];
    std::snprintf(line, sizeof line, "  %9.4g %10.4g%s\n", s.speeds[k], kMm * s.deviation[k],
                  s.deviation[k] <= s.tolerance ? "" : "  > tolerance");
    out << line;
  }
  out << "fit: Delta = " << num(kMm * s.coefficient) << " mm x v^" << num(s.exponent, 3) << " (v in m/s)\n";
  out << "running-speed index (Delta <= " << num(kMm * s.tolerance) << " mm): "
      << (s.indexFound ? num(s.runningSpeedIndex) + " m/s" : "not found") << "\n";
  if (!s.note.empty()) out << s.note << "\n";
  return out.str();
}

std::string speedSweepSvg(const SpeedSweepResult& s, const ReportTitle& title) { return sweepPage(s, title).svg(); }
std::string speedSweepPdf(const SpeedSweepResult& s, const ReportTitle& title) { return sweepPage(s, title).pdf(); }

}  // namespace armdyn
