#pragma once
// Singularities along a joint trajectory (Abuzneid & Sobh eqs 19-27 along a task, Stepniewski's
// step 17): the Jacobian's determinant, manipulability and condition number at every sample,
// and the singular instants, where the arm or the wrist passes through (or touches) a
// singularity between samples.
//
// The signed measures watched between samples: for a spherical wrist det J11 (arm) and det J22
// (wrist) separately; for other six-joint chains det J; for three-joint chains the determinant
// of the position Jacobian (3 x 3). A sign change between two samples is a crossing, located by
// bisection on the joint values interpolated linearly between the samples (to 1e-9 of the
// interval). A sample analyzeConfiguration calls singular (a block's smallest singular value
// below kSingularRatio times its largest) that is not next to a crossing is a touching instant.
// Chains of 4-5 or more than 6 joints have no signed measure: only their singular samples count.

#include "kinematics/singularity_analysis.h"
#include "model/model.h"

#include <Eigen/Core>
#include <vector>

namespace armdyn {

struct PathSingularity {
  double t = 0.0;                 // s
  Singularity kind = Singularity::Arm;
  bool crossing = true;           // a sign change between samples (else a singular sample)
  Eigen::VectorXd q;              // joint values there (interpolated for a crossing)
};

struct PathKinematics {
  // Per sample (NaN where not defined: det J of a non-square J, det J11/J22 without a wrist).
  std::vector<double> detJ, detJ11, detJ22, manipulability, conditionNumber;
  std::vector<Singularity> singular;
  std::vector<PathSingularity> instants;  // in time order
  double minManipulability = 0.0;         // over the samples
  double minManipulabilityTime = 0.0;     // s
};

// t: sample times (s, increasing), q: one row per sample. Throws std::invalid_argument for
// mismatched sizes, fewer than one sample, or non-finite values.
PathKinematics analyzePath(const Model& model, const std::vector<double>& t, const Eigen::MatrixXd& q);

}  // namespace armdyn
