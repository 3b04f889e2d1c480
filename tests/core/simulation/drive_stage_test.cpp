// Drive stages (simulation/drive_stage.h): the registry's claim order, the kinds the simulator
// composes per joint, and the plant state's named segments.
#include "simulation/drive_stage.h"
#include "simulation/forward_simulation.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <string>

namespace armdyn {
namespace {

TEST(DriveStage, RegistryClaimsElasticBeforeRigid) {
  const auto& kinds = driveKinds();
  ASSERT_EQ(kinds.size(), 2u);
  EXPECT_STREQ(kinds[0]->name, "elastic");
  EXPECT_STREQ(kinds.back()->name, "rigid");  // the fallback stays last
  DriveSpec rigid, elastic;
  elastic.stiffness = 100.0;
  EXPECT_STREQ(driveKindFor(&rigid).name, "rigid");
  EXPECT_STREQ(driveKindFor(&elastic).name, "elastic");
  EXPECT_STREQ(driveKindFor(nullptr).name, "rigid");  // a joint without a drive
}

TEST(DriveStage, PlantLayoutNamesTheSegments) {
  const PlantLayout L = PlantLayout::make(6, 6, 2);
  EXPECT_EQ(L.q.offset, 0);
  EXPECT_EQ(L.qd.offset, 6);
  EXPECT_EQ(L.current.offset, 12);
  EXPECT_EQ(L.current.size, 6);
  EXPECT_EQ(L.motorAngle.offset, 18);
  EXPECT_EQ(L.motorVelocity.offset, 20);
  EXPECT_EQ(L.energy.offset, 22);
  EXPECT_EQ(L.energy.size, PlantLayout::kEnergies);
  EXPECT_EQ(L.size, 25);
  EXPECT_EQ(std::string(L.motorVelocity.name), "motor velocity");
}

TEST(DriveStage, SimulatorComposesOneStagePerJoint) {
  RobotSpec spec = test::libraryRobotSpec("puma560");
  spec.links[1].drive->stiffness = 2500.0;
  spec.links[4].drive->stiffness = 2500.0;
  const Model model(spec);
  ForwardOptions o;
  o.input = DriveInput::Voltage;
  o.integrator = IntegratorKind::DormandPrince45;
  ForwardSimulator sim(model, o);
  const PlantLayout& L = sim.layout();
  EXPECT_EQ(L.current.size, 6);
  EXPECT_EQ(L.motorAngle.size, 2);
  EXPECT_EQ(L.size, sim.state().size());
  EXPECT_EQ(sim.elasticJoints(), (std::vector<int>{1, 4}));
  // The motor sides start relaxed at the joints' state.
  EXPECT_EQ(sim.state()(L.motorAngle.at(0)), sim.q()(1));
  EXPECT_EQ(sim.state()(L.motorAngle.at(1)), sim.q()(4));
}

}  // namespace
}  // namespace armdyn
