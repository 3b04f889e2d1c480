#include "control/control_run.h"

#include "actuation/drive.h"
#include "common/json_writer.h"
#include "control/computed_torque.h"
#include "control/holding_input.h"
#include "control/open_loop.h"
#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "control/pva_controller.h"
#include "dynamics/inverse_dynamics.h"
#include "dynamics/nonlinear_effects.h"
#include "dynamics/rnea.h"
#include "common/input_error.h"
#include "simulation/task_simulation.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>

namespace armdyn {

ControlRun runController(const Model& model, const TaskPlan* plan, const ControllerConfig& c, double duration,
                         const std::function<bool(double t)>& progress,
                         const std::function<void(ClosedLoopSetup&)>& adjust) {
  const int n = model.dof();
  const std::string& file = c.sourceFile;
  ControlRun run;
  run.input = effectiveInput(c, model);

  ClosedLoopSetup setup;
  setup.plant.input = run.input;
  setup.plant.integrator = c.integrator;
  setup.plant.rtol = c.tolerance;
  setup.plant.atol = 1e-2 * c.tolerance;
  setup.plant.rigidBodyOnly = c.rigidBody;
  setup.plant.frictionVelocityScale = c.frictionVelocityScale;
  setup.plant.constraints = c.constraints;
  const double ts = effectiveSamplePeriod(c);
  setup.plant.step = effectivePlantStep(c);
  setup.setpointPeriod = c.setpointPeriod ? *c.setpointPeriod : (c.type == ControllerType::Pid ? kAndersonSetpointPeriod : 0.0);
  setup.recordPeriod = c.recordPeriod;
  setup.progress = progress;
  // The task's tool wrench (TaskPlan::toolWrench) over the run's time: read at every controller
  // sample and held by the plant; a model-based controller gets the same W(t) as feedforward.
  const ToolWrenchProfile wrench = plan ? plan->toolWrench : ToolWrenchProfile();
  if (!wrench.isZero()) setup.toolWrench = [wrench](double t, ToolWrench& w) { wrench.evaluate(t, w); };

  SetpointSource source = c.setpoint;
  // A plan without a trajectory carries only a tool wrench (a run without a task): hold.
  if (source == SetpointSource::Default) source = plan && plan->trajectory ? SetpointSource::Task : SetpointSource::Hold;
  SetpointFunction setpoint;
  Eigen::VectorXd q0 = c.q0.size() ? c.q0 : model.home();
  Eigen::VectorXd qd0 = c.qd0.size() ? c.qd0 : Eigen::VectorXd::Zero(n);
  if (source == SetpointSource::Task) {
    if (!plan || !plan->trajectory)
      throw InputError(file, 0, "setpoint", "a task setpoint needs a task (give --task or a robot with a default task)");
    run.planDuration = plan->duration();
    Setpoint start;
    start.resize(n);
    plan->trajectory->evaluate(0.0, start.q, start.qd, start.qdd);
    if (!c.q0.size()) q0 = start.q;
    if (!c.qd0.size()) qd0 = start.qd;
    setpoint = trajectorySetpoint(plan->trajectory);
  } else if (source == SetpointSource::Hold) {
    setpoint = holdSetpoint(q0);
  } else {
    setpoint = stepSetpoint(q0, c.stepTarget, c.stepTime);
  }
  if (!(duration > 0.0)) {
    if (run.planDuration <= 0.0) throw InputError("", 0, "--duration", "a run without a task needs a duration > 0 s");
    duration = run.planDuration;
  }
  if (!std::isfinite(duration)) throw InputError("", 0, "--duration", "must be a finite number of seconds");
  // The limits `simulate` has (task_simulation.h), before anything is allocated or stepped:
  // the blame goes to what the user set (a given duration, else the controller file's step or
  // record period).
  {
    const bool given = !(run.planDuration > 0.0) || duration != run.planDuration;
    const double steps = duration / setup.plant.step;
    const double recordEvery = setup.recordPeriod > 0.0 ? setup.recordPeriod : (ts > 0.0 ? ts : setup.plant.step);
    const double records = duration / recordEvery;
    char buf[200];
    if (steps > kMaxRunSteps) {
      std::snprintf(buf, sizeof buf, "%.3g s at a %g s step is %.3g integration steps (at most %g)", duration,
                    setup.plant.step, steps, kMaxRunSteps);
      if (given) throw InputError("", 0, "--duration", buf);
      throw InputError(file, c.stepLine > 0 ? c.stepLine : c.sampleTimeLine, c.stepLine > 0 ? "step" : "sample_time", buf);
    }
    if (records > kMaxRunSamples) {
      std::snprintf(buf, sizeof buf, "%.3g s recorded every %g s is %.3g records (at most %g)", duration, recordEvery,
                    records, kMaxRunSamples);
      throw InputError(given ? "" : file, 0, given ? "--duration" : "record_period", buf);  // record_period: no line kept
    }
  }
  setup.duration = duration;
  setup.q0 = q0;
  setup.qd0 = qd0;

  // The input and motor currents that hold q0 against gravity and the tool wrench at t = 0: a
  // bumpless PID or PVA starts from that input, and then, like computed torque, the plant from
  // those currents (from zero current a voltage-driven arm would drop for the first L/R).
  Eigen::VectorXd hold, holdCurrent;
  holdingInput(model, q0, wrench.at(0.0), run.input, hold, holdCurrent);
  const bool held = c.type == ControllerType::ComputedTorque ||
                    ((c.type == ControllerType::Pid || c.type == ControllerType::Pva) && c.bumpless);
  if (held && run.input == DriveInput::Voltage) setup.current0 = holdCurrent;

  try {
    std::unique_ptr<Controller> controller;
    switch (c.type) {
      case ControllerType::Pid: {
        auto pid = std::make_unique<PidController>(DiscretePid(c.gains, ts, effectiveOutputLimits(c, model)));
        if (c.bumpless) pid->setInitialOutput(hold);
        controller = std::move(pid);
        break;
      }
      case ControllerType::ComputedTorque: {
        ComputedTorqueGains gains{c.kp, c.kd};
        auto ct = std::make_unique<ComputedTorqueController>(model, gains, ts, run.input, c.rigidBody,
                                                             c.frictionVelocityScale, c.currentGain);
        ct->setToolWrench(wrench);  // + J^T W(t) in the model-based term, as feedforward
        controller = std::move(ct);
        break;
      }
      case ControllerType::OpenLoop:
        controller = std::make_unique<OpenLoopController>(*c.profile, ts);
        break;
      case ControllerType::Pva: {
        // Gains absent from the file: the suggested ones (controller_settings.h) for this input
        // and sample period. Output limits and the bumpless start as the PID's.
        PvaGains gains{c.kPhi, c.kOmega, c.kEps};
        if (c.kPhi.size() != n || c.kOmega.size() != n || c.kEps.size() != n)
          gains = suggestedPvaGains(model, model.home(), run.input, kDefaultPidFrequency, ts, c.rigidBody);
        auto pva = std::make_unique<PvaController>(std::move(gains), ts, effectiveOutputLimits(c, model));
        if (c.bumpless) pva->setInitialOutput(hold);
        controller = std::move(pva);
        break;
      }
    }
    if (adjust) adjust(setup);
    run.result = simulateClosedLoop(model, setup, *controller, setpoint);
    // A PID file without `input:` on an arm where some joint has no motor falls back to joint
    // torque: its gains then act in N m per rad, not V per rad. Say so, naming the joints.
    if ((c.type == ControllerType::Pid || c.type == ControllerType::Pva) && !c.input && !c.rigidBody &&
        run.input == DriveInput::Torque) {
      std::string joints;
      for (int i = 0; i < n; ++i) {
        const auto& d = model.spec().links[i].drive;
        if (!d || !d->hasMotor) joints += (joints.empty() ? "" : ", ") + std::to_string(i + 1);
      }
      run.result.summary.warnings.push_back("input is joint torque because joint(s) " + joints +
                                            " have no motor: the " + (c.type == ControllerType::Pid ? "PID" : "PVA") +
                                            " gains act in N m per rad (N per m), not V per rad");
    }
  } catch (const InputError&) {
    throw;
  } catch (const ModelError&) {
    throw;  // the robot's data (e.g. links[i].drive...), not the controller file's
  } catch (const UnstableStepError& e) {
    // An unstable RK4 step is the `step` entry's fault when one is given (or, by default, the
    // sample time's).
    throw InputError(file, c.step > 0.0 ? c.stepLine : c.sampleTimeLine, c.step > 0.0 ? "step" : "sample_time",
                     e.what());
  } catch (const std::invalid_argument& e) {
    // Options the simulator or a controller refuses (a motor missing for a voltage input, a
    // gain out of range) are the controller file's fault.
    throw InputError(file, 0, "", e.what());
  }
  return run;
}

std::string tuneResultJson(const TuneResult& r) {
  return JsonObject()
      .add("joint", r.joint + 1)
      .add("found", r.found ? "true" : "false")
      .add("Kmax", r.kmax)
      .add("Tp", r.tp)
      .add("Kmax_motor", r.kmaxMotor)
      .add("gear_ratio", r.gearRatio)
      .add("P", JsonObject().add("Kg", r.gains.p.kg).str())
      .add("PI", JsonObject().add("Kg", r.gains.pi.kg).add("Ti", r.gains.pi.ti).str())
      .add("PID", JsonObject().add("Kg", r.gains.pid.kg).add("Ti", r.gains.pid.ti).add("Td", r.gains.pid.td).str())
      .add("input", jsonString(driveInputName(r.input)))
      .add("trials", r.trials)
      .add("message", jsonString(r.message))
      .str();
}

std::string tuneResultText(const TuneResult& r) {
  char buf[200];
  if (!r.found) return "Ziegler-Nichols, joint " + std::to_string(r.joint + 1) + ": " + r.message + "\n";
  const char* unit = r.input == DriveInput::Voltage ? "V/rad" : r.input == DriveInput::Current ? "A/rad" : "N m/rad";
  std::snprintf(buf, sizeof buf,
                "Ziegler-Nichols ultimate sensitivity, joint %d (others locked), %d trial runs:\n"
                "  Kmax = %.6g %s, Tp = %.6g s\n",
                r.joint + 1, r.trials, r.kmax, unit, r.tp);
  std::string out = buf;
  if (r.gearRatio > 0.0) {
    std::snprintf(buf, sizeof buf, "  per motor radian (gear ratio %.6g): Kmax = %.6g %s\n", r.gearRatio, r.kmaxMotor,
                  unit);
    out += buf;
  }
  std::snprintf(buf, sizeof buf, "  P:   Kg = %.6g\n  PI:  Kg = %.6g, Ti = %.6g s\n  PID: Kg = %.6g, Ti = %.6g s, Td = %.6g s\n",
                r.gains.p.kg, r.gains.pi.kg, r.gains.pi.ti, r.gains.pid.kg, r.gains.pid.ti, r.gains.pid.td);
  return out + buf;
}

}  // namespace armdyn
