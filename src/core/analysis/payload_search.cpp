#include "analysis/payload_search.h"

#include "analysis/actuator_sizing.h"
#include "common/input_error.h"
#include "model/model.h"

#include <memory>
#include <stdexcept>

namespace armdyn {

namespace {

struct Trial {
  bool pass = false;
  int joint = -1;
  std::string check;
};

RobotSpec withPayload(const RobotSpec& robot, double mass) {
  RobotSpec spec = robot;
  RigidBodyInertia p;
  if (robot.payload && robot.payload->mass > 0.0) {
    p = *robot.payload;
    p.inertiaCom *= mass / robot.payload->mass;
  }
  p.mass = mass;
  spec.payload = p;
  return spec;
}

Trial evaluate(const RobotSpec& robot, const std::vector<TaskSpec>& tasks, const SimulationOptions& options,
               double mass) {
  const Model model(withPayload(robot, mass));
  std::vector<RunRecord> runs;
  runs.reserve(tasks.size());
  std::vector<DutyCycleTask> cycle;
  for (const TaskSpec& t : tasks) {
    try {
      runs.push_back(simulateTask(model, t, options));
    } catch (const InputError& e) {
      // With a payload, a time-optimal task may have no timing left (a torque limit cannot hold
      // the load): that payload fails. Without one, the task itself is at fault: said as is.
      if (mass == 0.0) throw;
      Trial t;
      t.check = std::string("no timing: ") + e.what();
      return t;
    }
  }
  for (std::size_t k = 0; k < tasks.size(); ++k) cycle.push_back({&runs[k], tasks[k].dwell, tasks[k].name});
  const SizingReport r = sizeActuators(model, cycle);
  if (!r.pass) throw InputError("", 0, "ratings", "no joint has a rating to check: give drive ratings, voltage_limit, current_limit or fmax");
  Trial t;
  t.pass = *r.pass;
  for (std::size_t j = 0; j < r.joints.size() && !t.pass; ++j)
    for (const SizingCheck& c : r.joints[j].checks)
      if (!c.pass) {
        t.joint = static_cast<int>(j);
        t.check = c.name;
        break;
      }
  return t;
}

}  // namespace

PayloadSearch largestPayload(const RobotSpec& robot, const std::vector<TaskSpec>& tasks,
                             const SimulationOptions& options, double tolerance) {
  if (!(tolerance > 0.0) || !(tolerance < 1.0))
    throw std::invalid_argument("largestPayload: tolerance outside (0, 1)");
  PayloadSearch out;
  const auto record = [&](double m, const Trial& t) {
    ++out.evaluations;
    if (!t.pass) {
      out.bounded = true;
      out.failing = m;
      out.failingJoint = t.joint;
      out.failingCheck = t.check;
    } else {
      out.largest = m;
    }
  };
  Trial t = evaluate(robot, tasks, options, 0.0);
  record(0.0, t);
  if (!t.pass) return out;
  double m = 1.0;
  while (m <= kMaxPayloadSearchMass) {
    t = evaluate(robot, tasks, options, m);
    record(m, t);
    if (!t.pass) break;
    m *= 2.0;
  }
  if (!out.bounded) return out;
  for (int it = 0; it < 200 && out.failing - out.largest > tolerance * out.failing; ++it) {
    const double mid = 0.5 * (out.largest + out.failing);
    record(mid, evaluate(robot, tasks, options, mid));
  }
  return out;
}

}  // namespace armdyn
