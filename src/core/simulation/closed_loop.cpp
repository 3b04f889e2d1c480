#include "simulation/closed_loop.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace armdyn {

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
  ForwardSimulator plant(model, setup.plant);
  const Eigen::VectorXd q0 = setup.q0.size() ? setup.q0 : model.home();
  const Eigen::VectorXd qd0 = setup.qd0.size() ? setup.qd0 : Eigen::VectorXd::Zero(n);
  plant.setState(q0, qd0, setup.current0);

  const double h = setup.plant.step;
  const double recordPeriod = setup.recordPeriod > 0.0 ? setup.recordPeriod : (Ts > 0.0 ? Ts : h);
  const double eps = 1e-9 * std::min(h, Ts > 0.0 ? Ts : h);
  const auto capacity = static_cast<Eigen::Index>(std::ceil(setup.duration / recordPeriod)) + 3;

  RunResult result;
  RunHistory& H = result.history;
  RunSummary& S = result.summary;
  H.t.reserve(static_cast<std::size_t>(capacity));
  for (Eigen::MatrixXd* m : {&H.q, &H.qd, &H.setpoint, &H.error, &H.input, &H.voltage, &H.current, &H.motorTorque})
    m->setZero(capacity, n);
  if (setup.recordConstraintForces) H.constraint.setZero(capacity, n);
  S.peakError.setZero(n);
  S.peakVoltage.setZero(n);
  S.peakCurrent.setZero(n);
  S.warnings = plant.warnings();

  Setpoint sp;
  sp.resize(n);
  Eigen::VectorXd u = Eigen::VectorXd::Zero(n), q(n), qd(n), cur(n), volt(n), tau(n);
  ForwardSimulator::Outputs outputs;
  long setpointIndex = 0;
  double nextSetpoint = 0.0;
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
    q = plant.q();
    qd = plant.qd();
    cur = plant.current();
    ControllerInput in;
    in.t = t;
    in.q = &q;
    in.qd = &qd;
    in.current = &cur;
    in.setpoint = &sp;
    controller.compute(in, u);
    plant.setInput(u);
  };
  auto track = [&]() {
    plant.driveOutputs(volt, cur, tau);
    for (int i = 0; i < n; ++i) {
      S.peakError(i) = std::max(S.peakError(i), std::abs(sp.q(i) - plant.q()(i)));
      if (std::isfinite(volt(i))) S.peakVoltage(i) = std::max(S.peakVoltage(i), std::abs(volt(i)));
      S.peakCurrent(i) = std::max(S.peakCurrent(i), std::abs(cur(i)));
    }
  };
  Eigen::Index row = 0;
  auto record = [&]() {
    if (row >= capacity) return;
    plant.driveOutputs(volt, cur, tau);
    H.t.push_back(t);
    H.q.row(row) = plant.q().transpose();
    H.qd.row(row) = plant.qd().transpose();
    H.setpoint.row(row) = sp.q.transpose();
    H.error.row(row) = (sp.q - plant.q()).transpose();
    H.input.row(row) = u.transpose();
    H.voltage.row(row) = volt.transpose();
    H.current.row(row) = cur.transpose();
    H.motorTorque.row(row) = tau.transpose();
    if (setup.recordConstraintForces) {
      plant.outputs(outputs);
      H.constraint.row(row) = outputs.lambda.transpose();
    }
    ++row;
  };

  controller.reset(q0);
  sample();
  track();
  record();
  long sampleIndex = 1;
  double nextSample = Ts;
  long recordIndex = 1;
  double nextRecord = recordPeriod;
  while (t < setup.duration - eps) {
    double target = setup.duration;
    if (Ts > 0.0) target = std::min(target, nextSample);
    const bool landsOnTarget = target - t <= h + eps;
    const double step = landsOnTarget ? target - t : h;
    const bool ok = plant.advance(step);
    t = landsOnTarget ? target : t + step;
    if (!ok) {
      record();
      S.diverged = true;
      S.message = plant.divergence().message;
      break;
    }
    if (Ts == 0.0) {
      sample();
    } else if (t >= nextSample - eps) {
      sample();
      ++sampleIndex;
      nextSample = sampleIndex * Ts;
    }
    track();
    if (t >= nextRecord - eps) {
      record();
      ++recordIndex;
      nextRecord = recordIndex * recordPeriod;
    }
  }
  if (!S.diverged && (H.t.empty() || H.t.back() < t - eps)) record();

  for (Eigen::MatrixXd* m : {&H.q, &H.qd, &H.setpoint, &H.error, &H.input, &H.voltage, &H.current, &H.motorTorque})
    m->conservativeResize(row, n);
  if (setup.recordConstraintForces) H.constraint.conservativeResize(row, n);
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

SetpointFunction trajectorySetpoint(std::shared_ptr<const PaulTrajectory> trajectory) {
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
