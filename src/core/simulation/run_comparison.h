#pragma once
// What an edit changed: the peaks of one run (its TaskSummary, table 7.3) against those of a
// reference run, per joint: the reference value, this run's value, the delta (this run minus
// the reference, signed as the summary's values are) and the change in % of |reference|.
// Studio's Summary shows it against the previous run or a pinned one.

#include "simulation/run_record.h"

#include <vector>

namespace armdyn {

struct PeakChange {
  double reference = 0.0;
  double current = 0.0;
  double delta = 0.0;    // current - reference
  double percent = 0.0;  // 100 delta / |reference|; NaN when the reference is 0 and the value is not
  // Whether the magnitude grew (+1: more demand on the drive), shrank (-1) or stayed the same
  // (0: within 1e-9 of the larger magnitude, float noise of an unchanged run).
  int trend = 0;
};

// One peak: `reference` and `current` in the same unit.
PeakChange comparePeak(double reference, double current);

struct RunComparison {
  PeakChange taskTime;                 // s
  std::vector<PeakChange> peakForce;   // signed peak force/torque per joint, N or N m
  std::vector<PeakChange> qdPeak;      // largest |velocity| per joint
  std::vector<PeakChange> qddPeak;     // largest |acceleration| per joint
  // Forward simulations (both runs): peak |tracking error|, |voltage| (NaN without a voltage
  // drive), |current| per joint; empty otherwise.
  std::vector<PeakChange> peakError, peakVoltage, peakCurrent;

  int dof() const { return static_cast<int>(peakForce.size()); }
};

// Throws std::invalid_argument when the runs have different numbers of joints.
RunComparison compareRuns(const RunRecord& reference, const RunRecord& current);

}  // namespace armdyn
