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

ReportPage sizingReportPage(const Model& model, const SizingReport& report, const SizingReportTitle& title);

}  // namespace armdyn
