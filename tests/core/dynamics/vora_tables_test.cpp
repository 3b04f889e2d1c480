// Vora's verification run (chapter 7) on the RRR of table 7.1: the torques of table 7.4
// (recursive Lagrangian, printed states fed back) and of table 7.5 (eq 7.14, velocity terms
// dropped), the latter through an independent closed-form oracle written from eqs 7.5-7.13.
#include "dynamics/dynamics_data.h"
#include "dynamics/lagrange.h"
#include "dynamics/rnea.h"
#include "model/model.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace armdyn {
namespace {

struct PrintedRow {
  double t;
  double q[3], qd[3], qdd[3], force[3];
};

// Table 7.4 (simulation, recursive Lagrangian), t = 0 .. 0.2 s.
const PrintedRow kTable74[] = {
    {0.000, {0.185058E-01, 0.837618, -2.06933}, {0.246744, -0.949063E-02, 0.283241E-01},
     {1.85058, -0.711797E-01, 0.212431}, {0.265067, 3.82132, 0.481783}},
    {0.025, {0.252513E-01, 0.837359, -2.06855}, {0.292768, -0.112609E-01, 0.336072E-01},
     {1.82167, -0.700675E-01, 0.209112}, {0.261671, 3.82495, 0.480801}},
    {0.050, {0.331322E-01, 0.837056, -2.06765}, {0.337346, -0.129755E-01, 0.387244E-01},
     {1.73492, -0.667310E-01, 0.199154}, {0.250109, 3.82948, 0.479440}},
    {0.075, {0.420944E-01, 0.836711, -2.06662}, {0.379032, -0.145789E-01, 0.435096E-01},
     {1.59035, -0.611700E-01, 0.182558}, {0.230319, 3.83478, 0.477786}},
    {0.100, {0.520477E-01, 0.836328, -2.06548}, {0.416381, -0.160154E-01, 0.477970E-01},
     {1.38794, -0.533848E-01, 0.159323}, {0.202219, 3.84068, 0.475949}},
    {0.125, {0.628653E-01, 0.835912, -2.06423}, {0.447947, -0.172296E-01, 0.514205E-01},
     {1.12770, -0.433751E-01, 0.129450}, {0.165716, 3.84700, 0.474054}},
    {0.150, {0.743848E-01, 0.835469, -2.06291}, {0.472284, -0.181656E-01, 0.542142E-01},
     {0.809630, -0.311411E-01, 0.929385E-01}, {0.120711, 3.85351, 0.472238}},
    {0.175, {0.864073E-01, 0.835006, -2.06153}, {0.487947, -0.187681E-01, 0.560121E-01},
     {0.433730, -0.166827E-01, 0.497885E-01}, {0.671000E-01, 3.85998, 0.470635}},
    {0.200, {0.864073E-01, 0.835006, -2.06153}, {0.554941, -0.213450E-01, 0.637031E-01},
     {0.0, 0.0, 0.0}, {0.604929E-02, 3.86782, 0.464135}},
};

// Table 7.5 (verification by eq 7.14): same instants; a few positions differ in the 6th digit.
const PrintedRow kTable75[] = {
    {0.000, {0.185058E-01, 0.837618, -2.06933}, {0.246744, -0.949063E-02, 0.283241E-01},
     {1.85058, -0.711797E-01, 0.212431}, {0.263874, 3.81197, 0.486516}},
    {0.025, {0.252512E-01, 0.837359, -2.06855}, {0.292768, -0.112608E-01, 0.336072E-01},
     {1.82167, -0.700675E-01, 0.209112}, {0.259992, 3.81390, 0.487049}},
    {0.050, {0.331322E-01, 0.837056, -2.06765}, {0.337346, -0.129755E-01, 0.387244E-01},
     {1.73492, -0.667310E-01, 0.199154}, {0.247879, 3.81665, 0.487373}},
    {0.075, {0.420944E-01, 0.836711, -2.06662}, {0.379032, -0.145789E-01, 0.435096E-01},
     {1.59035, -0.611700E-01, 0.182558}, {0.227502, 3.82019, 0.487484}},
    {0.100, {0.520477E-01, 0.836328, -2.06548}, {0.416381, -0.160154E-01, 0.477970E-01},
     {1.38794, -0.533848E-01, 0.159323}, {0.198818, 3.82451, 0.487373}},
    {0.125, {0.628653E-01, 0.835912, -2.06423}, {0.447947, -0.172296E-01, 0.514205E-01},
     {1.12770, -0.433751E-01, 0.129450}, {0.161779, 3.82956, 0.487026}},
    {0.150, {0.743848E-01, 0.835469, -2.06291}, {0.472284, -0.181656E-01, 0.542142E-01},
     {0.809630, -0.311411E-01, 0.929385E-01}, {0.116332, 3.83531, 0.486425}},
    {0.175, {0.864073E-01, 0.835007, -2.06153}, {0.487947, -0.187681E-01, 0.560121E-01},
     {0.433730, -0.166827E-01, 0.497885E-01}, {0.624231E-01, 3.84170, 0.485551}},
    {0.200, {0.864073E-01, 0.835007, -2.06153}, {0.554941, -0.213450E-01, 0.637031E-01},
     {0.0, 0.0, 0.0}, {0.0, 3.84565, 0.483116}},
};

Eigen::Vector3d vec(const double (&v)[3]) { return {v[0], v[1], v[2]}; }

TEST(VoraTables, Table74TorquesFromPrintedStates) {
  const Model model(test::voraRrrSpec());
  DynamicsData data(model);
  Eigen::VectorXd tauNe(3), tauL(3);
  double worst = 0.0;
  for (const PrintedRow& row : kTable74) {
    rnea(model, data, vec(row.q), vec(row.qd), vec(row.qdd), tauNe);
    recursiveLagrange(model, data, vec(row.q), vec(row.qd), vec(row.qdd), tauL);
    for (int j = 0; j < 3; ++j) {
      const double printed = row.force[j];
      // 1e-4 relative: the table prints 6 figures and its states are rounded to 6 figures.
      // Floor 1e-7 N m for small printed values: joint 1 at t = 0.2 s (0.00605 N m) is a pure
      // velocity torque, bilinear in qd1 and qd2, qd3, whose 6-figure rounding (relative
      // <= 2.3e-6) moves it by ~2e-8 N m; the floor covers that with margin, not more.
      const double tol = 1e-4 * std::abs(printed) + 1e-7;
      EXPECT_NEAR(tauNe(j), printed, tol) << "t = " << row.t << " joint " << j + 1;
      EXPECT_NEAR(tauL(j), printed, tol) << "t = " << row.t << " joint " << j + 1;
      worst = std::max(worst, std::abs(tauNe(j) - printed) / std::abs(printed));
    }
  }
  std::printf("[table 7.4] worst relative torque residual %.2e\n", worst);
}

// ---- Eq 7.14 oracle ----
// Link data of table 7.2 in the thesis's form: masses m_i (actuator of the next joint included),
// centres x_i along x_i, moments of inertia about each link's own frame origin (the printed
// table: link 2 Iyy = 0.0489 = int (x^2 + z^2) dm about origin 2).
struct RrrLinkData {
  double I1yy, I2xx, I2yy, I2zz, I3xx, I3yy, I3zz;
  double m2, m3, x2, x3, a2, a3, g;
};

RrrLinkData linkData(const Model& model) {
  const LinkInertial& l1 = model.inertial(0);
  const LinkInertial& l2 = model.inertial(1);
  const LinkInertial& l3 = model.inertial(2);
  return {l1.inertiaOrigin(1, 1), l2.inertiaOrigin(0, 0), l2.inertiaOrigin(1, 1), l2.inertiaOrigin(2, 2),
          l3.inertiaOrigin(0, 0), l3.inertiaOrigin(1, 1), l3.inertiaOrigin(2, 2),
          l2.mass, l3.mass, l2.com.x(), l3.com.x(), model.dh(1).a, model.dh(2).a, 9.8};
}

// Eqs 7.5-7.14. The thesis prints two slips, each switchable here: D22 with "a2 a3 C3" where
// the law of cosines needs 2 a2 a3 C3 (fixCosine), and F3 without the coupling D32 qdd2 = D23 qdd2
// that F2 has (fixCoupling).
struct Eq714Form {
  bool fixCosine;
  bool fixCoupling;
};
constexpr Eq714Form kAsPrinted{false, false};
constexpr Eq714Form kCorrected{true, true};

Eigen::Vector3d eq714(const RrrLinkData& p, const Eigen::Vector3d& q, const Eigen::Vector3d& qdd,
                      Eq714Form form) {
  const double C2 = std::cos(q(1)), S2 = std::sin(q(1));
  const double C23 = std::cos(q(1) + q(2)), S23 = std::sin(q(1) + q(2)), C3 = std::cos(q(2));
  const double r = p.a3 * C23 + p.a2 * C2;  // horizontal reach of origin 3 from the base axis
  const double D11 = p.I1yy + (S2 * S2 * p.I2xx + C2 * C2 * p.I2yy) + p.m2 * C2 * C2 * p.a2 * (p.a2 + 2 * p.x2) +
                     (S23 * S23 * p.I3xx + C23 * C23 * p.I3yy) + p.m3 * r * (r + 2 * p.x3 * C23);  // 7.5
  const double cosineTerm = (form.fixCosine ? 2.0 : 1.0) * p.a2 * p.a3 * C3;
  const double D22 = p.I2zz + p.I3zz + p.m2 * p.a2 * (p.a2 + 2 * p.x2) +
                     p.m3 * (p.a3 * p.a3 + p.a2 * p.a2 + cosineTerm + 2 * p.x3 * (p.a3 + p.a2 * C3));  // 7.6
  const double D33 = p.I3zz + p.m3 * p.a3 * (p.a3 + 2 * p.x3);                                    // 7.7
  const double D23 = p.I3zz + p.m3 * ((p.a3 + p.a2 * C3) * (p.a3 + p.x3) + p.x3 * p.a3);          // 7.10
  const double D2 = p.g * (p.m2 * C2 * (p.x2 + p.a2) + p.m3 * (C23 * (p.x3 + p.a3) + p.a2 * C2));  // 7.12
  const double D3 = p.g * (p.m3 * C23 * (p.x3 + p.a3));                                          // 7.13
  return {D11 * qdd(0), D22 * qdd(1) + D23 * qdd(2) + D2,
          D33 * qdd(2) + (form.fixCoupling ? D23 * qdd(1) : 0.0) + D3};  // 7.14, D12 = D13 = D1 = 0
}

TEST(VoraTables, Eq714OracleEqualsFullDynamicsAtRest) {
  // At qd = 0 the dropped velocity terms vanish, so the corrected eq 7.14 must be the exact
  // dynamics of this arm (its links have no products of inertia). 1e-10 relative: both sides
  // are a few dozen rounded operations on O(1) numbers.
  const Model model(test::voraRrrSpec());
  DynamicsData data(model);
  const RrrLinkData p = linkData(model);
  std::mt19937 rng(7);
  Eigen::VectorXd tau(3), tauL(3);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(3);
  double worst = 0.0;
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::Vector3d q = test::randomVector(rng, 3, M_PI);
    const Eigen::Vector3d qdd = test::randomVector(rng, 3, 5.0);
    rnea(model, data, q, zero, qdd, tau);
    recursiveLagrange(model, data, q, zero, qdd, tauL);
    const Eigen::Vector3d oracle = eq714(p, q, qdd, kCorrected);
    const double scale = std::max(1.0, oracle.cwiseAbs().maxCoeff());
    EXPECT_LT((tau - oracle).cwiseAbs().maxCoeff(), 1e-10 * scale) << "trial " << trial;
    EXPECT_LT((tauL - oracle).cwiseAbs().maxCoeff(), 1e-10 * scale) << "trial " << trial;
    worst = std::max(worst, (tau - oracle).cwiseAbs().maxCoeff() / scale);
  }
  std::printf("[eq 7.14 corrected, qd = 0] worst relative difference from Newton-Euler %.2e\n", worst);
}

TEST(VoraTables, Table75IsEq714AsPrinted) {
  // Table 7.5 was computed with the equations exactly as printed, slips included: that form
  // reproduces it, and fixing either slip moves the table's joint 2 or joint 3 column away.
  const Model model(test::voraRrrSpec());
  const RrrLinkData p = linkData(model);
  const Eq714Form forms[4] = {kAsPrinted, {true, false}, {false, true}, kCorrected};
  double worst[4] = {0.0, 0.0, 0.0, 0.0};  // largest relative residual of each form
  for (const PrintedRow& row : kTable75) {
    for (int f = 0; f < 4; ++f) {
      const Eigen::Vector3d F = eq714(p, vec(row.q), vec(row.qdd), forms[f]);
      for (int j = 0; j < 3; ++j) {
        const double printed = row.force[j];
        // 1e-4 relative (6 printed figures, states rounded to 6 figures); floor 1e-9 N m for
        // the exact zero of joint 1 at t = 0.2 s (qdd = 0 there, so F1 = D11 * 0).
        if (f == 0) {
          EXPECT_NEAR(F(j), printed, 1e-4 * std::abs(printed) + 1e-9) << "t = " << row.t << " joint " << j + 1;
        }
        if (printed != 0.0) worst[f] = std::max(worst[f], std::abs(F(j) - printed) / std::abs(printed));
      }
    }
  }
  std::printf("[table 7.5] worst relative residual of eq 7.14: as printed %.2e, 2 a2 a3 C3 %.2e, "
              "D23 qdd2 in F3 %.2e, both fixed %.2e\n", worst[0], worst[1], worst[2], worst[3]);
  EXPECT_GT(worst[1], 10 * 1e-4);
  EXPECT_GT(worst[2], 10 * 1e-4);
}

}  // namespace
}  // namespace armdyn
