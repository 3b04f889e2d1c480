#pragma once
// Forward dynamics by the articulated-body algorithm (Featherstone 2008, section 7.3, table 7.1):
//   qdd = (M(q) + diag(armature))^-1 (tau - C(q, qd) qd - G(q))
// in O(n) without forming M: velocities and bias forces outwards, articulated inertias inwards
// (each joint's inertia projected out with its armature on the joint axis, e.g. a drive's
// reflected rotor inertia N^2 Jm), accelerations outwards; gravity is a base acceleration -g.
// Spatial vectors are [angular; linear at the frame origin]. Body frame of link k: frame k-1
// turned by Rz(theta_k) and moved by Tz(d_k) (Vora eq 3.3 split after the joint), so joint k is
// the z axis of its body frame and link k, at Tx(a_k) Rx(alpha_k) from it, has constant inertia
// there. Twists of 0 and +-90 deg (sin/cos within 1e-15 of 0, 1) turn frames by permutation and
// zero offsets are skipped. Needs M + diag(armature) positive definite, as Cholesky does: every
// pivot D_k > 0. Units as rnea.h: q rad or m, tau N m or N, armature kg m^2 or kg, qdd rad/s^2
// or m/s^2.

#include "dynamics/twist_kind.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn {

// Symmetric 6x6 spatial inertia [A B; B^T C] about a frame origin: A and C symmetric, stored
// packed as (xx, xy, xz, yy, yz, zz); B a full 3x3 (row-major). A rigid body has A = I_o,
// B = [h x] (h = m c) and C = m 1.
struct SpatialInertia6 {
  double A[6], B[3][3], C[6];
};

// A turn by an angle in a coordinate plane: its cosine c and sine s with the products that the
// congruences R S R^T of aba()'s inertias use (s^2, c s, 2 c s, cos 2 angle = 1 - 2 s^2).
struct PlaneTurn {
  double c, s, ss, cs, twoCs, cos2;
  static PlaneTurn of(double c, double s) {
    const double ss = s * s, cs = c * s;
    return {c, s, ss, cs, 2.0 * cs, 1.0 - 2.0 * ss};
  }
};

// Preallocated workspace of aba(): per-link constants and per-call buffers (0-based links).
struct AbaData {
  explicit AbaData(const Model& model);

  int n = 0;
  // ---- constants ----
  bool revolute[kMaxLinks];
  TwistKind twist[kMaxLinks];  // alpha_k of 0 or +-90 deg: frame changes by permutation
  double theta0[kMaxLinks], d0[kMaxLinks], a[kMaxLinks];
  PlaneTurn alpha[kMaxLinks];  // the twist alpha_k's turn
  SpatialInertia6 body[kMaxLinks];  // link k's rigid inertia in its body frame
  double gravity[3];                // base frame, m/s^2
  // ---- joint-dependent, rewritten by every call ----
  double cosTheta[kMaxLinks], sinTheta[kMaxLinks], dJoint[kMaxLinks];
  double c[kMaxLinks][6];      // velocity-product acceleration v x S qd
  double bias[kMaxLinks][6];   // rigid-body bias force v x* I v
  double W[kMaxLinks][6];      // I^A S / D, D = S^T I^A S + armature
  double uOverD[kMaxLinks];    // (tau - S^T p^A - (I^A S)^T c) / D
};

// Writes qdd (size n). Does not allocate. Throws std::invalid_argument on size mismatch and
// std::runtime_error if a pivot D_k is not positive (M + diag(armature) not positive definite).
void aba(const Model& model, AbaData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
         const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
         Eigen::Ref<Eigen::VectorXd> qdd);
void aba(const Model& model, AbaData& data, const Eigen::Ref<const Eigen::VectorXd>& q,
         const Eigen::Ref<const Eigen::VectorXd>& qd, const Eigen::Ref<const Eigen::VectorXd>& tau,
         const Eigen::Ref<const Eigen::VectorXd>& armature, Eigen::Ref<Eigen::VectorXd> qdd);

namespace detail {
// The raw passes for hot loops (no size checks): sin/cos of the joints, then the three passes.
// armature may be null (zeros). Returns false, qdd unspecified, if a pivot is not positive.
void abaLoadJoints(AbaData& data, const double* q);
bool abaPasses(AbaData& data, const double* qd, const double* tau, const double* armature, double* qdd);
}  // namespace detail

}  // namespace armdyn
