// Controller files and the run/tune entry points: fields read in the right units, refusals
// naming file, line and field, and runs that agree with the simulator driven directly.
#include "control/control_run.h"
#include "control/controller_file.h"
#include "analysis/simulation_csv.h"
#include "analysis/summary_report.h"
#include "run/task_run.h"
#include "common/input_error.h"
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "support/json_value.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace armdyn {
namespace {

const double kDeg = M_PI / 180.0;

TEST(ControllerFile, ReadsAPidFileInFileUnits) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  const ControllerConfig c = parseControllerYaml(
      "type: pid\n"
      "input: voltage\n"
      "sample_time: 0.001\n"
      "gains:\n"
      "  - {kg: 2800, ti: 0.022, td: 0.0057}\n"
      "  - {kg: 4800}\n"
      "  - {kg: 2400, ti: 0.02}\n"
      "output_limit: 30\n"
      "setpoint: {step: {q: [0, -80, 90], at: 0.1}}\n"
      "constraints: [locked, free, {constant_acceleration: 10}]\n"
      "initial: {q: [0, -90, 90]}\n",
      "pid.yaml", model);
  EXPECT_EQ(c.type, ControllerType::Pid);
  EXPECT_EQ(*c.input, DriveInput::Voltage);
  EXPECT_EQ(c.sampleTime, 0.001);
  ASSERT_EQ(c.gains.size(), 3u);
  EXPECT_EQ(c.gains[0].td, 0.0057);
  EXPECT_EQ(c.gains[1].ti, 0.0);  // absent: no integral action
  EXPECT_EQ(c.outputLimit, Eigen::Vector3d::Constant(30.0));
  EXPECT_EQ(c.setpoint, SetpointSource::Step);
  EXPECT_NEAR(c.stepTarget(1), -80.0 * kDeg, 1e-15);
  EXPECT_EQ(c.stepTime, 0.1);
  ASSERT_EQ(c.constraints.size(), 3u);
  EXPECT_EQ(c.constraints[0].mode, JointMode::Locked);
  EXPECT_EQ(c.constraints[2].mode, JointMode::ConstantAcceleration);
  EXPECT_NEAR(c.constraints[2].acceleration, 10.0 * kDeg, 1e-15);
  EXPECT_NEAR(c.q0(2), M_PI / 2.0, 1e-15);
}

InputError fileError(const std::string& text, const Model& model) {
  try {
    parseControllerYaml(text, "ctl.yaml", model);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted:\n" << text;
  return InputError("", 0, "", "");
}

TEST(ControllerFile, RefusalsNameFileLineAndField) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  {
    const InputError e = fileError("type: pid\ngains:\n  - {kg: 1}\n  - {kg: .nan}\n  - {kg: 1}\n", model);
    EXPECT_EQ(e.file(), "ctl.yaml");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.field(), "gains[2].kg");
    EXPECT_NE(e.message().find("finite"), std::string::npos);
  }
  {
    const InputError e = fileError("type: pid\ngains:\n  - {kg: 1}\n", model);
    EXPECT_EQ(e.field(), "gains");
    EXPECT_NE(e.message().find("3 expected, got 1"), std::string::npos) << e.what();
  }
  EXPECT_EQ(fileError("type: pid\ngains: [{kg: 1, ti: -2}, {kg: 1}, {kg: 1}]\n", model).field(), "gains[1].ti");
  EXPECT_EQ(fileError("type: fuzzy\n", model).field(), "type");
  EXPECT_EQ(fileError("type: pid\nsample_time: -1\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n", model).field(), "sample_time");
  EXPECT_EQ(fileError("type: computed_torque\nnatural_frequency: 10\nkp: 1\n", model).field(), "natural_frequency");
  EXPECT_EQ(fileError("type: open_loop\nprofile: [{constant: 1}]\n", model).field(), "profile");
  EXPECT_EQ(fileError("type: open_loop\ngains: []\nprofile: [{constant: 1}, {constant: 1}, {constant: 1}]\n", model).field(),
            "gains");
  EXPECT_EQ(fileError("type: pid\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\nconstraints: [free, stuck, free]\n", model).field(),
            "constraints[2]");
  EXPECT_EQ(fileError("type: pid\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\ninput: torque\nrigid_body: yes\nbogus: 1\n", model).field(),
            "bogus");
  // A profile CSV with a missing column: the CSV's own file, line and field.
  const std::string csv = (std::filesystem::temp_directory_path() / "armdyn_ctl_profile.csv").string();
  std::ofstream(csv) << "t,u1,u2,u3\n0,1,2,3\n0.5,1,2\n";
  try {
    parseControllerYaml("type: open_loop\nprofile: {csv: " + csv + "}\n", "ctl.yaml", model);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), csv);
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "u3");
  }
  std::remove(csv.c_str());
}

// Stepniewski's PVA law (control/pva_controller.h): three gain lists, one value per joint, in
// the input's unit per rad, per rad/s and per rad/s^2; a list left out is zero; output limits
// and bumpless as the PID's.
TEST(ControllerFile, ReadsAPvaFile) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  const ControllerConfig c = parseControllerYaml(
      "type: pva\n"
      "k_phi: [0.5, 0.25, 0.125]\n"
      "k_omega: [3, 4, 5]\n"
      "output_limit: [30, 35, 40]\n"
      "bumpless: false\n",
      "pva.yaml", model);
  EXPECT_EQ(c.type, ControllerType::Pva);
  EXPECT_EQ(c.kPhi, Eigen::Vector3d(0.5, 0.25, 0.125));
  EXPECT_EQ(c.kOmega, Eigen::Vector3d(3.0, 4.0, 5.0));
  EXPECT_EQ(c.kEps, Eigen::Vector3d::Zero());  // absent: zero
  EXPECT_EQ(c.outputLimit, Eigen::Vector3d(30.0, 35.0, 40.0));
  EXPECT_FALSE(c.bumpless);
  EXPECT_EQ(std::string(controllerTypeName(c.type)), "pva");
  // Without gains: empty, the defaults are filled in by the run (controller_settings.h).
  EXPECT_EQ(parseControllerYaml("type: pva\n", "pva.yaml", model).kPhi.size(), 0);
}

TEST(ControllerFile, PvaRefusalsNameFileLineAndField) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  {  // negative gain: the element and its line
    const InputError e = fileError("type: pva\nk_phi: [1, 1, 1]\nk_omega:\n  - 1\n  - -2\n  - 1\n", model);
    EXPECT_EQ(e.file(), "ctl.yaml");
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.field(), "k_omega[2]");
    EXPECT_NE(e.message().find("must not be negative"), std::string::npos) << e.what();
  }
  {  // wrong count
    const InputError e = fileError("type: pva\nk_phi: [1, 1, 1]\nk_eps: [1, 1]\n", model);
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.field(), "k_eps");
    EXPECT_NE(e.message().find("3 expected, got 2"), std::string::npos) << e.what();
  }
  {  // not a number
    const InputError e = fileError("type: pva\nk_phi: [1, fast, 1]\n", model);
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.field(), "k_phi[2]");
    EXPECT_NE(e.message().find("expected a number"), std::string::npos) << e.what();
  }
  {  // not finite
    const InputError e = fileError("type: pva\nk_omega: [1, 1, .inf]\n", model);
    EXPECT_EQ(e.field(), "k_omega[3]");
    EXPECT_NE(e.message().find("finite"), std::string::npos) << e.what();
  }
  {  // no feedback on a joint: k_omega's element for that joint
    const InputError e = fileError("type: pva\nk_phi: [1, 0, 1]\nk_omega:\n  - 1\n  - 0\n  - 1\n", model);
    EXPECT_EQ(e.line(), 5);
    EXPECT_EQ(e.field(), "k_omega[2]");
    EXPECT_NE(e.message().find("joint 2 has k_phi, k_omega and k_eps all 0"), std::string::npos) << e.what();
  }
  {  // a list, not one number for every joint
    const InputError e = fileError("type: pva\nk_phi: 2\n", model);
    EXPECT_EQ(e.field(), "k_phi");
    EXPECT_NE(e.message().find("expected a list"), std::string::npos) << e.what();
  }
  // Keys of another type, either way.
  EXPECT_EQ(fileError("type: pid\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\nk_phi: [1, 1, 1]\n", model).field(), "k_phi");
  EXPECT_EQ(fileError("type: pva\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n", model).field(), "gains");
  const InputError limit = fileError("type: computed_torque\nnatural_frequency: 10\noutput_limit: 5\n", model);
  EXPECT_EQ(limit.field(), "output_limit");
  EXPECT_NE(limit.message().find("applies to types pid and pva only"), std::string::npos) << limit.what();
}

TEST(ControlRun, OpenLoopRunEqualsTheSimulatorDrivenDirectly) {
  // Constant voltages through the file and the run entry point, against ForwardSimulator with
  // the same step: identical arithmetic, identical final state.
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  const ControllerConfig c = parseControllerYaml(
      "type: open_loop\nstep: 0.001\nprofile: [{constant: 2}, {constant: 5}, {constant: -3}]\n", "ol.yaml", model);
  const ControlRun run = runController(model, nullptr, c, 0.5);
  ASSERT_FALSE(run.result.summary.diverged);
  EXPECT_EQ(run.input, DriveInput::Voltage);
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), Eigen::VectorXd::Zero(3));
  sim.setInput(Eigen::Vector3d(2.0, 5.0, -3.0));
  for (int k = 0; k < 500; ++k) sim.advance(1e-3);
  const RunHistory& h = run.result.history;
  EXPECT_NEAR(h.t.back(), 0.5, 1e-12);
  EXPECT_LT((h.q.bottomRows(1).transpose() - sim.q()).norm(), 1e-12);
  EXPECT_LT((h.current.bottomRows(1).transpose() - sim.current()).norm(), 1e-10);
  // The summary as JSON, read back by an independent parser.
  const test::JsonValue j = test::JsonReader::parse(forwardSummaryJson(recordOfForwardRun(model, TaskPlan(), run, true)));
  EXPECT_EQ(j["input"].string, "voltage");
  EXPECT_NEAR(j["final_time"].number, 0.5, 1e-12);
  EXPECT_EQ(j["peak_voltage"].size(), 3u);
  EXPECT_NEAR(j["peak_voltage"][1].number, 5.0, 1e-12);
  EXPECT_FALSE(j["diverged"].boolean);
  // CSV: header plus one row per record.
  const std::string csv = recordCsv(recordOfForwardRun(model, TaskPlan(), run, true));
  EXPECT_EQ(csv.substr(0, csv.find('\n')).find("t,q1,q2,q3,qd1"), 0u);
  EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), h.t.size() + 1);
}

TEST(ControlRun, ProgressSeesEveryRowAndStopsTheRunCleanly) {
  // The progress callback gets each recorded row's time, in order; returning false once
  // t >= 0.2 s ends the run there: stopped, not diverged, the rows kept, and the state equal to
  // ForwardSimulator driven directly for as many steps (identical arithmetic: 1e-12).
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  const ControllerConfig c = parseControllerYaml(
      "type: open_loop\nstep: 0.001\nprofile: [{constant: 2}, {constant: 5}, {constant: -3}]\n", "ol.yaml", model);
  std::vector<double> seen;
  const ControlRun run = runController(model, nullptr, c, 0.5, [&seen](double t) {
    seen.push_back(t);
    return t < 0.2 - 1e-9;
  });
  const RunSummary& s = run.result.summary;
  const RunHistory& h = run.result.history;
  EXPECT_TRUE(s.stopped);
  EXPECT_FALSE(s.diverged);
  EXPECT_NE(s.message.find("stopped"), std::string::npos);
  EXPECT_EQ(seen, h.t);
  ASSERT_EQ(h.t.size(), 201u);  // rows at 0, 1, ..., 200 ms
  EXPECT_NEAR(s.finalTime, 0.2, 1e-12);
  EXPECT_EQ(h.q.rows(), 201);
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  ForwardSimulator sim(model, o);
  sim.setState(model.home(), Eigen::VectorXd::Zero(3));
  sim.setInput(Eigen::Vector3d(2.0, 5.0, -3.0));
  for (int k = 0; k < 200; ++k) sim.advance(1e-3);
  EXPECT_LT((h.q.bottomRows(1).transpose() - sim.q()).norm(), 1e-12);
  // Without a callback (or one that never stops) the run is not marked stopped.
  const ControlRun full = runController(model, nullptr, c, 0.05, [](double) { return true; });
  EXPECT_FALSE(full.result.summary.stopped);
  EXPECT_NEAR(full.result.summary.finalTime, 0.05, 1e-12);
}

TEST(ControlRun, ComputedTorqueAlongTheDefaultTask) {
  // The robot file's default task, the plan's duration: the tool stays on the plan to 1 mm.
  const Session session = loadSession(test::sourcePath("robots/puma560.yaml"));
  const Model model(session.robot);
  const ControllerConfig c =
      parseControllerYaml("type: computed_torque\ninput: current\nnatural_frequency: 30\n", "ct.yaml", model);
  const TaskPlan plan = planTask(model, session.task);
  const ControlRun run = runController(model, &plan, c, 0.0);
  ASSERT_FALSE(run.result.summary.diverged) << run.result.summary.message;
  EXPECT_GT(run.planDuration, 1.0);
  EXPECT_NEAR(run.result.summary.finalTime, run.planDuration, 1e-9);
  double worst = 0.0;
  const RunHistory& h = run.result.history;
  for (std::size_t k = 0; k < h.t.size(); ++k) {
    const auto r = static_cast<Eigen::Index>(k);
    worst = std::max(worst, (toolPose(model, h.q.row(r).transpose()).topRightCorner<3, 1>() -
                             toolPose(model, h.setpoint.row(r).transpose()).topRightCorner<3, 1>())
                                .norm());
  }
  EXPECT_LT(worst, 1e-3);
}

TEST(ControlRun, RefusesWhatTheSimulatorRefuses) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  // Anderson's "h = 0.05" read as seconds: above the electrical model's RK4 limit.
  const ControllerConfig c = parseControllerYaml(
      "type: pid\nsample_time: 0.05\nstep: 0.05\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n", "slow.yaml", model);
  try {
    runController(model, nullptr, c, 1.0);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "slow.yaml");
    EXPECT_NE(std::string(e.what()).find("stability limit"), std::string::npos) << e.what();
  }
  const ControllerConfig task = parseControllerYaml("type: pid\nsetpoint: task\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n",
                                                    "t.yaml", model);
  EXPECT_THROW(runController(model, nullptr, task, 1.0), InputError);
  const ControllerConfig hold = parseControllerYaml("type: pid\ngains: [{kg: 1}, {kg: 1}, {kg: 1}]\n", "h.yaml", model);
  EXPECT_THROW(runController(model, nullptr, hold, 0.0), InputError);  // no task, no duration
}

TEST(ControlRun, TuneJsonHasTheIssueKeys) {
  const Model model(test::libraryRobotSpec("puma560_anderson3"));
  Eigen::VectorXd q(3);
  q << 0.0, -M_PI / 2.0, M_PI / 2.0;
  TuneOptions o;
  o.duration = 1.0;
  const TuneResult r = tune(model, 2, q, o);
  const test::JsonValue j = test::JsonReader::parse(tuneResultJson(r));
  EXPECT_NEAR(j["Kmax"].number, r.kmax, 1e-9 * r.kmax);
  EXPECT_NEAR(j["Tp"].number, r.tp, 1e-12);
  EXPECT_NEAR(j["P"]["Kg"].number, 0.5 * r.kmax, 1e-9 * r.kmax);
  EXPECT_NEAR(j["PI"]["Ti"].number, r.tp / 1.2, 1e-12);
  EXPECT_NEAR(j["PID"]["Td"].number, r.tp / 8.0, 1e-12);
  // Motor-side unit: joint 3's gear 53.63 (Anderson 5.1), per motor radian.
  EXPECT_NEAR(j["gear_ratio"].number, 53.63, 1e-12);
  EXPECT_NEAR(j["Kmax_motor"].number, r.kmax / 53.63, 1e-9 * r.kmax);
  EXPECT_NE(tuneResultText(r).find("per motor radian (gear ratio 53.63)"), std::string::npos) << tuneResultText(r);
}

}  // namespace
}  // namespace armdyn
