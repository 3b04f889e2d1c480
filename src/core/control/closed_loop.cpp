#include "control/closed_loop.h"

#include "dynamics/rnea.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace armdyn {

namespace {

// The loop's clock: plant steps no longer than h that land on every controller sample
// (period Ts, 0 = every step), and the record schedule (a row at t = 0, then at the first step
// end on or after each multiple of the record period). Used twice: to count the rows, then to
// run, so the histories are allocated at their exact size (no zeroing, no copy at the end).
class LoopClock {
 public:
  LoopClock(double duration, double h, double Ts, double recordPeriod, double eps)
      : duration_(duration), h_(h), Ts_(Ts), recordPeriod_(recordPeriod), eps_(eps) {}

  bool running() const { return t_ < duration_ - eps_; }
  double time() const { return t_; }
  // Length of the next plant step.
  double step() const {
    const double target = Ts_ > 0.0 ? std::min(duration_, nextSample_) : duration_;
    return target - t_ <= h_ + eps_ ? target - t_ : h_;
  }
  // Ends a step of length `step()`: the controller samples (true at every step when Ts = 0)
  // and a row is recorded when the flags say so.
  void advance(bool& sample, bool& record) {
    const double target = Ts_ > 0.0 ? std::min(duration_, nextSample_) : duration_;
    t_ = target - t_ <= h_ + eps_ ? target : t_ + h_;
    sample = Ts_ == 0.0 || t_ >= nextSample_ - eps_;
    if (Ts_ > 0.0 && sample) nextSample_ = static_cast<double>(++sampleIndex_) * Ts_;
    record = t_ >= nextRecord_ - eps_;
    if (record) nextRecord_ = static_cast<double>(++recordIndex_) * recordPeriod_;
  }

 private:
  double duration_, h_, Ts_, recordPeriod_, eps_;
  double t_ = 0.0;
  long sampleIndex_ = 1, recordIndex_ = 1;
  double nextSample_ = Ts_, nextRecord_ = recordPeriod_;
};

}  // namespace

RunResult simulateClosedLoop(const Model& model, const ClosedLoopSetup& setup, Controller& controller,
                             const SetpointFunction& setpointFn) {
  if (!std::isfinite(setup.duration) || setup.duration <= 0.0)
    throw std::invalid_argument("closed-loop run: duration must be positive");
  if (!std::isfinite(setup.setpointPeriod) || setup.setpointPeriod < 0.0)
    throw std::invalid_argument("closed-loop run: setpoint period must be >= 0");
  if (!std::isfinite(setup.recordPeriod) || setup.recordPeriod < 0.0)
    throw std::invalid_argument("closed-loop run: record period must be >= 0");
  const double Ts = controller.samplePeriod();
  if (!std::isfinite(Ts) || Ts < 0.0) throw std::invalid_argument("closed-loop run: controller sample period must be >= 0");

  const int n = model.dof();
  if (setup.plantModel && setup.plantModel->dof() != model.dof())
    throw std::invalid_argument("closed-loop run: the plant's model has " + std::to_string(setup.plantModel->dof()) +
                                " joints, the controller's " + std::to_string(model.dof()));
  ForwardSimulator plant(setup.plantModel ? *setup.plantModel : model, setup.plant);
  const Eigen::VectorXd q0 = setup.q0.size() ? setup.q0 : model.home();
  const Eigen::VectorXd qd0 = setup.qd0.size() ? setup.qd0 : Eigen::VectorXd::Zero(n);
  plant.setState(q0, qd0, setup.current0);
  ToolWrench wrench = setup.plant.toolWrench;
  if (setup.toolWrench) {
    setup.toolWrench(0.0, wrench);
    plant.setToolWrench(wrench);
  }
  if (setup.settleSprings) plant.settleSprings();
  const bool elastic = plant.hasElasticDrives();

  const double h = setup.plant.step;
  const double recordPeriod = setup.recordPeriod > 0.0 ? setup.recordPeriod : (Ts > 0.0 ? Ts : h);
  const double eps = 1e-9 * std::min(h, Ts > 0.0 ? Ts : h);
  // Rows of a complete run: the first, one per record flag, and the final state if the last
  // flag fell before it.
  Eigen::Index capacity = 1;
  {
    LoopClock dry(setup.duration, h, Ts, recordPeriod, eps);
    double last = 0.0;
    bool sampled = false, recorded = false;
    while (dry.running()) {
      dry.advance(sampled, recorded);
      if (recorded) ++capacity, last = dry.time();
    }
    if (last < dry.time() - eps) ++capacity;
  }

  RunResult result;
  RunHistory& H = result.history;
  RunSummary& S = result.summary;
  H.t.reserve(static_cast<std::size_t>(capacity));
  for (Eigen::MatrixXd* m : {&H.q, &H.qd, &H.setpoint, &H.error, &H.input, &H.voltage, &H.current, &H.motorTorque})
    m->resize(capacity, n);
  if (setup.recordConstraintForces) H.constraint.resize(capacity, n);
  if (elastic) H.motorAngle.resize(capacity, n);
  S.peakError.setZero(n);
  S.peakVoltage.setZero(n);
  S.peakCurrent.setZero(n);
  S.warnings = plant.warnings();

  Setpoint sp, spControl;  // as planned (recorded), and as the controller gets it
  sp.resize(n);
  spControl.resize(n);
  const bool motorSide = elastic && setup.motorSideFeedback;
  DynamicsData statics(model);
  Eigen::VectorXd staticTorque(n), twist = Eigen::VectorXd::Zero(n), twistBefore = Eigen::VectorXd::Zero(n);
  double twistTime = -1.0;  // time of twistBefore (< 0: none yet)
  Eigen::VectorXd u = Eigen::VectorXd::Zero(n), q(n), qd(n), cur(n), qm(elastic ? n : 0);
  ForwardSimulator::Outputs outputs;
  long setpointIndex = 0;
  double nextSetpoint = 0.0;
  LoopClock clock(setup.duration, h, Ts, recordPeriod, eps);
  double t = 0.0;

  auto sample = [&]() {
    if (setup.setpointPeriod == 0.0 || t >= nextSetpoint - eps) {
      const double ts = setup.setpointPeriod == 0.0 ? t : setpointIndex * setup.setpointPeriod;
      if (setpointFn) {
        setpointFn(ts, sp);
      } else {
        sp.q = q0;
        sp.qd.setZero();
        sp.qdd.setZero();
      }
      ++setpointIndex;
      nextSetpoint = setpointIndex * setup.setpointPeriod;
    }
    if (setup.toolWrench) {
      setup.toolWrench(t, wrench);
      plant.setToolWrench(wrench);
    }
    if (motorSide) {
      plant.motorAngles(q);
      plant.motorVelocities(qd);
      spControl.q = sp.q;
      spControl.qd = sp.qd;
      spControl.qdd = sp.qdd;
      // The springs' static twist at the setpoint (gravity and the held tool wrench).
      staticTorques(model, statics, sp.q, plant.toolWrench(), staticTorque);
      const double dt = twistTime >= 0.0 ? t - twistTime : 0.0;
      for (int i : plant.elasticJoints()) {
        // The controller's model knows the spring it compensates (the plant's may differ).
        const DriveSpec* d = model.spec().links[i].drive ? &*model.spec().links[i].drive : nullptr;
        twist(i) = d && d->elastic() ? staticTorque(i) / d->stiffness : 0.0;
        spControl.q(i) += twist(i);
        if (dt > 0.0) spControl.qd(i) += (twist(i) - twistBefore(i)) / dt;
      }
      twistBefore = twist;
      twistTime = t;
    } else {
      q = plant.q();
      qd = plant.qd();
    }
    if (setup.measurement) setup.measurement(t, q, qd);
    cur = plant.current();
    ControllerInput in;
    in.t = t;
    in.q = &q;
    in.qd = &qd;
    in.current = &cur;
    in.setpoint = motorSide ? &spControl : &sp;
    controller.compute(in, u);
    plant.setInput(u);
  };
  auto track = [&]() {
    const ForwardSimulator::DriveView& drive = plant.driveView();
    const double* qNow = plant.state().data();
    for (int i = 0; i < n; ++i) {
      S.peakError(i) = std::max(S.peakError(i), std::abs(sp.q(i) - qNow[i]));
      const double v = drive.voltage(i);
      if (std::isfinite(v)) S.peakVoltage(i) = std::max(S.peakVoltage(i), std::abs(v));
      S.peakCurrent(i) = std::max(S.peakCurrent(i), std::abs(drive.current(i)));
    }
  };
  Eigen::Index row = 0;
  bool stopRequested = false;
  auto record = [&]() {
    if (row >= capacity) return;
    const ForwardSimulator::DriveView& drive = plant.driveView();
    const double* x = plant.state().data();
    H.t.push_back(t);
    // Column-major histories: entry (row, i) at row + i * capacity, written in place.
    for (int i = 0; i < n; ++i) {
      const Eigen::Index at = row + i * capacity;
      const double qi = x[i], spi = sp.q(i);
      H.q.data()[at] = qi;
      H.qd.data()[at] = x[n + i];
      H.setpoint.data()[at] = spi;
      H.error.data()[at] = spi - qi;
      H.input.data()[at] = u(i);
      H.voltage.data()[at] = drive.voltage(i);
      H.current.data()[at] = drive.current(i);
      H.motorTorque.data()[at] = drive.torque(i);
    }
    if (elastic) {
      plant.motorAngles(qm);
      for (int i = 0; i < n; ++i) H.motorAngle.data()[row + i * capacity] = qm(i);
    }
    if (setup.recordConstraintForces) {
      plant.outputs(outputs);
      H.constraint.row(row) = outputs.lambda.transpose();
    }
    ++row;
    if (setup.progress && !setup.progress(t)) stopRequested = true;
  };

  controller.reset(q0);
  sample();
  track();
  record();
  while (clock.running() && !stopRequested) {
    const bool ok = plant.advance(clock.step());
    bool sampled = false, recorded = false;
    clock.advance(sampled, recorded);
    t = clock.time();
    if (!ok) {
      record();
      S.diverged = true;
      S.message = plant.divergence().message;
      break;
    }
    if (sampled) sample();
    track();
    if (recorded) record();
    if (stopRequested) break;
  }
  if (stopRequested && !S.diverged) {
    S.stopped = true;
    char text[64];
    std::snprintf(text, sizeof text, "stopped by the caller at t = %.6g s", t);
    S.message = text;
  }
  if (!S.diverged && !S.stopped && (H.t.empty() || H.t.back() < t - eps)) record();

  if (row < capacity) {  // the run stopped early
    for (Eigen::MatrixXd* m : {&H.q, &H.qd, &H.setpoint, &H.error, &H.input, &H.voltage, &H.current, &H.motorTorque})
      m->conservativeResize(row, n);
    if (setup.recordConstraintForces) H.constraint.conservativeResize(row, n);
    if (elastic) H.motorAngle.conservativeResize(row, n);
  }
  S.finalTime = t;
  S.inputWork = plant.inputWork();
  S.constraintWork = plant.constraintWork();
  S.dissipated = plant.dissipatedEnergy();
  return result;
}

SetpointFunction holdSetpoint(const Eigen::VectorXd& q) {
  return [q](double, Setpoint& sp) {
    sp.q = q;
    sp.qd.setZero();
    sp.qdd.setZero();
  };
}

SetpointFunction stepSetpoint(const Eigen::VectorXd& from, const Eigen::VectorXd& to, double at) {
  if (from.size() != to.size()) throw std::invalid_argument("stepSetpoint: from and to differ in size");
  return [from, to, at](double t, Setpoint& sp) {
    sp.q = t < at ? from : to;
    sp.qd.setZero();
    sp.qdd.setZero();
  };
}

SetpointFunction trajectorySetpoint(std::shared_ptr<const JointTrajectory> trajectory) {
  if (!trajectory) throw std::invalid_argument("trajectorySetpoint: no trajectory");
  return [trajectory](double t, Setpoint& sp) {
    trajectory->evaluate(t, sp.q, sp.qd, sp.qdd);
    if (t >= trajectory->duration()) {
      sp.qd.setZero();
      sp.qdd.setZero();
    }
  };
}

}  // namespace armdyn
