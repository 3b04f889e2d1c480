// Workspace estimate by sampling (Craig 8.4) against the closed forms Craig quotes: the
// structural length index Q_L = 3.0 of a Cartesian arm with equal travels (its workspace a cube),
// 0.62 of the ideal articulated arm (a sphere of radius 2l), and Example 8.1's SCARA, 1.29 at
// d3 = l/2 (a cylinder of radius l and height d3). The sampling error (1e5 samples, seeded) as
// measured: volume +1.5 % (cube), +6.0 % (sphere: voxels the surface cuts at a corner count
// whole), +2.1 % (cylinder); Q_L = L / W^(1/3) then -0.5 %, -1.9 %, -0.7 %. The tolerances
// below are those errors with a margin: 2 %, 8 %, 4 % on the volume; 1 %, 2.5 %, 1.5 % on Q_L.
#include "kinematics/dh_from_axes.h"
#include "kinematics/workspace_estimate.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace armdyn {
namespace {

LinkSpec link(JointType type, double theta, double d, double alpha, double a, double lo, double hi) {
  LinkSpec l;
  l.joint = type;
  l.dh = {theta, d, alpha, a};
  l.qMin = lo;
  l.qMax = hi;
  l.massSource = MassSource::Explicit;
  return l;
}

Model arm(std::vector<LinkSpec> links) {
  RobotSpec r;
  r.links = std::move(links);
  r.actuatorMassRule = false;
  return Model(r);
}

TEST(WorkspaceEstimate, CartesianArmWithEqualTravelsIsACubeWithQl3) {
  // Three prismatic axes z, x, y through the origin, travel 1 m each.
  const DhChain c = dhFromAxes({{Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ(), JointType::Prismatic},
                                {Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX(), JointType::Prismatic},
                                {Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitY(), JointType::Prismatic}},
                               Eigen::Matrix4d::Identity());
  std::vector<LinkSpec> links;
  for (int i = 0; i < 3; ++i) {
    const DhParameters& d = c.dh[static_cast<std::size_t>(i)];
    links.push_back(link(JointType::Prismatic, d.theta, d.d, d.alpha, d.a, 0.0, 1.0));
  }
  const WorkspaceEstimate w = estimateWorkspace(arm(links), 100000);
  EXPECT_NEAR(w.lengthSum, 3.0, 1e-12);
  EXPECT_NEAR(w.volume, 1.0, 0.02);
  EXPECT_NEAR(w.structuralLengthIndex, 3.0, 0.03);
  // The test cube around the centre: the whole cube, to a voxel.
  const WorkspaceCube cube = largestCubeAround(w, w.centroid);
  EXPECT_GT(cube.edge, 1.0 - 3 * w.voxel);
}

TEST(WorkspaceEstimate, IdealArticulatedArmIsASphereWithQl062) {
  const double l = 1.0;
  const WorkspaceEstimate w = estimateWorkspace(arm({link(JointType::Revolute, 0, 0, M_PI / 2, 0, -1e300, 1e300),
                                                     link(JointType::Revolute, 0, 0, 0, l, -1e300, 1e300),
                                                     link(JointType::Revolute, 0, 0, 0, l, -1e300, 1e300)}),
                                                100000);
  const double sphere = 4.0 / 3.0 * M_PI * std::pow(2 * l, 3);
  EXPECT_NEAR(w.reach, 2 * l, 1e-3);
  EXPECT_NEAR(w.volume / sphere, 1.0, 0.08);
  EXPECT_NEAR(w.structuralLengthIndex, 2 * l / std::cbrt(sphere), 0.025 * 0.62);
  EXPECT_NEAR(w.structuralLengthIndex, 0.62, 0.025 * 0.62);
  // The largest cube in a sphere of radius R about its centre has edge 2R / sqrt(3).
  const WorkspaceCube cube = largestCubeAround(w, Eigen::Vector3d::Zero());
  EXPECT_NEAR(cube.edge, 4 * l / std::sqrt(3.0), 4 * w.voxel);
  // Anywhere: no larger, and about the centre.
  const WorkspaceCube best = largestCube(w);
  EXPECT_NEAR(best.edge, 4 * l / std::sqrt(3.0), 4 * w.voxel);
  EXPECT_LT(best.centre.norm(), 2 * w.voxel);
}

// The manipulability map against the closed form of the ideal articulated arm (a2 = a3 = 1,
// shoulder at the origin): |det J| = a2 a3 |sin theta3| rho, rho the distance from axis 1 and
// cos theta3 = (r^2 - 2) / 2. Each voxel holds the mean of its ~3 samples, compared with the
// closed form at the voxel's centre: over the voxels away from the boundary and the axis, the
// RMS difference is what the spread of samples inside a voxel gives (gradient ~2 x voxel /
// sqrt(36) ~ 0.04; measured 0.022, mean difference -0.002), against values up to 1.54.
TEST(WorkspaceEstimate, ManipulabilityMapOfTheIdealArticulatedArm) {
  const WorkspaceEstimate w = estimateWorkspace(arm({link(JointType::Revolute, 0, 0, M_PI / 2, 0, -1e300, 1e300),
                                                     link(JointType::Revolute, 0, 0, 0, 1.0, -1e300, 1e300),
                                                     link(JointType::Revolute, 0, 0, 0, 1.0, -1e300, 1e300)}),
                                                100000, 1, true);
  ASSERT_EQ(w.manipulability.size(), w.occupied.size());
  double sum2 = 0.0, bias = 0.0;
  int compared = 0;
  for (int k = 0; k < w.nz; ++k)
    for (int j = 0; j < w.ny; ++j)
      for (int i = 0; i < w.nx; ++i) {
        const float m = w.manipulability[static_cast<std::size_t>((k * w.ny + j) * w.nx + i)];
        if (std::isnan(m)) continue;
        const Eigen::Vector3d c = w.voxelCentre(i, j, k);
        const double r = c.norm(), rho = std::hypot(c.x(), c.y());
        if (r < 0.3 || r > 1.7 || rho < 0.2) continue;
        const double c3 = (r * r - 2.0) / 2.0;
        const double exact = std::sqrt(1.0 - c3 * c3) * rho;
        sum2 += (m - exact) * (m - exact);
        bias += m - exact;
        ++compared;
      }
  ASSERT_GT(compared, 5000);
  const double rms = std::sqrt(sum2 / compared);
  std::printf("manipulability map: %d voxels, RMS %.4f, mean difference %.4f, max %.3f\n", compared, rms,
              bias / compared, w.manipulabilityMax);
  EXPECT_LT(rms, 0.04);
  EXPECT_LT(std::abs(bias / compared), 0.01);
  // The closed form's maximum: rho = r, r^2 = 8/3, value 8 / sqrt(27) = 1.5396; a voxel mean
  // of ~3 samples scatters by about the RMS above.
  EXPECT_NEAR(w.manipulabilityMax, 8.0 / std::sqrt(27.0), 0.1);
  // Without the option, no map.
  EXPECT_TRUE(estimateWorkspace(arm({link(JointType::Revolute, 0, 0, M_PI / 2, 0, -1e300, 1e300),
                                     link(JointType::Revolute, 0, 0, 0, 1.0, -1e300, 1e300),
                                     link(JointType::Revolute, 0, 0, 0, 1.0, -1e300, 1e300)}),
                                 1000)
                  .manipulability.empty());
}

TEST(WorkspaceEstimate, ScaraOfExample81HasQl129AtHalfStroke) {
  const double l = 1.0, d3 = l / 2;
  const WorkspaceEstimate w = estimateWorkspace(arm({link(JointType::Revolute, 0, 0, 0, l / 2, -1e300, 1e300),
                                                     link(JointType::Revolute, 0, 0, 0, l / 2, -1e300, 1e300),
                                                     link(JointType::Prismatic, 0, 0, 0, 0, 0.0, d3)}),
                                                100000);
  const double cylinder = M_PI * l * l * d3;
  EXPECT_NEAR(w.lengthSum, l + d3, 1e-12);
  EXPECT_NEAR(w.volume / cylinder, 1.0, 0.04);
  EXPECT_NEAR(w.structuralLengthIndex, (l + d3) / std::cbrt(cylinder), 0.015 * 1.29);
  EXPECT_NEAR(w.structuralLengthIndex, 1.29, 0.015 * 1.29);
}

TEST(WorkspaceEstimate, RefusesAnUnboundedArm) {
  EXPECT_THROW(estimateWorkspace(arm({link(JointType::Prismatic, 0, 0, 0, 0, -1e300, 1e300)})), std::invalid_argument);
}

}  // namespace
}  // namespace armdyn
