#include "arm_scene.h"

#include "simulation/input_limits.h"

#include "io/mesh_path.h"
#include "model/equivalent_box.h"

#include <osg/BlendFunc>
#include <osg/Depth>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LightModel>
#include <osg/LineWidth>
#include <osg/Material>
#include <osg/Point>
#include <osg/PolygonOffset>
#include <osg/ShapeDrawable>
#include <algorithm>
#include <cmath>
#include <filesystem>

namespace armdyn::app {
namespace {

osg::Matrixd toOsg(const Eigen::Matrix4d& T) {
  // Eigen stores columns; OSG stores rows of the transposed (row-vector) matrix: same layout.
  return osg::Matrixd(T.data());
}

osg::Vec3 toOsg(const Eigen::Vector3d& v) { return osg::Vec3(v.x(), v.y(), v.z()); }

const osg::Vec4 kLinkColours[] = {{0.85f, 0.55f, 0.20f, 1}, {0.30f, 0.55f, 0.85f, 1},
                                  {0.45f, 0.75f, 0.35f, 1}, {0.80f, 0.35f, 0.55f, 1},
                                  {0.65f, 0.60f, 0.25f, 1}, {0.40f, 0.70f, 0.75f, 1}};
const osg::Vec4 kGhostColour(0.80f, 0.80f, 0.82f, 0.16f);
// Smallest side of a link drawn from its inertia, as a fraction of the arm's size: the side of
// a point mass, a rod's thickness, and what a non-realisable moment is clamped to.
constexpr double kMinimumSide = 0.02;
// Largest side, same unit: a big moment on a small mass (Corke's PUMA link 1, 1 kg placeholder
// with 0.35 kg m^2) would otherwise be drawn larger than the arm.
constexpr double kMaximumSide = 0.5;

osg::Vec4 linkColour(int link) { return kLinkColours[link % 6]; }

osg::ref_ptr<osg::ShapeDrawable> box(const osg::Vec3& centre, const osg::Vec3& size, const osg::Vec4& c) {
  osg::ref_ptr<osg::ShapeDrawable> d = new osg::ShapeDrawable(new osg::Box(centre, size.x(), size.y(), size.z()));
  d->setColor(c);
  return d;
}

osg::ref_ptr<osg::Geometry> lines(const std::vector<osg::Vec3>& vertices, const std::vector<osg::Vec4>& colours,
                                  GLenum mode, float width) {
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array(vertices.begin(), vertices.end());
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array(colours.begin(), colours.end());
  g->setVertexArray(v);
  g->setColorArray(c, colours.size() == 1 ? osg::Array::BIND_OVERALL : osg::Array::BIND_PER_VERTEX);
  g->addPrimitiveSet(new osg::DrawArrays(mode, 0, static_cast<int>(vertices.size())));
  osg::StateSet* ss = g->getOrCreateStateSet();
  ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
  ss->setAttributeAndModes(new osg::LineWidth(width));
  return g;
}

osg::ref_ptr<osg::Geode> triad(double length) {
  const float l = static_cast<float>(length);
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(lines({{0, 0, 0}, {l, 0, 0}, {0, 0, 0}, {0, l, 0}, {0, 0, 0}, {0, 0, l}},
                           {{1, 0.1f, 0.1f, 1}, {1, 0.1f, 0.1f, 1}, {0.1f, 0.8f, 0.1f, 1}, {0.1f, 0.8f, 0.1f, 1},
                            {0.2f, 0.3f, 1, 1}, {0.2f, 0.3f, 1, 1}},
                           GL_LINES, 2.5f));
  return geode;
}

// Ghosts are faint and many (the arm at every task point): drawn with a third of the facets.
void coarsen(const std::vector<osg::ref_ptr<osg::Node>>& nodes) {
  struct Visitor : osg::NodeVisitor {
    osg::ref_ptr<osg::TessellationHints> hints = new osg::TessellationHints;
    Visitor() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) { hints->setDetailRatio(0.35f); }
    void apply(osg::Drawable& d) override {
      if (auto* s = dynamic_cast<osg::ShapeDrawable*>(&d)) s->setTessellationHints(hints.get());
    }
  } visitor;
  for (const osg::ref_ptr<osg::Node>& n : nodes) n->accept(visitor);
}

void makeTransparent(osg::StateSet* ss) {
  ss->setMode(GL_BLEND, osg::StateAttribute::ON);
  ss->setAttributeAndModes(new osg::BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
  ss->setAttributeAndModes(new osg::Depth(osg::Depth::LESS, 0.0, 1.0, false));
  ss->setRenderingHint(osg::StateSet::TRANSPARENT_BIN);
}

}  // namespace

ArmScene::ArmScene()
    : root_(new osg::Group),
      grid_(new osg::Switch),
      arm_(new osg::Group),
      frames_(new osg::Switch),
      jointAxes_(new osg::Switch),
      path_(new osg::Switch),
      ghosts_(new osg::Switch),
      points_(new osg::Group),
      workspace_(new osg::Group),
      wrenchArrow_(new osg::MatrixTransform) {
  osg::ref_ptr<osg::Material> material = new osg::Material;
  material->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
  material->setSpecular(osg::Material::FRONT_AND_BACK, osg::Vec4(0.25f, 0.25f, 0.25f, 1));
  material->setShininess(osg::Material::FRONT_AND_BACK, 32.0f);
  root_->getOrCreateStateSet()->setAttributeAndModes(material);
  root_->getOrCreateStateSet()->setMode(GL_NORMALIZE, osg::StateAttribute::ON);
  // Some ambient light so faces turned from the headlight stay readable; two-sided for the
  // insides of the hollow bars.
  osg::ref_ptr<osg::LightModel> lightModel = new osg::LightModel;
  lightModel->setAmbientIntensity(osg::Vec4(0.45f, 0.45f, 0.45f, 1.0f));
  lightModel->setTwoSided(true);
  root_->getOrCreateStateSet()->setAttributeAndModes(lightModel);
  for (osg::Node* n : std::initializer_list<osg::Node*>{grid_.get(), path_.get(), points_.get(), arm_.get(),
                                                         ghosts_.get(), workspace_.get()}) {
    root_->addChild(n);
  }
  workspace_->setName("workspace");
  wrenchArrow_->setName("toolWrench");
  wrenchArrow_->setDataVariance(osg::Object::DYNAMIC);
  wrenchArrow_->setNodeMask(0);
  root_->addChild(wrenchArrow_);
  root_->addChild(jogHandles_.node());
  makeTransparent(workspace_->getOrCreateStateSet());
  makeTransparent(ghosts_->getOrCreateStateSet());
  // Front faces only, so overlapping ghosts (a first link turning about its own axis) do not
  // stack up into an opaque shell around the arm.
  ghosts_->getOrCreateStateSet()->setMode(GL_CULL_FACE, osg::StateAttribute::ON);
  rebuildGrid();
}

osg::BoundingSphere ArmScene::armBound() const {
  osg::BoundingSphere b;
  for (const osg::Node* n : {static_cast<const osg::Node*>(arm_.get()), static_cast<const osg::Node*>(path_.get()),
                             static_cast<const osg::Node*>(points_.get()), static_cast<const osg::Node*>(ghosts_.get()),
                             static_cast<const osg::Node*>(workspace_.get())}) {
    if (n->getBound().valid()) b.expandBy(n->getBound());
  }
  return b;
}

void ArmScene::setSettings(const ViewSettings& settings) {
  const bool rebuild = settings.drawingScale != settings_.drawingScale || settings.showMassBodies != settings_.showMassBodies ||
                       settings.meshPackagePath != settings_.meshPackagePath;
  settings_ = settings;
  if (rebuild && result_) {
    setResult(result_);
  } else {
    applySwitches();
  }
}

void ArmScene::setInteracting(bool interacting) {
  ghosts_->setNodeMask(interacting ? 0u : ~0u);
}

void ArmScene::applySwitches() {
  grid_->setValue(0, settings_.showGrid);
  path_->setAllChildrenOn();
  if (!settings_.showPath) path_->setAllChildrenOff();
  frames_->setAllChildrenOn();
  if (!settings_.showFrames) frames_->setAllChildrenOff();
  jointAxes_->setAllChildrenOn();
  if (!settings_.showJointAxes) jointAxes_->setAllChildrenOff();
  ghosts_->setAllChildrenOn();
  if (!settings_.showGhosts) ghosts_->setAllChildrenOff();
  // Per frame: its shapes when meshes are on; its DH drawing when asked, or when the frame has
  // no shape drawn, or one of its meshes failed (the DH drawing stands in).
  std::vector<int> drawn(dhSwitch_.size(), 0), failed(dhSwitch_.size(), 0);
  for (const ShapeSlot& slot : slots_) {
    const std::size_t f = static_cast<std::size_t>(slot.frame);
    if (f >= drawn.size()) continue;
    if (slot.state == ShapeSlot::State::Drawn) ++drawn[f];
    if (slot.state == ShapeSlot::State::Failed) ++failed[f];
  }
  for (std::size_t f = 0; f < dhSwitch_.size(); ++f) {
    const bool shapes = settings_.showMeshes && drawn[f] > 0;
    shapeSwitch_[f]->setValue(0, settings_.showMeshes);
    if (settings_.showDhDrawing || !shapes || failed[f] > 0) dhSwitch_[f]->setAllChildrenOn();
    else dhSwitch_[f]->setAllChildrenOff();
  }
}

void ArmScene::setMeshSource(MeshCache* cache, const std::vector<std::string>& packagePath) {
  meshes_ = cache;
  packagePath_ = packagePath;
}

void ArmScene::addShapes(int frame, const std::vector<LinkVisual>& shapes, const std::vector<std::string>& path,
                         osg::Group* parent) {
  const RobotSpec& spec = result_->model->spec();
  std::vector<std::string> files;
  for (const LinkVisual& v : shapes) {
    ShapeSlot slot;
    slot.frame = frame;
    slot.at = new osg::MatrixTransform(toOsg(v.origin));
    const osg::Vec4 colour = v.colour ? osg::Vec4(static_cast<float>((*v.colour)(0)), static_cast<float>((*v.colour)(1)),
                                                  static_cast<float>((*v.colour)(2)), static_cast<float>((*v.colour)(3)))
                                      : osg::Vec4(0.72f, 0.74f, 0.78f, 1.0f);
    if (colour.a() < 1.0f) makeTransparent(slot.at->getOrCreateStateSet());
    osg::ref_ptr<osg::Shape> shape;
    const float x = static_cast<float>(v.size.x()), y = static_cast<float>(v.size.y()), z = static_cast<float>(v.size.z());
    switch (v.shape) {
      case LinkVisual::Shape::Box: shape = new osg::Box(osg::Vec3(), x, y, z); break;
      case LinkVisual::Shape::Cylinder: shape = new osg::Cylinder(osg::Vec3(), x, y); break;
      case LinkVisual::Shape::Sphere: shape = new osg::Sphere(osg::Vec3(), x); break;
      case LinkVisual::Shape::Mesh: break;
    }
    if (shape) {
      osg::ref_ptr<osg::Geode> geode = new osg::Geode;
      osg::ref_ptr<osg::ShapeDrawable> d = new osg::ShapeDrawable(shape);
      d->setColor(colour);
      geode->addDrawable(d);
      geode->setName("linkShape");
      slot.at->addChild(geode);
      slot.name = visualShapeName(v.shape);
    } else {
      // The mesh's own materials (DAE) win; this colours meshes without any (STL).
      osg::ref_ptr<osg::Material> m = new osg::Material;
      m->setColorMode(osg::Material::OFF);
      m->setDiffuse(osg::Material::FRONT_AND_BACK, colour);
      m->setAmbient(osg::Material::FRONT_AND_BACK, colour * 0.6f);
      m->setSpecular(osg::Material::FRONT_AND_BACK, osg::Vec4(0.2f, 0.2f, 0.2f, 1));
      m->setShininess(osg::Material::FRONT_AND_BACK, 24.0f);
      slot.at->getOrCreateStateSet()->setAttributeAndModes(m);
      slot.at->setMatrix(osg::Matrixd::scale(v.scale.x(), v.scale.y(), v.scale.z()) * toOsg(v.origin));
      slot.name = v.mesh;
      const MeshLocation where = resolveMeshPath(v.mesh, spec.sourceDirectory, path);
      if (where.file.empty()) {
        slot.state = ShapeSlot::State::Failed;
        slot.why = where.why;
      } else if (!meshes_) {
        slot.state = ShapeSlot::State::Failed;
        slot.why = "meshes are not loaded here";
      } else {
        slot.file = where.file;
        slot.state = ShapeSlot::State::Pending;
        files.push_back(where.file);
      }
    }
    parent->addChild(slot.at);
    slots_.push_back(slot);
  }
  if (meshes_ && !files.empty()) meshes_->request(files);
}

bool ArmScene::updateMeshes() {
  if (!meshes_) return false;
  bool changed = false;
  for (ShapeSlot& slot : slots_) {
    if (slot.state != ShapeSlot::State::Pending) continue;
    switch (meshes_->state(slot.file)) {
      case MeshCache::State::Loaded:
        slot.at->addChild(meshes_->node(slot.file));
        slot.state = ShapeSlot::State::Drawn;
        changed = true;
        break;
      case MeshCache::State::Failed:
        slot.state = ShapeSlot::State::Failed;
        slot.why = meshes_->failure(slot.file);
        changed = true;
        break;
      default: break;
    }
  }
  if (changed) applySwitches();
  return changed;
}

std::string ArmScene::meshNotice() const {
  // One line: the count, then each distinct reason once (the file named when the reason is
  // the file's own), at most three.
  std::vector<std::string> reasons;
  int failed = 0;
  for (const ShapeSlot& slot : slots_) {
    if (slot.state != ShapeSlot::State::Failed) continue;
    ++failed;
    const bool shared = slot.why.rfind("package '", 0) == 0;
    const std::string reason = shared ? slot.why : std::filesystem::path(slot.name).filename().string() + ": " + slot.why;
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) reasons.push_back(reason);
  }
  if (failed == 0) return "";
  std::string text = std::to_string(failed) + (failed == 1 ? " mesh" : " meshes") + " not drawn (DH drawing instead): ";
  for (std::size_t k = 0; k < reasons.size() && k < 3; ++k) text += (k ? "; " : "") + reasons[k];
  if (reasons.size() > 3) text += "; " + std::to_string(reasons.size() - 3) + " more reasons";
  return text;
}

int ArmScene::shapesDrawn() const {
  return static_cast<int>(std::count_if(slots_.begin(), slots_.end(), [](const ShapeSlot& s) { return s.state == ShapeSlot::State::Drawn; }));
}

bool ArmScene::meshesPending() const {
  return std::any_of(slots_.begin(), slots_.end(), [](const ShapeSlot& s) { return s.state == ShapeSlot::State::Pending; });
}

void ArmScene::rebuildGrid() {
  grid_->removeChildren(0, grid_->getNumChildren());
  // Floor below the lowest point the arm reaches during the task.
  double lowest = 0.0;
  if (result_) {
    for (const Eigen::Matrix4d& T : result_->frames) lowest = std::min(lowest, T(2, 3));
  }
  const double step = std::pow(10.0, std::round(std::log10(sceneSize_ / 8.0)));
  const int half = static_cast<int>(std::ceil(1.5 * sceneSize_ / step));
  const float z = static_cast<float>(lowest - 0.02 * sceneSize_);
  std::vector<osg::Vec3> v;
  for (int i = -half; i <= half; ++i) {
    const float a = static_cast<float>(i * step), e = static_cast<float>(half * step);
    v.insert(v.end(), {{a, -e, z}, {a, e, z}, {-e, a, z}, {e, a, z}});
  }
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(lines(v, {{0.55f, 0.58f, 0.62f, 1}}, GL_LINES, 1.0f));
  // Base: a disc at the origin of frame 0 (BASE: the world origin for Vora's arms; a pedestal
  // would hide arms whose first link hangs below the base, as Vora's RRR does).
  const float r = static_cast<float>(0.07 * sceneSize_ * settings_.drawingScale);
  const osg::Vec3 at = result_ ? toOsg(Eigen::Vector3d(result_->model->base().topRightCorner<3, 1>())) : osg::Vec3(0, 0, 0);
  osg::ref_ptr<osg::ShapeDrawable> base = new osg::ShapeDrawable(new osg::Cylinder(at, r, r / 4));
  base->setColor(osg::Vec4(0.35f, 0.37f, 0.40f, 1));
  geode->addDrawable(base);
  // A pedestal from the floor up to the base when the base stands above the floor with joint
  // 1's axis upright and the arm's first joint frame never below the base (the PUMA on its
  // column; not Vora's RRR, whose first link hangs below the base).
  if (result_ && result_->model->dof() > 0) {
    const Eigen::Matrix4d& b = result_->model->base();
    const double height = b(2, 3) - z;
    bool above = std::abs(b(2, 2)) > 0.99 && height > 0.05 * sceneSize_;
    for (int k = 0; above && k < result_->samples(); k += std::max(1, result_->samples() / 50))
      above = result_->frame(k, 1)(2, 3) >= b(2, 3) - 0.01 * sceneSize_;
    if (above) {
      const float pr = static_cast<float>(0.06 * sceneSize_);
      osg::ref_ptr<osg::ShapeDrawable> pedestal = new osg::ShapeDrawable(
          new osg::Cylinder(osg::Vec3(at.x(), at.y(), static_cast<float>(z + 0.5 * height)), pr, static_cast<float>(height)));
      pedestal->setColor(osg::Vec4(0.45f, 0.47f, 0.50f, 1));
      pedestal->setName("pedestal");
      geode->addDrawable(pedestal);
    }
  }
  grid_->addChild(geode, settings_.showGrid);
}

// A solid member from a to b (link frame coordinates), round or square in section.
osg::ref_ptr<osg::ShapeDrawable> member(const osg::Vec3& a, const osg::Vec3& b, float radius, bool square,
                                        const osg::Vec4& colour) {
  const osg::Vec3 d = b - a;
  const float length = d.length();
  osg::ref_ptr<osg::Shape> shape;
  if (square) shape = new osg::Box((a + b) * 0.5f, 1.6f * radius, 1.6f * radius, length);
  else shape = new osg::Cylinder((a + b) * 0.5f, radius, length);
  osg::Quat q;
  q.makeRotate(osg::Vec3(0, 0, 1), d);
  if (auto* c = dynamic_cast<osg::Cylinder*>(shape.get())) c->setRotation(q);
  if (auto* bx = dynamic_cast<osg::Box*>(shape.get())) bx->setRotation(q);
  osg::ref_ptr<osg::ShapeDrawable> drawable = new osg::ShapeDrawable(shape);
  drawable->setColor(colour);
  return drawable;
}

osg::ref_ptr<osg::Node> ArmScene::makeLinkGeometry(int link, const Model& model, bool ghost) const {
  // The link from its DH geometry, in its own frame i: the member along d runs on the axis of
  // joint i (z_{i-1}) from o_{i-1} = (-a, -d sin alpha, -d cos alpha) to the elbow (-a, 0, 0),
  // the member along a from there to o_i. A prismatic joint's member is its ram: as long as its
  // travel, ending at the elbow, square in section. The thickness follows the link's mass: a
  // solid aluminium rod of the members' length and the link's mass, within 1.8-5 % of the arm.
  osg::ref_ptr<osg::Group> group = new osg::Group;
  const osg::Vec4 colour = ghost ? kGhostColour : linkColour(link);
  const LinkSpec& spec = model.spec().links[link];
  const DhParameters& dh = spec.dh;
  const bool prismatic = spec.joint == JointType::Prismatic;
  // A ram as long as the travel, within 1.5 scene sizes (limits of +-1000 m would draw a
  // kilometre; no limits: |d| and a bit).
  const double travel = std::min(prismatic && spec.qMax - spec.qMin < 1e6 ? spec.qMax - spec.qMin
                                                                         : std::abs(dh.d) + 0.3 * sceneSize_,
                                 1.5 * sceneSize_);
  const double length = std::abs(dh.a) + (prismatic ? travel : std::abs(dh.d));
  const double mass = std::max(0.0, bareLinkInertial(spec).mass);
  const double rod = length > 0.0 ? std::sqrt(mass / (2700.0 * M_PI * length)) : 0.0;
  const float r = static_cast<float>(std::clamp(rod, 0.018 * sceneSize_, 0.05 * sceneSize_));
  const osg::Vec3 elbow(static_cast<float>(-dh.a), 0, 0);
  const osg::Vec3 axis(0, static_cast<float>(std::sin(dh.alpha)), static_cast<float>(std::cos(dh.alpha)));  // z_{i-1}
  osg::ref_ptr<osg::Geode> members = new osg::Geode;
  members->setName("dhLink");
  const float eps = static_cast<float>(1e-6 * sceneSize_);
  if (prismatic) {
    members->addDrawable(member(elbow - axis * static_cast<float>(travel), elbow, 0.8f * r, true, colour));
  } else if (std::abs(dh.d) > eps) {
    members->addDrawable(member(elbow - axis * static_cast<float>(dh.d), elbow, r, false, colour));
  }
  if (std::abs(dh.a) > eps) {
    members->addDrawable(member(elbow, osg::Vec3(), r, false, colour));
    // A knuckle where the two members meet.
    if (std::abs(dh.d) > eps || prismatic) {
      osg::ref_ptr<osg::ShapeDrawable> k = new osg::ShapeDrawable(new osg::Sphere(elbow, r));
      k->setColor(colour);
      members->addDrawable(k);
    }
  }
  if (members->getNumDrawables() == 0) {  // no length: a hub on the joint
    osg::ref_ptr<osg::ShapeDrawable> hub = new osg::ShapeDrawable(new osg::Sphere(osg::Vec3(), 1.2f * r));
    hub->setColor(colour);
    members->addDrawable(hub);
  }
  group->addChild(members);
  return group;
}

osg::ref_ptr<osg::Node> ArmScene::makeMassBody(int link, const Model& model, const osg::Vec4& colour) const {
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->setName("massBody");
  const LinkSpec& spec = model.spec().links[link];
  if (colour.a() < 1.0f) makeTransparent(geode->getOrCreateStateSet());
  if (spec.massSource == MassSource::HollowBar) {
    // Outer box minus inner box, drawn as up to six wall slabs so the hollow shows.
    const Eigen::Vector3d& o = spec.bar.outer;
    const Eigen::Vector3d& in = spec.bar.inner;
    const osg::Vec3 c = toOsg(spec.bar.centre);
    if (in.minCoeff() <= 0.0) {
      geode->addDrawable(box(c, toOsg(o), colour));
    } else {
      const Eigen::Vector3d t = (o - in) / 2.0;
      for (int s : {-1, 1}) {
        if (t.x() > 0) geode->addDrawable(box(c + osg::Vec3(s * (in.x() + t.x()) / 2, 0, 0), osg::Vec3(t.x(), o.y(), o.z()), colour));
        if (t.y() > 0) geode->addDrawable(box(c + osg::Vec3(0, s * (in.y() + t.y()) / 2, 0), osg::Vec3(in.x(), t.y(), o.z()), colour));
        if (t.z() > 0) geode->addDrawable(box(c + osg::Vec3(0, 0, s * (in.z() + t.z()) / 2), osg::Vec3(in.x(), in.y(), t.z()), colour));
      }
    }
  } else {
    // No geometry given: the uniform box with the link's own mass and principal moments,
    // centred at its centre of mass along its principal axes (model/equivalent_box.h).
    const EquivalentBox b = equivalentBox(bareLinkInertial(spec), kMinimumSide * sceneSize_, kMaximumSide * sceneSize_);
    Eigen::Matrix4d T = Eigen::Matrix4d::Identity();
    T.block<3, 3>(0, 0) = b.rotation;
    T.block<3, 1>(0, 3) = b.centre;
    geode->addDrawable(box(osg::Vec3(), toOsg(b.sides), colour));
    osg::ref_ptr<osg::MatrixTransform> x = new osg::MatrixTransform(toOsg(T));
    x->addChild(geode);
    return x;
  }
  return geode;
}

osg::ref_ptr<osg::Node> ArmScene::makeJointGeometry(int joint, const Model& model, bool ghost) const {
  // Joint i turns (or slides) about z of frame i-1; drawn in that frame.
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  const double r = 0.035 * sceneSize_ * settings_.drawingScale;
  const osg::Vec4 colour = ghost ? kGhostColour : osg::Vec4(0.25f, 0.27f, 0.30f, 1);
  osg::ref_ptr<osg::ShapeDrawable> d;
  if (model.isRevolute(joint)) {
    d = new osg::ShapeDrawable(new osg::Cylinder(osg::Vec3(), r, 3 * r));
  } else {
    d = new osg::ShapeDrawable(new osg::Box(osg::Vec3(), 1.6 * r, 1.6 * r, 3 * r));
  }
  d->setColor(colour);
  geode->addDrawable(d);
  return geode;
}

void ArmScene::setResult(const SimulationResultPtr& result) {
  result_ = result;
  arm_->removeChildren(0, arm_->getNumChildren());
  path_->removeChildren(0, path_->getNumChildren());
  ghosts_->removeChildren(0, ghosts_->getNumChildren());
  frames_->removeChildren(0, frames_->getNumChildren());
  jointAxes_->removeChildren(0, jointAxes_->getNumChildren());
  linkXforms_.clear();
  slots_.clear();
  dhSwitch_.clear();
  shapeSwitch_.clear();
  wrenchArrow_->setNodeMask(0);
  wrenchScale_ = 0.0;
  if (!result_ || result_->samples() == 0) return;
  const Model& model = *result_->model;
  const int n = model.dof();
  const int f = result_->framesPerSample;

  // Characteristic size: farthest frame origin from the base over the task.
  double size = 0.1;
  for (const Eigen::Matrix4d& T : result_->frames) size = std::max(size, T.block<3, 1>(0, 3).norm());
  sceneSize_ = size;
  const double scale = settings_.drawingScale;

  // The base's own shapes (links fixed to the world) stay in the world frame.
  // Package folders: the view setting's, then the environment's (io/mesh_path.h).
  std::vector<std::string> packagePath = splitPackagePath(settings_.meshPackagePath);
  packagePath.insert(packagePath.end(), packagePath_.begin(), packagePath_.end());
  osg::ref_ptr<osg::Switch> baseShapes = new osg::Switch;
  baseShapes->setName("baseShapes");
  arm_->addChild(baseShapes);
  for (int j = 0; j < f; ++j) {
    osg::ref_ptr<osg::MatrixTransform> x = new osg::MatrixTransform;
    x->setDataVariance(osg::Object::DYNAMIC);
    if (j <= n) {
      // Frame j: its DH drawing (link j's members, joint j+1's housing) and its own shapes.
      osg::ref_ptr<osg::Switch> dh = new osg::Switch;
      dh->setName("dhDrawing");
      if (j >= 1) dh->addChild(makeLinkGeometry(j - 1, model, false), true);
      if (j < n) dh->addChild(makeJointGeometry(j, model, false), true);
      x->addChild(dh);
      dhSwitch_.push_back(dh);
      if (j >= 1 && settings_.showMassBodies) {
        const osg::Vec4 c = linkColour(j - 1);
        x->addChild(makeMassBody(j - 1, model, osg::Vec4(c.r(), c.g(), c.b(), 0.3f)));
      }
      osg::ref_ptr<osg::Switch> shapes = j == 0 ? baseShapes : osg::ref_ptr<osg::Switch>(new osg::Switch);
      if (j > 0) {
        shapes->setName("linkShapes");
        x->addChild(shapes);
      }
      shapeSwitch_.push_back(shapes);
      osg::ref_ptr<osg::Group> content = new osg::Group;
      shapes->addChild(content, true);
      addShapes(j, j == 0 ? model.spec().baseVisuals : model.spec().links[static_cast<std::size_t>(j - 1)].visuals,
                packagePath, content);
    }
    if (j == n + 1) {
      // Tool flange: a disc across the tool's z axis with a short stub, the tool point on its face.
      const float r = static_cast<float>(0.03 * sceneSize_ * scale);
      osg::ref_ptr<osg::Geode> g = new osg::Geode;
      g->setName("toolFlange");
      osg::ref_ptr<osg::ShapeDrawable> disc = new osg::ShapeDrawable(new osg::Cylinder(osg::Vec3(0, 0, -0.15f * r), r, 0.3f * r));
      disc->setColor(osg::Vec4(0.9f, 0.8f, 0.2f, 1));
      g->addDrawable(disc);
      osg::ref_ptr<osg::ShapeDrawable> stub = new osg::ShapeDrawable(new osg::Cylinder(osg::Vec3(0, 0, -0.65f * r), 0.45f * r, 0.7f * r));
      stub->setColor(osg::Vec4(0.55f, 0.55f, 0.58f, 1));
      g->addDrawable(stub);
      x->addChild(g);
    }
    arm_->addChild(x);
    linkXforms_.push_back(x);
  }
  // Link frames: a triad at every frame; joint axes: a line along z of frames 0..n-1.
  for (int j = 0; j < f; ++j) {
    osg::ref_ptr<osg::MatrixTransform> x = new osg::MatrixTransform;
    x->setDataVariance(osg::Object::DYNAMIC);
    x->addChild(triad(0.12 * sceneSize_ * scale));
    frames_->addChild(x);
    if (j < n) {
      osg::ref_ptr<osg::MatrixTransform> a = new osg::MatrixTransform;
      a->setDataVariance(osg::Object::DYNAMIC);
      const float l = static_cast<float>(0.18 * sceneSize_ * scale);
      osg::ref_ptr<osg::Geode> g = new osg::Geode;
      g->addDrawable(lines({{0, 0, -l}, {0, 0, l}}, {{0.9f, 0.2f, 0.9f, 1}}, GL_LINES, 1.5f));
      a->addChild(g);
      jointAxes_->addChild(a);
    }
  }
  arm_->addChild(frames_);
  arm_->addChild(jointAxes_);

  // Tool path over the whole task.
  std::vector<osg::Vec3> path;
  path.reserve(result_->samples());
  for (int k = 0; k < result_->samples(); ++k) {
    const Eigen::Matrix4d& T = result_->frame(k, n + 1);
    path.emplace_back(T(0, 3), T(1, 3), T(2, 3));
  }
  osg::ref_ptr<osg::Geode> pathGeode = new osg::Geode;
  pathGeode->addDrawable(lines(path, {{0.95f, 0.55f, 0.05f, 1}}, GL_LINE_STRIP, 2.5f));
  path_->addChild(pathGeode);
  // Cartesian tasks: the commanded path (lines and arcs) under the tool's actual path.
  if (!result_->commandedPath.empty()) {
    std::vector<osg::Vec3> commanded;
    commanded.reserve(result_->commandedPath.size());
    for (const Eigen::Vector3d& p : result_->commandedPath) commanded.emplace_back(p.x(), p.y(), p.z());
    osg::ref_ptr<osg::Geode> commandedGeode = new osg::Geode;
    commandedGeode->setName("commandedPath");
    commandedGeode->addDrawable(lines(commanded, {{0.15f, 0.45f, 0.85f, 1}}, GL_LINE_STRIP, 1.5f));
    path_->addChild(commandedGeode);
  }

  // Ghosts: the arm at each task point, sharing one geometry per link.
  std::vector<osg::ref_ptr<osg::Node>> ghostLinks(n), ghostJoints(n);
  for (int i = 0; i < n; ++i) {
    ghostLinks[i] = makeLinkGeometry(i, model, true);
    ghostJoints[i] = makeJointGeometry(i, model, true);
  }
  coarsen(ghostLinks);
  coarsen(ghostJoints);
  const int points = static_cast<int>(result_->pointFrames.size()) / f;
  for (int p = 0; p < points; ++p) {
    osg::ref_ptr<osg::Group> ghost = new osg::Group;
    for (int j = 0; j <= n; ++j) {
      osg::ref_ptr<osg::MatrixTransform> x =
          new osg::MatrixTransform(toOsg(result_->pointFrames[static_cast<size_t>(p) * f + j]));
      if (j >= 1) x->addChild(ghostLinks[j - 1]);
      if (j < n) x->addChild(ghostJoints[j]);
      ghost->addChild(x);
    }
    ghosts_->addChild(ghost);
  }
  // The tool wrench's force: a unit arrow along z (shaft to 0.8, head to 1) of fixed thickness,
  // stretched along z to |F| wrenchScale_ and turned onto F at every sample shown.
  wrenchArrow_->removeChildren(0, wrenchArrow_->getNumChildren());
  wrenchArrow_->setNodeMask(0);
  wrenchScale_ = 0.0;
  const ToolWrenchProfile& load = result_->record.plan.toolWrench;
  double largest = load.isTable() ? 0.0 : load.constantWrench().force.norm();
  for (Eigen::Index k = 0; k < load.values().rows(); ++k)
    largest = std::max(largest, load.values().row(k).head<3>().norm());
  if (largest > 0.0 && std::isfinite(largest)) {
    wrenchScale_ = 0.2 * sceneSize_ / largest;
    const float r = static_cast<float>(0.008 * sceneSize_ * scale);
    const osg::Vec4 red(0.85f, 0.1f, 0.1f, 1);
    osg::ref_ptr<osg::Geode> g = new osg::Geode;
    g->setName("toolWrenchArrow");
    osg::ref_ptr<osg::ShapeDrawable> shaft = new osg::ShapeDrawable(new osg::Cylinder(osg::Vec3(0, 0, 0.4f), r, 0.8f));
    shaft->setColor(red);
    g->addDrawable(shaft);
    osg::ref_ptr<osg::ShapeDrawable> head = new osg::ShapeDrawable(new osg::Cone(osg::Vec3(0, 0, 0.85f), 2.5f * r, 0.2f));
    head->setColor(red);
    g->addDrawable(head);
    wrenchArrow_->addChild(g);
  }
  rebuildGrid();
  updateMeshes();  // those already loaded (another result of the same robot)
  applySwitches();
  showSample(0);
}

void ArmScene::setWorkspace(const WorkspaceEstimate* w) {
  workspace_->removeChildren(0, workspace_->getNumChildren());
  workspacePoints_ = 0;
  if (!w || w->occupied.empty()) return;
  // Coloured by the voxel's mean manipulability (the core's map) from blue (singular) through
  // green to red (the largest); voxels the closing filled, without samples, grey. Without a
  // map: by height.
  const bool byManipulability = !w->manipulability.empty() && w->manipulabilityMax > 0.0f;
  const float z0 = static_cast<float>(w->boxMin.z()), span = std::max(1e-9f, static_cast<float>(w->nz * w->voxel));
  std::vector<osg::Vec3> centres;
  std::vector<osg::Vec4> colours;
  for (int k = 0; k < w->nz; ++k)
    for (int j = 0; j < w->ny; ++j)
      for (int i = 0; i < w->nx; ++i) {
        if (!w->isOccupied(i, j, k)) continue;
        const Eigen::Vector3d c = w->voxelCentre(i, j, k);
        centres.emplace_back(static_cast<float>(c.x()), static_cast<float>(c.y()), static_cast<float>(c.z()));
        float t = std::clamp((centres.back().z() - z0) / span, 0.0f, 1.0f);
        if (byManipulability) {
          const float m = w->manipulability[static_cast<std::size_t>((k * w->ny + j) * w->nx + i)];
          if (std::isnan(m)) {
            colours.emplace_back(0.6f, 0.6f, 0.6f, 0.3f);
            continue;
          }
          t = std::clamp(m / w->manipulabilityMax, 0.0f, 1.0f);
        }
        colours.emplace_back(std::clamp(2.0f * t - 0.5f, 0.0f, 1.0f), 1.0f - std::abs(2.0f * t - 1.0f) * 0.7f,
                             std::clamp(1.5f - 2.0f * t, 0.0f, 1.0f), 0.45f);
      }
  if (centres.empty()) return;
  osg::ref_ptr<osg::Geometry> g = lines(centres, colours, GL_POINTS, 1.0f);
  g->getOrCreateStateSet()->setAttributeAndModes(new osg::Point(2.5f));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->setName("workspacePoints");
  geode->addDrawable(g);
  workspace_->addChild(geode);
  workspacePoints_ = static_cast<int>(centres.size());
}

void ArmScene::setTaskPoints(const TaskSpec& task, int unreachable) {
  points_->removeChildren(0, points_->getNumChildren());
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  const float r = static_cast<float>(0.018 * sceneSize_ * settings_.drawingScale);
  for (size_t i = 0; i < task.points.size(); ++i) {
    // A point past the input limits (a file's slip, 1e300 m) would make the scene's bound
    // infinite and OSG's near and far planes NaN: the whole view blank. It is not drawn.
    if (!(task.points[i].position.cwiseAbs().maxCoeff() <= InputLimits{}.maxLength)) continue;
    const bool bad = static_cast<int>(i) == unreachable;
    osg::ref_ptr<osg::ShapeDrawable> s =
        new osg::ShapeDrawable(new osg::Sphere(toOsg(task.points[i].position), bad ? 1.8f * r : r));
    s->setColor(bad ? osg::Vec4(0.95f, 0.1f, 0.1f, 1) : osg::Vec4(0.1f, 0.65f, 0.3f, 1));
    geode->addDrawable(s);
  }
  points_->addChild(geode);
}

void ArmScene::showSample(int sample) {
  if (!result_ || result_->samples() == 0) return;
  sample = std::clamp(sample, 0, result_->samples() - 1);
  std::vector<Eigen::Matrix4d> frames(result_->framesPerSample);
  for (int j = 0; j < result_->framesPerSample; ++j) frames[j] = result_->frame(sample, j);
  showFrames(frames);
  // The force the tool exerts at this sample's time, from the tool point (base coordinates:
  // world axes as they are, tool axes turned by the tool frame's rotation).
  if (wrenchScale_ > 0.0 && sample < static_cast<int>(result_->record.t.size())) {
    const ToolWrench w = result_->record.plan.toolWrench.at(result_->record.t[static_cast<size_t>(sample)]);
    const Eigen::Matrix4d& tool = frames.back();
    const Eigen::Vector3d f = w.inToolAxes ? Eigen::Vector3d(tool.topLeftCorner<3, 3>() * w.force) : w.force;
    const double length = f.norm() * wrenchScale_;
    if (length > 1e-6 * sceneSize_) {
      wrenchArrow_->setMatrix(osg::Matrixd::scale(1.0, 1.0, length) *
                              osg::Matrixd::rotate(osg::Vec3d(0, 0, 1), osg::Vec3d(f.x(), f.y(), f.z())) *
                              osg::Matrixd::translate(tool(0, 3), tool(1, 3), tool(2, 3)));
      wrenchArrow_->setNodeMask(~0u);
    }
  }
}

void ArmScene::showFrames(const std::vector<Eigen::Matrix4d>& frames) {
  wrenchArrow_->setNodeMask(0);  // a sample's force: showSample puts it back
  const size_t count = std::min(frames.size(), linkXforms_.size());
  for (size_t j = 0; j < count; ++j) {
    const osg::Matrixd m = toOsg(frames[j]);
    linkXforms_[j]->setMatrix(m);
    static_cast<osg::MatrixTransform*>(frames_->getChild(j))->setMatrix(m);
    if (j < jointAxes_->getNumChildren()) static_cast<osg::MatrixTransform*>(jointAxes_->getChild(j))->setMatrix(m);
  }
}

void ArmScene::placeJogHandles(const std::vector<Eigen::Matrix4d>& frames, const Model& model) {
  std::vector<bool> revolute;
  for (int i = 0; i < model.dof(); ++i) revolute.push_back(model.isRevolute(i));
  jogHandles_.place(frames, revolute, sceneSize_);
}

}  // namespace armdyn::app
