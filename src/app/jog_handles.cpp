#include "jog_handles.h"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LineWidth>
#include <osg/ShapeDrawable>
#include <algorithm>
#include <cmath>

namespace armdyn::app {
namespace {

constexpr int kRingSegments = 48;
const osg::Vec4 kAxisColours[3] = {{0.90f, 0.15f, 0.15f, 1}, {0.15f, 0.70f, 0.20f, 1}, {0.20f, 0.35f, 0.95f, 1}};
const osg::Vec4 kBallColour(0.98f, 0.80f, 0.10f, 1);
const osg::Vec4 kRingColour(0.62f, 0.30f, 0.92f, 1);  // the Teach button's purple, apart from the orange path

osg::Matrixd toOsg(const Eigen::Matrix4d& T) { return osg::Matrixd(T.data()); }

// Distance from p to the segment ab, pixels.
double toSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
  const QPointF ab = b - a, ap = p - a;
  const double len2 = QPointF::dotProduct(ab, ab);
  const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(ap, ab) / len2, 0.0, 1.0) : 0.0;
  const QPointF d = ap - t * ab;
  return std::hypot(d.x(), d.y());
}

// Distance from the mouse to the projected polyline through `points` (closed when `loop`).
double toPolyline(const JogHandles::Projection& project, const QPointF& mouse, const std::vector<Eigen::Vector3d>& points,
                  bool loop) {
  double best = 1e300;
  std::optional<QPointF> previous;
  const size_t count = points.size() + (loop ? 1 : 0);
  for (size_t k = 0; k < count; ++k) {
    const std::optional<QPointF> p = project(points[k % points.size()]);
    if (p && previous) best = std::min(best, toSegment(mouse, *previous, *p));
    previous = p;
  }
  return best;
}

osg::ref_ptr<osg::Geode> arrows(double length) {
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  const float l = static_cast<float>(length);
  for (int k = 0; k < 3; ++k) {
    osg::Vec3 axis;
    axis[k] = 1.0f;
    osg::Quat q;
    q.makeRotate(osg::Vec3(0, 0, 1), axis);
    auto* shaft = new osg::Cylinder(axis * (0.525f * l), 0.025f * l, 0.65f * l);
    shaft->setRotation(q);
    auto* head = new osg::Cone(axis * (0.85f * l + 0.25f * 0.15f * l), 0.07f * l, 0.15f * l);
    head->setRotation(q);
    for (osg::Shape* s : {static_cast<osg::Shape*>(shaft), static_cast<osg::Shape*>(head)}) {
      osg::ref_ptr<osg::ShapeDrawable> d = new osg::ShapeDrawable(s);
      d->setColor(kAxisColours[k]);
      geode->addDrawable(d);
    }
  }
  osg::ref_ptr<osg::ShapeDrawable> ball = new osg::ShapeDrawable(new osg::Sphere(osg::Vec3(), 0.08f * l));
  ball->setColor(kBallColour);
  geode->addDrawable(ball);
  return geode;
}

osg::ref_ptr<osg::Geode> ring(double radius, bool revolute) {
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  const float r = static_cast<float>(radius);
  if (revolute) {
    for (int k = 0; k < kRingSegments; ++k) {
      const double a = 2.0 * M_PI * k / kRingSegments;
      v->push_back(osg::Vec3(r * std::cos(a), r * std::sin(a), 0.0f));
    }
  } else {
    v->push_back(osg::Vec3(0, 0, -r));
    v->push_back(osg::Vec3(0, 0, r));
  }
  g->setVertexArray(v);
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
  c->push_back(kRingColour);
  g->setColorArray(c, osg::Array::BIND_OVERALL);
  g->addPrimitiveSet(new osg::DrawArrays(revolute ? GL_LINE_LOOP : GL_LINES, 0, static_cast<int>(v->size())));
  osg::StateSet* ss = g->getOrCreateStateSet();
  ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF);
  ss->setAttributeAndModes(new osg::LineWidth(revolute ? 3.0f : 6.0f));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(g);
  return geode;
}

}  // namespace

JogHandles::JogHandles() : root_(new osg::Switch), tool_(new osg::MatrixTransform) {
  root_->setName("jogHandles");
  root_->setNewChildDefaultValue(false);
  osg::StateSet* ss = root_->getOrCreateStateSet();
  // Over the arm: a handle inside a link stays visible and grabbable.
  ss->setMode(GL_DEPTH_TEST, osg::StateAttribute::OFF);
  ss->setRenderBinDetails(100, "RenderBin");
  tool_->setName("jogToolHandle");
  tool_->setDataVariance(osg::Object::DYNAMIC);
}

void JogHandles::setVisible(bool visible) {
  visible_ = visible;
  if (visible) root_->setAllChildrenOn();
  else root_->setAllChildrenOff();
}

void JogHandles::rebuild(const std::vector<bool>& revolute, double size) {
  root_->removeChildren(0, root_->getNumChildren());
  revolute_ = revolute;
  size_ = size;
  arrow_ = 0.28 * size;
  ring_ = 0.08 * size;
  tool_->removeChildren(0, tool_->getNumChildren());
  tool_->addChild(arrows(arrow_));
  root_->addChild(tool_, visible_);
  rings_.clear();
  for (size_t j = 0; j < revolute.size(); ++j) {
    osg::ref_ptr<osg::MatrixTransform> x = new osg::MatrixTransform;
    x->setName("jogRing" + std::to_string(j + 1));
    x->setDataVariance(osg::Object::DYNAMIC);
    x->addChild(ring(ring_, revolute[j]));
    rings_.push_back(x);
    root_->addChild(x, visible_);
  }
}

void JogHandles::place(const std::vector<Eigen::Matrix4d>& frames, const std::vector<bool>& revolute, double size) {
  if (frames.size() != revolute.size() + 2) {
    frames_.clear();  // nothing to grab rather than handles of another arm
    return;
  }
  if (revolute != revolute_ || size != size_ || rings_.size() != revolute.size()) rebuild(revolute, size);
  frames_ = frames;
  osg::Matrixd at;
  at.makeTranslate(frames.back()(0, 3), frames.back()(1, 3), frames.back()(2, 3));
  tool_->setMatrix(at);
  for (size_t j = 0; j < rings_.size(); ++j) rings_[j]->setMatrix(toOsg(frames[j]));
}

Eigen::Vector3d JogHandles::toolOrigin() const {
  return frames_.empty() ? Eigen::Vector3d::Zero() : Eigen::Vector3d(frames_.back().block<3, 1>(0, 3));
}

Eigen::Vector3d JogHandles::arrowPoint(int axis) const { return toolOrigin() + 0.6 * arrow_ * Eigen::Vector3d::Unit(axis); }

Eigen::Vector3d JogHandles::ringPoint(int joint) const {
  const Eigen::Matrix4d& F = frames_.at(joint);
  const Eigen::Vector3d local = revolute_.at(joint) ? Eigen::Vector3d(0.0, ring_, 0.0) : Eigen::Vector3d(0.0, 0.0, 0.5 * ring_);
  return F.block<3, 3>(0, 0) * local + F.block<3, 1>(0, 3);
}

std::optional<DragGrab> JogHandles::hit(const Projection& project, const QPointF& mouse, bool rotate,
                                        const Eigen::Vector3d& towardsEye) const {
  if (!visible_ || frames_.empty()) return std::nullopt;
  const Eigen::Vector3d p0 = toolOrigin();
  if (const std::optional<QPointF> c = project(p0)) {
    const QPointF d = mouse - *c;
    if (std::hypot(d.x(), d.y()) <= kBallPixels) {
      DragGrab grab;
      grab.handle = DragHandle::TranslatePlane;
      grab.planeNormal = towardsEye.normalized();
      return grab;
    }
  }
  std::optional<DragGrab> best;
  double nearest = kLinePixels;
  for (int k = 0; k < 3; ++k) {
    const Eigen::Vector3d a = Eigen::Vector3d::Unit(k);
    const double d = toPolyline(project, mouse, {p0 + 0.15 * arrow_ * a, p0 + arrow_ * a}, false);
    if (d <= nearest) {
      nearest = d;
      best = DragGrab(rotate ? DragHandle::Rotate : DragHandle::Translate, k, towardsEye.normalized());
    }
  }
  if (best) return best;
  for (size_t j = 0; j < rings_.size(); ++j) {
    const Eigen::Matrix4d& F = frames_[j];
    std::vector<Eigen::Vector3d> points;
    if (revolute_[j]) {
      for (int k = 0; k < kRingSegments; ++k) {
        const double a = 2.0 * M_PI * k / kRingSegments;
        points.push_back(F.block<3, 3>(0, 0) * Eigen::Vector3d(ring_ * std::cos(a), ring_ * std::sin(a), 0.0) +
                         F.block<3, 1>(0, 3));
      }
    } else {
      points = {F.block<3, 3>(0, 0) * Eigen::Vector3d(0, 0, -ring_) + F.block<3, 1>(0, 3),
                F.block<3, 3>(0, 0) * Eigen::Vector3d(0, 0, ring_) + F.block<3, 1>(0, 3)};
    }
    const double d = toPolyline(project, mouse, points, revolute_[j]);
    if (d <= nearest) {
      nearest = d;
      best = DragGrab(DragHandle::Joint, static_cast<int>(j));
    }
  }
  return best;
}

}  // namespace armdyn::app
