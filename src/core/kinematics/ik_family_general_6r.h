#pragma once
// The general 6R family's elimination (ik_family_general_6r.cpp), open to tests: the
// determinant of G(w), whose real roots are the solutions' theta3 (w = theta3 minus a fixed
// shift of 0.7215 rad).

#include "kinematics/trig_polynomial.h"
#include "model/model.h"

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

namespace armdyn::ik {

// det G(w) for the target T06 (frame 6 in DH frame 0, tool removed) read as a trigonometric
// polynomial of `degree` (1..kMaxTrigDegree) from 2 degree + 1 samples. False when the
// elimination is degenerate at this target (the family then refuses the arm or the pose).
bool general6rDeterminant(const Model& model, const Eigen::Matrix4d& T06, int degree, TrigPolynomial& det);

// The shift: theta3 = w + kGeneral6rShift3.
constexpr double kGeneral6rShift3 = 0.7215;

// Shared with ik_family_cyclic_6r.cpp (the same method on the arm's loop read from another joint):
// the configuration names "branch1".."branch16"; frame 6 (DH frame 0, no TOOL) at the generic joint
// values where the structure checks probe an arm; the smallest singular value of the Jacobian
// there over the largest (0: fewer than six independent motions).
const std::vector<std::string>& general6rBranchNames();
// How far the arm's axes j and j + 1 (1-based, j = 1..5) are from intersecting or parallel:
// min(|sin alpha_j|, |a_j| / size), size the sum of the arm's |a| and |d| (0: special). The
// elimination splits the chain after joint 2 and needs axes 1 and 2 at least kGeneral6rSkew apart
// (nearer, its matrices are nearly degenerate and it loses solutions).
double general6rPairSkew(const Model& model, int j);
constexpr double kGeneral6rSkew = 1e-4;
// How far axes j and j + 1 are from lying on one line: max(|sin alpha_j|, |a_j| / size). Below
// kGeneral6rSkew the arm is nearly degenerate (exactly on one line, it has five independent
// motions): its solutions nearly form a continuum (joints j and j + 1 nearly trade one for the
// other), and no split is well conditioned near that pair.
double general6rPairCollinearity(const Model& model, int j);
// The first j (1..5) whose axes j and j + 1 are nearly on one line, or 0.
int general6rNearlyCollinearPair(const Model& model);
Eigen::Matrix<double, 6, 1> general6rProbeJoints();
Eigen::Matrix4d general6rProbePose(const Model& model);
double general6rProbeRankRatio(const Model& model);
struct Solver;
// The family's solve on the arm as it is (split after joint 2), without deciding the route (no
// probe): for a chain built per target whose route is known to be the forward one.
void general6rSolveForward(Solver& s);

using JointVector6 = Eigen::Matrix<double, 6, 1>;
constexpr int kGeneral6rMaxSolutions = 16;
constexpr int kGeneral6rMaxCandidates = 64;  // the most candidates the elimination returns
// The elimination's candidates for T06 (frame 6 in DH frame 0, no TOOL) on the arm as it is
// (split after joint 2), as joint values, with their pose residuals (m + rad), unrefined: at most
// `capacity`; -1 when the elimination is degenerate at this target.
int general6rForwardCandidates(const Model& model, const Eigen::Matrix4d& T06, JointVector6* q, double* residual,
                               int capacity);
// The one rule for turning candidates into solutions (every general_6r and cyclic_6r solve): each
// refined by Newton on the full pose (refineSixJoints) unless its residual is already <= 1e-12
// (`residual` nullptr: unknown, every one refined), kept when it reaches the pose to 1e-10,
// wrapped into the joint ranges, repeats dropped; beside each solution whose Jacobian is nearly
// singular (a fold: close pairs the elimination's rounding merges) Newton restarted both ways
// along the nearly null direction. Sorted by (q1, ..., q6). Returns how many (<= 16).
// `frames` (optional, with `residual`): each candidate's frame 6 (DH frame 0) as its residual
// was measured; `foundFrames` (optional): each solution's frame 6 where one was computed at its
// joint values (a refinement's last forward kinematics, or frames' for one not refined), for
// the check by forward kinematics (RawSolution::frame6). `rawFromSeed` (optional): each
// candidate's free joints (RawSolution::fromSeed, one of a continuum: not restarted beside, kept
// only while the refinement leaves them, stillFree); `foundFromSeed` (optional): each solution's.
int general6rPolish(const Model& model, const Eigen::Matrix4d& T06, const JointVector6* raw, const double* residual,
                    int n, JointVector6 found[kGeneral6rMaxSolutions], const Eigen::Matrix4d* frames = nullptr,
                    std::optional<Eigen::Matrix4d>* foundFrames = nullptr, const unsigned char* rawFromSeed = nullptr,
                    unsigned char* foundFromSeed = nullptr);

}  // namespace armdyn::ik
