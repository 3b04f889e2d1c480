// Every library robot's default task (robots/*.yaml) simulates with both dynamics methods, and the joint
// coordinates chosen for each task point take the tool back to that point through forward
// kinematics (an independent check of the inverse kinematics used by the simulation).
#include "io/robot_file.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/pose.h"
#include "simulation/task_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace armdyn {
namespace {

// Robot (or session) files of the library: YAML with a top-level `links:` or `robot:` key.
std::vector<std::string> libraryRobotFiles() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(robotsDirectory())) {
    if (e.path().extension() != ".yaml") continue;
    const std::string text = readTextFile(e.path().string());
    if (text.rfind("links:", 0) == 0 || text.find("\nlinks:") != std::string::npos ||
        text.rfind("robot:", 0) == 0 || text.find("\nrobot:") != std::string::npos)
      files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(LibraryTasks, EveryDefaultTaskSimulates) {
  std::set<std::string> simulated;
  for (const std::string& path : libraryRobotFiles()) {
    SCOPED_TRACE(path);
    const Session session = loadSession(path);
    if (session.task.points.empty()) continue;  // a robot without a default task
    const Model model(session.robot);
    const RunRecord sim = simulateTask(model, session.task);
    SimulationOptions ne;
    ne.method = DynamicsMethod::NewtonEuler;
    const RunRecord simNe = simulateTask(model, session.task, ne);
    EXPECT_GT(sim.summary.samples, 10);
    EXPECT_TRUE(sim.force.allFinite());
    // The two formulations agree to rounding; forces here reach a few hundred N.
    EXPECT_LT((sim.force - simNe.force).cwiseAbs().maxCoeff(), 1e-8 * (1.0 + sim.force.cwiseAbs().maxCoeff()));
    for (int k = 0; k < static_cast<int>(session.task.points.size()); ++k) {
      const TaskPoint& p = session.task.points[k];
      const Eigen::Matrix4d T = toolPose(model, sim.plan.pointJoints.row(k).transpose());
      // A fly-by corner (line-arc, radius r, deflection phi) is passed at the arc's middle,
      // r (1 / cos(phi / 2) - 1) from the corner point.
      double offset = 0.0;
      if (session.task.scheme == TaskScheme::LineArc && p.radius > 0.0) {
        const Eigen::Vector3d in = (p.position - session.task.points[k - 1].position).normalized();
        const Eigen::Vector3d out = (session.task.points[k + 1].position - p.position).normalized();
        const double phi = std::acos(std::clamp(in.dot(out), -1.0, 1.0));
        offset = p.radius * (1.0 / std::cos(0.5 * phi) - 1.0);
      }
      // (The arc's middle is a node of the Cartesian plan, solved by Newton to 1e-9 of the
      // reach: 2e-9 m on the IRb-60.)
      EXPECT_NEAR((T.topRightCorner<3, 1>() - p.position).norm(), offset, offset > 0.0 ? 1e-8 : 1e-9) << "point " << k + 1;
      if (model.dof() >= 6) {
        const Eigen::Matrix4d target = poseFromXyzRpy(p.position, p.rpy);
        EXPECT_LT((T.topLeftCorner<3, 3>() - target.topLeftCorner<3, 3>()).cwiseAbs().maxCoeff(), 1e-9)
            << "point " << k + 1;
      }
      // Joint values within the limits of the robot file.
      for (int i = 0; i < model.dof(); ++i) {
        EXPECT_GE(sim.plan.pointJoints(k, i), model.spec().links[i].qMin - 1e-9);
        EXPECT_LE(sim.plan.pointJoints(k, i), model.spec().links[i].qMax + 1e-9);
      }
    }
    // Every sample, not only the points, respects the robot file: positions within the limits
    // (Paul's transitions cut corners, so the plan stays between its points) and speeds within
    // Vmax (eq 4.9 sizes each straight part, a transition blends two such speeds). 1e-9 allows
    // for rounding in q and qd of order 1.
    for (int i = 0; i < model.dof(); ++i) {
      const LinkSpec& l = model.spec().links[i];
      EXPECT_GE(sim.q.col(i).minCoeff(), l.qMin - 1e-9) << "joint " << i + 1;
      EXPECT_LE(sim.q.col(i).maxCoeff(), l.qMax + 1e-9) << "joint " << i + 1;
      EXPECT_LE(sim.qd.col(i).cwiseAbs().maxCoeff(), l.vMax * (1.0 + 1e-9)) << "joint " << i + 1;
    }
    // Continuity of the chosen solutions: no joint turns by more than a quarter turn between
    // consecutive points of these tasks (a configuration switch would flip a wrist by ~pi).
    for (int k = 1; k < sim.plan.pointJoints.rows(); ++k)
      EXPECT_LT((sim.plan.pointJoints.row(k) - sim.plan.pointJoints.row(k - 1)).cwiseAbs().maxCoeff(), M_PI / 2)
          << "between points " << k << " and " << k + 1;
    simulated.insert(std::filesystem::path(path).stem().string());
  }
  // At least Vora's four arms, each with its task (the weld seam and our three sample tasks).
  for (const char* name : {"vora_rrr", "stanford_rrprrr", "cartesian_ppprrr", "rrrrrr"})
    EXPECT_TRUE(simulated.count(name)) << name << " has no default task that simulated";
}

}  // namespace
}  // namespace armdyn
