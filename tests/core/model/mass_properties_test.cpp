// Mass model against Vora's figure 7.3 and table 7.2 (printed to 5 decimals / 3 decimals),
// and identities between the three mass-property inputs.
#include "model/mass_properties.h"
#include "model/model.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace armdyn {
namespace {

// Figure 7.3, printed to 5 decimals: tolerance half a unit in the last digit.
constexpr double kFig73Tol = 0.5e-5 + 1e-12;

TEST(MassProperties, ReproducesFigure73PseudoInertias) {
  const Model model(test::voraRrrSpec());
  Eigen::Matrix4d J1 = Eigen::Matrix4d::Zero();
  J1.diagonal() << 0.00018, 0.03544, 0.00018, 0.79604;
  J1(1, 3) = J1(3, 1) = -0.11685;
  Eigen::Matrix4d J2 = Eigen::Matrix4d::Zero();
  J2.diagonal() << 0.04869, 0.00022, 0.00022, 0.73031;
  J2(0, 3) = J2(3, 0) = -0.14606;
  Eigen::Matrix4d J3 = J2;
  J3(3, 3) = 0.58425;
  const Eigen::Matrix4d printed[3] = {J1, J2, J3};
  for (int i = 0; i < 3; ++i) {
    const Eigen::Matrix4d& J = model.inertial(i).pseudo;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(J(r, c), printed[i](r, c), kFig73Tol) << "link " << i + 1 << " J(" << r + 1 << "," << c + 1 << ")";
  }
}

TEST(MassProperties, ReproducesTable72) {
  const Model model(test::voraRrrSpec());
  // Table 7.2: mass (3 decimals), actuator mass, centre of mass (printed 0.15, 0.2, 0.25).
  const double mass[3] = {0.796, 0.730, 0.584};
  const double act[3] = {0.528, 0.329, 0.146};
  const Eigen::Vector3d com[3] = {{0.0, -0.15, 0.0}, {-0.2, 0.0, 0.0}, {-0.25, 0.0, 0.0}};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(model.inertial(i).mass, mass[i], 0.5e-3) << "link " << i + 1;
    EXPECT_NEAR(model.actuatorMasses()[i], act[i], 0.5e-3) << "joint " << i + 1;
    EXPECT_NEAR((model.inertial(i).com - com[i]).norm(), 0.0, 0.005) << "link " << i + 1;
  }
  // Reference note: bare masses and actuator masses to 5 digits.
  EXPECT_NEAR(model.actuatorMasses()[0], 0.52765, 0.5e-5);
  EXPECT_NEAR(model.actuatorMasses()[1], 0.32864, 0.5e-5);
  EXPECT_NEAR(model.actuatorMasses()[2], 0.14606, 0.5e-5);
}

TEST(MassProperties, ActuatorRuleClosedForm) {
  // ma_n = m_n / 4; ma_{n-1} = (m_{n-1} + m_n + ma_n) / 4.
  const auto ma = voraActuatorMasses({1.0, 2.0, 4.0});
  EXPECT_DOUBLE_EQ(ma[2], 1.0);
  EXPECT_DOUBLE_EQ(ma[1], (2.0 + 4.0 + 1.0) / 4.0);
  EXPECT_DOUBLE_EQ(ma[0], (1.0 + 2.0 + 4.0 + ma[1] + ma[2]) / 4.0);
}

TEST(MassProperties, TensorPseudoRoundTrip) {
  Eigen::Matrix3d Ic;
  Ic << 0.3, 0.01, -0.02, 0.01, 0.25, 0.03, -0.02, 0.03, 0.2;
  const LinkInertial a = inertialFromTensor(2.5, Eigen::Vector3d(0.1, -0.2, 0.3), Ic);
  const LinkInertial b = inertialFromPseudo(a.pseudo);
  EXPECT_NEAR(b.mass, 2.5, 1e-14);
  EXPECT_LT((b.com - Eigen::Vector3d(0.1, -0.2, 0.3)).norm(), 1e-14);
  EXPECT_LT((b.inertiaCom - Ic).norm(), 1e-14);
  // J(0,1) = int x y dm = -Ixy about the origin.
  EXPECT_NEAR(a.pseudo(0, 1), -a.inertiaOrigin(0, 1), 1e-15);
}

TEST(MassProperties, HollowBarEqualsOuterMinusInnerSolids) {
  HollowBar bar;
  bar.density = 1000.0;
  bar.outer = {0.2, 0.1, 0.3};
  bar.inner = {0.0, 0.0, 0.0};
  const LinkInertial solid = hollowBarInertial(bar);
  EXPECT_NEAR(solid.mass, 6.0, 1e-12);
  EXPECT_NEAR(solid.inertiaCom(0, 0), 6.0 / 12.0 * (0.01 + 0.09), 1e-12);
  bar.inner = {0.1, 0.05, 0.3};
  const LinkInertial hollow = hollowBarInertial(bar);
  EXPECT_NEAR(hollow.mass, 6.0 - 1.5, 1e-12);
}

TEST(ModelValidation, RejectsInnerAboveOuterAndBadDensity) {
  RobotSpec r = test::voraRrrSpec();
  r.links[1].bar.inner.y() = 0.06;
  try {
    Model m(r);
    FAIL() << "accepted inner > outer";
  } catch (const ModelError& e) {
    EXPECT_EQ(e.field(), "links[2].bar.inner");
  }
  r = test::voraRrrSpec();
  r.links[0].bar.density = -1.0;
  EXPECT_THROW(Model{r}, ModelError);
  r = test::voraRrrSpec();
  r.links[2].vMax = 0.0;
  EXPECT_THROW(Model{r}, ModelError);
  r = test::voraRrrSpec();
  r.dt = 0.0;
  EXPECT_THROW(Model{r}, ModelError);
}

}  // namespace
}  // namespace armdyn
