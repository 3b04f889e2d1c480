#pragma once
// The LU factors, with partial (row) pivoting, of the 12 x 12 matrix
//
//   G = [ A  0 ]    rows 0-5: A in columns 0-8,
//       [ 0  A ]    rows 6-11: A in columns 3-11,
//
// two copies of one 6 x 9 block A three columns apart: the general 6R inverse kinematics'
// G(w) (ik_family_general_6r.cpp: six equations on nine monomials, and the same times x4). Its
// columns 0-2 are zero in rows 6-11 and its columns 9-11 in rows 0-5, so the factoring eliminates
// columns 0-2 within the top rows, columns 9-11 within the bottom rows, and finishes on the
// 6 x 6 matrix S that remains (columns 3-8). That is the partial-pivoting LU of G with its
// columns in the order 0-2, 9-11, 3-8 (the pivots it picks are the ones a general LU of that
// matrix picks: the rows it leaves out hold zeros there), at about 230 multiply-adds instead of
// the 506 of a dense 12 x 12 LU, and without forming G. Nothing here allocates.

#include <Eigen/Core>

namespace armdyn {

class ShiftedPairLu {
 public:
  using Block = Eigen::Matrix<double, 6, 9>;
  using Vector = Eigen::Matrix<double, 12, 1>;

  // Factors G of A. A pivot that is exactly zero (G singular in floating point) is replaced by
  // `zeroPivot`; with zeroPivot = 0 the factoring stops there with determinant 0 and
  // factored() false (solve must not be called then).
  void compute(const Block& A, double zeroPivot);

  bool factored() const { return factored_; }
  double determinant() const { return det_; }
  // |pivot| of each of the twelve elimination steps. Only when factored().
  void pivotMagnitudes(double out[12]) const;
  // x <- G^-1 x (x indexed as G's rows on input, as its columns on output). Only when factored().
  void solve(Vector& x) const;

 private:
  // Each block's rows stay where they are; the order arrays say which row is the k-th of the
  // factoring (the pivot rows first).
  double top_[6][9];     // rows 0-5 of G, columns 0-8 (L's multipliers in columns 0-2)
  double bottom_[6][9];  // rows 6-11 of G, columns 3-11 (multipliers in 6-8, columns 9-11 of G)
  double s_[6][6];       // S, columns 3-8 of G
  int topOrder_[6] = {}, bottomOrder_[6] = {}, sOrder_[6] = {};
  // The pivots' reciprocals (solve multiplies by them: a division's latency on the
  // substitutions' chain of dependent operations was a third of solve's time).
  double invTop_[3] = {}, invBottom_[3] = {}, invS_[6] = {};
  double det_ = 0.0;
  bool factored_ = false;
};

}  // namespace armdyn
