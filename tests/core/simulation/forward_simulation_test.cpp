// Forward simulation against independent physics: conservation of energy without inputs and
// drives, RK4's fourth order on the PUMA, forward dynamics undoing inverse dynamics (with and
// without drives and constraints), closed-form motion of constrained joints, the energy balance
// with drives (input work = change of energy + losses), regularised friction without chatter,
// divergence reports, and refusals (unstable RK4 step, missing motors).
#include "actuation/drive.h"
#include "actuation/drive_dynamics.h"
#include "dynamics/energy.h"
#include "dynamics/forward_dynamics.h"
#include "simulation/forward_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

namespace armdyn {
namespace {

RobotSpec withoutDrives(RobotSpec spec) {
  for (auto& l : spec.links) l.drive.reset();
  return spec;
}

std::string sci(double v) {
  std::ostringstream s;
  s.precision(3);
  s << std::scientific << v;
  return s.str();
}

Eigen::VectorXd vec(std::initializer_list<double> v) {
  Eigen::VectorXd x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double e : v) x(i++) = e;
  return x;
}

// Rigid six-joint PUMA falling from Corke's qn with the joints moving.
struct FreeFall {
  Model model{withoutDrives(test::libraryRobotSpec("puma560"))};
  Eigen::VectorXd q0 = model.home();
  Eigen::VectorXd qd0 = vec({0.5, -0.3, 0.4, 1.0, -0.8, 1.2});
};

TEST(ForwardSimulation, EnergyIsConservedWithRk4AtOneMillisecond) {
  FreeFall c;
  ForwardOptions o;
  o.step = 1e-3;
  ForwardSimulator sim(c.model, o);
  sim.setState(c.q0, c.qd0);
  sim.setInput(Eigen::VectorXd::Zero(6));
  const double e0 = sim.kineticEnergy() + sim.potentialEnergy();
  double drift = 0.0, kineticMax = 0.0;
  for (int k = 0; k < 10000; ++k) {
    ASSERT_TRUE(sim.advance(1e-3)) << sim.divergence().message;
    const double T = sim.kineticEnergy();
    kineticMax = std::max(kineticMax, T);
    drift = std::max(drift, std::abs(T + sim.potentialEnergy() - e0));
  }
  // Relative to the largest kinetic energy of the run (the energy that is exchanged).
  RecordProperty("relative_energy_drift", sci(drift / kineticMax));
  EXPECT_LT(drift / kineticMax, 1e-8);
  // The energy integrals see no input, constraint or loss.
  EXPECT_EQ(sim.inputWork(), 0.0);
  EXPECT_EQ(sim.dissipatedEnergy(), 0.0);
}

Eigen::VectorXd fallFor(const FreeFall& c, double h, double tEnd) {
  ForwardOptions o;
  o.step = h;
  ForwardSimulator sim(c.model, o);
  sim.setState(c.q0, c.qd0);
  sim.setInput(Eigen::VectorXd::Zero(6));
  const int steps = static_cast<int>(std::lround(tEnd / h));
  for (int k = 0; k < steps; ++k) EXPECT_TRUE(sim.advance(h));
  Eigen::VectorXd x(12);
  x << sim.q(), sim.qd();
  return x;
}

TEST(ForwardSimulation, Rk4ErrorFallsSixteenfoldPerHalving) {
  FreeFall c;
  const Eigen::VectorXd ref = fallFor(c, 0.5e-3, 1.0);
  const double e8 = (fallFor(c, 8e-3, 1.0) - ref).norm();
  const double e4 = (fallFor(c, 4e-3, 1.0) - ref).norm();
  const double e2 = (fallFor(c, 2e-3, 1.0) - ref).norm();
  // Fourth order: ratio 16 per halving (the 0.5 ms reference adds < 1/256 of e2's error).
  RecordProperty("ratios", sci(e8 / e4) + " " + sci(e4 / e2));
  EXPECT_NEAR(e8 / e4, 16.0, 2.5);
  EXPECT_NEAR(e4 / e2, 16.0, 2.5);
}

TEST(ForwardSimulation, InvertsInverseDynamics) {
  std::mt19937 rng(7);
  for (const std::string& name : test::libraryRobotNames()) {
    for (bool rigid : {true, false}) {
      SCOPED_TRACE(name + (rigid ? " rigid body" : " with drives"));
      const Model model(test::libraryRobotSpec(name));
      const int n = model.dof();
      ForwardOptions o;
      o.rigidBodyOnly = rigid;
      ForwardSimulator sim(model, o);
      DynamicsData data(model);
      for (int k = 0; k < 5; ++k) {
        const Eigen::VectorXd q = test::randomVector(rng, n, 1.0), qd = test::randomVector(rng, n, 1.0);
        const Eigen::VectorXd tau = test::randomVector(rng, n, 20.0);
        sim.setState(q, qd);
        sim.setInput(tau);
        ForwardSimulator::Outputs out;
        sim.outputs(out);
        Eigen::VectorXd back(n);
        driveInverseDynamics(model, data, q, qd, out.qdd, back, rigid);
        // Articulated-body algorithm then Newton-Euler: rounding of order 1e-13 relative.
        EXPECT_LT((back - tau).norm(), 1e-10 * (1.0 + tau.norm()));
        if (rigid) {
          EXPECT_LT((out.qdd - forwardDynamics(model, q, qd, tau)).norm(), 1e-10 * (1.0 + out.qdd.norm()));
        }
      }
    }
  }
}

TEST(ForwardSimulation, NearbyStatesReuseTrigonometryWithoutLoss) {
  // After an evaluation at x, sin/cos at a state whose joints moved by up to 5e-3 rad come from
  // the addition theorem; a fresh simulator computes them with libm. The derivatives agree to
  // 1e-13 relative (the series' truncation is 2e-17; rounding adds a few ulp per operation).
  const Model model(test::libraryRobotSpec("puma560"));
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  std::mt19937 rng(17);
  double worst = 0.0;
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd q = test::randomVector(rng, 6, 2.0), qd = test::randomVector(rng, 6, 1.0);
    const Eigen::VectorXd i = test::randomVector(rng, 6, 3.0), u = test::randomVector(rng, 6, 20.0);
    const Eigen::VectorXd dq = test::randomVector(rng, 6, trial < 10 ? 5e-3 : 1e-5);
    ForwardSimulator warm(model, o), fresh(model, o);
    for (ForwardSimulator* sim : {&warm, &fresh}) {
      sim->setState(q, qd, i);
      sim->setInput(u);
    }
    Eigen::VectorXd x = warm.state(), xdotWarm(x.size()), xdotFresh(x.size());
    warm.derivative(0.0, x, xdotWarm);  // computes the reference angles
    x.head(6) += dq;
    warm.derivative(0.0, x, xdotWarm);
    fresh.derivative(0.0, x, xdotFresh);
    const double scale = std::max(1.0, xdotFresh.cwiseAbs().maxCoeff());
    worst = std::max(worst, (xdotWarm - xdotFresh).cwiseAbs().maxCoeff() / scale);
  }
  RecordProperty("worst_relative_gap", sci(worst));
  EXPECT_LT(worst, 1e-13);
}

TEST(ForwardSimulation, ConstraintForcesCloseInverseDynamics) {
  const Model model(test::libraryRobotSpec("puma560"));
  ForwardOptions o;
  o.constraints = {{JointMode::Free}, {JointMode::Locked}, {JointMode::ConstantVelocity},
                   {JointMode::ConstantAcceleration, 0.7}, {JointMode::Free}, {JointMode::Locked}};
  ForwardSimulator sim(model, o);
  DynamicsData data(model);
  std::mt19937 rng(11);
  for (int k = 0; k < 5; ++k) {
    const Eigen::VectorXd q = test::randomVector(rng, 6, 1.0), qd = test::randomVector(rng, 6, 1.0);
    const Eigen::VectorXd tau = test::randomVector(rng, 6, 10.0);
    sim.setState(q, qd);
    sim.setInput(tau);
    ForwardSimulator::Outputs out;
    sim.outputs(out);
    EXPECT_EQ(out.qdd(1), 0.0);
    EXPECT_EQ(out.qdd(2), 0.0);
    EXPECT_EQ(out.qdd(3), 0.7);
    EXPECT_EQ(out.qdd(5), 0.0);
    Eigen::VectorXd needed(6);
    driveInverseDynamics(model, data, sim.q(), sim.qd(), out.qdd, needed);
    // What the joints need beyond the applied torque is the constraint force: zero on free ones.
    EXPECT_LT((needed - tau - out.lambda).norm(), 1e-10 * (1.0 + tau.norm()));
    EXPECT_EQ(out.lambda(0), 0.0);
    EXPECT_EQ(out.lambda(4), 0.0);
  }
}

TEST(ForwardSimulation, ConstrainedJointsMoveInClosedForm) {
  const Model model(test::libraryRobotSpec("puma560"));
  ForwardOptions o;
  o.constraints = {{JointMode::Locked}, {JointMode::ConstantVelocity}, {JointMode::ConstantAcceleration, -0.4},
                   {JointMode::Free}, {JointMode::Free}, {JointMode::Free}};
  ForwardSimulator sim(model, o);
  const Eigen::VectorXd q0 = model.home();
  const Eigen::VectorXd qd0 = vec({0.9, 0.3, 0.2, 0.0, 0.0, 0.0});
  sim.setState(q0, qd0);
  EXPECT_EQ(sim.qd()(0), 0.0);  // a locked joint starts at rest
  sim.setInput(Eigen::VectorXd::Zero(6));
  for (int k = 0; k < 1000; ++k) ASSERT_TRUE(sim.advance(1e-3)) << sim.divergence().message;
  const double t = sim.time();
  EXPECT_EQ(sim.q()(0), q0(0));
  // RK4 integrates polynomials of degree <= 4 exactly: rounding only.
  EXPECT_NEAR(sim.q()(1), q0(1) + 0.3 * t, 1e-12);
  EXPECT_NEAR(sim.qd()(1), 0.3, 1e-13);
  EXPECT_NEAR(sim.q()(2), q0(2) + 0.2 * t - 0.2 * t * t, 1e-12);
  EXPECT_NEAR(sim.qd()(2), 0.2 - 0.4 * t, 1e-12);
}

// Voltage-driven PUMA with friction and a constant-velocity joint (its constraint does work),
// piecewise-constant voltages for 2 s. Returns W_in + W_c - change of (kinetic + potential +
// magnetic) - W_loss, relative to the largest of |W_in| and W_loss.
double energyBalanceResidual(IntegratorKind kind, double h, double* constraintWork = nullptr) {
  const Model model(test::libraryRobotSpec("puma560"));
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  o.integrator = kind;
  o.step = h;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  o.constraints.assign(6, JointConstraint{});
  o.constraints[3].mode = JointMode::ConstantVelocity;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), vec({0.0, 0.0, 0.0, 0.5, 0.0, 0.0}));
  const double e0 = sim.kineticEnergy() + sim.potentialEnergy() + sim.magneticEnergy();
  double scale = 0.0;
  const int perInterval = static_cast<int>(std::lround(0.1 / h));
  for (int k = 0; k < 20 * perInterval; ++k) {
    const double s = (k / perInterval) % 2 ? -1.0 : 1.0;  // voltages change every 0.1 s
    sim.setInput(vec({6.0 * s, 12.0, -8.0 * s, 3.0, -2.0 * s, 1.5}));
    if (!sim.advance(h)) {
      ADD_FAILURE() << sim.divergence().message;
      return 1.0;
    }
    scale = std::max({scale, std::abs(sim.inputWork()), std::abs(sim.dissipatedEnergy())});
  }
  const double e1 = sim.kineticEnergy() + sim.potentialEnergy() + sim.magneticEnergy();
  if (constraintWork) *constraintWork = sim.constraintWork();
  return (sim.inputWork() + sim.constraintWork() - (e1 - e0) - sim.dissipatedEnergy()) / scale;
}

TEST(ForwardSimulation, EnergyBalanceWithDrivesAndFriction) {
  double constraintWork = 0.0;
  // Dormand-Prince at rtol 1e-10 (the energy integrals ride in its error control): 1e-8.
  const double dopri = energyBalanceResidual(IntegratorKind::DormandPrince45, 2e-3, &constraintWork);
  EXPECT_GT(std::abs(constraintWork), 1e-3);  // the constant-velocity constraint did work
  EXPECT_LT(std::abs(dopri), 1e-8);
  // RK4: the residual is its truncation error, fourth order: about 16x smaller per halving
  // (the wrist's 1 ms electrical pole makes 1 ms coarse; >= 8x asked).
  const double r1 = energyBalanceResidual(IntegratorKind::RungeKutta4, 1e-3);
  const double r2 = energyBalanceResidual(IntegratorKind::RungeKutta4, 0.5e-3);
  RecordProperty("residuals", sci(dopri) + " " + sci(r1) + " " + sci(r2));
  EXPECT_GT(std::abs(r1 / r2), 8.0) << r1 << " " << r2;
  EXPECT_LT(std::abs(r2), 1e-4);
}

// One joint about a vertical axis with Coulomb friction and a viscous term.
RobotSpec frictionJoint() {
  RobotSpec r;
  r.name = "friction joint";
  r.actuatorMassRule = false;
  LinkSpec l;
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 1.0;
  l.inertia.inertiaCom = Eigen::Vector3d(0.1, 0.1, 0.1).asDiagonal();
  DriveSpec d;
  d.gearRatio = 10.0;
  d.rotorInertia = 4e-3;  // Jr = 0.4: joint inertia 0.5 kg m^2
  d.viscous = 0.5;
  d.coulombPositive = 5.0;
  d.coulombNegative = 5.0;
  l.drive = d;
  r.links = {l};
  return r;
}

TEST(ForwardSimulation, CoulombFrictionDoesNotChatter) {
  // A torque below breakaway (2 < 5 N m): the regularised model creeps at the velocity where
  // b v + Fc tanh(v / vs) = 2, reached monotonically, without sign changes.
  // h Fc / (vs J) = 1e-3 * 5 / (0.01 * 0.5) = 1: inside RK4's stability interval.
  const Model model(frictionJoint());
  ForwardOptions o;
  ForwardSimulator sim(model, o);
  EXPECT_TRUE(sim.warnings().empty());
  sim.setState(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1));
  sim.setInput(Eigen::VectorXd::Constant(1, 2.0));
  double previous = 0.0;
  for (int k = 0; k < 2000; ++k) {
    ASSERT_TRUE(sim.advance(1e-3));
    EXPECT_GE(sim.qd()(0), previous - 1e-15) << k;  // monotone, hence no chatter
    previous = sim.qd()(0);
  }
  // Creep velocity by bisection on the closed form.
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < 100; ++k) {
    const double v = 0.5 * (lo + hi);
    (0.5 * v + 5.0 * std::tanh(v / kDefaultFrictionVelocityScale) > 2.0 ? hi : lo) = v;
  }
  EXPECT_NEAR(sim.qd()(0), lo, 1e-9);
  // A stiffer regularisation is flagged for RK4 at this step.
  o.frictionVelocityScale = 1e-6;
  const ForwardSimulator stiff(model, o);
  ASSERT_FALSE(stiff.warnings().empty());
  EXPECT_NE(stiff.warnings()[0].find("joint 1"), std::string::npos);
}

TEST(ForwardSimulation, DivergenceStopsWithJointTimeAndQuantity) {
  const Model model(frictionJoint());
  ForwardOptions o;
  o.maxVelocity = 100.0;
  ForwardSimulator sim(model, o);
  sim.setState(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1));
  sim.setInput(Eigen::VectorXd::Constant(1, 1e4));
  bool ok = true;
  int steps = 0;
  while (ok && steps < 10000) {
    ok = sim.advance(1e-3);
    ++steps;
  }
  ASSERT_FALSE(ok);
  const Divergence& d = sim.divergence();
  EXPECT_TRUE(d.diverged);
  EXPECT_EQ(d.joint, 0);
  EXPECT_EQ(d.quantity, "velocity");
  EXPECT_GT(std::abs(d.value), 100.0);
  // qd grows at about 1e4 / 0.5 rad/s^2: past 100 rad/s after ~5 ms.
  EXPECT_NEAR(d.time, 6e-3, 1e-12);
  EXPECT_NE(d.message.find("joint 1 velocity"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("t = 0.006 s"), std::string::npos) << d.message;
  EXPECT_FALSE(sim.advance(1e-3));  // stays stopped
}

TEST(ForwardSimulation, RefusesAnRk4StepAboveTheElectricalLimit) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  const double limit = 2.785 * 0.0048 / 1.6;  // 8.355 ms
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  o.constraints.assign(3, JointConstraint{JointMode::Locked});
  o.step = 0.05;  // Anderson's "h = 0.05" read as seconds
  try {
    ForwardSimulator sim(model, o);
    ADD_FAILURE() << "accepted a step above the stability limit";
  } catch (const std::invalid_argument& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("2.785 L/R = 0.008355"), std::string::npos) << m;
    EXPECT_NE(m.find("joint 1"), std::string::npos) << m;
  }
  // Just below the limit the locked motors (pure R-L circuits) settle at i = u / R.
  o.step = 0.99 * limit;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), Eigen::VectorXd::Zero(3));
  sim.setInput(Eigen::VectorXd::Constant(3, 10.0));
  for (int k = 0; k < 3000; ++k) ASSERT_TRUE(sim.advance(o.step));
  EXPECT_NEAR(sim.current()(1), 10.0 / 1.6, 1e-9);
  // Just above it, the same circuit integrated by RK4 grows without bound.
  const double lambda = -1.6 / 0.0048;
  auto f = [&](double, const Eigen::VectorXd& x, Eigen::VectorXd& xd) { xd = lambda * x; };
  RungeKutta4 rk(1);
  Eigen::VectorXd x = Eigen::VectorXd::Ones(1);
  for (int k = 0; k < 3000; ++k) rk.step(f, 0.0, 1.01 * limit, x);
  EXPECT_GT(std::abs(x(0)), 1e3);
}

TEST(ForwardSimulation, RefusesBadOptions) {
  const Model rigid(withoutDrives(test::libraryRobotSpec("puma560")));
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  try {
    ForwardSimulator sim(rigid, o);
    ADD_FAILURE();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("needs a motor on every joint"), std::string::npos) << e.what();
  }
  ForwardOptions c;
  c.constraints.assign(2, JointConstraint{});
  EXPECT_THROW(ForwardSimulator(rigid, c), std::invalid_argument);
  ForwardOptions s;
  s.step = std::nan("");
  EXPECT_THROW(ForwardSimulator(rigid, s), std::invalid_argument);
  RobotSpec bad = test::libraryRobotSpec("puma560");
  bad.links[2].drive->inductance = -1e-3;
  const Model badModel(bad);
  try {
    ForwardSimulator sim(badModel, ForwardOptions{});
    ADD_FAILURE();
  } catch (const ModelError& e) {
    EXPECT_EQ(e.field(), "links[3].drive.motor.L");
  }
}

}  // namespace
}  // namespace armdyn
