#include "control/controller_settings.h"

#include "control/pid_controller.h"
#include "control/pva_controller.h"

#include "actuation/drive.h"
#include "dynamics/crba.h"
#include "common/input_error.h"
#include "common/number_text.h"
#include "common/atomic_write.h"
#include "common/text_file.h"
#include "simulation/drive_stage.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace armdyn {

std::vector<PidGains> suggestedPidGains(const Model& model, const Eigen::VectorXd& q, DriveInput input,
                                        double w, bool rigidBodyOnly) {
  const int n = model.dof();
  if (!(w > 0.0) || !std::isfinite(w)) throw std::invalid_argument("suggestedPidGains: natural frequency must be positive");
  if (q.size() != n || !q.allFinite())
    throw std::invalid_argument("suggestedPidGains: q needs " + std::to_string(n) + " finite values");
  if (input != DriveInput::Torque && !hasMotors(model))
    throw ModelError("input", std::string("a ") + driveInputName(input) + " input needs a motor on every joint");
  const Eigen::MatrixXd M = massMatrix(model, q);
  std::vector<PidGains> gains(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    const auto& drive = model.spec().links[j].drive;
    double inertia = M(j, j);
    if (drive && !rigidBodyOnly) inertia += reflectedInertia(*drive);
    double torquePerInput = 1.0;
    if (input == DriveInput::Current) torquePerInput = drive->gearRatio * drive->kt;
    if (input == DriveInput::Voltage) torquePerInput = drive->gearRatio * drive->kt / drive->resistance;
    // Damping of the back-EMF alone: tau = N kt (u - ke N qd) / R at stall.
    const double backEmfDamping =
        input == DriveInput::Voltage ? drive->gearRatio * drive->gearRatio * drive->ke * drive->kt / drive->resistance : 0.0;
    const double kp = inertia * w * w;
    PidGains& g = gains[static_cast<std::size_t>(j)];
    g.kg = kp / torquePerInput;
    g.td = std::max(0.0, (2.0 * inertia * w - backEmfDamping) / kp);
    g.ti = 0.0;
  }
  return gains;
}

PvaGains suggestedPvaGains(const Model& model, const Eigen::VectorXd& q, DriveInput input, double w, double h,
                           bool rigidBodyOnly) {
  if (!(h > 0.0) || !std::isfinite(h)) throw std::invalid_argument("suggestedPvaGains: sample period must be positive");
  std::vector<PidGains> pid = suggestedPidGains(model, q, input, w, rigidBodyOnly);
  for (PidGains& g : pid) g.ti = 27.0 / (4.0 * w);  // Ki = Kg / Ti = 4 Kp w / 27
  return PvaGains::fromPid(pid, h);
}

DriveInput effectiveInput(const ControllerConfig& c, const Model& model) {
  if (c.input) return *c.input;
  return c.rigidBody || !hasMotors(model) ? DriveInput::Torque : DriveInput::Voltage;
}

Eigen::VectorXd effectiveOutputLimits(const ControllerConfig& c, const Model& model) {
  const int n = model.dof();
  if (c.outputLimit.size() == n) return c.outputLimit;
  Eigen::VectorXd limits = Eigen::VectorXd::Zero(n);
  const DriveInput input = effectiveInput(c, model);
  for (int i = 0; i < n; ++i) {
    const auto& d = model.spec().links[i].drive;
    if (d && input == DriveInput::Voltage) limits(i) = d->voltageLimit;
    if (d && input == DriveInput::Current) limits(i) = d->currentLimit;
  }
  return limits;
}

ControllerSettings studioControllerDefaults() {
  ControllerSettings s;
  s.config.setpointPeriod = 0.0;
  return s;
}

void setSampleTime(ControllerConfig& c, double h) {
  auto effective = [](double v) { return v > 0.0 && std::isfinite(v) ? v : kPvaDefaultSamplePeriod; };
  const double scale = effective(h) / effective(c.sampleTime);
  c.kPhi *= scale;
  c.kOmega *= scale;
  c.kEps *= scale;
  c.sampleTime = h;
}

double defaultSamplePeriod(ControllerType type) {
  switch (type) {
    case ControllerType::Pid: return kAndersonServoPeriod;
    case ControllerType::ComputedTorque: return 1e-3;
    case ControllerType::Pva: return kPvaDefaultSamplePeriod;
    case ControllerType::OpenLoop: return 0.0;
  }
  return 0.0;
}

double effectiveSamplePeriod(const ControllerConfig& c) {
  return c.sampleTime > 0.0 && std::isfinite(c.sampleTime) ? c.sampleTime : defaultSamplePeriod(c.type);
}

double effectivePlantStep(const ControllerConfig& c) {
  const double ts = effectiveSamplePeriod(c);
  return c.step > 0.0 ? c.step : std::min(1e-3, ts > 0.0 ? ts : 1e-3);
}

ControllerSettings accuracyControllerDefaults() {
  ControllerSettings s = studioControllerDefaults();
  s.config.type = ControllerType::ComputedTorque;
  return s;
}

ControllerSettings completeSettings(const ControllerSettings& settings, const Model& model) {
  ControllerSettings s = settings;
  ControllerConfig& c = s.config;
  const int n = model.dof();
  const double w = kDefaultComputedTorqueFrequency;
  if (static_cast<int>(c.gains.size()) != n) {
    DriveInput input = effectiveInput(c, model);
    // An input the drives cannot take is refused by validation; suggest torque gains meanwhile.
    if (input != DriveInput::Torque && !hasMotors(model)) input = DriveInput::Torque;
    c.gains = suggestedPidGains(model, model.home(), input, kDefaultPidFrequency, c.rigidBody);
  }
  if (c.kPhi.size() != n || c.kOmega.size() != n || c.kEps.size() != n) {
    DriveInput input = effectiveInput(c, model);
    if (input != DriveInput::Torque && !hasMotors(model)) input = DriveInput::Torque;
    const double h = c.sampleTime > 0.0 && std::isfinite(c.sampleTime) ? c.sampleTime : kPvaDefaultSamplePeriod;
    PvaGains g = suggestedPvaGains(model, model.home(), input, kDefaultPidFrequency, h, c.rigidBody);
    c.kPhi = std::move(g.kPhi);
    c.kOmega = std::move(g.kOmega);
    c.kEps = std::move(g.kEps);
  }
  if (c.kp.size() != n) c.kp = Eigen::VectorXd::Constant(n, w * w);
  if (c.kd.size() != n) c.kd = Eigen::VectorXd::Constant(n, 2.0 * w);
  if (c.outputLimit.size() != 0 && c.outputLimit.size() != n) c.outputLimit.resize(0);
  if (static_cast<int>(c.constraints.size()) != n) c.constraints.assign(static_cast<std::size_t>(n), JointConstraint{});
  if (c.q0.size() != 0 && c.q0.size() != n) c.q0.resize(0);
  if (c.qd0.size() != 0 && c.qd0.size() != n) c.qd0.resize(0);
  if (c.stepTarget.size() != n) {
    c.stepTarget = model.home();
    if (c.setpoint == SetpointSource::Step) c.setpoint = SetpointSource::Default;
  }
  if (static_cast<int>(s.profile.perJoint.size()) != n)
    s.profile.perJoint.assign(static_cast<std::size_t>(n), JointSignal::constant(0.0));
  c.profile.reset();
  return s;
}

ControllerConfig controllerConfig(const ControllerSettings& settings, const Model& model) {
  const ControllerSettings s = completeSettings(settings, model);
  ControllerConfig c = s.config;
  if (!s.profile.csv.empty()) {
    c.profile = loadInputProfileCsv(s.profile.csv, model.dof(), s.profile.interpolation);
  } else {
    c.profile = InputProfile::perJointSignals(s.profile.perJoint);
  }
  return c;
}

namespace {

[[noreturn]] void fail(const std::string& field, const std::string& message) { throw InputError("", 0, field, message); }

void finiteAtLeastZero(double v, const std::string& field) {
  if (!std::isfinite(v)) fail(field, "must be a finite number");
  if (v < 0.0) fail(field, "must not be negative");
}

std::string item(const char* name, int index) { return std::string(name) + "[" + std::to_string(index + 1) + "]"; }

}  // namespace

void validateControllerSettings(const ControllerSettings& settings, const Model& model) {
  const ControllerSettings s = completeSettings(settings, model);
  const ControllerConfig& c = s.config;
  const int n = model.dof();
  finiteAtLeastZero(c.sampleTime, "sample_time");
  if (c.setpointPeriod) finiteAtLeastZero(*c.setpointPeriod, "setpoint_period");
  finiteAtLeastZero(c.step, "step");
  finiteAtLeastZero(c.recordPeriod, "record_period");
  if (!(c.tolerance > 0.0) || !std::isfinite(c.tolerance)) fail("tolerance", "must be a positive number");
  if (!(c.frictionVelocityScale > 0.0) || !std::isfinite(c.frictionVelocityScale))
    fail("friction_velocity_scale", "must be a positive number of rad/s");
  const DriveInput input = effectiveInput(c, model);
  if (c.rigidBody && input != DriveInput::Torque)
    fail("rigid_body", "the rigid-body model takes joint torques only (input: torque)");
  if (input != DriveInput::Torque && !hasMotors(model))
    fail("input", std::string("a ") + driveInputName(input) + " input needs a motor on every joint; this robot has " +
                      (hasDrives(model) ? "joints without one" : "no drives") + " (use torque)");
  for (int i = 0; i < n; ++i) {
    const PidGains& g = c.gains[static_cast<std::size_t>(i)];
    finiteAtLeastZero(g.kg, item("gains", i) + ".kg");
    finiteAtLeastZero(g.ti, item("gains", i) + ".ti");
    finiteAtLeastZero(g.td, item("gains", i) + ".td");
    finiteAtLeastZero(c.kp(i), item("kp", i));
    finiteAtLeastZero(c.kd(i), item("kd", i));
    finiteAtLeastZero(c.kPhi(i), item("k_phi", i));
    finiteAtLeastZero(c.kOmega(i), item("k_omega", i));
    finiteAtLeastZero(c.kEps(i), item("k_eps", i));
    if (c.kPhi(i) == 0.0 && c.kOmega(i) == 0.0 && c.kEps(i) == 0.0)
      fail(item("k_omega", i), "the position, velocity and acceleration gains of joint " + std::to_string(i + 1) +
                                   " would all be 0 (no feedback); at least one must be positive");
    if (c.outputLimit.size()) finiteAtLeastZero(c.outputLimit(i), item("output_limit", i));
    const JointConstraint& k = c.constraints[static_cast<std::size_t>(i)];
    if (!std::isfinite(k.acceleration)) fail(item("constraints", i), "the acceleration must be a finite number");
    const JointSignal& sig = s.profile.perJoint[static_cast<std::size_t>(i)];
    if (!std::isfinite(sig.initial) || !std::isfinite(sig.final) || !std::isfinite(sig.start) || !std::isfinite(sig.end))
      fail(item("profile", i), "values must be finite numbers");
    if (sig.kind == JointSignal::Kind::Ramp && !(sig.end > sig.start))
      fail(item("profile", i), "a ramp must end after it starts");
    if (sig.kind != JointSignal::Kind::Constant && sig.start < 0.0) fail(item("profile", i), "the start time must not be negative");
  }
  // Fixed-step RK4 on a voltage drive's electrical pole (ForwardSimulator's check, here so that a
  // dialog refuses the step as typed): the step given, else the sample time that sets it.
  if (c.integrator == IntegratorKind::RungeKutta4 && input == DriveInput::Voltage) {
    for (int i = 0; i < n; ++i) {
      const auto& d = model.spec().links[static_cast<std::size_t>(i)].drive;
      if (!d || !d->hasMotor) continue;
      const std::string why = rk4StepRefusal(*d, i, effectivePlantStep(c));
      if (!why.empty()) fail(c.step > 0.0 ? "step" : "sample_time", why);
    }
  }
  finiteAtLeastZero(c.currentGain, "current_gain");
  if (c.type == ControllerType::ComputedTorque && c.currentGain > 0.0 && input != DriveInput::Voltage)
    fail("current_gain", "current feedback applies to a voltage output only");
  if (c.q0.size() && !c.q0.allFinite()) fail("initial.q", "must be finite numbers");
  if (c.qd0.size() && !c.qd0.allFinite()) fail("initial.qd", "must be finite numbers");
  if (c.setpoint == SetpointSource::Step) {
    if (!c.stepTarget.allFinite()) fail("setpoint.step.q", "must be finite numbers");
    finiteAtLeastZero(c.stepTime, "setpoint.step.at");
  }
  if (c.type == ControllerType::OpenLoop && !s.profile.csv.empty()) {
    // The reader's own checks, with the CSV file's line and column.
    loadInputProfileCsv(s.profile.csv, n, s.profile.interpolation);
  }
}

namespace {

std::string num(double v) { return formatNumber(v); }

// Revolute joint values in degrees, prismatic ones in metres (the file's units).
std::string jointList(const Eigen::VectorXd& v, const Model& model) {
  std::string out = "[";
  for (int i = 0; i < v.size(); ++i) out += (i ? ", " : "") + (model.isRevolute(i) ? formatDegrees(v(i)) : num(v(i)));
  return out + "]";
}

std::string list(const Eigen::VectorXd& v) {
  std::string out = "[";
  for (int i = 0; i < v.size(); ++i) out += (i ? ", " : "") + num(v(i));
  return out + "]";
}

std::string signalText(const JointSignal& s) {
  switch (s.kind) {
    case JointSignal::Kind::Constant: return "{constant: " + num(s.initial) + "}";
    case JointSignal::Kind::Step: return "{step: [" + num(s.initial) + ", " + num(s.final) + ", " + num(s.start) + "]}";
    case JointSignal::Kind::Ramp:
      return "{ramp: [" + num(s.initial) + ", " + num(s.final) + ", " + num(s.start) + ", " + num(s.end) + "]}";
  }
  return "{constant: 0}";
}

std::string yamlQuoted(const std::string& text) {
  YAML::Emitter e;
  e << YAML::DoubleQuoted << text;
  return e.c_str();
}

}  // namespace

std::string controllerToYaml(const ControllerSettings& settings, const Model& model) {
  return controllerToYaml(settings, model, "");
}

std::string controllerToYaml(const ControllerSettings& settings, const Model& model, const std::string& destination) {
  ControllerSettings s = completeSettings(settings, model);
  if (!s.profile.csv.empty() && !destination.empty()) {
    const std::filesystem::path csv(s.profile.csv);
    const std::filesystem::path folder = std::filesystem::absolute(destination).parent_path();
    if (csv.is_absolute()) {
      const std::filesystem::path relative = csv.lexically_relative(folder);
      if (!relative.empty()) s.profile.csv = relative.generic_string();
    } else {
      // Stored relative to the working directory: make it relative to the destination.
      const std::filesystem::path relative = std::filesystem::absolute(csv).lexically_normal().lexically_relative(folder);
      if (!relative.empty()) s.profile.csv = relative.generic_string();
    }
  }
  const ControllerConfig& c = s.config;
  const int n = model.dof();
  std::ostringstream out;
  out << "# armdyn controller file (docs/control.md): gains, times, voltages and currents in SI;\n"
      << "# joint angles (initial state, setpoints, constant accelerations) in degrees.\n";
  out << "type: " << controllerTypeName(c.type) << "\n";
  if (c.input) out << "input: " << driveInputName(*c.input) << "\n";
  if (c.sampleTime > 0.0) out << "sample_time: " << num(c.sampleTime) << "\n";
  if (c.setpointPeriod) out << "setpoint_period: " << num(*c.setpointPeriod) << "\n";
  out << "integrator: " << (c.integrator == IntegratorKind::RungeKutta4 ? "rk4" : "dormand_prince") << "\n";
  if (c.step > 0.0) out << "step: " << num(c.step) << "\n";
  out << "tolerance: " << num(c.tolerance) << "\n";
  out << "friction_velocity_scale: " << num(c.frictionVelocityScale) << "\n";
  out << "rigid_body: " << (c.rigidBody ? "true" : "false") << "\n";
  if (c.recordPeriod > 0.0) out << "record_period: " << num(c.recordPeriod) << "\n";
  switch (c.type) {
    case ControllerType::Pid:
      out << "gains:\n";
      for (const PidGains& g : c.gains) out << "  - {kg: " << num(g.kg) << ", ti: " << num(g.ti) << ", td: " << num(g.td) << "}\n";
      if (c.outputLimit.size()) out << "output_limit: " << list(c.outputLimit) << "\n";
      out << "bumpless: " << (c.bumpless ? "true" : "false") << "\n";
      break;
    case ControllerType::ComputedTorque:
      out << "kp: " << list(c.kp) << "\nkd: " << list(c.kd) << "\n";
      out << "current_gain: " << num(c.currentGain) << "\n";
      break;
    case ControllerType::Pva:
      out << "k_phi: " << list(c.kPhi) << "\nk_omega: " << list(c.kOmega) << "\nk_eps: " << list(c.kEps) << "\n";
      if (c.outputLimit.size()) out << "output_limit: " << list(c.outputLimit) << "\n";
      out << "bumpless: " << (c.bumpless ? "true" : "false") << "\n";
      break;
    case ControllerType::OpenLoop:
      if (!s.profile.csv.empty()) {
        out << "profile: {csv: " << yamlQuoted(s.profile.csv) << ", interpolation: "
            << (s.profile.interpolation == TableInterpolation::ZeroOrderHold ? "hold" : "linear") << "}\n";
      } else {
        out << "profile:\n";
        for (const JointSignal& sig : s.profile.perJoint) out << "  - " << signalText(sig) << "\n";
      }
      break;
  }
  switch (c.setpoint) {
    case SetpointSource::Default: break;
    case SetpointSource::Task: out << "setpoint: task\n"; break;
    case SetpointSource::Hold: out << "setpoint: hold\n"; break;
    case SetpointSource::Step:
      out << "setpoint: {step: {q: " << jointList(c.stepTarget, model) << ", at: " << num(c.stepTime) << "}}\n";
      break;
  }
  bool anyConstraint = false;
  for (const JointConstraint& k : c.constraints) anyConstraint = anyConstraint || k.mode != JointMode::Free;
  if (anyConstraint) {
    out << "constraints: [";
    for (int i = 0; i < n; ++i) {
      const JointConstraint& k = c.constraints[static_cast<std::size_t>(i)];
      out << (i ? ", " : "");
      if (k.mode == JointMode::ConstantAcceleration) {
        out << "{constant_acceleration: " << (model.isRevolute(i) ? formatDegrees(k.acceleration) : num(k.acceleration)) << "}";
      } else {
        out << jointModeName(k.mode);
      }
    }
    out << "]\n";
  }
  if (c.q0.size() || c.qd0.size()) {
    out << "initial: {";
    if (c.q0.size()) out << "q: " << jointList(c.q0, model);
    if (c.qd0.size()) out << (c.q0.size() ? ", " : "") << "qd: " << jointList(c.qd0, model);
    out << "}\n";
  }
  return out.str();
}

ControllerSettings parseControllerSettings(const std::string& text, const std::string& fileName, const Model& model) {
  io_detail::FieldSource src(fileName);
  const io_detail::Value root = src.parse(text);
  return readControllerSettings(src, root, model);
}

ControllerSettings readControllerSettings(io_detail::FieldSource& src, const io_detail::Value& mapping,
                                          const Model& model) {
  const std::string& fileName = src.file();
  ControllerSettings s;
  s.config = readControllerMapping(src, mapping, model);  // every check, with file and line
  s.config.profile.reset();
  // The reader accepted the mapping: read back how the profile was given.
  const YAML::Node profile = mapping.node["profile"];
  if (profile && profile.IsMap()) {
    std::filesystem::path csv = profile["csv"].as<std::string>();
    if (csv.is_relative() && !fileName.empty()) csv = std::filesystem::path(fileName).parent_path() / csv;
    s.profile.csv = csv.lexically_normal().string();
    if (profile["interpolation"] && profile["interpolation"].as<std::string>() == "linear")
      s.profile.interpolation = TableInterpolation::Linear;
  } else if (profile && profile.IsSequence()) {
    for (const YAML::Node& item : profile) {
      if (item["constant"]) {
        s.profile.perJoint.push_back(JointSignal::constant(readNumber(item["constant"].Scalar()).value));
      } else {
        const YAML::Node v = item["step"] ? item["step"] : item["ramp"];
        std::vector<double> x;
        for (const YAML::Node& e : v) x.push_back(readNumber(e.Scalar()).value);
        s.profile.perJoint.push_back(item["step"] ? JointSignal::step(x[0], x[1], x[2]) : JointSignal::ramp(x[0], x[1], x[2], x[3]));
      }
    }
  }
  return s;
}

ControllerSettings loadControllerSettings(const std::string& path, const Model& model) {
  return parseControllerSettings(readTextFile(path), path, model);
}

void saveControllerSettings(const ControllerSettings& settings, const Model& model, const std::string& path) {
  validateControllerSettings(settings, model);
  writeFileAtomic(path, controllerToYaml(settings, model, path));
}

}  // namespace armdyn
