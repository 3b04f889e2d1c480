#include "kinematics/ik_solver.h"

#include "kinematics/pose.h"

#include <Eigen/LU>
#include <algorithm>
#include <cstdio>

namespace armdyn::ik {

std::string format(const char* fmt, double a, double b) {
  char buf[200];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

// ---- structure checks ----

std::string requireTypes(const Model& model, const char* types) {
  const int n = static_cast<int>(std::char_traits<char>::length(types));
  if (model.dof() != n) return "needs " + std::to_string(n) + " joints, the robot has " + std::to_string(model.dof());
  for (int i = 0; i < n; ++i) {
    const bool revolute = types[i] == 'R';
    if (model.isRevolute(i) != revolute)
      return "needs joint " + std::to_string(i + 1) + (revolute ? " revolute" : " prismatic");
  }
  return "";
}

std::string requireQuarterTwist(const Model& model, int i) {
  if (isQuarterTurn(model.dh(i).alpha)) return "";
  return "needs alpha" + std::to_string(i + 1) + " = +-90 deg, got " + format("%.4g deg", deg(model.dh(i).alpha));
}

std::string requireSphericalWrist(const Model& model) {
  for (int i : {3, 4, 5})
    if (!model.isRevolute(i)) return "needs joint " + std::to_string(i + 1) + " revolute (spherical wrist)";
  if (std::abs(model.dh(3).a) > kStructureTol || std::abs(model.dh(4).a) > kStructureTol ||
      std::abs(model.dh(4).d) > kStructureTol)
    return "needs a spherical wrist (a4 = a5 = d5 = 0)";
  for (int i : {3, 4})
    if (std::abs(model.sinAlpha(i)) < kStructureTol)
      return "needs a spherical wrist (alpha" + std::to_string(i + 1) + " = " + format("%.4g", deg(model.dh(i).alpha)) +
             " deg puts two wrist axes on one line)";
  return "";
}

Eigen::Vector3d wristCentre(const Model& model, const Eigen::Matrix4d& T6) {
  const DhParameters& dh6 = model.dh(5);
  const Eigen::Vector3d w6(-dh6.a, -dh6.d * model.sinAlpha(5), -dh6.d * model.cosAlpha(5));
  return T6.topLeftCorner<3, 3>() * w6 + T6.topRightCorner<3, 1>();
}

// ---- shoulder ----

int solveShoulder(Solver& s, const Eigen::Vector3d& p, double z1, Shoulder out[2]) {
  const DhParameters& dh1 = s.model.dh(0);
  const double s1 = quarterSign(dh1.alpha);
  const double h2 = p.x() * p.x() + p.y() * p.y();
  double rho2 = h2 - z1 * z1;
  if (rho2 < 0.0) {
    if (rho2 < -kCosineSlack * std::max(1.0, h2)) {
      s.fail(format("too close: the point is %.4f m from the axis of joint 1, inside the arm's lateral offset %.4f m",
                    std::sqrt(h2), std::abs(z1)));
      return 0;
    }
    rho2 = 0.0;
  }
  const double rho = std::sqrt(rho2);
  int count = 0;
  for (double front : {1.0, -1.0}) {
    Shoulder& sh = out[count++];
    sh.front = front;
    if (std::sqrt(h2) < kSingularTol && std::abs(z1) < kSingularTol) {
      sh.theta1 = dhFromJoint(s.model, 0, s.seed(0));  // on joint 1's axis: any theta1 works
      sh.c1 = std::cos(sh.theta1), sh.s1 = std::sin(sh.theta1);
      sh.fromSeed = true;
    } else {
      sh.fromSeed = false;
      // (Both norms are sqrt(h2) unless rho was clamped at full inward reach; zero for a point on
      // joint 1's axis within a lateral offset the slack accepts.)
      angleDifference(p.y(), p.x(), -s1 * z1, front * rho, sh.theta1, sh.c1, sh.s1);
    }
    sh.x = front * rho - dh1.a;
    sh.y = s1 * (p.z() - dh1.d);
  }
  return count;
}

// ---- elbow ----

Elbow elbowGeometry(const Model& model, const Eigen::Vector3d& u) {
  const DhParameters& dh2 = model.dh(1);
  const DhParameters& dh3 = model.dh(2);
  const Eigen::Vector3d v = Eigen::Vector3d(dh3.a, 0.0, dh3.d) + rotX(dh3.alpha, u);
  const double l3 = std::sqrt(v.x() * v.x() + v.y() * v.y());
  return {dh2.a, l3, std::atan2(v.y(), v.x()), dh2.d + v.z(), l3 > 0.0 ? v.x() / l3 : 1.0, l3 > 0.0 ? v.y() / l3 : 0.0};
}

std::string requireElbow(const Model& model, const Eigen::Vector3d& u) {
  if (std::string r = requireQuarterTwist(model, 0); !r.empty()) return r;
  if (!isZeroTwist(model.dh(1).alpha))
    return "needs alpha2 = 0 (joints 2 and 3 parallel), got " + format("%.4g deg", deg(model.dh(1).alpha));
  const Elbow e = elbowGeometry(model, u);
  if (std::abs(e.a2) < kStructureTol) return "needs a2 != 0 (upper arm length)";
  if (e.l3 < kStructureTol) return "needs a nonzero forearm length";
  return "";
}

int solveRrr(Solver& s, const Eigen::Vector3d& point, const Eigen::Vector3d& u, ArmAngles out[4]) {
  const Elbow e = elbowGeometry(s.model, u);
  const double s1 = quarterSign(s.model.dh(0).alpha);
  Shoulder shoulders[2];
  const int nShoulders = solveShoulder(s, point, e.z1, shoulders);
  int count = 0;
  for (int k = 0; k < nShoulders; ++k) {
    const Shoulder& sh = shoulders[k];
    const double r = std::sqrt(sh.x * sh.x + sh.y * sh.y);
    // The triangle (|a2|, l3, r) by its factored sides (elbowTriangle), each refused beyond
    // -kCosineSlack; c3 = sign(a2) cc. Near the inner fold with |a2| = l3 (the point at the
    // shoulder) `near` is r^2 itself: the textbook cosine put the elbow at exactly half a turn
    // there (six-revolute arm, 4 of 8 solutions, 4e-9 m off).
    const double U = std::abs(e.a2);
    const ElbowTriangle tri = elbowTriangle(U, e.l3, r);
    if (tri.tooFar(U, e.l3, kCosineSlack)) {
      s.fail(format("too far: distance %.4f m from the shoulder exceeds the reach %.4f m", r, U + e.l3));
      continue;
    }
    if (tri.tooClose(U, e.l3, kCosineSlack)) {
      s.fail(format("too close: distance %.4f m from the shoulder is below the minimum reach %.4f m", r,
                    std::abs(U - e.l3)));
      continue;
    }
    const double c3 = sign(e.a2) * tri.cc;
    const double sigmaUp = -sh.front * s1 * sign(e.a2);
    const double sinAbs = tri.sinAbs;  // |sin t3'|
    const double acos3 = std::atan2(sinAbs, c3);
    const double along = sign(e.a2) * tri.along;  // a2 + l3 c3: exact where small at the inner fold
    for (double sigma : {sigmaUp, -sigmaUp}) {
      // theta3' = sigma acos(c3): cos c3, sin sigma |sin|; theta3 = theta3' - delta.
      const double t3p = sigma * acos3, s3p = sigma * sinAbs;
      ArmAngles& a = out[count++];
      a.theta[0] = sh.theta1;
      a.c[0] = sh.c1, a.s[0] = sh.s1;
      a.fromSeed = sh.fromSeed ? 1 : 0;
      // theta2 = atan2(y, x) - atan2(B, A), (A, B) the elbow-to-wrist reach in the plane.
      if (r < kSingularTol) {
        a.theta[1] = dhFromJoint(s.model, 1, s.seed(1));
        a.c[1] = std::cos(a.theta[1]), a.s[1] = std::sin(a.theta[1]);
        a.fromSeed |= 2;  // the wrist centre on joint 2's axis: theta2 is free
      } else {
        angleDifference(sh.y, sh.x, e.l3 * s3p, along, a.theta[1], a.c[1], a.s[1]);
      }
      a.theta[2] = t3p - e.delta;
      a.c[2] = c3 * e.cosDelta + s3p * e.sinDelta, a.s[2] = s3p * e.cosDelta - c3 * e.sinDelta;
      a.arm = (sh.front > 0 ? 0 : 2) + (sigma == sigmaUp ? 0 : 1);
    }
  }
  return count;
}

// ---- spherical wrist ----

int solveWrist(Solver& s, const Eigen::Matrix3d& R3, const Eigen::Matrix3d& R6, WristAngles out[2]) {
  const Model& m = s.model;
  const double ca4 = m.cosAlpha(3), sa4 = m.sinAlpha(3), ca5 = m.cosAlpha(4), sa5 = m.sinAlpha(4);
  const double ca6 = m.cosAlpha(5), sa6 = m.sinAlpha(5);
  Eigen::Matrix3d rx6;  // Rx(-alpha6)
  rx6 << 1.0, 0.0, 0.0, 0.0, ca6, sa6, 0.0, -sa6, ca6;
  const Eigen::Matrix3d M = R3.transpose() * R6 * rx6;
  const Eigen::Vector3d a = M.col(2), x6 = M.col(0);
  double c5 = (ca4 * ca5 - a.z()) / (sa4 * sa5);
  if (std::abs(c5) > 1.0 + kCosineSlack) {
    s.fail(format("orientation not reachable: the wrist's twists (alpha4 = %.4g, alpha5 = %.4g deg) cannot turn the tool "
                  "axis that far from joint 4's axis",
                  deg(m.dh(3).alpha), deg(m.dh(4).alpha)));
    return 0;
  }
  c5 = std::clamp(c5, -1.0, 1.0);
  // Entries of rotation matrices: sqrt(x^2 + y^2) cannot overflow, hypot's care is not needed.
  const double axy = std::sqrt(a.x() * a.x() + a.y() * a.y());
  // Twists alpha4 and alpha5 of +-90 deg (most wrists): Q below is 0, and the flipped solution
  // is the other one turned by half a turn in t4 and t6 (P, and with it c4, s4, c6, s6, change
  // sign): taken from it without trigonometry. There |sin t5| = |P| / |sin alpha5| is the tool
  // axis's x-y part, exact to rounding near t5 = 0, where sqrt(1 - c5^2) keeps only the square
  // root of the rounding (t5 = 1e-8 came out 0: a continuum claimed 1e-8 from one).
  const bool quarterWrist = std::abs(ca4) < kStructureTol && std::abs(ca5) < kStructureTol;
  const double sin5 = quarterWrist ? std::min(1.0, axy / std::abs(sa5)) : std::sqrt(1.0 - c5 * c5);
  const double t5 = quarterWrist ? std::atan2(sin5, c5) : std::acos(c5);
  bool regular = false;  // the noflip solution came from the pose, not from the seed
  for (int k = 0; k < 2; ++k) {  // sin t5 >= 0 (noflip), then < 0 (flip)
    WristAngles& w = out[k];
    const double s5 = k == 0 ? sin5 : -sin5;
    w.theta[1] = k == 0 ? t5 : -t5;
    if (k == 1 && quarterWrist && regular) {
      const WristAngles& n = out[0];
      for (int j : {0, 2}) {
        w.theta[j] = n.theta[j] > 0.0 ? n.theta[j] - M_PI : n.theta[j] + M_PI;
        w.c[j] = -n.c[j], w.s[j] = -n.s[j];
      }
      w.c[1] = c5, w.s[1] = s5;
      w.flip = true;
      w.fromSeed = false;
      break;
    }
    const double P = sa5 * s5, Q = -ca4 * sa5 * c5 - sa4 * ca5, pq = std::sqrt(P * P + Q * Q);
    // At the singularity (axes 4 and 6 aligned) only t4 + t6 is fixed: t4 from the seed.
    double c4, s4;
    if (pq <= kSingularTol || axy <= kSingularTol) {
      w.theta[0] = dhFromJoint(m, 3, s.seed(3));
      c4 = std::cos(w.theta[0]);
      s4 = std::sin(w.theta[0]);
      w.fromSeed = true;
    } else {
      w.fromSeed = false;  // t4 = atan2(ay, ax) - atan2(Q, P)
      c4 = (a.x() * P + a.y() * Q) / (axy * pq);
      s4 = (a.y() * P - a.x() * Q) / (axy * pq);
      w.theta[0] = std::atan2(s4, c4);
      regular = true;
    }
    // Rz(t6) = (Rz(t4) Rx(alpha4) Rz(t5) Rx(alpha5))^T M: its first column, from M's.
    Eigen::Vector3d v(c4 * x6.x() + s4 * x6.y(), -s4 * x6.x() + c4 * x6.y(), x6.z());  // Rz(-t4)
    v = Eigen::Vector3d(v.x(), ca4 * v.y() + sa4 * v.z(), -sa4 * v.y() + ca4 * v.z());      // Rx(-alpha4)
    v = Eigen::Vector3d(c5 * v.x() + s5 * v.y(), -s5 * v.x() + c5 * v.y(), v.z());          // Rz(-t5)
    const double y = ca5 * v.y() + sa5 * v.z();                                             // Rx(-alpha5)
    w.theta[2] = std::atan2(y, v.x());
    const double r6 = std::sqrt(y * y + v.x() * v.x());
    w.c[0] = c4, w.s[0] = s4, w.c[1] = c5, w.s[1] = s5;
    w.c[2] = r6 > 0.0 ? v.x() / r6 : 1.0, w.s[2] = r6 > 0.0 ? y / r6 : 0.0;
    w.flip = k == 1;
  }
  return 2;
}

Eigen::Matrix4d armFrame(const Model& model, const JointVector6& q) {
  Eigen::Matrix4d T = dhTransform(model, 0, q(0));
  for (int i = 1; i < 3; ++i) T = T * dhTransform(model, i, q(i));
  return T;
}

void addWithWrist(Solver& s, const JointVector6& qArm, int arm, const Eigen::Matrix3d& R6, unsigned char armFromSeed) {
  addWithWrist(s, qArm, arm, R6, armFrame(s.model, qArm), armFromSeed);
}

void addWithWrist(Solver& s, const JointVector6& qArm, int arm, const Eigen::Matrix3d& R6, const Eigen::Matrix4d& T3,
                  unsigned char armFromSeed) {
  WristAngles wrist[2];
  const int count = solveWrist(s, T3.topLeftCorner<3, 3>(), R6, wrist);
  for (int k = 0; k < count; ++k) {
    JointVector6 q = qArm;
    for (int j = 0; j < 3; ++j) q(3 + j) = jointFromDh(s.model, 3 + j, wrist[k].theta[j]);
    const WristAngles& w = wrist[k];
    s.add(q, 2 * arm + (w.flip ? 1 : 0), T3, {w.c[0], w.c[1], w.c[2], w.s[0], w.s[1], w.s[2]},
          static_cast<unsigned char>(armFromSeed | (w.fromSeed ? 8 : 0)));
  }
}

// ---- configuration names ----

std::vector<std::string> elbowConfigurations() {
  return {"front_elbow_up", "front_elbow_down", "back_elbow_up", "back_elbow_down"};
}

std::vector<std::string> withWrist(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& a : names)
    for (const char* w : {"noflip", "flip"}) out.push_back(a.empty() ? w : a + "_" + w);
  return out;
}

// ---- refinement ----

Eigen::Matrix<double, 6, 6> sixJointJacobian(const Model& model, const JointVector6& q, Eigen::Matrix4d* T06) {
  assert(model.dof() == 6);
  Eigen::Matrix<double, 3, 6> z, o;
  Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
  for (int i = 0; i < 6; ++i) {
    z.col(i) = T.block<3, 1>(0, 2);
    o.col(i) = T.block<3, 1>(0, 3);
    appendDhTransform(T, model, i, q(i));
  }
  Eigen::Matrix<double, 6, 6> J;
  const Eigen::Vector3d p = T.block<3, 1>(0, 3);
  for (int i = 0; i < 6; ++i) {
    const Eigen::Vector3d zi = z.col(i);
    if (model.isRevolute(i)) {
      J.block<3, 1>(0, i) = zi.cross(p - Eigen::Vector3d(o.col(i)));
      J.block<3, 1>(3, i) = zi;
    } else {
      J.block<3, 1>(0, i) = zi;
      J.block<3, 1>(3, i).setZero();
    }
  }
  if (T06) *T06 = T;
  return J;
}

double refineSixJoints(const Model& model, const Eigen::Matrix4d& T06, JointVector6& q, int maxSteps,
                       Eigen::Matrix4d* frame6) {
  assert(model.dof() == 6);
  Eigen::Matrix4d T;
  Eigen::Matrix<double, 6, 6> J = sixJointJacobian(model, q, &T);
  Vector6d e = poseError(T06, T);
  double err = e.head<3>().norm() + e.tail<3>().norm();
  for (int it = 0; it < maxSteps && err > 1e-15; ++it) {
    // Partial pivoting (about a third of complete pivoting's cost) where J is well away from
    // singular (its pivots within 1e-3 of each other; rows in m and rad, so for arms far from
    // metre scale this is rarely taken: slower, not wrong), complete pivoting otherwise, after
    // the partial factoring (near a fold, where the step's direction matters most: the general
    // 6R's restarts beside nearly singular solutions find more of the close pairs with it).
    const Eigen::PartialPivLU<Eigen::Matrix<double, 6, 6>> partial(J);
    const auto pivots = partial.matrixLU().diagonal().cwiseAbs();
    const Vector6d step = pivots.minCoeff() > 1e-3 * pivots.maxCoeff()
                              ? Vector6d(partial.solve(e))
                              : Vector6d(Eigen::FullPivLU<Eigen::Matrix<double, 6, 6>>(J).solve(e));
    if (!step.allFinite()) break;
    const JointVector6 trial = q + step;
    Eigen::Matrix4d Tt;
    const Eigen::Matrix<double, 6, 6> Jt = sixJointJacobian(model, trial, &Tt);
    const Vector6d et = poseError(T06, Tt);
    const double errTrial = et.head<3>().norm() + et.tail<3>().norm();
    if (!(errTrial < err)) break;
    q = trial;
    J = Jt;
    T = Tt;
    e = et;
    err = errTrial;
  }
  if (frame6) *frame6 = T;
  return err;
}

double refineBesideFold(const Model& model, const Eigen::Matrix4d& T06, JointVector6& q, int maxSteps,
                        Eigen::Matrix4d* frame6) {
  assert(model.dof() == 6);
  Eigen::Matrix4d T;
  const JointVector6 q0 = q;
  JointVector6 x = q;
  Eigen::Matrix<double, 6, 6> J = sixJointJacobian(model, x, &T);
  Vector6d e = poseError(T06, T);
  double err = e.head<3>().norm() + e.tail<3>().norm();
  const double start = err;
  double best = err;
  Eigen::Matrix4d bestFrame = T;
  for (int it = 0; it < maxSteps && best > 1e-15; ++it) {
    const Vector6d step = Eigen::FullPivLU<Eigen::Matrix<double, 6, 6>>(J).solve(e);
    if (!step.allFinite()) break;
    x += step;
    J = sixJointJacobian(model, x, &T);
    e = poseError(T06, T);
    err = e.head<3>().norm() + e.tail<3>().norm();
    // Left the fold's neighbourhood (the error grew a millionfold, or the joints moved further
    // than any solution beside the fold can be: its offset is about sqrt(error / curvature);
    // 0.05 rad, or m for a prismatic joint): keep the best so far, not a point far along
    // another branch. (The twin across the fold, 2 eps away, can still be the one reached.)
    if (!(err < 1e6 * start) || !((x - q0).cwiseAbs().maxCoeff() < 0.05)) break;
    if (err < best) {
      best = err;
      q = x;
      bestFrame = T;
    }
  }
  if (frame6) *frame6 = bestFrame;
  return best;
}

}  // namespace armdyn::ik
