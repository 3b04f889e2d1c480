#pragma once
// EAIK (github.com/OstermD/EAIK) on IK-Geo's subproblems, the benchmarks' peer for the six-joint
// closed forms: built only when tests/bench/fetch_eaik.sh has fetched it and CMake is given
// ARMDYN_EAIK_DIR (never by the default build). Its names stay in eaik_peer.cpp.

#include <Eigen/Core>
#include <array>
#include <memory>
#include <string>

namespace armdyn::peer {

class EaikArm {
 public:
  // A six-joint arm from standard DH (alpha, a, d; theta offsets 0), as EAIK's DH constructor
  // takes it; frame 6 is the end effector.
  EaikArm(const Eigen::Matrix<double, 6, 1>& alpha, const Eigen::Matrix<double, 6, 1>& a,
          const Eigen::Matrix<double, 6, 1>& d);
  ~EaikArm();
  // Every solution EAIK returns for frame 6 = T (least-squares ones left out), at most 16.
  int solve(const Eigen::Matrix4d& T, std::array<Eigen::Matrix<double, 6, 1>, 16>& q) const;
  std::string family() const;  // EAIK's name of the decomposition it found

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace armdyn::peer
