#include "control/controller_file.h"

#include "common/field_source.h"
#include "common/text_file.h"
#include "common/input_error.h"
#include "common/number_text.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace armdyn {

const char* controllerTypeName(ControllerType type) {
  switch (type) {
    case ControllerType::Pid: return "pid";
    case ControllerType::ComputedTorque: return "computed_torque";
    case ControllerType::OpenLoop: return "open_loop";
    case ControllerType::Pva: return "pva";
  }
  return "?";
}

namespace {

using io_detail::FieldSource;
using io_detail::Map;
using io_detail::Value;

const std::vector<std::string> kFields = {
    "type", "input", "sample_time", "setpoint_period", "integrator", "step", "tolerance", "friction_velocity_scale",
    "rigid_body", "record_period", "gains", "output_limit", "bumpless", "kp", "kd", "natural_frequency",
    "current_gain", "profile", "setpoint", "constraints", "initial", "k_phi", "k_omega", "k_eps"};

struct Reader {
  FieldSource& src;
  const Model& model;
  int n;

  double positive(const Value& v) const {
    const double x = src.number(v);
    if (!(x > 0.0)) src.fail(v.line, v.field, "must be positive");
    return x;
  }
  double notNegative(const Value& v) const {
    const double x = src.number(v);
    if (x < 0.0) src.fail(v.line, v.field, "must not be negative");
    return x;
  }
  // A number for every joint, or one number for all of them.
  Eigen::VectorXd perJoint(const Value& v, bool allowNegative) const {
    Eigen::VectorXd out(n);
    if (v.node.IsScalar()) {
      out.setConstant(allowNegative ? src.number(v) : notNegative(v));
    } else {
      const std::vector<double> x = src.numbers(v, n);
      for (int i = 0; i < n; ++i) out(i) = x[static_cast<std::size_t>(i)];
      if (!allowNegative)
        for (int i = 0; i < n; ++i)
          if (out(i) < 0.0) src.fail(v.line, v.field, "joint " + std::to_string(i + 1) + " must not be negative");
    }
    return out;
  }
  // Joint values in degrees (revolute) or metres (prismatic), to SI.
  Eigen::VectorXd joints(const Value& v) const {
    const std::vector<double> x = src.numbers(v, n);
    Eigen::VectorXd out(n);
    for (int i = 0; i < n; ++i) out(i) = model.isRevolute(i) ? degToRad(x[static_cast<std::size_t>(i)]) : x[static_cast<std::size_t>(i)];
    return out;
  }
  std::string word(const Value& v, const std::vector<std::string>& allowed) const {
    const std::string w = src.text(v);
    for (const auto& a : allowed)
      if (w == a) return w;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    src.fail(v.line, v.field, "expected one of " + list + ", got '" + w + "'");
  }
  std::vector<Value> list(Value v) const {
    std::vector<Value> items = src.items(v);
    if (static_cast<int>(items.size()) != n)
      src.fail(v.line, v.field,
               "needs one entry per joint: " + std::to_string(n) + " expected, got " + std::to_string(items.size()));
    return items;
  }
  // One number per joint, each a finite number >= 0; errors name the element ("k_phi[2]")
  // and its line.
  Eigen::VectorXd gainList(const Value& v) const {
    const std::vector<Value> items = list(v);
    Eigen::VectorXd out(n);
    for (int i = 0; i < n; ++i) out(i) = notNegative(items[static_cast<std::size_t>(i)]);
    return out;
  }
};

JointSignal readSignal(Reader& r, const Value& v) {
  const Map m(r.src, v, {"constant", "step", "ramp"});
  if (auto x = m.find("constant")) return JointSignal::constant(r.src.number(*x));
  if (auto x = m.find("step")) {
    const std::vector<double> s = r.src.numbers(*x, 3);  // before, after, at
    return JointSignal::step(s[0], s[1], s[2]);
  }
  if (auto x = m.find("ramp")) {
    const std::vector<double> s = r.src.numbers(*x, 4);  // from, to, start, end
    if (!(s[3] > s[2])) r.src.fail(x->line, x->field, "a ramp must end after it starts ([from, to, start, end])");
    return JointSignal::ramp(s[0], s[1], s[2], s[3]);
  }
  r.src.fail(v.line, v.field, "expected constant, step or ramp");
}

}  // namespace

ControllerConfig parseControllerYaml(const std::string& text, const std::string& fileName, const Model& model) {
  FieldSource src(fileName);
  const Value root = src.parse(text);
  return readControllerMapping(src, root, model);
}

ControllerConfig readControllerMapping(io_detail::FieldSource& src, const io_detail::Value& root, const Model& model) {
  const std::string& fileName = src.file();
  const Map m(src, root, kFields);
  Reader r{src, model, model.dof()};
  ControllerConfig c;
  c.sourceFile = fileName;

  const std::string type = r.word(m.get("type"), {"pid", "computed_torque", "open_loop", "pva"});
  c.type = type == "pid"               ? ControllerType::Pid
           : type == "computed_torque" ? ControllerType::ComputedTorque
           : type == "pva"             ? ControllerType::Pva
                                       : ControllerType::OpenLoop;
  if (auto x = m.find("input")) {
    const std::string in = r.word(*x, {"voltage", "current", "torque"});
    c.input = in == "voltage" ? DriveInput::Voltage : in == "current" ? DriveInput::Current : DriveInput::Torque;
  }
  if (auto x = m.find("sample_time")) {
    c.sampleTime = r.positive(*x);
    c.sampleTimeLine = x->line;
  }
  if (auto x = m.find("setpoint_period")) c.setpointPeriod = r.notNegative(*x);
  if (auto x = m.find("integrator"))
    c.integrator = r.word(*x, {"rk4", "dormand_prince"}) == "rk4" ? IntegratorKind::RungeKutta4 : IntegratorKind::DormandPrince45;
  if (auto x = m.find("step")) {
    c.step = r.positive(*x);
    c.stepLine = x->line;
  }
  if (auto x = m.find("tolerance")) c.tolerance = r.positive(*x);
  if (auto x = m.find("friction_velocity_scale")) c.frictionVelocityScale = r.positive(*x);
  if (auto x = m.find("rigid_body")) c.rigidBody = src.flag(*x);
  if (auto x = m.find("record_period")) c.recordPeriod = r.positive(*x);
  if (c.rigidBody && c.input && *c.input != DriveInput::Torque)
    src.fail(m.get("rigid_body").line, "rigid_body", "the rigid-body model takes joint torques only (input: torque)");

  auto onlyFor = [&](const char* key, ControllerType t, std::optional<ControllerType> also = std::nullopt) {
    if (auto x = m.find(key); x && c.type != t && (!also || c.type != *also))
      src.fail(x->line, x->field,
               also ? std::string("applies to types ") + controllerTypeName(t) + " and " + controllerTypeName(*also) + " only"
                    : std::string("applies to type ") + controllerTypeName(t) + " only");
  };
  onlyFor("gains", ControllerType::Pid);
  onlyFor("output_limit", ControllerType::Pid, ControllerType::Pva);
  onlyFor("bumpless", ControllerType::Pid, ControllerType::Pva);
  onlyFor("k_phi", ControllerType::Pva);
  onlyFor("k_omega", ControllerType::Pva);
  onlyFor("k_eps", ControllerType::Pva);
  onlyFor("kp", ControllerType::ComputedTorque);
  onlyFor("kd", ControllerType::ComputedTorque);
  onlyFor("natural_frequency", ControllerType::ComputedTorque);
  onlyFor("current_gain", ControllerType::ComputedTorque);
  onlyFor("profile", ControllerType::OpenLoop);

  switch (c.type) {
    case ControllerType::Pid:
      for (const Value& g : r.list(m.get("gains"))) {
        const Map gm(src, g, {"kg", "ti", "td"});
        PidGains p;
        p.kg = src.number(gm.get("kg"));
        if (auto x = gm.find("ti")) p.ti = r.notNegative(*x);
        if (auto x = gm.find("td")) p.td = r.notNegative(*x);
        c.gains.push_back(p);
      }
      if (auto x = m.find("output_limit")) c.outputLimit = r.perJoint(*x, false);
      if (auto x = m.find("bumpless")) c.bumpless = src.flag(*x);
      break;
    case ControllerType::ComputedTorque:
      if (auto w = m.find("natural_frequency")) {
        if (m.has("kp") || m.has("kd"))
          src.fail(w->line, w->field, "give either natural_frequency or kp and kd, not both");
        const double omega = r.positive(*w);
        c.kp = Eigen::VectorXd::Constant(r.n, omega * omega);
        c.kd = Eigen::VectorXd::Constant(r.n, 2.0 * omega);
      } else {
        c.kp = r.perJoint(m.get("kp"), false);
        c.kd = r.perJoint(m.get("kd"), false);
      }
      if (auto x = m.find("current_gain")) c.currentGain = r.notNegative(*x);
      break;
    case ControllerType::Pva: {
      // All three absent: the defaults (completed by controller_settings.h or the run); some
      // given: the others are zero.
      const char* keys[3] = {"k_phi", "k_omega", "k_eps"};
      Eigen::VectorXd* lists[3] = {&c.kPhi, &c.kOmega, &c.kEps};
      if (m.has("k_phi") || m.has("k_omega") || m.has("k_eps")) {
        for (int k = 0; k < 3; ++k) *lists[k] = m.has(keys[k]) ? r.gainList(m.get(keys[k])) : Eigen::VectorXd::Zero(r.n);
        // Blame a list the file gives, k_omega (the velocity gain) first.
        const char* blame = m.has("k_omega") ? "k_omega" : m.has("k_phi") ? "k_phi" : "k_eps";
        for (int i = 0; i < r.n; ++i) {
          if (c.kPhi(i) > 0.0 || c.kOmega(i) > 0.0 || c.kEps(i) > 0.0) continue;
          const std::string field = std::string(blame) + "[" + std::to_string(i + 1) + "]";
          src.fail(src.lineOf(field), field,
                   "joint " + std::to_string(i + 1) + " has k_phi, k_omega and k_eps all 0 (no feedback): at least one must be positive");
        }
      }
      if (auto x = m.find("output_limit")) c.outputLimit = r.perJoint(*x, false);
      if (auto x = m.find("bumpless")) c.bumpless = src.flag(*x);
      break;
    }
    case ControllerType::OpenLoop: {
      const Value p = m.get("profile");
      if (p.node.IsMap()) {
        const Map pm(src, p, {"csv", "interpolation"});
        TableInterpolation interpolation = TableInterpolation::ZeroOrderHold;
        if (auto x = pm.find("interpolation"))
          interpolation = r.word(*x, {"hold", "linear"}) == "hold" ? TableInterpolation::ZeroOrderHold : TableInterpolation::Linear;
        const Value csvValue = pm.get("csv");
        std::filesystem::path csv = src.text(csvValue);
        if (csv.is_relative() && !fileName.empty()) csv = std::filesystem::path(fileName).parent_path() / csv;
        try {
          c.profile = loadInputProfileCsv(csv.string(), r.n, interpolation);
        } catch (const InputError& e) {
          // A CSV that cannot be read at all (missing, a directory, too large) is this file's
          // field at fault; an error inside the CSV keeps its own file and line.
          if (e.line() != 0) throw;
          src.fail(csvValue.line, csvValue.field, csv.string() + ": " + e.message());
        }
      } else {
        std::vector<JointSignal> perJoint;
        for (const Value& s : r.list(p)) perJoint.push_back(readSignal(r, s));
        c.profile = InputProfile::perJointSignals(std::move(perJoint));
      }
      break;
    }
  }

  if (auto x = m.find("setpoint")) {
    if (x->node.IsScalar()) {
      c.setpoint = r.word(*x, {"task", "hold"}) == "task" ? SetpointSource::Task : SetpointSource::Hold;
    } else {
      const Map sm(src, *x, {"step"});
      const Map step(src, sm.get("step"), {"q", "at"});
      c.setpoint = SetpointSource::Step;
      c.stepTarget = r.joints(step.get("q"));
      c.stepTime = step.has("at") ? r.notNegative(step.get("at")) : 0.0;
    }
  }
  if (auto x = m.find("constraints")) {
    for (const Value& v : r.list(*x)) {
      JointConstraint k;
      if (v.node.IsMap()) {
        const Map cm(src, v, {"constant_acceleration"});
        k.mode = JointMode::ConstantAcceleration;
        const double a = src.number(cm.get("constant_acceleration"));
        const int joint = static_cast<int>(c.constraints.size());
        k.acceleration = model.isRevolute(joint) ? degToRad(a) : a;
      } else {
        const std::string w = r.word(v, {"free", "locked", "constant_velocity"});
        k.mode = w == "free" ? JointMode::Free : w == "locked" ? JointMode::Locked : JointMode::ConstantVelocity;
      }
      c.constraints.push_back(k);
    }
  }
  if (auto x = m.find("initial")) {
    const Map im(src, *x, {"q", "qd"});
    if (auto q = im.find("q")) c.q0 = r.joints(*q);
    if (auto qd = im.find("qd")) c.qd0 = r.joints(*qd);
  }
  return c;
}

ControllerConfig loadControllerFile(const std::string& path, const Model& model) {
  return parseControllerYaml(readTextFile(path), path, model);
}

}  // namespace armdyn
