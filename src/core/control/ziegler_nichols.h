#pragma once
// Ziegler-Nichols ultimate-sensitivity tuning (Anderson 7.6.2, table 7.2; Astrom & Hagglund):
// joint j at configuration q, every other joint locked (Anderson 6.1 mode b), a proportional
// controller u = u_hold + K (q_j - q_j(t)) at the controller's sample period; K rises until the
// loop sustains an oscillation: that gain is Kmax, its period Tp. Then (table 7.2)
//   P:   Kg = 0.5 Kmax
//   PI:  Kg = 0.45 Kmax, Ti = Tp / 1.2
//   PID: Kg = 0.6 Kmax,  Ti = Tp / 2, Td = Tp / 8
// u_hold is the constant input that holds q against gravity, so the loop oscillates about q
// itself. The search starts the joint `perturbation` away from q, finds a gain whose response
// decays (below it the joint may run away: gravity's negative stiffness, or no damping at all),
// doubles K until the oscillation is sustained (amplitude shrinking by less than 0.1% per
// half-cycle, or growing), then bisects (geometric mean) between the last decaying and the first
// sustained gain. Growth is the least-squares slope of log |peak| over the half-cycles after
// the first. A joint without damping (torque drive, no friction) has no decaying gain: reported.
// Units: K in input units per joint rad (V/rad for a voltage drive), also reported per motor
// rad (K / N); Tp in s.

#include "control/discrete_pid.h"
#include "control/pid_controller.h"
#include "model/model.h"
#include "simulation/forward_simulation.h"

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

namespace armdyn {

struct ZieglerNicholsGains {
  PidGains p, pi, pid;
};
// Table 7.2.
ZieglerNicholsGains zieglerNicholsGains(double kmax, double tp);

struct TuneOptions {
  double samplePeriod = kAndersonServoPeriod;  // controller period, s
  double step = 0.0;              // RK4 step, s (0 = the sample period)
  std::optional<DriveInput> input;  // default: voltage when every joint has a motor, else torque
  double perturbation = 1e-3;     // initial displacement of the joint, rad (m)
  double duration = 3.0;          // length of each trial run, s
  double gainStart = 1.0;         // first trial gain
  double gainMax = 1e8;           // give up above this gain
  double relativeTolerance = 1e-3;  // bisection stops when Khi / Klo - 1 is below this
  bool applyLimits = false;       // drive limits off: the test is about the linear loop
  double frictionVelocityScale = kDefaultFrictionVelocityScale;
};

struct TuneResult {
  int joint = 0;            // 0-based
  Eigen::VectorXd q;        // configuration, rad (m)
  DriveInput input = DriveInput::Torque;
  bool found = false;       // false: no sustained oscillation below gainMax
  double kmax = 0.0;        // ultimate gain, input per joint radian (V/rad for a voltage drive)
  double tp = 0.0;          // period of the sustained oscillation, s
  // The same gain per motor radian, Kmax / N (N the joint's gear ratio; 0 without a drive): the
  // unit of a servo that closes the loop on a motor-shaft encoder, as the PUMA's boards do
  // (Anderson 7.1). Anderson's simulated tuning used joint radians (7.7.1, 7.8).
  double gearRatio = 0.0;
  double kmaxMotor = 0.0;
  ZieglerNicholsGains gains;
  int trials = 0;           // simulations run
  std::string message;      // why nothing was found, else ""
  // Response of joint j at (just below) Kmax: time (s) and q_j - q_j(configuration) (rad).
  std::vector<double> oscillationTime, oscillation;
};

// The fewest controller samples a trial run holds: a longer sample time cannot show a sustained
// oscillation (4 half-cycles at least, measureOscillation) with its period.
constexpr int kTuneSamplesPerTrial = 20;

// Why the options cannot run a search (in the user's words: "the sample time must be ..."),
// else empty: the sample time positive and at most duration / kTuneSamplesPerTrial, the other
// numbers finite and in range. One owner for tune() and the tuner dialog's fields.
std::string tuneOptionsRefusal(const TuneOptions& options);

// Throws std::invalid_argument for a joint out of range, q of the wrong size or non-finite, or
// options tuneOptionsRefusal refuses ("tune: " and its words); ModelError for a voltage/current
// input without motors.
TuneResult tune(const Model& model, int joint, const Eigen::VectorXd& q, const TuneOptions& options = {});

// Growth of an oscillation about zero: the least-squares slope of log|peak| per half-cycle over
// the half-cycles after the first (> 0 grows, < 0 decays), and the mean period from its zero
// crossings. The oscillation ends where the response dies out (peak below 1e-7 of the largest)
// or a half-cycle lasts more than twice the mean so far (the joint stuck on Coulomb friction;
// a later wobble is another motion). Fewer than 4 half-cycles: `oscillating` false. Exposed for
// tests.
struct OscillationMeasure {
  bool oscillating = false;
  double growthPerHalfCycle = 0.0;
  double period = 0.0;  // s
  int halfCycles = 0;
};
OscillationMeasure measureOscillation(const std::vector<double>& t, const std::vector<double>& x);

}  // namespace armdyn
