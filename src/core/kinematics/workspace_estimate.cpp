#include "kinematics/workspace_estimate.h"

#include "kinematics/forward_kinematics.h"
#include "kinematics/jacobian.h"
#include "kinematics/singularity_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace armdyn {

double craigLengthSum(const Model& model) {
  double L = 0.0;
  for (int i = 0; i < model.dof(); ++i) {
    const DhParameters& dh = model.dh(i);
    const LinkSpec& l = model.spec().links[static_cast<std::size_t>(i)];
    L += std::abs(dh.a) + (model.isRevolute(i) ? std::abs(dh.d) : l.qMax - l.qMin);
  }
  return L;
}

WorkspaceEstimate estimateWorkspace(const Model& model, int samples, std::uint32_t seed, bool withManipulability) {
  const int n = model.dof();
  if (samples < 1000 || samples > 10000000) throw std::invalid_argument("estimateWorkspace: samples must be 1000 to 1e7");
  Eigen::VectorXd lo(n), hi(n);
  for (int i = 0; i < n; ++i) {
    const LinkSpec& l = model.spec().links[static_cast<std::size_t>(i)];
    const bool limited = l.qMin > -1e300 && l.qMax < 1e300;
    if (!model.isRevolute(i) && !limited)
      throw std::invalid_argument("estimateWorkspace: prismatic joint " + std::to_string(i + 1) + " has no limits (the workspace is unbounded)");
    lo(i) = limited ? std::max(l.qMin, model.isRevolute(i) ? -M_PI : l.qMin) : -M_PI;
    hi(i) = limited ? std::min(l.qMax, model.isRevolute(i) ? M_PI : l.qMax) : M_PI;
    if (model.isRevolute(i) && limited && l.qMax - l.qMin >= 2 * M_PI) lo(i) = -M_PI, hi(i) = M_PI;
  }
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Eigen::Vector3d> points(static_cast<std::size_t>(samples));
  std::vector<float> measure(withManipulability ? static_cast<std::size_t>(samples) : 0);
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, kMaxLinks> J(6, n);
  LinkFrameArray frames;
  Eigen::VectorXd q(n);
  WorkspaceEstimate w;
  w.samples = samples;
  w.boxMin = Eigen::Vector3d::Constant(1e300);
  w.boxMax = Eigen::Vector3d::Constant(-1e300);
  const Eigen::Vector3d origin = model.base().topRightCorner<3, 1>();
  for (int s = 0; s < samples; ++s) {
    for (int i = 0; i < n; ++i) q(i) = lo(i) + (hi(i) - lo(i)) * unit(rng);
    const Eigen::Matrix4d tool = forwardKinematics(model, q, frames.data());
    const Eigen::Vector3d p = tool.topRightCorner<3, 1>();
    points[static_cast<std::size_t>(s)] = p;
    if (withManipulability) {
      geometricJacobian(model, frames.data(), tool, J);
      measure[static_cast<std::size_t>(s)] = static_cast<float>(manipulability(J));
    }
    w.boxMin = w.boxMin.cwiseMin(p);
    w.boxMax = w.boxMax.cwiseMax(p);
    w.reach = std::max(w.reach, (p - origin).norm());
  }
  // Voxels: about samples / 20 of them over the box (a flat or thin box keeps at least one
  // layer in each direction).
  const Eigen::Vector3d size = (w.boxMax - w.boxMin).cwiseMax(1e-9);
  const double target = samples / 3.0;
  double h = std::cbrt(size.prod() / target);
  // A box much thinner in one direction: size the voxels from the two larger extents.
  if (size.minCoeff() < h) {
    Eigen::Vector3d sorted = size;
    std::sort(sorted.data(), sorted.data() + 3);
    h = std::sqrt(sorted(1) * sorted(2) / target);
  }
  // Never more voxels than samples over the largest extent (a line-like workspace: one
  // prismatic joint) would need: memory stays proportional to the samples.
  h = std::max(h, size.maxCoeff() / target);
  w.voxel = h;
  w.nx = std::max(1, static_cast<int>(std::ceil(size.x() / h)));
  w.ny = std::max(1, static_cast<int>(std::ceil(size.y() / h)));
  w.nz = std::max(1, static_cast<int>(std::ceil(size.z() / h)));
  // Centre the grid on the box.
  const Eigen::Vector3d span(w.nx * h, w.ny * h, w.nz * h);
  const Eigen::Vector3d corner = 0.5 * (w.boxMin + w.boxMax) - 0.5 * span;
  const std::size_t cells = static_cast<std::size_t>(w.nx) * w.ny * w.nz;
  w.occupied.assign(cells, 0);
  // Per voxel: how many samples, and their extent in voxel units (for the boundary voxels).
  std::vector<std::uint16_t> hits(cells, 0);
  std::vector<Eigen::Vector3f> low(cells, Eigen::Vector3f::Constant(1.0f)), high(cells, Eigen::Vector3f::Zero());
  std::vector<double> measureSum(withManipulability ? cells : 0, 0.0);
  std::vector<std::uint32_t> measureCount(withManipulability ? cells : 0, 0);
  for (std::size_t sample = 0; sample < points.size(); ++sample) {
    const Eigen::Vector3d& p = points[sample];
    const Eigen::Vector3d c = (p - corner) / h;
    const int i = std::clamp(static_cast<int>(c.x()), 0, w.nx - 1);
    const int j = std::clamp(static_cast<int>(c.y()), 0, w.ny - 1);
    const int k = std::clamp(static_cast<int>(c.z()), 0, w.nz - 1);
    const std::size_t at = static_cast<std::size_t>((k * w.ny + j) * w.nx + i);
    w.occupied[at] = 1;
    if (withManipulability) {
      measureSum[at] += measure[sample];
      ++measureCount[at];
    }
    if (hits[at] < 65535) ++hits[at];
    const Eigen::Vector3f f = (c - Eigen::Vector3d(i, j, k)).cwiseMax(0.0).cwiseMin(1.0).cast<float>();
    low[at] = low[at].cwiseMin(f);
    high[at] = high[at].cwiseMax(f);
  }
  if (withManipulability) {
    w.manipulability.assign(cells, std::numeric_limits<float>::quiet_NaN());
    for (std::size_t at = 0; at < cells; ++at) {
      if (measureCount[at] == 0) continue;
      w.manipulability[at] = static_cast<float>(measureSum[at] / measureCount[at]);
      w.manipulabilityMax = std::max(w.manipulabilityMax, w.manipulability[at]);
    }
  }
  // Closing (dilate, then erode, over the 26 neighbours): fills the empty voxels that sparse
  // sampling leaves inside the workspace (gaps up to two voxels) and keeps larger cavities.
  {
    auto index = [&](int i, int j, int k) { return static_cast<std::size_t>((k * w.ny + j) * w.nx + i); };
    auto morph = [&](const std::vector<std::uint8_t>& in, bool dilate) {
      std::vector<std::uint8_t> out(in.size(), 0);
      for (int k = 0; k < w.nz; ++k)
        for (int j = 0; j < w.ny; ++j)
          for (int i = 0; i < w.nx; ++i) {
            bool any = false, all = true;
            for (int c = -1; c <= 1; ++c)
              for (int b = -1; b <= 1; ++b)
                for (int a = -1; a <= 1; ++a) {
                  const int x = i + a, y = j + b, z = k + c;
                  const bool inside = x >= 0 && y >= 0 && z >= 0 && x < w.nx && y < w.ny && z < w.nz;
                  // Outside the grid counts as empty for dilation and as full for erosion (so the
                  // workspace's own boundary on the grid's edge is kept).
                  const bool v = inside ? in[index(x, y, z)] != 0 : !dilate;
                  any = any || v;
                  all = all && v;
                }
            out[index(i, j, k)] = dilate ? any : all;
          }
      return out;
    };
    w.occupied = morph(morph(w.occupied, true), false);
  }
  // Volume: interior voxels whole. A boundary voxel (a face neighbour empty) counts the part its
  // samples show, axis by axis: whole along an axis with both neighbours occupied; from the
  // occupied side to the farthest sample, scaled by (m + 1) / m for m samples (the unbiased
  // reach of m uniform points), towards one empty neighbour; the samples' range, scaled alike,
  // between two. A voxel the closing filled (no sample) counts whole.
  double count = 0.0;
  std::size_t occupiedCount = 0;
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (int k = 0; k < w.nz; ++k)
    for (int j = 0; j < w.ny; ++j)
      for (int i = 0; i < w.nx; ++i) {
        if (!w.isOccupied(i, j, k)) continue;
        ++occupiedCount;
        sum += corner + h * Eigen::Vector3d(i + 0.5, j + 0.5, k + 0.5);
        const std::size_t at = static_cast<std::size_t>((k * w.ny + j) * w.nx + i);
        const int m = hits[at];
        double fraction = 1.0;
        if (m > 0) {
          const double grow = (m + 1.0) / m;
          const int step[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
          for (int a = 0; a < 3; ++a) {
            const bool before = w.isOccupied(i - step[a][0], j - step[a][1], k - step[a][2]);
            const bool after = w.isOccupied(i + step[a][0], j + step[a][1], k + step[a][2]);
            double part = 1.0;
            if (before && !after) part = std::min(1.0, high[at](a) * grow);
            else if (!before && after) part = std::min(1.0, (1.0 - low[at](a)) * grow);
            else if (!before && !after) part = std::min(1.0, (high[at](a) - low[at](a)) * grow + 1.0 / (m + 1.0));
            fraction *= part;
          }
        }
        count += fraction;
      }
  // A flat workspace (a planar arm) has no volume: one layer of voxels is not one.
  const bool flat = size.minCoeff() < 1e-6 * size.maxCoeff();
  w.volume = flat ? 0.0 : count * h * h * h;
  w.centroid = occupiedCount ? Eigen::Vector3d(sum / static_cast<double>(occupiedCount)) : Eigen::Vector3d(0.5 * (w.boxMin + w.boxMax));
  w.boxMin = corner;
  w.boxMax = corner + span;
  w.lengthSum = craigLengthSum(model);
  w.structuralLengthIndex = w.volume > 0.0 ? w.lengthSum / std::cbrt(w.volume) : std::numeric_limits<double>::infinity();
  return w;
}

WorkspaceCube largestCubeAround(const WorkspaceEstimate& w, const Eigen::Vector3d& centre) {
  WorkspaceCube cube;
  const Eigen::Vector3d c = (centre - w.boxMin) / w.voxel;
  const int ci = static_cast<int>(std::floor(c.x())), cj = static_cast<int>(std::floor(c.y())),
            ck = static_cast<int>(std::floor(c.z()));
  cube.centre = w.boxMin + w.voxel * Eigen::Vector3d(ci + 0.5, cj + 0.5, ck + 0.5);
  if (!w.isOccupied(ci, cj, ck)) return cube;
  // Grow the half-width r (in voxels) while the whole (2r+1)^3 block is occupied: only the new
  // shell needs checking.
  int r = 0;
  for (;; ++r) {
    const int R = r + 1;
    bool full = true;
    for (int k = -R; k <= R && full; ++k)
      for (int j = -R; j <= R && full; ++j)
        for (int i = -R; i <= R && full; ++i)
          if (std::max({std::abs(i), std::abs(j), std::abs(k)}) == R && !w.isOccupied(ci + i, cj + j, ck + k)) full = false;
    if (!full) break;
  }
  cube.edge = (2 * r + 1) * w.voxel;
  return cube;
}

WorkspaceCube largestCube(const WorkspaceEstimate& w) {
  std::vector<int> s(w.occupied.size(), 0);
  auto at = [&](int i, int j, int k) { return i < 0 || j < 0 || k < 0 ? 0 : s[static_cast<std::size_t>((k * w.ny + j) * w.nx + i)]; };
  int best = 0, bi = 0, bj = 0, bk = 0;
  for (int k = 0; k < w.nz; ++k)
    for (int j = 0; j < w.ny; ++j)
      for (int i = 0; i < w.nx; ++i) {
        if (!w.isOccupied(i, j, k)) continue;
        const int v = 1 + std::min({at(i - 1, j, k), at(i, j - 1, k), at(i, j, k - 1), at(i - 1, j - 1, k), at(i - 1, j, k - 1),
                                    at(i, j - 1, k - 1), at(i - 1, j - 1, k - 1)});
        s[static_cast<std::size_t>((k * w.ny + j) * w.nx + i)] = v;
        if (v > best) best = v, bi = i, bj = j, bk = k;
      }
  WorkspaceCube cube;
  if (best == 0) return cube;
  cube.edge = best * w.voxel;
  // The cube spans voxels (b - best + 1 .. b) on each axis.
  cube.centre = w.boxMin + w.voxel * (Eigen::Vector3d(bi, bj, bk) - Eigen::Vector3d::Constant(0.5 * (best - 1)) +
                                      Eigen::Vector3d::Constant(0.5));
  return cube;
}

}  // namespace armdyn
