#include "control/ziegler_nichols.h"

#include "common/number_text.h"

#include "actuation/drive.h"
#include "dynamics/nonlinear_effects.h"
#include "control/closed_loop.h"
#include "control/holding_input.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace armdyn {

ZieglerNicholsGains zieglerNicholsGains(double kmax, double tp) {
  ZieglerNicholsGains g;
  g.p = {0.5 * kmax, 0.0, 0.0};
  g.pi = {0.45 * kmax, tp / 1.2, 0.0};
  g.pid = {0.6 * kmax, tp / 2.0, tp / 8.0};
  return g;
}

OscillationMeasure measureOscillation(const std::vector<double>& t, const std::vector<double>& x) {
  OscillationMeasure m;
  if (t.size() != x.size() || t.size() < 3) return m;
  double scale = 0.0;
  for (double v : x) scale = std::max(scale, std::abs(v));
  if (!(scale > 0.0) || !std::isfinite(scale)) return m;
  const double floor = 1e-7 * scale;  // below this the response has died out (rounding noise)

  std::vector<double> crossings, peaks;
  double peak = 0.0;
  bool started = false;
  for (std::size_t k = 1; k < x.size(); ++k) {
    peak = std::max(peak, std::abs(x[k]));
    if ((x[k] >= 0.0) != (x[k - 1] >= 0.0)) {
      const double s = x[k - 1] / (x[k - 1] - x[k]);
      const double crossing = t[k - 1] + s * (t[k] - t[k - 1]);
      if (started) {
        if (peak < floor) break;
        // A half-cycle more than twice as long as the mean so far ends the oscillation: the
        // joint stuck (Coulomb friction) and what follows is a new, unrelated motion.
        if (crossings.size() > 2) {
          const double mean = (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
          if (crossing - crossings.back() > 2.0 * mean) break;
        }
        peaks.push_back(peak);
      }
      crossings.push_back(crossing);
      started = true;
      peak = 0.0;
    }
  }
  m.halfCycles = static_cast<int>(peaks.size());
  if (peaks.size() < 4) return m;
  m.oscillating = true;
  // Least-squares slope of log(peak) against the half-cycle index, first half-cycle skipped.
  double sk = 0.0, sy = 0.0, skk = 0.0, sky = 0.0;
  const int count = static_cast<int>(peaks.size()) - 1;
  for (int k = 0; k < count; ++k) {
    const double y = std::log(peaks[static_cast<std::size_t>(k) + 1]);
    sk += k;
    sy += y;
    skk += static_cast<double>(k) * k;
    sky += k * y;
  }
  m.growthPerHalfCycle = (count * sky - sk * sy) / (count * skk - sk * sk);
  const std::size_t used = peaks.size() + 1;  // crossings bounding the measured half-cycles
  m.period = 2.0 * (crossings[used - 1] - crossings[0]) / static_cast<double>(used - 1);
  return m;
}

namespace {

// A trial gain's outcome: the response decays (Stable), oscillates without decaying
// (Oscillating), or does not come back within the trial (Runaway: the gain is below what
// gravity's negative stiffness needs, too weak for the trial's length, or nothing damps it).
enum class Outcome { Stable, Oscillating, Runaway };

struct Trial {
  Outcome outcome = Outcome::Stable;
  OscillationMeasure measure;
  std::vector<double> t, x;
};

}  // namespace

std::string tuneOptionsRefusal(const TuneOptions& o) {
  if (!(o.duration > 0.0) || !std::isfinite(o.duration)) return "the trial run's duration must be a positive number of seconds";
  if (!(o.samplePeriod > 0.0) || !std::isfinite(o.samplePeriod)) return "the sample time must be a positive number of seconds";
  if (o.samplePeriod > o.duration / kTuneSamplesPerTrial)
    return "the sample time must be at most " + formatNumber(o.duration / kTuneSamplesPerTrial) + " s (a trial run of " +
           formatNumber(o.duration) + " s holds " + std::to_string(kTuneSamplesPerTrial) +
           " samples at least, to show an oscillation)";
  if (!(o.step >= 0.0) || !std::isfinite(o.step)) return "the integration step must be 0 (automatic) or a positive number of seconds";
  if (!(o.perturbation != 0.0) || !std::isfinite(o.perturbation)) return "the perturbation must be a non-zero number";
  if (!(o.gainStart > 0.0) || !(o.gainMax > o.gainStart) || !std::isfinite(o.gainMax))
    return "the gains searched need 0 < first gain < largest gain";
  if (!(o.relativeTolerance > 0.0) || !std::isfinite(o.relativeTolerance)) return "the relative tolerance must be positive";
  return {};
}

TuneResult tune(const Model& model, int joint, const Eigen::VectorXd& q, const TuneOptions& o) {
  const int n = model.dof();
  if (joint < 0 || joint >= n)
    throw std::invalid_argument("tune: joint " + std::to_string(joint + 1) + " is not in 1.." + std::to_string(n));
  if (q.size() != n || !q.allFinite())
    throw std::invalid_argument("tune: the configuration needs " + std::to_string(n) + " finite joint values");
  if (const std::string why = tuneOptionsRefusal(o); !why.empty()) throw std::invalid_argument("tune: " + why);

  TuneResult result;
  result.joint = joint;
  result.q = q;
  result.input = o.input ? *o.input : (hasMotors(model) ? DriveInput::Voltage : DriveInput::Torque);

  ClosedLoopSetup setup;
  setup.plant.input = result.input;
  // Default plant step: the largest step <= 1 ms that lands on every controller sample, as in
  // `run` (a 28 ms servo period would otherwise be an unstable RK4 step for the motor's L/R).
  setup.plant.step = o.step > 0.0 ? o.step : o.samplePeriod / std::ceil(o.samplePeriod / 1e-3 - 1e-9);
  setup.plant.applyLimits = o.applyLimits;
  setup.plant.frictionVelocityScale = o.frictionVelocityScale;
  setup.plant.constraints.assign(n, JointConstraint{JointMode::Locked, 0.0});
  setup.plant.constraints[joint].mode = JointMode::Free;
  setup.duration = o.duration;
  setup.recordPeriod = o.samplePeriod;
  setup.q0 = q;
  setup.q0(joint) += o.perturbation;
  setup.qd0 = Eigen::VectorXd::Zero(n);

  // Input that holds the tuned joint at q against gravity (holding_input.h); the other joints
  // are locked and need none.
  const auto& drive = model.spec().links[joint].drive;
  Eigen::VectorXd holdAll, currentAll;
  holdingInput(model, q, ToolWrench(), result.input, holdAll, currentAll);
  Eigen::VectorXd hold = Eigen::VectorXd::Zero(n);
  hold(joint) = holdAll(joint);
  if (result.input != DriveInput::Torque) {
    setup.current0 = Eigen::VectorXd::Zero(n);
    setup.current0(joint) = currentAll(joint);
  }

  const SetpointFunction setpoint = holdSetpoint(q);
  auto run = [&](double k) {
    std::vector<PidGains> gains(static_cast<std::size_t>(n));
    gains[static_cast<std::size_t>(joint)].kg = k;
    PidController controller(DiscretePid(gains, o.samplePeriod));
    controller.setInitialOutput(hold);
    const RunResult r = simulateClosedLoop(model, setup, controller, setpoint);
    ++result.trials;
    Trial trial;
    trial.t = r.history.t;
    trial.x.resize(trial.t.size());
    for (std::size_t i = 0; i < trial.t.size(); ++i)
      trial.x[i] = r.history.q(static_cast<Eigen::Index>(i), joint) - q(joint);
    trial.measure = measureOscillation(trial.t, trial.x);
    // Largest excursion over the last quarter of the trial: a decaying loop has brought the
    // joint back by then.
    double tail = 0.0;
    for (std::size_t i = 3 * trial.x.size() / 4; i < trial.x.size(); ++i) tail = std::max(tail, std::abs(trial.x[i]));
    // Sustained: the amplitude does not shrink by more than 0.1% per half-cycle (Ziegler and
    // Nichols' criterion; an undamped joint under a sampled P loop sits right there).
    if (trial.measure.oscillating && (trial.measure.growthPerHalfCycle > -1e-3 || r.summary.diverged))
      trial.outcome = Outcome::Oscillating;
    else if (!r.summary.diverged && (trial.measure.oscillating || tail < 0.5 * std::abs(o.perturbation)))
      trial.outcome = Outcome::Stable;
    else
      trial.outcome = Outcome::Runaway;  // drifts away, or too weak to bring the joint back in time
    return trial;
  };

  // Find a gain whose response decays: down from gainStart while the loop oscillates, up while
  // the joint runs away. Then double until it oscillates, and bisect that bracket.
  double klo = o.gainStart;
  Trial lo = run(klo);
  while (lo.outcome == Outcome::Oscillating) {
    klo *= 0.5;
    if (klo < o.gainStart * 1e-6) {
      result.message = "the proportional loop oscillates even at gain " + std::to_string(klo);
      return result;
    }
    lo = run(klo);
  }
  while (lo.outcome == Outcome::Runaway) {
    klo *= 2.0;
    if (klo > o.gainMax) {
      result.message = "the joint does not come back at any gain up to " + std::to_string(o.gainMax);
      return result;
    }
    lo = run(klo);
    if (lo.outcome == Outcome::Oscillating) {
      result.message = "no proportional gain gives a decaying response (below gain " + std::to_string(klo) +
                       " the joint does not come back, from there on it oscillates: nothing damps it)";
      return result;
    }
  }
  double khi = 2.0 * klo;
  Trial hi = run(khi);
  while (hi.outcome != Outcome::Oscillating) {
    klo = khi;
    lo = std::move(hi);
    khi *= 2.0;
    if (khi > o.gainMax) {
      result.message = "no sustained oscillation below gain " + std::to_string(o.gainMax) +
                       " (the proportional loop stays stable)";
      return result;
    }
    hi = run(khi);
  }
  while (khi / klo - 1.0 > o.relativeTolerance) {
    const double k = std::sqrt(klo * khi);
    Trial mid = run(k);
    if (mid.outcome == Outcome::Oscillating) {
      khi = k;
      hi = std::move(mid);
    } else {
      klo = k;
      lo = std::move(mid);
    }
  }
  result.found = true;
  result.kmax = std::sqrt(klo * khi);
  if (drive) {
    result.gearRatio = drive->gearRatio;
    result.kmaxMotor = result.kmax / drive->gearRatio;
  }
  const double pLo = lo.measure.oscillating ? lo.measure.period : 0.0;
  const double pHi = hi.measure.oscillating ? hi.measure.period : 0.0;
  result.tp = pLo > 0.0 && pHi > 0.0 ? 0.5 * (pLo + pHi) : std::max(pLo, pHi);
  result.gains = zieglerNicholsGains(result.kmax, result.tp);
  result.oscillationTime = std::move(lo.t);
  result.oscillation = std::move(lo.x);
  return result;
}

}  // namespace armdyn
