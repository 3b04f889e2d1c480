// The Studio's controller settings: the suggested PD gains against the closed-form critically
// damped response, controller files that the CLI reader takes back unchanged (and that run the
// same simulation), defaults for another robot, and refusals naming the file's fields.
#include "control/control_run.h"
#include "control/controller_settings.h"
#include "common/input_error.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

namespace armdyn {
namespace {

// One revolute joint about the vertical axis (gravity exerts no torque on it), a rigid body of
// 0.2 kg m^2 about the joint axis, and a drive whose rotor adds N^2 Jm = 50^2 * 2e-5 = 0.05.
RobotSpec turntable() {
  RobotSpec r;
  r.name = "turntable";
  LinkSpec l;
  l.name = "LINK1";
  l.massSource = MassSource::Explicit;
  l.inertia.mass = 1.0;
  l.inertia.inertiaCom = Eigen::Vector3d(0.1, 0.1, 0.2).asDiagonal();
  DriveSpec d;
  d.gearRatio = 50.0;
  d.rotorInertia = 2e-5;
  l.drive = d;
  r.links.push_back(l);
  r.actuatorMassRule = false;
  return r;
}

// PD gains for w: the joint started at rest position with velocity v0 under a hold setpoint
// follows the critically damped q(t) = v0 t exp(-w t) with J = 0.2 + 0.05 kg m^2. The
// controller is sampled (h = 0.1 ms, held input, backward-difference derivative): its lag is
// O(w h) = 0.3%, so 1% of the peak v0 / (e w) bounds the difference.
TEST(ControllerSettings, SuggestedPdIsCriticallyDamped) {
  const Model model(turntable());
  const double w = 30.0, v0 = 0.5, h = 1e-4;
  const std::vector<PidGains> g = suggestedPidGains(model, Eigen::VectorXd::Zero(1), DriveInput::Torque, w);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_NEAR(g[0].kg, 0.25 * w * w, 1e-12);  // J w^2 with J = 0.2 + 50^2 * 2e-5
  EXPECT_NEAR(g[0].td, 2.0 / w, 1e-15);
  EXPECT_EQ(g[0].ti, 0.0);
  ControllerConfig c;
  c.type = ControllerType::Pid;
  c.input = DriveInput::Torque;
  c.gains = g;
  c.sampleTime = h;
  c.step = h;
  c.setpoint = SetpointSource::Hold;
  c.q0 = Eigen::VectorXd::Zero(1);
  c.qd0 = Eigen::VectorXd::Constant(1, v0);
  const ControlRun run = runController(model, nullptr, c, 0.4);
  const RunHistory& H = run.result.history;
  ASSERT_GT(H.t.size(), 1000u);
  double worst = 0.0;
  for (std::size_t k = 0; k < H.t.size(); ++k) {
    const double t = H.t[k];
    worst = std::max(worst, std::abs(H.q(static_cast<Eigen::Index>(k), 0) - v0 * t * std::exp(-w * t)));
  }
  const double peak = v0 / (std::exp(1.0) * w);
  EXPECT_LT(worst, 0.01 * peak) << "worst " << worst << " of peak " << peak;
}

// Voltage input: the motor's back-EMF damps the joint by B = N^2 ke kt / R by itself, and the
// suggestion leaves Td only the rest of 2 J w. The same critically damped response as above
// (the electrical pole R/L = 1e5 rad/s is 3000 times w; sampling lag O(w h) = 0.3%): 1% of the
// peak. Ignoring B (Td = 2 / w) would overdamp the loop by B / (2 J w) = 42%.
TEST(ControllerSettings, SuggestedPdCountsBackEmfDamping) {
  RobotSpec spec = turntable();
  DriveSpec& d = *spec.links[0].drive;
  d.hasMotor = true;
  d.resistance = 1.0;
  d.inductance = 1e-5;
  d.ke = d.kt = 0.05;
  const Model model(spec);
  const double w = 30.0, v0 = 0.5, J = 0.25, B = 50.0 * 50.0 * 0.05 * 0.05 / 1.0;
  const std::vector<PidGains> g = suggestedPidGains(model, Eigen::VectorXd::Zero(1), DriveInput::Voltage, w);
  EXPECT_NEAR(g[0].kg, J * w * w / (50.0 * 0.05 / 1.0), 1e-12);
  EXPECT_NEAR(g[0].td, (2.0 * J * w - B) / (J * w * w), 1e-15);
  ControllerConfig c;
  c.type = ControllerType::Pid;
  c.input = DriveInput::Voltage;
  c.gains = g;
  c.sampleTime = 1e-4;
  c.step = 1e-5;  // RK4 stable below 2.785 L / R = 2.8e-5 s
  c.setpoint = SetpointSource::Hold;
  c.bumpless = false;
  c.q0 = Eigen::VectorXd::Zero(1);
  c.qd0 = Eigen::VectorXd::Constant(1, v0);
  const RunHistory H = runController(model, nullptr, c, 0.3).result.history;
  double worst = 0.0;
  for (std::size_t k = 0; k < H.t.size(); ++k)
    worst = std::max(worst, std::abs(H.q(static_cast<Eigen::Index>(k), 0) - v0 * H.t[k] * std::exp(-w * H.t[k])));
  EXPECT_LT(worst, 0.01 * v0 / (std::exp(1.0) * w)) << "worst " << worst;
}

// The input conversions: torque per volt at stall N kt / R, per ampere N kt (PUMA joint 2).
TEST(ControllerSettings, SuggestedGainsScaleWithTheDriveInput) {
  const Model model(test::libraryRobotSpec("puma560"));
  const Eigen::VectorXd q = model.home();
  const auto torque = suggestedPidGains(model, q, DriveInput::Torque, 20.0);
  const auto volts = suggestedPidGains(model, q, DriveInput::Voltage, 20.0);
  const auto amps = suggestedPidGains(model, q, DriveInput::Current, 20.0);
  const DriveSpec& d = *model.spec().links[1].drive;
  EXPECT_NEAR(volts[1].kg * d.gearRatio * d.kt / d.resistance, torque[1].kg, 1e-12 * torque[1].kg);
  // B = N^2 ke kt / R = 107.815^2 * 0.26 * 0.2611 / 1.6 = 493 N m s/rad exceeds 2 J w here:
  // the back-EMF alone overdamps the shoulder, no derivative action is suggested.
  EXPECT_EQ(volts[1].td, 0.0);
  EXPECT_NEAR(torque[1].td, 2.0 / 20.0, 1e-15);
  EXPECT_NEAR(amps[1].kg * d.gearRatio * d.kt, torque[1].kg, 1e-12 * torque[1].kg);
  EXPECT_THROW(suggestedPidGains(Model(test::voraRrrSpec()), Eigen::VectorXd::Zero(3), DriveInput::Voltage, 20.0),
               ModelError);
}

ControllerSettings everyField(const Model& model, ControllerType type) {
  ControllerSettings s = completeSettings(ControllerSettings{}, model);
  ControllerConfig& c = s.config;
  c.type = type;
  c.input = DriveInput::Voltage;
  c.sampleTime = 0.0009;
  c.setpointPeriod = 0.028;
  c.integrator = IntegratorKind::DormandPrince45;
  c.step = 0.0005;
  c.tolerance = 1e-7;
  c.frictionVelocityScale = 0.02;
  c.recordPeriod = 0.002;
  for (std::size_t i = 0; i < c.gains.size(); ++i) c.gains[i] = {1000.0 + 0.1 * i, 0.0123 * (i + 1), 0.003};
  c.outputLimit = Eigen::VectorXd::LinSpaced(model.dof(), 10.0, 30.0);
  c.bumpless = false;
  c.kp = Eigen::VectorXd::LinSpaced(model.dof(), 400.0, 900.0);
  c.kd = Eigen::VectorXd::LinSpaced(model.dof(), 40.0, 60.0);
  c.currentGain = 2.5;
  c.kPhi = Eigen::VectorXd::LinSpaced(model.dof(), 0.0, 0.1234567);  // 0 allowed: k_omega > 0
  c.kOmega = Eigen::VectorXd::LinSpaced(model.dof(), 2.8, 4.9) / 3.0;
  c.kEps = Eigen::VectorXd::LinSpaced(model.dof(), 0.0157, 1e-5);
  c.setpoint = SetpointSource::Step;
  c.stepTarget = Eigen::VectorXd::LinSpaced(model.dof(), -0.3, 0.7);
  c.stepTime = 0.05;
  c.constraints[0].mode = JointMode::Locked;
  c.constraints[1].mode = JointMode::ConstantAcceleration;
  c.constraints[1].acceleration = 0.25;
  c.constraints[2].mode = JointMode::ConstantVelocity;
  c.q0 = Eigen::VectorXd::LinSpaced(model.dof(), 0.1, 0.5);
  c.qd0 = Eigen::VectorXd::LinSpaced(model.dof(), -0.2, 0.2);
  s.profile.perJoint[0] = JointSignal::step(0.0, 4.0, 0.1);
  s.profile.perJoint[1] = JointSignal::ramp(-1.0, 2.0, 0.05, 0.3);
  s.profile.perJoint[2] = JointSignal::constant(1.5);
  return s;
}

// Angles pass through degrees at the file edge: formatDegrees reads back within one ulp.
void expectJointsEqual(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  ASSERT_EQ(a.size(), b.size());
  for (int i = 0; i < a.size(); ++i) EXPECT_NEAR(a(i), b(i), 4e-16 * std::max(1.0, std::abs(b(i)))) << i;
}

// What the writer writes, the CLI's reader (parseControllerYaml) takes back unchanged.
TEST(ControllerSettings, FileRoundTripsEveryType) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  for (ControllerType type : {ControllerType::Pid, ControllerType::ComputedTorque, ControllerType::OpenLoop,
                              ControllerType::Pva}) {
    const ControllerSettings s = everyField(model, type);
    const std::string text = controllerToYaml(s, model);
    const ControllerSettings back = parseControllerSettings(text, "ctl.yaml", model);
    const ControllerConfig& a = s.config;
    const ControllerConfig& b = back.config;
    EXPECT_EQ(b.type, type) << text;
    EXPECT_EQ(*b.input, *a.input);
    EXPECT_EQ(b.sampleTime, a.sampleTime);
    EXPECT_EQ(*b.setpointPeriod, *a.setpointPeriod);
    EXPECT_EQ(b.integrator, a.integrator);
    EXPECT_EQ(b.step, a.step);
    EXPECT_EQ(b.tolerance, a.tolerance);
    EXPECT_EQ(b.frictionVelocityScale, a.frictionVelocityScale);
    EXPECT_EQ(b.recordPeriod, a.recordPeriod);
    EXPECT_EQ(b.setpoint, SetpointSource::Step);
    expectJointsEqual(b.stepTarget, a.stepTarget);
    EXPECT_EQ(b.stepTime, a.stepTime);
    ASSERT_EQ(b.constraints.size(), 3u);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(b.constraints[i].mode, a.constraints[i].mode);
    EXPECT_NEAR(b.constraints[1].acceleration, 0.25, 4e-16);
    expectJointsEqual(b.q0, a.q0);
    expectJointsEqual(b.qd0, a.qd0);
    if (type == ControllerType::Pid) {
      for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(b.gains[i].kg, a.gains[i].kg);
        EXPECT_EQ(b.gains[i].ti, a.gains[i].ti);
        EXPECT_EQ(b.gains[i].td, a.gains[i].td);
      }
      EXPECT_EQ(b.outputLimit, a.outputLimit);
      EXPECT_EQ(b.bumpless, a.bumpless);
    } else if (type == ControllerType::ComputedTorque) {
      EXPECT_EQ(b.kp, a.kp);
      EXPECT_EQ(b.kd, a.kd);
      EXPECT_EQ(b.currentGain, a.currentGain);
    } else if (type == ControllerType::Pva) {
      // Bit for bit: the shortest text that reads back to the same double.
      EXPECT_EQ(b.kPhi, a.kPhi);
      EXPECT_EQ(b.kOmega, a.kOmega);
      EXPECT_EQ(b.kEps, a.kEps);
      EXPECT_EQ(b.outputLimit, a.outputLimit);
      EXPECT_EQ(b.bumpless, a.bumpless);
      // The text written again from what was read is the same text.
      EXPECT_EQ(controllerToYaml(back, model), text);
    } else {
      ASSERT_EQ(back.profile.perJoint.size(), 3u);
      for (std::size_t i = 0; i < 3; ++i) {
        const JointSignal &x = s.profile.perJoint[i], &y = back.profile.perJoint[i];
        EXPECT_EQ(y.kind, x.kind);
        EXPECT_EQ(y.initial, x.initial);
        EXPECT_EQ(y.final, x.final);
        EXPECT_EQ(y.start, x.start);
        if (x.kind == JointSignal::Kind::Ramp) {
          EXPECT_EQ(y.end, x.end);
        }
      }
    }
  }
}

// A CSV profile: written relative, read back absolute; the run from the saved file equals the
// run from the settings in memory, to the bit (the file holds everything the run uses).
TEST(ControllerSettings, SavedFileRunsTheSameSimulation) {
  const auto dir = std::filesystem::temp_directory_path() / "armdyn_controller_settings_test";
  std::filesystem::create_directories(dir);
  {
    std::ofstream csv(dir / "volts.csv");
    csv << "t,u1,u2,u3\n0,0,0,0\n0.02,2,-1,0.5\n0.05,0,3,0\n";
  }
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  ControllerSettings s;
  s.config.type = ControllerType::OpenLoop;
  s.config.sampleTime = 0.001;
  s.config.setpoint = SetpointSource::Hold;
  s.profile.csv = "volts.csv";
  const std::string path = (dir / "ctl.yaml").string();
  ControllerSettings inMemory = s;
  inMemory.profile.csv = (dir / "volts.csv").string();
  saveControllerSettings(inMemory, model, path);
  const ControllerSettings back = loadControllerSettings(path, model);
  EXPECT_EQ(back.profile.csv, (dir / "volts.csv").lexically_normal().string());
  const ControlRun a = runController(model, nullptr, controllerConfig(inMemory, model), 0.08);
  const ControlRun b = runController(model, nullptr, loadControllerFile(path, model), 0.08);
  ASSERT_EQ(a.result.history.t.size(), b.result.history.t.size());
  EXPECT_TRUE(a.result.history.q == b.result.history.q);
  EXPECT_TRUE(a.result.history.current == b.result.history.current);
  EXPECT_GT(a.result.history.current.cwiseAbs().maxCoeff(), 0.1);  // the profile did drive the motors
  std::filesystem::remove_all(dir);
}

// Settings made for a 3-joint arm complete to defaults on a 6-joint one; empty vectors too.
TEST(ControllerSettings, CompletesForAnotherRobot) {
  const Model three(test::libraryRobotSpec("puma560_anderson3"));
  const Model six(test::libraryRobotSpec("puma560"));
  const ControllerSettings s = completeSettings(everyField(three, ControllerType::Pid), six);
  EXPECT_EQ(s.config.gains.size(), 6u);
  EXPECT_EQ(s.config.kp.size(), 6);
  EXPECT_EQ(s.config.constraints.size(), 6u);
  for (const JointConstraint& k : s.config.constraints) EXPECT_EQ(k.mode, JointMode::Free);
  EXPECT_EQ(s.config.outputLimit.size(), 0);  // the drives' limits
  EXPECT_EQ(s.config.q0.size(), 0);
  EXPECT_EQ(s.config.setpoint, SetpointSource::Default);  // a step target for 3 joints is dropped
  EXPECT_EQ(s.profile.perJoint.size(), 6u);
  const Eigen::VectorXd limits = effectiveOutputLimits(s.config, six);
  EXPECT_EQ(limits, Eigen::VectorXd::Constant(6, 40.0));  // +-40 V amplifiers, voltage input
  EXPECT_EQ(s.config.kPhi.size(), 6);  // PVA gains sized for 3 joints: the defaults for 6
}

// The PVA defaults are the suggested PD (home pose, 100 rad/s) with the critically damped
// integral Ki = 4 Kp w / 27, per sample of the PVA sample time: K_phi = Ki h, K_omega = Kp h,
// K_eps = Kd h with Kp = Kg, Kd = Kg Td (Anderson's terms), h = 1 ms unless set. Every joint
// has a positive gain; a file of type pva without gains runs with these.
TEST(ControllerSettings, PvaDefaultsComeFromTheSuggestedPd) {
  const Model model(test::libraryRobotSpec("puma560"));
  ControllerSettings s;
  s.config.type = ControllerType::Pva;
  const ControllerConfig c = completeSettings(s, model).config;
  const std::vector<PidGains> pd = suggestedPidGains(model, model.home(), DriveInput::Voltage, kDefaultPidFrequency);
  const double w = kDefaultPidFrequency, h = 1e-3;
  ASSERT_EQ(c.kPhi.size(), 6);
  for (int i = 0; i < 6; ++i) {
    const PidGains& g = pd[static_cast<std::size_t>(i)];
    EXPECT_NEAR(c.kPhi(i), 4.0 / 27.0 * g.kg * w * h, 1e-12 * g.kg * w * h) << i;
    EXPECT_NEAR(c.kOmega(i), g.kg * h, 1e-15 * g.kg) << i;
    EXPECT_NEAR(c.kEps(i), g.kg * g.td * h, 1e-15 * g.kg) << i;
    EXPECT_GT(c.kOmega(i), 0.0);
  }
  s.config.sampleTime = 2e-3;
  EXPECT_NEAR(completeSettings(s, model).config.kOmega(1), 2.0 * c.kOmega(1), 1e-12 * c.kOmega(1));
  EXPECT_NO_THROW(validateControllerSettings(s, model));
  // A file without gains runs with exactly these: the same run, to the bit, as the completed
  // settings (gains written out).
  const ControllerConfig file =
      parseControllerYaml("type: pva\nsetpoint: {step: {q: [2, 47, -178, 0, 45, 0], at: 0.01}}\n", "pva.yaml", model);
  EXPECT_EQ(file.kPhi.size(), 0);
  ControllerSettings written;
  written.config = file;
  const ControllerConfig completed = controllerConfig(written, model);
  EXPECT_EQ(completed.kPhi.size(), 6);
  const RunHistory a = runController(model, nullptr, file, 0.1).result.history;
  const RunHistory b = runController(model, nullptr, completed, 0.1).result.history;
  ASSERT_EQ(a.t.size(), b.t.size());
  EXPECT_TRUE(a.q == b.q);
  EXPECT_TRUE(a.input == b.input);
  EXPECT_GT(a.error.cwiseAbs().maxCoeff(), 0.01);  // the step moved the arm
}

std::string refusedField(const ControllerSettings& s, const Model& model) {
  try {
    validateControllerSettings(s, model);
  } catch (const InputError& e) {
    return e.field();
  }
  return "";
}

TEST(ControllerSettings, RefusalsNameTheField) {
  const Model puma(test::libraryRobotSpec("puma560_anderson3"));
  ControllerSettings s = completeSettings(ControllerSettings{}, puma);
  EXPECT_EQ(refusedField(s, puma), "");
  ControllerSettings bad = s;
  bad.config.gains[1].ti = -0.01;
  EXPECT_EQ(refusedField(bad, puma), "gains[2].ti");
  bad = s;
  bad.config.kPhi(1) = -0.5;
  EXPECT_EQ(refusedField(bad, puma), "k_phi[2]");
  bad = s;
  bad.config.kEps(2) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(refusedField(bad, puma), "k_eps[3]");
  bad = s;
  bad.config.kPhi(1) = bad.config.kOmega(1) = bad.config.kEps(1) = 0.0;  // no feedback on joint 2
  EXPECT_EQ(refusedField(bad, puma), "k_omega[2]");
  bad.config.kEps(1) = 1e-6;  // any one positive will do
  EXPECT_EQ(refusedField(bad, puma), "");
  bad = s;
  bad.config.sampleTime = std::nan("");
  EXPECT_EQ(refusedField(bad, puma), "sample_time");
  bad = s;
  bad.profile.perJoint[0] = JointSignal{JointSignal::Kind::Ramp, 0.0, 1.0, 0.5, 0.2};
  EXPECT_EQ(refusedField(bad, puma), "profile[1]");
  bad = s;
  bad.config.rigidBody = true;
  bad.config.input = DriveInput::Voltage;
  EXPECT_EQ(refusedField(bad, puma), "rigid_body");
  const Model rrr(test::voraRrrSpec());
  ControllerSettings v;
  v.config.input = DriveInput::Voltage;
  EXPECT_EQ(refusedField(v, rrr), "input");
  ControllerSettings csv;
  csv.config.type = ControllerType::OpenLoop;
  csv.profile.csv = "/nonexistent/volts.csv";
  EXPECT_THROW(validateControllerSettings(csv, rrr), InputError);
  // An RK4 step above a voltage drive's stability limit 2.785 L/R (the walkthrough's 0.01 s on
  // the PUMA: the dialog took it, the run failed): the step given is named, else the sample time
  // that sets it; the adaptive integrator or a step below the limit is taken. The limit is the
  // simulator's own (rk4ElectricalStepLimit), and the run refuses what this refuses.
  ControllerSettings rk4 = s;
  rk4.config.integrator = IntegratorKind::RungeKutta4;
  rk4.config.input = DriveInput::Voltage;
  double limit = 1e300;
  for (const LinkSpec& l : puma.spec().links) limit = std::min(limit, rk4ElectricalStepLimit(*l.drive));
  rk4.config.step = 1.01 * limit;
  EXPECT_EQ(refusedField(rk4, puma), "step");
  EXPECT_THROW(runController(puma, nullptr, completeSettings(rk4, puma).config, 0.1), InputError);
  rk4.config.step = 0.99 * limit;
  EXPECT_EQ(refusedField(rk4, puma), "");
  rk4.config.step = 1.01 * limit;
  rk4.config.integrator = IntegratorKind::DormandPrince45;
  EXPECT_EQ(refusedField(rk4, puma), "");
}

}  // namespace
TEST(ControllerSettings, SetSampleTimeKeepsThePvaLawInContinuousTime) {
  // K = K_continuous h: from the default 1 ms (sample_time 0) to 0.25 ms the gains quarter,
  // back to 0 (the default) they are restored; PID gains do not move.
  ControllerConfig c;
  c.type = ControllerType::Pva;
  c.kPhi = Eigen::VectorXd::Constant(2, 8.0);
  c.kOmega = Eigen::VectorXd::Constant(2, 4.0);
  c.kEps = Eigen::VectorXd::Constant(2, 0.4);
  c.gains = std::vector<PidGains>(2);
  c.gains[0].kg = 7.0;
  setSampleTime(c, 2.5e-4);
  EXPECT_EQ(c.sampleTime, 2.5e-4);
  EXPECT_DOUBLE_EQ(c.kPhi(1), 2.0);
  EXPECT_DOUBLE_EQ(c.kOmega(0), 1.0);
  EXPECT_DOUBLE_EQ(c.kEps(1), 0.1);
  setSampleTime(c, 0.0);
  EXPECT_DOUBLE_EQ(c.kPhi(0), 8.0);
  EXPECT_DOUBLE_EQ(c.kEps(0), 0.4);
  EXPECT_EQ(c.gains[0].kg, 7.0);
}

}  // namespace armdyn
