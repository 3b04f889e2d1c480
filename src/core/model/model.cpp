#include "model/model.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace armdyn {

ModelError::ModelError(std::string field, const std::string& message)
    : std::invalid_argument(field + ": " + message), field_(std::move(field)) {}

namespace {

// A field's name, built only when a check fails (a model is built per edit, and per target by
// some inverse kinematics: the names of every passing check cost more than the checks):
// base[index]suffix, or base suffix when index is 0.
struct Field {
  const char* base;
  int index = 0;
  const char* suffix = "";
  Field(const char* b, int i = 0, const char* s = "") : base(b), index(i), suffix(s) {}
  Field(const std::string& b) : base(b.c_str()) {}  // NOLINT: a name already built (shapes)
  std::string str() const {
    return index > 0 ? std::string(base) + "[" + std::to_string(index) + "]" + suffix : std::string(base) + suffix;
  }
};

void requireFinite(double v, const Field& field);
template <typename Derived>
void requireFinite(const Eigen::MatrixBase<Derived>& m, const Field& field);

// A homogeneous transform: finite, last row 0 0 0 1, orthonormal rotation with det +1.
void requireRigidTransform(const Eigen::Matrix4d& T, const Field& field) {
  requireFinite(T, field);
  if ((T.row(3) - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() > 1e-12)
    throw ModelError(field.str(), "last row must be 0 0 0 1");
  const Eigen::Matrix3d R = T.topLeftCorner<3, 3>();
  if ((R.transpose() * R - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff() > 1e-6 || R.determinant() < 0.0)
    throw ModelError(field.str(), "rotation part must be orthonormal (a proper rotation)");
}

void requireFinite(double v, const Field& field) {
  if (!std::isfinite(v)) throw ModelError(field.str(), "must be a finite number");
}

template <typename Derived>
void requireFinite(const Eigen::MatrixBase<Derived>& m, const Field& field) {
  if (!m.allFinite()) throw ModelError(field.str(), "must contain finite numbers only");
}

// A physical inertia tensor about the COM: symmetric, positive eigenvalues obeying the
// triangle inequalities (each principal moment <= sum of the other two).
void requirePhysicalInertia(const Eigen::Matrix3d& I, const Field& field) {
  if (const std::string defect = inertiaDefect(I); !defect.empty()) throw ModelError(field.str(), defect);
}

}  // namespace

// Masses beyond any arm's (the heaviest industrial payloads are about 2 t) only overflow the
// torques downstream (1e300 kg: infinite RMS torques, null in JSON).
constexpr double kMaxBodyMass = 1e6;  // kg
constexpr const char* kMassLimitText = "must be at most 1e6 kg";

void validate(const RobotSpec& spec) {
  const int n = spec.dof();
  if (n < 1 || n > kMaxLinks)
    throw ModelError("links", "a robot has 1 to " + std::to_string(kMaxLinks) + " links, got " + std::to_string(n));
  for (int i = 0; i < n; ++i) {
    const LinkSpec& l = spec.links[i];
    const auto p = [i](const char* suffix) { return Field("links", i + 1, suffix); };
    requireFinite(l.dh.theta, p(".theta"));
    requireFinite(l.dh.d, p(".d"));
    requireFinite(l.dh.alpha, p(".alpha"));
    requireFinite(l.dh.a, p(".a"));
    if (std::isnan(l.qMin) || std::isnan(l.qMax) || !(l.qMin < l.qMax))
      throw ModelError(p(".limits").str(), "minimum must be below maximum");
    if (!std::isfinite(l.vMax) || l.vMax <= 0.0) throw ModelError(p(".vmax").str(), "must be positive");
    if (l.aMax && (!std::isfinite(*l.aMax) || *l.aMax <= 0.0)) throw ModelError(p(".amax").str(), "must be positive");
    if (l.fMax && (!std::isfinite(*l.fMax) || *l.fMax <= 0.0)) throw ModelError(p(".fmax").str(), "must be positive");
    switch (l.massSource) {
      case MassSource::HollowBar: {
        const HollowBar& b = l.bar;
        requireFinite(b.density, p(".bar.density"));
        if (b.density <= 0.0) throw ModelError(p(".bar.density").str(), "must be positive");
        requireFinite(b.outer, p(".bar.outer"));
        requireFinite(b.inner, p(".bar.inner"));
        requireFinite(b.centre, p(".bar.centre"));
        if (b.outer.minCoeff() <= 0.0) throw ModelError(p(".bar.outer").str(), "dimensions must be positive");
        if (b.inner.minCoeff() < 0.0) throw ModelError(p(".bar.inner").str(), "dimensions must not be negative");
        for (int k = 0; k < 3; ++k)
          if (b.inner(k) > b.outer(k))
            throw ModelError(p(".bar.inner").str(), std::string("inner ") + "XYZ"[k] + " dimension exceeds outer");
        if (b.outer.prod() - b.inner.prod() <= 0.0)
          throw ModelError(p(".bar.inner").str(), "the bar has no material (inner volume equals outer)");
        break;
      }
      case MassSource::Explicit:
        requireFinite(l.inertia.mass, p(".mass"));
        if (l.inertia.mass < 0.0) throw ModelError(p(".mass").str(), "must not be negative");
        if (l.inertia.mass > kMaxBodyMass) throw ModelError(p(".mass").str(), kMassLimitText);
        requireFinite(l.inertia.com, p(".com"));
        requireFinite(l.inertia.inertiaCom, p(".inertia"));
        // A massless link (a URDF link without <inertial>, a frame) carries no inertia at all.
        if (l.inertia.mass == 0.0) {
          if (l.inertia.inertiaCom != Eigen::Matrix3d::Zero())
            throw ModelError(p(".inertia").str(), "a link of zero mass has a zero inertia tensor");
        } else if (!spec.allowNonPhysicalInertia) {
          requirePhysicalInertia(l.inertia.inertiaCom, p(".inertia"));
        }
        break;
      case MassSource::PseudoInertia: {
        requireFinite(l.pseudoInertia, p(".pseudo_inertia"));
        if (l.pseudoInertia(3, 3) <= 0.0) throw ModelError(p(".pseudo_inertia").str(), "J44 (mass) must be positive");
        const LinkInertial li = inertialFromPseudo(l.pseudoInertia);
        if (!spec.allowNonPhysicalInertia) requirePhysicalInertia(li.inertiaCom, p(".pseudo_inertia"));
        break;
      }
    }
  }
  requireRigidTransform(spec.tool, "tool");
  requireRigidTransform(spec.base, "base");
  // Link shapes (drawn only): rigid origins, finite non-negative sizes, finite non-zero scale.
  std::size_t shapes = spec.baseVisuals.size();
  const auto requireShapes = [&](const std::vector<LinkVisual>& list, const std::string& p) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      const LinkVisual& v = list[k];
      const std::string f = p + "[" + std::to_string(k + 1) + "]";
      requireRigidTransform(v.origin, f + ".origin");
      requireFinite(v.size, f);
      if ((v.size.array() < 0.0).any()) throw ModelError(f, "sizes must not be negative (m)");
      requireFinite(v.scale, f + ".scale");
      if ((v.scale.array() == 0.0).any()) throw ModelError(f + ".scale", "must not be 0");
      if (v.shape == LinkVisual::Shape::Mesh && (v.mesh.empty() || v.mesh.size() > kMaxMeshPathLength))
        throw ModelError(f + ".mesh", "a mesh file name of 1 to " + std::to_string(kMaxMeshPathLength) + " characters");
    }
  };
  requireShapes(spec.baseVisuals, "base_visual");
  for (int i = 0; i < n; ++i) {
    shapes += spec.links[static_cast<std::size_t>(i)].visuals.size();
    if (!spec.links[static_cast<std::size_t>(i)].visuals.empty())
      requireShapes(spec.links[static_cast<std::size_t>(i)].visuals, "links[" + std::to_string(i + 1) + "].visual");
  }
  if (shapes > static_cast<std::size_t>(kMaxVisualsPerRobot))
    throw ModelError("base_visual", "more than " + std::to_string(kMaxVisualsPerRobot) + " shapes");
  requireFinite(spec.gravity, "gravity");
  if (!std::isfinite(spec.tacc) || spec.tacc <= 0.0) throw ModelError("tacc", "must be positive");
  if (!std::isfinite(spec.dt) || spec.dt <= 0.0) throw ModelError("dt", "must be positive");
  if (spec.home.size() != 0 && spec.home.size() != n)
    throw ModelError("home", "needs " + std::to_string(n) + " joint values");
  if (spec.home.size() != 0) requireFinite(spec.home, "home");
  if (spec.payload) {
    const RigidBodyInertia& p = *spec.payload;
    requireFinite(p.mass, "payload.mass");
    if (p.mass < 0.0) throw ModelError("payload.mass", "must not be negative");
    if (p.mass > kMaxBodyMass) throw ModelError("payload.mass", kMassLimitText);
    requireFinite(p.com, "payload.com");
    requireFinite(p.inertiaCom, "payload.tensor");
    if ((p.inertiaCom - p.inertiaCom.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + p.inertiaCom.cwiseAbs().maxCoeff()))
      throw ModelError("payload.tensor", "an inertia tensor must be symmetric");
    if (p.inertiaCom != Eigen::Matrix3d::Zero()) requirePhysicalInertia(p.inertiaCom, "payload.tensor");
  }
}

Model::Model(RobotSpec spec) : spec_(std::move(spec)) {
  validate(spec_);
  n_ = spec_.dof();
  inertials_ = effectiveInertials(spec_, &actuatorMasses_);
  if (spec_.payload && spec_.payload->mass > 0.0) {
    // The payload in link n's frame: centre tool * com, tensor rotated into link axes.
    const RigidBodyInertia& p = *spec_.payload;
    const Eigen::Matrix3d R = spec_.tool.topLeftCorner<3, 3>();
    const Eigen::Vector3d c = R * p.com + spec_.tool.topRightCorner<3, 1>();
    const LinkInertial load = inertialFromTensor(p.mass, c, R * p.inertiaCom * R.transpose());
    inertials_.back() = combineInertials(inertials_.back(), load);
  }
  gravityInBase_ = spec_.base.topLeftCorner<3, 3>().transpose() * spec_.gravity;
  for (const LinkSpec& l : spec_.links) {
    cosAlpha_.push_back(std::cos(l.dh.alpha));
    sinAlpha_.push_back(std::sin(l.dh.alpha));
  }
}

Eigen::VectorXd Model::home() const {
  Eigen::VectorXd q(n_);
  for (int i = 0; i < n_; ++i) q(i) = homeValue(i);
  return q;
}

double Model::homeValue(int i) const { return spec_.home.size() == n_ ? spec_.home(i) : 0.0; }

namespace {

// Eq 3.4 from the joint's theta, d and the twist's cosine and sine.
Eigen::Matrix4d dhMatrix(double theta, double d, double a, double ca, double sa) {
  const double ct = std::cos(theta), st = std::sin(theta);
  Eigen::Matrix4d A;
  A << ct, -st * ca, st * sa, a * ct,
       st, ct * ca, -ct * sa, a * st,
       0.0, sa, ca, d,
       0.0, 0.0, 0.0, 1.0;
  return A;
}

// The link's DH angle and offset at joint value q: a revolute joint adds q to theta, a
// prismatic one to d.
struct JointDh {
  double theta, d;
};

JointDh atJointValue(const DhParameters& dh, bool revolute, double q) {
  return revolute ? JointDh{dh.theta + q, dh.d} : JointDh{dh.theta, dh.d + q};
}

}  // namespace

Eigen::Matrix4d dhTransform(const DhParameters& dh, JointType type, double q) {
  const JointDh j = atJointValue(dh, type == JointType::Revolute, q);
  return dhMatrix(j.theta, j.d, dh.a, std::cos(dh.alpha), std::sin(dh.alpha));
}

void appendDhTransform(Eigen::Matrix4d& T, const Model& model, int i, double q) {
  const DhParameters& dh = model.dh(i);
  const JointDh j = atJointValue(dh, model.isRevolute(i), q);
  appendDhLink(T, std::cos(j.theta), std::sin(j.theta), dh.a, j.d, model.cosAlpha(i), model.sinAlpha(i));
}

Eigen::Matrix4d dhTransform(const Model& model, int i, double q) {
  const DhParameters& dh = model.dh(i);
  const JointDh j = atJointValue(dh, model.isRevolute(i), q);
  return dhMatrix(j.theta, j.d, dh.a, model.cosAlpha(i), model.sinAlpha(i));
}

}  // namespace armdyn
