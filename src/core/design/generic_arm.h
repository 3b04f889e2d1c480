#pragma once
// Abuzneid & Sobh's generic six-joint arm: any of the eight arms of joints 1-3 (each revolute R
// or prismatic P: RRR, RRP, RPR, RPP, PRR, PRP, PPR, PPP) on the spherical wrist of their
// table 1 (links 4-6 revolute, a = 0, alpha = -90, +90, 0 deg, d4 = d5 = 0, d6 the tool
// offset). From the DH of joints 1-3, the travel of the prismatic ones and d6 it builds a
// complete robot: a hollow aluminium bar along each link (the longer of its a and d segments,
// a boom as long as its travel for a sliding joint), prismatic joint limits, and a three-point
// task at tool poses the arm reaches (core forward kinematics of three configurations where
// neither the arm nor the wrist is singular). Studio's File > New uses it.
// SI inside: metres and radians; degrees only at the dialog edge.

#include "model/robot.h"
#include "model/task.h"

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace armdyn {

// Input the arm cannot be built from. what() is a sentence for the user ("Joint 2 slides along
// the same direction as joint 1 ..."); field() names the input ("alpha1", "travel2", "d6", ...).
class GenericArmError : public std::invalid_argument {
 public:
  GenericArmError(std::string field, const std::string& message);
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

struct GenericArmParameters {
  std::string configuration = "RRR";    // joints 1-3, 'R' or 'P' each
  std::array<DhParameters, 3> dh{};     // links 1-3; a prismatic joint's d is its offset (d + q)
  std::array<double, 3> travelMin{};    // prismatic joints: joint value limits, m (ignored for R)
  std::array<double, 3> travelMax{};
  double d6 = 0.1;                      // tool offset along the last joint axis, m
};

// The eight configurations, in Abuzneid & Sobh's order.
const std::vector<std::string>& genericArmConfigurations();

// A sensible arm of each configuration: RRR PUMA-like (0.6 m column, 0.45 m upper arm and
// forearm), RRP Stanford-like (0.15 m shoulder offset, 0.3-0.9 m boom), RPR and PRR SCARA-like,
// RPP and PRP cylindrical, PPR a lift-and-slide arm with a turning forearm, PPP a gantry of
// three orthogonal travels. Throws GenericArmError for an unknown configuration.
GenericArmParameters genericArmDefaults(const std::string& configuration);

struct GenericArm {
  RobotSpec robot;
  TaskSpec task;
};

// Builds the arm and its task. Throws GenericArmError, in the user's words, for an unknown
// configuration, a number that is not finite, a prismatic travel that is empty or backwards, a
// pair of joints sliding along one direction, or an arm whose first three joints cannot move the
// wrist centre in three independent directions at any configuration tried (all lengths zero,
// all joint axes parallel, ...).
GenericArm makeGenericArm(const GenericArmParameters& parameters);

}  // namespace armdyn
