// A wrench at the tool in both inverse dynamics recursions against J^T W with
// J the geometric Jacobian at the tool (kinematics/jacobian.h, not the dynamics code), forward
// dynamics inverting it, and a physical check: holding a load equals carrying it as a payload.
// Tolerance 1e-10 N m: the recursions and J^T W sum the same terms in other orders (rounding
// ~1e-14 relative on torques of order 10-100 N m).
#include "dynamics/forward_dynamics.h"
#include "dynamics/inverse_dynamics.h"
#include "dynamics_fixtures.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

std::vector<RobotSpec> arms(std::mt19937& rng) {
  std::vector<RobotSpec> out;
  for (const std::string& name : test::libraryRobotNames()) out.push_back(test::libraryRobotSpec(name));
  for (int n : {1, 3, 6, 7}) {
    RobotSpec r = test::randomChainSpec(rng, n);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    r.tool.topRightCorner<3, 1>() = Eigen::Vector3d(0.1 * u(rng), 0.1 * u(rng), 0.15);
    r.tool.topLeftCorner<3, 3>() = Eigen::AngleAxisd(0.7, Eigen::Vector3d(u(rng), u(rng), u(rng)).normalized()).toRotationMatrix();
    r.base.topLeftCorner<3, 3>() = Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitY()).toRotationMatrix();
    r.base.topRightCorner<3, 1>() = Eigen::Vector3d(0.2, -0.1, 0.5);
    out.push_back(r);
  }
  return out;
}

TEST(ToolWrench, BothRecursionsAddJTransposeW) {
  std::mt19937 rng(2026);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0, inverted = 0;
  double worst = 0.0;
  for (const RobotSpec& spec : arms(rng)) {
    const Model model(spec);
    const int n = model.dof();
    DynamicsData data(model);
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::VectorXd q = test::randomVector(rng, n, 1.5), qd = test::randomVector(rng, n, 1.0),
                            qdd = test::randomVector(rng, n, 2.0);
      ToolWrench w;
      w.force = Eigen::Vector3d(40 * u(rng), 40 * u(rng), 40 * u(rng));
      w.moment = Eigen::Vector3d(5 * u(rng), 5 * u(rng), 5 * u(rng));
      w.inToolAxes = trial % 2 == 1;
      // J^T W in world axes: the tool axes turned by the tool frame's rotation (world).
      const Eigen::Matrix4d tool = toolPose(model, q);
      const Eigen::Matrix3d R = w.inToolAxes ? Eigen::Matrix3d(tool.topLeftCorner<3, 3>()) : Eigen::Matrix3d::Identity();
      Eigen::Matrix<double, 6, 1> W;
      W << R * w.force, R * w.moment;
      const Eigen::VectorXd expected = geometricJacobian(model, q).transpose() * W;
      for (DynamicsMethod method : {DynamicsMethod::NewtonEuler, DynamicsMethod::Lagrange}) {
        Eigen::VectorXd free(n), loaded(n);
        inverseDynamics(model, data, q, qd, qdd, method, free);
        inverseDynamics(model, data, q, qd, qdd, method, w, loaded);
        const double err = (loaded - free - expected).cwiseAbs().maxCoeff();
        worst = std::max(worst, err);
        EXPECT_LT(err, 1e-10) << spec.name << " " << dynamicsMethodName(method);
        // Forward dynamics with the same wrench gives back qdd (arms whose mass matrix is
        // singular, a massless link on a free axis, have no forward dynamics).
        Eigen::VectorXd back(n);
        try {
          forwardDynamics(model, data, q, qd, loaded, w, back);
          EXPECT_LT((back - qdd).cwiseAbs().maxCoeff(), 1e-8) << spec.name;
          ++inverted;
        } catch (const std::runtime_error&) {
        }
        ++compared;
      }
    }
  }
  std::printf("tool wrench: %d states, worst |tau_W - tau - J^T W| %.2g N m; forward dynamics inverted %d\n",
              compared, worst, inverted);
  EXPECT_GE(compared, 100);
  EXPECT_GE(inverted, 80);
}

// Holding a load of m kg at the tool point, at rest: the tool exerts m g upwards on it, W =
// (0, 0, m 9.8) world; the same torques as the arm carrying the load as a point-mass payload at
// the tool point (the mass model's route, robot.h payload).
TEST(ToolWrench, HoldingALoadEqualsCarryingItAsAPayload) {
  std::mt19937 rng(7);
  for (const std::string& name : {std::string("puma560"), std::string("stanford_rrprrr"), std::string("vora_rrr")}) {
    RobotSpec spec = test::libraryRobotSpec(name);
    const Model bare(spec);
    RobotSpec withPayload = spec;
    withPayload.payload = RigidBodyInertia{3.5, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Zero()};
    withPayload.allowNonPhysicalInertia = true;  // a point mass
    const Model carrying(withPayload);
    const int n = bare.dof();
    const Eigen::VectorXd q = test::randomVector(rng, n, 1.0), zero = Eigen::VectorXd::Zero(n);
    ToolWrench w;
    w.force = Eigen::Vector3d(0.0, 0.0, 3.5 * -bare.spec().gravity.z());
    for (DynamicsMethod method : {DynamicsMethod::NewtonEuler, DynamicsMethod::Lagrange}) {
      DynamicsData d1(bare), d2(carrying);
      Eigen::VectorXd holding(n), carried(n);
      inverseDynamics(bare, d1, q, zero, zero, method, w, holding);
      inverseDynamics(carrying, d2, q, zero, zero, method, carried);
      EXPECT_LT((holding - carried).cwiseAbs().maxCoeff(), 1e-10) << name << " " << dynamicsMethodName(method);
    }
  }
}

}  // namespace
}  // namespace armdyn
