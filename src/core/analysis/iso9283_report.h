#pragma once
// Reports of the ISO 9283 virtual test bench (analysis/iso9283_bench.h) and the error-speed
// sweep (analysis/speed_sweep.h). Units at the edge: positions and errors in mm, AV and RV in %,
// FV in mm/s, times in s, speeds in m/s.
//
// JSON (a contract, docs/cli.md): {"cube": {"centre": [x, y, z] (m), "edge": a (m),
//   "from_workspace": bool}, "corner_radius": mm, "noise": {...}, "runs": N,
//   "simulated_time": s, "cancelled": bool,
//   "speeds": [{"percent": 100, "speed": m/s, "AP": mm, "RP": mm, "AT": mm, "RT": mm,
//               "CR": mm, "CO": mm, "AV": %, "RV": %, "FV": mm/s,
//               "stabilisation_time": s, "overshoot": mm,
//               "poses": [{"pose": "P1", "commanded": [m], "AP": mm, "RP": mm, ...}],
//               "paths": [{"path": "line", "length": m, "AT": mm, "RT": mm, "delta": mm, ...}]}]}
// CSV: one row per speed and characteristic source: speed_percent,speed_m_s,item,AP_mm,RP_mm,
//   AT_mm,RT_mm,CR_mm,CO_mm,AV_percent,RV_percent,FV_mm_s,delta_mm,stabilisation_s,overshoot_mm
//   (item "summary", "P1".."P5" or a path name; empty cells where an item has no such value).
// SVG: a self-contained page of tables and plots (commanded vs attained path of every test
// path in the test plane's coordinates, error along each path, the summary table per speed).
// PDF: the same page (analysis/pdf_page.h).

#include "analysis/iso9283_bench.h"
#include "analysis/report_page.h"
#include "analysis/speed_sweep.h"

#include <string>

namespace armdyn {

std::string isoBenchJson(const IsoBenchResult& result);
std::string isoBenchCsv(const IsoBenchResult& result);
std::string isoBenchText(const IsoBenchResult& result);
// The page starts with the title block (analysis/report_page.h: robot, bench, date, version).
std::string isoBenchSvg(const IsoBenchResult& result, const ReportTitle& title);
std::string isoBenchPdf(const IsoBenchResult& result, const ReportTitle& title);

// {"path": name, "tolerance": mm, "speeds": [m/s], "delta": [mm], "exponent": p,
//  "fit_coefficient": mm at 1 m/s, "running_speed_index": m/s or null, "note": ""}
std::string speedSweepJson(const SpeedSweepResult& sweep);
// speed_m_s,delta_mm (one row per swept speed)
std::string speedSweepCsv(const SpeedSweepResult& sweep);
std::string speedSweepText(const SpeedSweepResult& sweep);
// Delta against speed on log-log axes with the fitted power law, the tolerance line and the
// running-speed index.
std::string speedSweepSvg(const SpeedSweepResult& sweep, const ReportTitle& title);
std::string speedSweepPdf(const SpeedSweepResult& sweep, const ReportTitle& title);

}  // namespace armdyn
