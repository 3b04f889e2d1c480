#include "kinematics/positioning_arm.h"

#include "kinematics/scalar_equations.h"

#include <Eigen/LU>
#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>

namespace armdyn {

namespace {

constexpr double kStructureTol = 1e-9;   // a DH sine, cosine or length taken as exactly 0
constexpr double kAcceptTol = 1e-7;      // a candidate must place u within this (relative to the arm's size)
constexpr double kSingularTol = 1e-12;   // below this a free joint is taken from the seed
// A leading coefficient below this (relative) drops the degree; for a revolute joint 3 the
// dropped root is theta3 = pi (t = infinity), tried instead.
constexpr double kLeadingTol = 1e-9;

// ---- polynomials in t of degree <= 4, coefficients from t^0 up ----
struct Poly {
  std::array<double, 5> c{};
};

Poly operator+(const Poly& a, const Poly& b) {
  Poly r;
  for (int i = 0; i < 5; ++i) r.c[i] = a.c[i] + b.c[i];
  return r;
}
Poly operator-(const Poly& a, const Poly& b) {
  Poly r;
  for (int i = 0; i < 5; ++i) r.c[i] = a.c[i] - b.c[i];
  return r;
}
Poly operator*(double k, const Poly& a) {
  Poly r;
  for (int i = 0; i < 5; ++i) r.c[i] = k * a.c[i];
  return r;
}
Poly operator*(const Poly& a, const Poly& b) {
  Poly r;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; i + j < 5; ++j) r.c[i + j] += a.c[i] * b.c[j];
  // Products here never exceed degree four: two factors of degree two at most.
  assert(std::abs(a.c[3]) + std::abs(a.c[4]) == 0.0 || std::abs(b.c[1]) + std::abs(b.c[2]) + std::abs(b.c[3]) + std::abs(b.c[4]) == 0.0);
  return r;
}

// Joint 3's variable: a revolute joint by t = tan(theta / 2) (theta the DH angle), so that
// cos = (1 - t^2) / h and sin = 2 t / h with h = 1 + t^2; a prismatic one by t = d (the DH
// offset). A quantity f linear in (cos, sin) is the polynomial h f (degree two); for a
// prismatic joint quantities are polynomials in d directly (h = 1).
struct Joint3 {
  bool revolute;
  Poly h;
  double value(double t) const { return revolute ? 2.0 * std::atan(t) : t; }
};

// Samples of the chain's point in the frame after joint 2's rotation (v, see below) at three
// values of joint 3, from which the forms of its components and of |v|^2 follow.
struct Samples {
  double at[3];
};

// A scalar quantity sampled at theta = 0, pi/2, pi (revolute: f0 + fc cos + fs sin) or at
// d = -1, 0, 1 (prismatic: f0 + f1 d + f2 d^2), as a polynomial in t.
Poly form(const Joint3& j, const Samples& s) {
  Poly p;
  if (j.revolute) {
    const double f0 = 0.5 * (s.at[0] + s.at[2]), fc = 0.5 * (s.at[0] - s.at[2]), fs = s.at[1] - f0;
    p.c[0] = f0 + fc;
    p.c[1] = 2.0 * fs;
    p.c[2] = f0 - fc;
  } else {
    p.c[0] = s.at[1];
    p.c[1] = 0.5 * (s.at[2] - s.at[0]);
    p.c[2] = 0.5 * (s.at[2] + s.at[0]) - s.at[1];
  }
  return p;
}

// Real roots of p (t values); returns false when p vanishes identically.
bool realRoots(const Poly& p, double scale, std::array<double, 5>& roots, int& count) {
  double big = 0.0;
  for (double c : p.c) big = std::max(big, std::abs(c));
  if (!(big > 1e-12 * scale)) return false;
  int deg = 4;
  while (deg > 0 && std::abs(p.c[deg]) <= kLeadingTol * big) --deg;
  count = deg == 0 ? 0 : realPolynomialRoots(p.c.data(), deg, roots.data());
  return true;
}

// DH frame 2 point of u for joint 3's DH value x (theta or d), then v = (a2, 0, d2) +
// Rx(alpha2) p2: the point in the frame after joint 2's rotation (joint 2 revolute) or with
// joint 2's offset (prismatic: v + q2 z).
Eigen::Vector3d pointV(const Model& m, const Eigen::Vector3d& u, bool rev3, double x) {
  DhParameters dh3 = m.dh(2);
  if (rev3) dh3.theta = x; else dh3.d = x;
  const double c = std::cos(dh3.theta), s = std::sin(dh3.theta);
  const Eigen::Vector3d w(dh3.a + u.x(), m.cosAlpha(2) * u.y() - m.sinAlpha(2) * u.z(),
                          dh3.d + m.sinAlpha(2) * u.y() + m.cosAlpha(2) * u.z());
  const Eigen::Vector3d p2(c * w.x() - s * w.y(), s * w.x() + c * w.y(), w.z());
  const DhParameters& dh2 = m.dh(1);
  // d2 is joint 2's offset: a prismatic joint 2 adds its value along z1 afterwards.
  return {dh2.a + p2.x(), m.cosAlpha(1) * p2.y() - m.sinAlpha(1) * p2.z(),
          dh2.d + m.sinAlpha(1) * p2.y() + m.cosAlpha(1) * p2.z()};
}

Eigen::Vector3d rotZ(double t, const Eigen::Vector3d& v) {
  const double c = std::cos(t), s = std::sin(t);
  return {c * v.x() - s * v.y(), s * v.x() + c * v.y(), v.z()};
}

// The point u of the chain in frame 0 at q (joint values).
Eigen::Vector3d armPoint(const Model& m, const Eigen::Vector3d& u, const Eigen::Vector3d& q) {
  Eigen::Vector4d p(u.x(), u.y(), u.z(), 1.0);
  for (int i = 2; i >= 0; --i) p = dhTransform(m, i, q(i)) * p;
  return p.head<3>();
}

double jointValue(const Model& m, int i, double dhValue) {
  return dhValue - (m.isRevolute(i) ? m.dh(i).theta : m.dh(i).d);
}
double dhValue(const Model& m, int i, double q) { return q + (m.isRevolute(i) ? m.dh(i).theta : m.dh(i).d); }

// LinkSpec's "no limit" is +-1e300.
bool limited(double limit) { return std::abs(limit) < 1e299; }

double armScale(const Model& m, const Eigen::Vector3d& u) {
  double L = u.norm();
  for (int i = 0; i < 3; ++i) L += std::abs(m.dh(i).a) + std::abs(m.dh(i).d);
  return std::max(L, 1e-3);
}

// Newton steps on the position equations (analytic 3 x 3 Jacobian), at most four, each kept
// only if it lowers the error: polishes a back-substituted candidate whose digits an
// ill-conditioned equation took.
void refine(const Model& m, const Eigen::Vector3d& u, const Eigen::Vector3d& target, double L, Eigen::Vector3d& q) {
  Eigen::Vector3d p = armPoint(m, u, q);
  double err = (target - p).norm();
  for (int it = 0; it < 4 && err > 1e-15 * L; ++it) {
    Eigen::Matrix3d J;
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    for (int i = 0; i < 3; ++i) {
      const Eigen::Vector3d z = T.block<3, 1>(0, 2), o = T.block<3, 1>(0, 3);
      J.col(i) = m.isRevolute(i) ? Eigen::Vector3d(z.cross(p - o)) : z;
      T = T * dhTransform(m, i, q(i));
    }
    const Eigen::Vector3d step = J.fullPivLu().solve(target - p);
    if (!step.allFinite()) return;
    const Eigen::Vector3d trial = q + step;
    const Eigen::Vector3d pt = armPoint(m, u, trial);
    const double e = (target - pt).norm();
    if (!(e < err)) return;
    q = trial;
    p = pt;
    err = e;
  }
}

}  // namespace

std::string positioningMisfit(const Model& m, const Eigen::Vector3d& u) {
  if (m.dof() < 3) return "needs three joints in front";
  if (m.isRevolute(0) && m.isRevolute(1) && std::abs(m.dh(0).a) < kStructureTol && std::abs(m.sinAlpha(0)) < kStructureTol)
    return "joints 1 and 2 turn about one axis (a1 = 0, alpha1 = 0 or 180 deg)";
  if (!m.isRevolute(0) && !m.isRevolute(1) && std::abs(m.sinAlpha(0)) < kStructureTol)
    return "joints 1 and 2 slide along parallel axes (alpha1 = 0 or 180 deg)";
  // Isolated solutions need a position Jacobian of full rank somewhere: tried at three
  // fixed, unremarkable configurations.
  const double L = armScale(m, u);
  static const double probes[3][3] = {{0.7, -1.1, 0.4}, {-2.3, 0.9, 1.7}, {1.3, 2.1, -0.6}};
  for (const auto& probe : probes) {
    Eigen::Vector3d q(probe[0], probe[1], probe[2]);
    for (int i = 0; i < 3; ++i)
      if (!m.isRevolute(i)) q(i) *= 0.3 * L;
    const Eigen::Vector3d p = armPoint(m, u, q);
    Eigen::Matrix3d J;
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    for (int i = 0; i < 3; ++i) {
      const Eigen::Vector3d z = T.block<3, 1>(0, 2), o = T.block<3, 1>(0, 3);
      J.col(i) = m.isRevolute(i) ? Eigen::Vector3d(z.cross(p - o) / L) : z;
      T = T * dhTransform(m, i, q(i));
    }
    if (std::abs(J.determinant()) > 1e-7) return "";
  }
  return "joints 1-3 cannot move the point in three independent directions (position Jacobian singular everywhere)";
}

PositioningSolutions solvePositioningArm(const Model& m, const Eigen::Vector3d& u, const Eigen::Vector3d& target,
                                         const Eigen::Vector3d& seed) {
  PositioningSolutions out;
  const bool rev1 = m.isRevolute(0), rev2 = m.isRevolute(1), rev3 = m.isRevolute(2);
  const Joint3 j3{rev3, rev3 ? Poly{{1.0, 0.0, 1.0, 0.0, 0.0}} : Poly{{1.0, 0.0, 0.0, 0.0, 0.0}}};
  const double L = armScale(m, u);

  // v at three values of joint 3's DH variable, and for a prismatic joint 2 r = Rz(theta2) v.
  const double xs[3] = {rev3 ? 0.0 : -1.0, rev3 ? M_PI / 2 : 0.0, rev3 ? M_PI : 1.0};
  const double theta2 = m.dh(1).theta;
  Samples sx, sy, sz, sn;
  for (int k = 0; k < 3; ++k) {
    Eigen::Vector3d v = pointV(m, u, rev3, xs[k]);
    if (!rev2) v = rotZ(theta2, v);
    sx.at[k] = v.x();
    sy.at[k] = v.y();
    sz.at[k] = v.z();
    sn.at[k] = v.squaredNorm();
  }
  const Poly X = form(j3, sx), Y = form(j3, sy), Z = form(j3, sz), V = form(j3, sn);
  const Poly& h = j3.h;
  const Poly hh = h * h;

  const DhParameters& dh1 = m.dh(0);
  const double ca1 = m.cosAlpha(0), sa1 = m.sinAlpha(0), a1 = dh1.a;
  // Joint 1's invariants of the target.
  double zt = 0.0, kt = 0.0, xa = 0.0, yb = 0.0;
  if (rev1) {
    zt = target.z() - dh1.d;                                                   // height above joint 1's offset
    kt = target.x() * target.x() + target.y() * target.y() + zt * zt - a1 * a1;  // |p1|^2 + 2 a1 p1x
  } else {
    const Eigen::Vector3d t = rotZ(-dh1.theta, target);
    xa = t.x() - a1;  // p1x
    yb = t.y();       // ca1 p1y - sa1 p1z
  }
  const bool zeroA1 = std::abs(a1) < kStructureTol * L, zeroSa1 = std::abs(sa1) < kStructureTol,
             zeroCa1 = std::abs(ca1) < kStructureTol;

  // The polynomial in joint 3's variable (see the header), per kind of joints 1 and 2.
  Poly g;
  int weight = 1;      // g is of degree 2 weight in t for a revolute joint 3
  double scale = 0.0;  // magnitude of its terms: decides "vanishes identically"
  const auto norm = [](const Poly& p) {
    double s = 0.0;
    for (double c : p.c) s = std::max(s, std::abs(c));
    return s;
  };
  if (rev1 && rev2) {
    const Poly E2 = kt * h - V, E1 = zt * h - ca1 * Z;  // 2 a1 (c2 vx - s2 vy) and sa1 (s2 vx + c2 vy)
    if (zeroA1) g = E2;
    else if (zeroSa1) g = E1;
    else {
      const Poly t1 = (sa1 * sa1) * (E2 * E2), t2 = (4.0 * a1 * a1) * (E1 * E1), t3 = (4.0 * a1 * a1 * sa1 * sa1) * (V * h - Z * Z);
      g = t1 + t2 - t3;
      weight = 2;
      scale = std::max({norm(t1), norm(t2), norm(t3)});
    }
  } else if (rev1 && !rev2) {
    if (zeroCa1) {
      g = zt * h - sa1 * Y;
    } else {
      const Poly Q = zt * h - sa1 * Y - ca1 * Z;  // ca1 q2 (times h)
      const Poly t1 = (ca1 * ca1) * ((V + 2.0 * a1 * X) * h - kt * hh), t2 = (2.0 * ca1) * (Q * Z), t3 = Q * Q;
      g = t1 + t2 + t3;
      weight = 2;
      scale = std::max({norm(t1), norm(t2), norm(t3)});
    }
  } else if (!rev1 && rev2) {
    if (zeroCa1) {
      g = yb * h + sa1 * Z;
    } else {
      const Poly E = yb * h + sa1 * Z;
      const Poly t1 = (ca1 * ca1 * xa * xa) * hh, t2 = E * E, t3 = (ca1 * ca1) * (V * h - Z * Z);
      g = t1 + t2 - t3;
      weight = 2;
      scale = std::max({norm(t1), norm(t2), norm(t3)});
    }
  } else {
    g = xa * h - X;
  }
  if (scale == 0.0) scale = std::max(norm(g), L * L * 1e-3);

  std::array<double, 5> ts{};
  int nt = 0;
  if (!realRoots(g, scale, ts, nt)) {
    out.notIsolated = true;
    return out;
  }
  double x3[6];
  int nx = 0;
  for (int i = 0; i < nt; ++i) x3[nx++] = j3.value(ts[i]);
  // A revolute joint 3 at theta = pi is t = infinity: a root when g's degree drops.
  if (rev3 && std::abs(g.c[2 * weight]) <= kLeadingTol * norm(g)) x3[nx++] = M_PI;

  const double tol = kAcceptTol * L;
  const auto accept = [&](const Eigen::Vector3d& q, unsigned char fromSeed) {
    if (!q.allFinite() || out.count >= 4) return;
    if ((armPoint(m, u, q) - target).norm() > tol) return;
    for (int k = 0; k < out.count; ++k) {
      double d = 0.0;
      for (int i = 0; i < 3; ++i) {
        const double e = q(i) - out.q[k](i);
        d = std::max(d, m.isRevolute(i) ? std::abs(std::remainder(e, 2.0 * M_PI)) : std::abs(e));
      }
      if (d < 1e-6) return;  // one solution (a double root reached twice)
    }
    out.fromSeed[out.count] = fromSeed;
    out.q[out.count++] = q;
  };

  // Per root of joint 3: candidate values of joint 2 from every equation that holds it (the
  // 2 x 2 solve when it is well conditioned, else each scalar equation's solutions: near-special
  // geometry such as alpha1 = 1.570796 makes one of them nearly vanish), joint 1 from the
  // frame-1 point, then Newton steps on the three position equations; accept() keeps what
  // reaches the target and merges what coincides.
  for (int r = 0; r < nx; ++r) {
    // Exact at the root: v, or r = Rz(theta2) v for a prismatic joint 2 (p1 = r + q2 z1).
    const Eigen::Vector3d v = rev2 ? pointV(m, u, rev3, x3[r]) : rotZ(theta2, pointV(m, u, rev3, x3[r]));
    Eigen::Vector3d q(0.0, 0.0, jointValue(m, 2, x3[r]));
    double j2[6];
    int n2 = 0;
    bool free2 = false;  // j2 holds the seed's q2: the point on joint 2's axis
    const double seed2 = dhValue(m, 1, seed(1));
    const auto addCosSin = [&](double A, double B, double C) {
      if (std::hypot(A, B) <= 1e-12 * L * L) return;
      double two[2];
      const int k = solveCosSin(A, B, C, seed2, two);
      for (int i = 0; i < k && n2 < 6; ++i) j2[n2++] = two[i];
    };
    if (rev2) {
      const double vxy2 = v.x() * v.x() + v.y() * v.y();
      // Rows (A, B, C) of A cos q2 + B sin q2 = C: joint 1's two invariants.
      double row[2][3];
      if (rev1) {
        row[0][0] = sa1 * v.y(), row[0][1] = sa1 * v.x(), row[0][2] = zt - ca1 * v.z();
        row[1][0] = 2.0 * a1 * v.x(), row[1][1] = -2.0 * a1 * v.y(), row[1][2] = kt - v.squaredNorm();
      } else {
        row[0][0] = v.x(), row[0][1] = -v.y(), row[0][2] = xa;
        row[1][0] = ca1 * v.y(), row[1][1] = ca1 * v.x(), row[1][2] = yb + sa1 * v.z();
      }
      const double det = row[0][0] * row[1][1] - row[0][1] * row[1][0];
      const double size = row[0][0] * row[0][0] + row[0][1] * row[0][1] + row[1][0] * row[1][0] + row[1][1] * row[1][1];
      if (vxy2 <= kSingularTol * L * L) {
        j2[n2++] = seed2;  // the point on joint 2's axis: any q2
        free2 = true;
      } else if (std::abs(det) > 1e-6 * size) {
        const double c = (row[0][2] * row[1][1] - row[0][1] * row[1][2]) / det;
        const double sn = (row[0][0] * row[1][2] - row[0][2] * row[1][0]) / det;
        j2[n2++] = std::atan2(sn, c);
      } else {
        addCosSin(row[0][0], row[0][1], row[0][2]);
        addCosSin(row[1][0], row[1][1], row[1][2]);
      }
      for (int k = 0; k < n2; ++k) j2[k] = jointValue(m, 1, j2[k]);
    } else if (rev1) {
      if (std::abs(ca1) > 1e-12) j2[n2++] = (zt - sa1 * v.y()) / ca1 - v.z();
      if (std::abs(ca1) < 1e-3) {
        // q2^2 + 2 vz q2 + |v|^2 + 2 a1 vx - kt = 0
        const double b = v.z(), c = v.squaredNorm() + 2.0 * a1 * v.x() - kt;
        double disc = b * b - c;
        if (disc >= -1e-10 * (b * b + std::abs(c) + L * L)) {
          disc = std::sqrt(std::max(disc, 0.0));
          j2[n2++] = -b + disc;
          if (disc > 0.0) j2[n2++] = -b - disc;
        }
      }
    } else {
      j2[n2++] = (ca1 * v.y() - sa1 * v.z() - yb) / sa1;
    }
    for (int k = 0; k < n2; ++k) {
      q(1) = j2[k];
      q(2) = jointValue(m, 2, x3[r]);
      // p1: the point in frame 1.
      Eigen::Vector3d p1;
      if (rev2) p1 = rotZ(dhValue(m, 1, q(1)), v);
      else p1 = v + Eigen::Vector3d(0.0, 0.0, q(1));
      bool free1 = false;
      if (rev1) {
        const double bx = a1 + p1.x(), by = ca1 * p1.y() - sa1 * p1.z();
        // The target on joint 1's axis: base (x, y) = Rz(q1) (bx, by) = 0 puts the point on the axis
        // too, and any q1 works. (bx, by) itself is only as exact as the root of joint 3, often
        // a double root here (about 1e-8): testing it as well let some candidates take q1 from
        // the angle of that rounding, members of the continuum listed as further branches.
        free1 = std::hypot(target.x(), target.y()) < kSingularTol * L;
        if (free1)
          q(0) = seed(0);
        else
          q(0) = jointValue(m, 0, std::atan2(target.y(), target.x()) - std::atan2(by, bx));
      } else {
        q(0) = target.z() - dh1.d - (sa1 * p1.y() + ca1 * p1.z());
      }
      refine(m, u, target, L, q);
      // Newton may have nudged q1 along its continuum (~1e-9): back to the seed's (a turn about
      // joint 1's axis does not move a point on it).
      if (free1) q(0) = seed(0);
      // q2 was the seed's because the point looked on joint 2's axis (within 1e-6 L, at a root of
      // joint 3 that can be a double root, good to ~1e-8): a continuum only if it is there at the
      // refined q3 too; else q2 was isolated and Newton found it (left as it is).
      if (free2 && pointV(m, u, rev3, dhValue(m, 2, q(2))).head<2>().norm() > 1e-9 * L) free2 = false;
      accept(q, static_cast<unsigned char>((free1 ? 1 : 0) | (free2 ? 2 : 0)));
    }
  }
  return out;
}

std::string positioningShortfall(const Model& m, const Eigen::Vector3d& u, const Eigen::Vector3d& target) {
  // The largest and smallest distance of u from frame 0's origin over the joints (prismatic
  // joints within their limits), by projected gradient steps from a few starts.
  const double L = armScale(m, u);
  const double dist = target.norm();
  double far = 0.0, near = std::numeric_limits<double>::infinity();
  bool unbounded = false;
  for (int i = 0; i < 3; ++i)
    if (!m.isRevolute(i) && !(limited(m.spec().links[i].qMin) && limited(m.spec().links[i].qMax))) unbounded = true;
  static const double starts[4][3] = {{0.3, 0.4, 0.5}, {-1.9, 2.2, -0.7}, {2.8, -2.5, 1.9}, {-0.6, -1.2, -2.6}};
  for (int dir : {1, -1}) {
    for (const auto& st : starts) {
      Eigen::Vector3d q(st[0], st[1], st[2]);
      for (int i = 0; i < 3; ++i) {
        if (m.isRevolute(i)) continue;
        const LinkSpec& l = m.spec().links[i];
        const double lo = limited(l.qMin) ? l.qMin : -L, hi = limited(l.qMax) ? l.qMax : L;
        q(i) = lo + (hi - lo) * (0.5 + 0.15 * st[i]);
      }
      double step = 0.1;
      for (int it = 0; it < 200 && step > 1e-12; ++it) {
        const double f = armPoint(m, u, q).squaredNorm();
        Eigen::Vector3d grad;
        for (int i = 0; i < 3; ++i) {
          Eigen::Vector3d dq = q;
          const double e = 1e-7 * (m.isRevolute(i) ? 1.0 : L);
          dq(i) += e;
          grad(i) = (armPoint(m, u, dq).squaredNorm() - f) / e;
        }
        if (grad.norm() == 0.0) break;
        Eigen::Vector3d trial = q + dir * step * grad / grad.norm() * L;
        for (int i = 0; i < 3; ++i) {
          if (m.isRevolute(i)) continue;
          const LinkSpec& l = m.spec().links[i];
          trial(i) = std::clamp(trial(i), limited(l.qMin) ? l.qMin : -1e6 * L, limited(l.qMax) ? l.qMax : 1e6 * L);
        }
        const double ft = armPoint(m, u, trial).squaredNorm();
        if (dir * (ft - f) > 0.0) {
          q = trial;
          step *= 1.5;
        } else {
          step *= 0.5;
        }
      }
      const double d = armPoint(m, u, q).norm();
      far = std::max(far, d);
      near = std::min(near, d);
    }
  }
  char buf[300];
  if (!unbounded && dist > far * (1.0 + 1e-9))
    std::snprintf(buf, sizeof buf, "too far: the point is %.4f m from the base, the arm reaches %.4f m at most", dist, far);
  else if (dist < near * (1.0 - 1e-9))
    std::snprintf(buf, sizeof buf, "too close: the point is %.4f m from the base, the arm cannot come nearer than %.4f m",
                  dist, near);
  else
    std::snprintf(buf, sizeof buf,
                  "the point (%.4f, %.4f, %.4f) m lies in a void of the workspace: no arm configuration reaches it "
                  "although its distance from the base is within the arm's range",
                  target.x(), target.y(), target.z());
  return buf;
}

}  // namespace armdyn
