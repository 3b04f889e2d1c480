#pragma once
// The reachable workspace of the tool origin estimated by sampling (Craig 8.4): seeded random
// joint values uniform within the limits (revolute joints without limits over a full turn),
// the tool origins binned into a voxel grid over their bounding box (about 3 samples per voxel),
// gaps of up to two voxels closed, boundary voxels counted by the part their samples cover. With
// it Craig's structural length index Q_L = L / W^(1/3) (8.2), L the length sum (8.1: |a| + |d|
// per link, the travel of a prismatic joint), and the largest axis-aligned cube of occupied
// voxels around a centre (the ISO 9283 test cube). Sampling error: see docs/validation.md
// (Cartesian cube, Craig's ideal articulated arm, Example 8.1's SCARA).

#include "model/model.h"

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace armdyn {

struct WorkspaceEstimate {
  int samples = 0;
  double volume = 0.0;                 // m^3
  double reach = 0.0;                  // largest distance of the tool origin from frame 0's origin, m
  double lengthSum = 0.0;              // Craig's L, m
  double structuralLengthIndex = 0.0;  // L / volume^(1/3)
  Eigen::Vector3d boxMin = Eigen::Vector3d::Zero(), boxMax = Eigen::Vector3d::Zero();  // world, m
  double voxel = 0.0;                  // edge of a voxel, m
  int nx = 0, ny = 0, nz = 0;
  std::vector<std::uint8_t> occupied;  // nx * ny * nz, x fastest
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();  // of the occupied voxels, m
  // With withManipulability: per voxel (as `occupied`) the mean manipulability of its samples
  // (singularity_analysis.h: m^3 for six joints); NaN for voxels without samples (empty, or
  // filled by the closing). Empty otherwise.
  std::vector<float> manipulability;
  float manipulabilityMax = 0.0f;  // largest voxel mean

  Eigen::Vector3d voxelCentre(int i, int j, int k) const { return boxMin + voxel * Eigen::Vector3d(i + 0.5, j + 0.5, k + 0.5); }

  bool isOccupied(int i, int j, int k) const {
    return i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz &&
           occupied[static_cast<std::size_t>((k * ny + j) * nx + i)] != 0;
  }
};

// Throws std::invalid_argument for a prismatic joint without limits (an unbounded workspace)
// or samples outside [1000, 1e7].
WorkspaceEstimate estimateWorkspace(const Model& model, int samples = 100000, std::uint32_t seed = 1,
                                    bool withManipulability = false);

struct WorkspaceCube {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double edge = 0.0;  // m; 0 when the centre's own voxel is not reachable
};

// The largest axis-aligned cube of occupied voxels centred on the voxel holding `centre`.
WorkspaceCube largestCubeAround(const WorkspaceEstimate& w, const Eigen::Vector3d& centre);

// The largest axis-aligned cube of occupied voxels anywhere (ISO 9283: "as large as fits"),
// by the 3D extension of the largest-square recurrence: s = 1 + min over the 7 voxels behind.
WorkspaceCube largestCube(const WorkspaceEstimate& w);

// Craig's length sum L (8.1): |a_i| + |d_i| for revolute links, |a_i| + the travel for
// prismatic ones, m.
double craigLengthSum(const Model& model);

}  // namespace armdyn
