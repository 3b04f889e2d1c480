#include "kinematics/shifted_pair_lu.h"

#include <cassert>
#include <cmath>
#include <utility>

namespace armdyn {

namespace {

// One partial-pivoting elimination step on rows C..R-1 of a block with W columns whose row
// order is `order` (exchanges swap indices, not rows: the multipliers travel with their rows):
// pivot column Col, multipliers stored in Col, and the rank-one update of columns [U0, U1) and
// [V0, V1) (fixed sizes: Eigen's packets). Returns false on an exactly zero pivot with
// zeroPivot = 0.
template <int C, int Col, int U0, int U1, int V0, int V1, int R, int W>
bool eliminate(double (&m)[R][W], int (&order)[R], double zeroPivot, double& det, double& inverse) {
  int p = C;
  double best = std::abs(m[order[C]][Col]);
  for (int r = C + 1; r < R; ++r)
    if (std::abs(m[order[r]][Col]) > best) best = std::abs(m[order[r]][Col]), p = r;
  if (p != C) {
    std::swap(order[p], order[C]);
    det = -det;
  }
  double* pivotRow = m[order[C]];
  if (pivotRow[Col] == 0.0) {
    if (zeroPivot == 0.0) {
      det = 0.0;
      return false;
    }
    pivotRow[Col] = zeroPivot;
  }
  det *= pivotRow[Col];
  const double inv = inverse = 1.0 / pivotRow[Col];
  for (int r = C + 1; r < R; ++r) {
    double* target = m[order[r]];
    const double f = target[Col] *= inv;
    if constexpr (U1 > U0)
      Eigen::Map<Eigen::Matrix<double, U1 - U0, 1>>(target + U0) -=
          f * Eigen::Map<const Eigen::Matrix<double, U1 - U0, 1>>(pivotRow + U0);
    if constexpr (V1 > V0)
      Eigen::Map<Eigen::Matrix<double, V1 - V0, 1>>(target + V0) -=
          f * Eigen::Map<const Eigen::Matrix<double, V1 - V0, 1>>(pivotRow + V0);
  }
  return true;
}

}  // namespace

void ShiftedPairLu::compute(const Block& A, double zeroPivot) {
  factored_ = false;
  // det G = (-1) x (pivots and row exchanges): the factoring's row order puts the bottom's
  // three pivot rows before the top's three remaining ones (nine transpositions); its column
  // order (0-2, 9-11, 3-8) is an even permutation (eighteen).
  det_ = -1.0;
  for (int i = 0; i < 6; ++i) {
    topOrder_[i] = bottomOrder_[i] = sOrder_[i] = i;
    for (int j = 0; j < 9; ++j) top_[i][j] = bottom_[i][j] = A(i, j);
  }
  // Columns 0-2 within the top rows (their columns 9-11 are zero and stay so).
  if (!eliminate<0, 0, 1, 9, 0, 0>(top_, topOrder_, zeroPivot, det_, invTop_[0]) ||
      !eliminate<1, 1, 2, 9, 0, 0>(top_, topOrder_, zeroPivot, det_, invTop_[1]) ||
      !eliminate<2, 2, 3, 9, 0, 0>(top_, topOrder_, zeroPivot, det_, invTop_[2]))
    return;
  // Columns 9-11 of G (6-8 of the bottom block) within the bottom rows (their columns 0-2 are
  // zero): the update touches columns 3-8 of G and the pivot columns still to come.
  if (!eliminate<0, 6, 0, 6, 7, 9>(bottom_, bottomOrder_, zeroPivot, det_, invBottom_[0]) ||
      !eliminate<1, 7, 0, 6, 8, 9>(bottom_, bottomOrder_, zeroPivot, det_, invBottom_[1]) ||
      !eliminate<2, 8, 0, 6, 0, 0>(bottom_, bottomOrder_, zeroPivot, det_, invBottom_[2]))
    return;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 6; ++j) {
      s_[i][j] = top_[topOrder_[3 + i]][3 + j];
      s_[3 + i][j] = bottom_[bottomOrder_[3 + i]][j];
    }
  if (!eliminate<0, 0, 1, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[0]) ||
      !eliminate<1, 1, 2, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[1]) ||
      !eliminate<2, 2, 3, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[2]) ||
      !eliminate<3, 3, 4, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[3]) ||
      !eliminate<4, 4, 5, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[4]) ||
      !eliminate<5, 5, 6, 6, 0, 0>(s_, sOrder_, zeroPivot, det_, invS_[5]))
    return;
  factored_ = true;
}

void ShiftedPairLu::pivotMagnitudes(double out[12]) const {
  assert(factored_);
  for (int c = 0; c < 3; ++c)
    out[c] = std::abs(top_[topOrder_[c]][c]), out[3 + c] = std::abs(bottom_[bottomOrder_[c]][6 + c]);
  for (int c = 0; c < 6; ++c) out[6 + c] = std::abs(s_[sOrder_[c]][c]);
}

void ShiftedPairLu::solve(Vector& x) const {
  assert(factored_);
  // The rows in their final order, then L of the two blocks.
  double bt[6], bb[6];
  for (int i = 0; i < 6; ++i) bt[i] = x(topOrder_[i]), bb[i] = x(6 + bottomOrder_[i]);
  for (int c = 0; c < 3; ++c)
    for (int r = c + 1; r < 6; ++r)
      bt[r] -= top_[topOrder_[r]][c] * bt[c], bb[r] -= bottom_[bottomOrder_[r]][6 + c] * bb[c];
  // S y = the rest: y is G's columns 3-8.
  const double rest[6] = {bt[3], bt[4], bt[5], bb[3], bb[4], bb[5]};
  double y[6];
  for (int i = 0; i < 6; ++i) y[i] = rest[sOrder_[i]];
  for (int c = 0; c < 6; ++c)
    for (int r = c + 1; r < 6; ++r) y[r] -= s_[sOrder_[r]][c] * y[c];
  for (int c = 5; c >= 0; --c) {
    const double* u = s_[sOrder_[c]];
    double v = y[c];
    for (int j = c + 1; j < 6; ++j) v -= u[j] * y[j];
    y[c] = v * invS_[c];
  }
  // The pivot rows of the two blocks: G's columns 9-11, then 0-2.
  double xb[3], xt[3];
  for (int c = 2; c >= 0; --c) {
    const double* ub = bottom_[bottomOrder_[c]];
    const double* ut = top_[topOrder_[c]];
    double vb = bb[c], vt = bt[c];
    for (int j = 0; j < 6; ++j) vb -= ub[j] * y[j], vt -= ut[3 + j] * y[j];
    for (int j = c + 1; j < 3; ++j) vb -= ub[6 + j] * xb[j], vt -= ut[j] * xt[j];
    xb[c] = vb * invBottom_[c];
    xt[c] = vt * invTop_[c];
  }
  for (int i = 0; i < 3; ++i) x(i) = xt[i], x(9 + i) = xb[i];
  for (int i = 0; i < 6; ++i) x(3 + i) = y[i];
}

}  // namespace armdyn
