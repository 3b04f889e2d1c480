#pragma once
// The actuator sizing report as a document (one A4 page, longer for arms of more than six
// joints; vector PDF or SVG through
// analysis/report_page.h): a title block (robot, tasks, cycle, date, software version), the load
// side and the motor side as tables with units in their headers, each joint's operating points
// over its torque-speed envelope with the ratings drawn and named, and a verdict line per joint.
// The CLI (`armdyn size --out PREFIX`) and Studio (Sizing > Export report) write this page.
//
// Numbers are printed to 4 significant digits, and a value below kSizingResolution times its
// quantity's scale in the report prints as 0 (sums of samples that cancel, 1e-16 N m of a joint
// that gravity does not load): torques against the largest peak torque, speeds against the
// largest peak speed, powers against the largest peak power, energies against the largest peak
// power times the cycle time.

#include "analysis/actuator_sizing.h"
#include "analysis/report_page.h"
#include "model/model.h"

#include <string>

namespace armdyn {

constexpr double kSizingResolution = 1e-6;

using SizingReportTitle = ReportTitle;  // analysis/report_page.h: robot, tasks, date, version

// The scales of a report's quantities (SI; see above): a value below kSizingResolution times its
// scale is noise. Studio's Sizing tab rounds by the same rule.
struct SizingScales {
  double torque = 0.0, speed = 0.0, power = 0.0, energy = 0.0, motorTorque = 0.0, motorSpeed = 0.0;
  double current = 0.0, voltage = 0.0, loss = 0.0;
};
SizingScales sizingScales(const SizingReport& report);

// A number to 4 significant digits, or "0" when |value| < resolution (no exponent for values from
// 1e-3 to 1e6).
std::string sizingNumber(double value, double resolution);

// The report's tasks in words ("weld seam, return"), for the title block.
std::string sizingTaskNames(const SizingReport& report);

// One joint's operating points over the cycle with its envelope, as the report and Studio's
// Sizing tab plot them: the motor side for a joint with a drive (rpm, N m; continuous and peak
// torque, maximum speed, current limit, the supply's lines), else the load side (deg/s or mm/s,
// N m or N; fmax, vmax). A limit further than 3 times the points from the origin does not widen
// the frame (the points would shrink to a blob): it is named only (inside = false).
struct EnvelopeLimit {
  enum Kind { Continuous, Peak, Speed, Current };
  Kind kind;
  Rgb colour;     // the report's colour of this kind
  bool vertical;  // a speed (a vertical line at +-value), else a torque (horizontal)
  double value;   // in the plot's units, > 0
  bool dashed;
  bool inside;    // within the frame
  std::string name;  // "continuous torque 12.5 N m"
};
struct EnvelopePlot {
  bool motor = false;
  std::vector<double> x, y;      // the points, in the units shown
  std::vector<EnvelopeLimit> limits;
  double xMax = 1.0, yMax = 1.0;  // the frame is [-xMax, xMax] x [-yMax, yMax] (15 % margin included)
  std::string xLabel, yLabel;     // "motor speed (rpm)", "torque (N m)", ...
  // The supply's lines (motor side with a voltage limit): torque = gain (+-volts - ke w), w the
  // motor speed in rad/s.
  bool supply = false;
  double supplyVolts = 0.0, supplyGain = 0.0, supplyKe = 0.0;
  double supplyTorque(double sign, double rpm) const;
  std::string supplyName;  // "supply 40 V"
  Rgb pointColour, supplyColour;  // the report's colours
};
EnvelopePlot envelopePlot(const Model& model, const SizingReport& report, int joint, const SizingScales& scales);

ReportPage sizingReportPage(const Model& model, const SizingReport& report, const SizingReportTitle& title);

}  // namespace armdyn
