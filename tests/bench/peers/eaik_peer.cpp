#include "eaik_peer.h"

#include "EAIK.h"

namespace armdyn::peer {

struct EaikArm::Impl {
  EAIK::Robot robot;
};

EaikArm::EaikArm(const Eigen::Matrix<double, 6, 1>& alpha, const Eigen::Matrix<double, 6, 1>& a,
                 const Eigen::Matrix<double, 6, 1>& d)
    : impl_(new Impl{EAIK::Robot(Eigen::VectorXd(alpha), Eigen::VectorXd(a), Eigen::VectorXd(d))}) {}

EaikArm::~EaikArm() = default;

int EaikArm::solve(const Eigen::Matrix4d& T, std::array<Eigen::Matrix<double, 6, 1>, 16>& q) const {
  const IKS::IK_Solution s = impl_->robot.calculate_IK(T);
  int n = 0;
  for (std::size_t k = 0; k < s.Q.size() && n < 16; ++k) {
    if (s.is_LS_vec[k]) continue;
    for (int j = 0; j < 6; ++j) q[static_cast<std::size_t>(n)](j) = s.Q[k][static_cast<std::size_t>(j)];
    ++n;
  }
  return n;
}

std::string EaikArm::family() const { return impl_->robot.get_kinematic_family(); }

}  // namespace armdyn::peer
