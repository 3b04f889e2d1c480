// The equivalent box against closed forms: a box's own inertia gives back its sides and axes,
// a solid hollow-bar link (computed by the bar formula) gives back its outer dimensions, and
// published non-realisable inertias are clamped and reported.
#include "model/equivalent_box.h"
#include "model/model.h"
#include "support/test_support.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <gtest/gtest.h>
#include <random>

namespace armdyn {
namespace {

Eigen::Matrix3d boxInertia(double m, const Eigen::Vector3d& s) {
  return Eigen::Vector3d(m * (s.y() * s.y() + s.z() * s.z()) / 12.0, m * (s.x() * s.x() + s.z() * s.z()) / 12.0,
                         m * (s.x() * s.x() + s.y() * s.y()) / 12.0)
      .asDiagonal();
}

Eigen::Vector3d sortedDescending(Eigen::Vector3d v) {
  std::sort(v.data(), v.data() + 3, [](double a, double b) { return a > b; });
  return v;
}

// A rotated box of known sides and mass: the sides come back, and the box rebuilt from the
// result has the input tensor. Round-off only: relative 1e-10 (the eigen-decomposition of a
// 3x3 symmetric matrix is accurate to a few ulps of its largest moment).
TEST(EquivalentBox, RoundTripsRotatedBoxes) {
  std::mt19937 rng(20240611);
  std::uniform_real_distribution<double> side(0.02, 1.5), mass(0.1, 40.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::Vector3d s(side(rng), side(rng), side(rng));
    const double m = mass(rng);
    const Eigen::Matrix3d R = Eigen::Quaterniond::UnitRandom().toRotationMatrix();
    const Eigen::Vector3d com(side(rng), -side(rng), side(rng));
    const Eigen::Matrix3d I = R * boxInertia(m, s) * R.transpose();
    const EquivalentBox box = equivalentBox(m, com, I, 1e-4);
    EXPECT_FALSE(box.clamped) << box.note;
    EXPECT_TRUE(box.note.empty());
    EXPECT_LT((box.sides - sortedDescending(s)).norm(), 1e-10 * s.maxCoeff()) << "trial " << trial;
    EXPECT_EQ(box.centre, com);
    EXPECT_NEAR(box.rotation.determinant(), 1.0, 1e-12);
    const Eigen::Matrix3d rebuilt = box.rotation * boxInertia(m, box.sides) * box.rotation.transpose();
    EXPECT_LT((rebuilt - I).norm(), 1e-10 * I.norm()) << "trial " << trial;
  }
}

// A solid bar link: the bar formula (mass_properties.cpp, outer box minus an empty inner box)
// gives the inertia; the equivalent box is the bar itself, at the bar centre, along the link axes.
TEST(EquivalentBox, SolidBarGivesItsOuterDimensions) {
  HollowBar bar;
  bar.density = 2700.0;
  bar.outer = Eigen::Vector3d(0.5, 0.08, 0.05);
  bar.centre = Eigen::Vector3d(-0.25, 0.0, 0.01);
  LinkSpec link;
  link.massSource = MassSource::HollowBar;
  link.bar = bar;
  const EquivalentBox box = equivalentBox(bareLinkInertial(link), 1e-4);
  EXPECT_FALSE(box.clamped);
  EXPECT_LT((box.sides - bar.outer).norm(), 1e-12);
  EXPECT_LT((box.centre - bar.centre).norm(), 1e-15);
  // Distinct moments: each principal axis is a link axis (up to sign).
  EXPECT_NEAR(box.rotation.cwiseAbs().diagonal().sum(), 3.0, 1e-12);
}

// The three mass sources of one link agree (the pseudo-inertia and the tensor are converted by
// the core; the box must not depend on how the link was entered).
TEST(EquivalentBox, SameBoxFromEveryMassSource) {
  LinkSpec link;
  link.massSource = MassSource::Explicit;
  link.inertia.mass = 17.4;
  link.inertia.com = Eigen::Vector3d(-0.3638, 0.006, 0.2275);
  link.inertia.inertiaCom = Eigen::Vector3d(0.13, 0.524, 0.539).asDiagonal();
  const EquivalentBox fromTensor = equivalentBox(bareLinkInertial(link), 1e-3);
  link.pseudoInertia = bareLinkInertial(link).pseudo;
  link.massSource = MassSource::PseudoInertia;
  const EquivalentBox fromPseudo = equivalentBox(bareLinkInertial(link), 1e-3);
  // Corke's PUMA link 2: a = sqrt(6 (0.524 + 0.539 - 0.13) / 17.4) etc. (closed form above).
  const Eigen::Vector3d expected(std::sqrt(6.0 * (0.524 + 0.539 - 0.13) / 17.4), std::sqrt(6.0 * (0.13 + 0.539 - 0.524) / 17.4),
                                 std::sqrt(6.0 * (0.13 + 0.524 - 0.539) / 17.4));
  EXPECT_LT((fromTensor.sides - expected).norm(), 1e-12);
  // Through the pseudo-inertia (parallel-axis theorem twice): round-off of terms of size m |c|^2.
  EXPECT_LT((fromPseudo.sides - expected).norm(), 1e-10);
  EXPECT_LT((fromPseudo.centre - link.inertia.com).norm(), 1e-12);
}

// Published inertias that no rigid body has (PUMA 560 link 3 of Corke & Armstrong-Helouvry,
// 0.066 + 0.0125 < 0.086) and degenerate ones (a point mass, a rod) are drawn with the clamped
// side; only the impossible ones are reported as such.
TEST(EquivalentBox, ClampsAndReportsNonRealisableInertia) {
  const EquivalentBox puma3 = equivalentBox(4.8, Eigen::Vector3d::Zero(),
                                            Eigen::Vector3d(0.066, 0.086, 0.0125).asDiagonal(), 0.01);
  EXPECT_TRUE(puma3.clamped);
  EXPECT_NE(puma3.note.find("triangle inequality"), std::string::npos) << puma3.note;
  // Moments ascending (0.0125, 0.066, 0.086): c^2 = 6 (0.0125 + 0.066 - 0.086) / 4.8 < 0.
  EXPECT_EQ(puma3.sides(2), 0.01);
  EXPECT_NEAR(puma3.sides(0), std::sqrt(6.0 * (0.066 + 0.086 - 0.0125) / 4.8), 1e-12);
  EXPECT_GT(puma3.sides.minCoeff(), 0.0);

  const EquivalentBox point = equivalentBox(2.0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Zero(), 0.01);
  EXPECT_FALSE(point.clamped);  // a point mass is realisable: drawn as the smallest cube
  EXPECT_EQ(point.sides, Eigen::Vector3d::Constant(0.01));

  // Thin rod of length 0.8 m along z: two equal moments m L^2 / 12, the third zero.
  const double rod = 3.0 * 0.64 / 12.0;
  const EquivalentBox r = equivalentBox(3.0, Eigen::Vector3d::Zero(), Eigen::Vector3d(rod, rod, 0.0).asDiagonal(), 0.01);
  EXPECT_FALSE(r.clamped);
  EXPECT_NEAR(r.sides(0), 0.8, 1e-12);
  EXPECT_NEAR(std::abs(r.rotation(2, 0)), 1.0, 1e-12);  // the long side along z

  // Corke's PUMA link 1: a 1 kg placeholder with 0.35 kg m^2 about one axis would be a
  // 1.45 m plate; capped at the given maximum, and said so.
  const EquivalentBox plate = equivalentBox(1.0, Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, 0.35, 0.0).asDiagonal(), 0.01, 0.4);
  EXPECT_TRUE(plate.capped);
  EXPECT_TRUE(plate.clamped);
  EXPECT_EQ(plate.sides, Eigen::Vector3d(0.4, 0.4, 0.01));
  EXPECT_NE(plate.note.find("capped"), std::string::npos) << plate.note;
  EXPECT_THROW(equivalentBox(1.0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity(), 0.1, 0.05), std::invalid_argument);

  const EquivalentBox massless = equivalentBox(0.0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Zero(), 0.01);
  EXPECT_TRUE(massless.clamped);
  EXPECT_THROW(equivalentBox(1.0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity(), 0.0), std::invalid_argument);
}

// Every link of the library arms that has no bar geometry gets a box with positive sides.
TEST(EquivalentBox, EveryLibraryInertiaLinkGetsABox) {
  for (const std::string& name : test::libraryRobotNames()) {
    const RobotSpec spec = test::libraryRobotSpec(name);
    for (const LinkSpec& l : spec.links) {
      if (l.massSource == MassSource::HollowBar) continue;
      const EquivalentBox box = equivalentBox(bareLinkInertial(l), 0.01);
      EXPECT_GT(box.sides.minCoeff(), 0.0) << spec.name << " " << l.name;
      EXPECT_TRUE(box.sides.allFinite());
    }
  }
}

}  // namespace
}  // namespace armdyn
