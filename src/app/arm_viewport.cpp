#include "arm_viewport.h"

#include "jog_dragger.h"

#include "io/mesh_path.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QCoreApplication>
#include <QSurfaceFormat>
#include <QWheelEvent>
#include <QWidget>
#include <osgGA/TrackballManipulator>

namespace armdyn::app {
namespace {

constexpr double kFieldOfView = 30.0;  // vertical, degrees

int osgButton(Qt::MouseButton b) {
  switch (b) {
    case Qt::LeftButton: return 1;
    case Qt::MiddleButton: return 2;
    case Qt::RightButton: return 3;
    default: return 0;
  }
}

}  // namespace

ArmViewport::ArmViewport()
    : QOpenGLWindow(QOpenGLWindow::NoPartialUpdate),
      window_(new osgViewer::GraphicsWindowEmbedded(0, 0, 640, 480)),
      viewer_(new osgViewer::Viewer),
      manipulator_(new osgGA::TrackballManipulator) {
  QSurfaceFormat format = QSurfaceFormat::defaultFormat();
  format.setDepthBufferSize(24);
  format.setSamples(qEnvironmentVariableIntValue("ARMDYN_MSAA"));
  setFormat(format);
  osg::Camera* camera = viewer_->getCamera();
  camera->setGraphicsContext(window_);
  camera->setViewport(0, 0, 640, 480);
  camera->setClearColor(osg::Vec4(0.93f, 0.94f, 0.96f, 1.0f));
  camera->setProjectionMatrixAsPerspective(kFieldOfView, 640.0 / 480.0, 0.01, 100.0);
  viewer_->setSceneData(scene_.root());
  viewer_->setThreadingModel(osgViewer::Viewer::SingleThreaded);
  viewer_->setLightingMode(osg::View::HEADLIGHT);
  viewer_->setKeyEventSetsDone(0);
  manipulator_->setAllowThrow(false);
  events()->getCurrentEventState()->setMouseYOrientation(osgGA::GUIEventAdapter::Y_INCREASING_DOWNWARDS);
  viewer_->setCameraManipulator(manipulator_, false);
  setStandardView(StandardView::Iso);
  dragger_ = new JogDragger(this);
  // Meshes load off the GUI thread; each one that arrives is attached and drawn.
  meshes_ = new MeshCache(this);
  scene_.setMeshSource(meshes_, packagePathFromEnvironment());
  connect(meshes_, &MeshCache::loaded, this, [this] {
    if (!scene_.updateMeshes()) return;
    update();
    emit meshesChanged();
  });
}

QWidget* ArmViewport::widget(QWidget* parent) {
  if (container_ == nullptr) {
    container_ = QWidget::createWindowContainer(this, parent);
    container_->setMinimumSize(320, 240);
    container_->setFocusPolicy(Qt::NoFocus);
  }
  return container_;
}

ArmViewport::~ArmViewport() {
  // Release the viewer (and its GL objects) while our context is current, if there is one.
  const bool current = context() != nullptr;
  if (current) makeCurrent();
  viewer_->setSceneData(nullptr);
  viewer_ = nullptr;
  manipulator_ = nullptr;
  if (current) doneCurrent();
}

osgGA::EventQueue* ArmViewport::events() { return window_->getEventQueue(); }

void ArmViewport::initializeGL() {}

void ArmViewport::resizeGL(int w, int h) {
  const double r = devicePixelRatio();
  const int pw = static_cast<int>(w * r), ph = static_cast<int>(h * r);
  events()->windowResize(0, 0, pw, ph);
  window_->resized(0, 0, pw, ph);
  osg::Camera* camera = viewer_->getCamera();
  camera->setViewport(0, 0, pw, ph);
  camera->setProjectionMatrixAsPerspective(kFieldOfView, static_cast<double>(pw) / std::max(ph, 1), 0.01, 100.0);
}

void ArmViewport::paintGL() {
  // No OpenGL (e.g. QT_QPA_PLATFORM=offscreen): the rest of the application still works.
  if (context() == nullptr || QOpenGLContext::currentContext() != context()) return;
  QElapsedTimer clock;
  clock.start();
  // Tell OSG which framebuffer is "default" (0 for a window surface).
  window_->setDefaultFboId(defaultFramebufferObject());
  if (!fitted_ && scene_.armBound().valid()) {
    fitToView();
  }
  // OSG sets the near and far planes from the scene's bound at every frame: a bound that is not
  // finite leaves them NaN and every later frame blank. The scene refuses such geometry (task
  // points past the input limits are not drawn); should some still come, the projection and the
  // camera are put back before each frame, so the view recovers once it is gone.
  osg::Camera* camera = viewer_->getCamera();
  if (!camera->getProjectionMatrix().valid()) {
    const osg::Viewport* vp = camera->getViewport();
    camera->setProjectionMatrixAsPerspective(kFieldOfView, vp && vp->height() > 0 ? vp->width() / vp->height() : 1.0, 0.01, 100.0);
  }
  if (!manipulator_->getMatrix().valid()) manipulator_->home(0.0);
  viewer_->frame();
  if (finishEachFrame_) context()->functions()->glFinish();
  lastFrameMs_ = clock.nsecsElapsed() / 1e6;
  ++frames_;
}

void ArmViewport::redrawNow() {
  update();  // marks the window dirty; the posted request paints it (a later one finds it clean)
  if (!isExposed()) return;  // update() asks for nothing then either; a swap would warn
  QCoreApplication::postEvent(this, new QEvent(QEvent::UpdateRequest), Qt::HighEventPriority);  // before the widgets' repaints
}

QImage ArmViewport::grabImage() {
  if (!isExposed() || !context()) return {};
  makeCurrent();
  if (QOpenGLContext::currentContext() != context()) return {};
  paintGL();
  context()->functions()->glFinish();
  QImage image = grabFramebuffer();
  doneCurrent();
  return image;
}

namespace {

// The bounding sphere fills the 30 degree field of view: r / sin(15 deg) ~ 3.9 r.
double framingDistance(const osg::BoundingSphere& bound) { return (bound.valid() ? bound.radius() : 1.0) * 3.6; }

}  // namespace

void ArmViewport::setStandardView(StandardView view) {
  const osg::BoundingSphere bound = scene_.armBound();
  const osg::Vec3d centre = bound.valid() ? osg::Vec3d(bound.center()) : osg::Vec3d();
  const double distance = framingDistance(bound);
  osg::Vec3d dir;
  switch (view) {
    case StandardView::Iso: dir = osg::Vec3d(1.0, -1.2, 0.8); break;
    case StandardView::Front: dir = osg::Vec3d(0.0, -1.0, 0.0); break;
    case StandardView::Top: dir = osg::Vec3d(0.0, -0.001, 1.0); break;
    case StandardView::Side: dir = osg::Vec3d(1.0, 0.0, 0.0); break;
  }
  dir.normalize();
  manipulator_->setTransformation(centre + dir * distance, centre, osg::Vec3d(0, 0, 1));
  manipulator_->setHomePosition(centre + dir * distance, centre, osg::Vec3d(0, 0, 1));
  update();
}

void ArmViewport::fitToView() {
  fitted_ = true;
  osg::Vec3d eye, centre, up;
  view(eye, centre, up);
  osg::Vec3d dir = eye - centre;
  if (dir.normalize() == 0.0) dir = osg::Vec3d(1.0, -1.2, 0.8) / osg::Vec3d(1.0, -1.2, 0.8).length();
  const osg::BoundingSphere bound = scene_.armBound();
  const osg::Vec3d target = bound.valid() ? osg::Vec3d(bound.center()) : centre;
  const osg::Vec3d position = target + dir * framingDistance(bound);
  manipulator_->setTransformation(position, target, up);
  manipulator_->setHomePosition(position, target, up);
  update();
}

void ArmViewport::view(osg::Vec3d& eye, osg::Vec3d& centre, osg::Vec3d& up) const {
  manipulator_->getTransformation(eye, centre, up);
}

osg::Matrixd ArmViewport::windowMatrix(bool inverse) const {
  const osg::Camera* camera = viewer_->getCamera();
  osg::Matrixd m = manipulator_->getInverseMatrix() * camera->getProjectionMatrix();
  if (camera->getViewport()) m = m * camera->getViewport()->computeWindowMatrix();
  return inverse ? osg::Matrixd::inverse(m) : m;
}

Ray ArmViewport::rayAt(const QPointF& position) const {
  // Window pixels with y up, as OSG's viewport has them; the near and far planes' points.
  const double r = devicePixelRatio();
  const osg::Viewport* vp = viewer_->getCamera()->getViewport();
  const double h = vp ? vp->height() : height() * r;
  const double x = position.x() * r, y = h - position.y() * r;
  const osg::Matrixd inverse = windowMatrix(true);
  const osg::Vec3d nearPoint = osg::Vec3d(x, y, 0.0) * inverse, farPoint = osg::Vec3d(x, y, 1.0) * inverse;
  osg::Vec3d d = farPoint - nearPoint;
  d.normalize();
  Ray ray;
  ray.origin = Eigen::Vector3d(nearPoint.x(), nearPoint.y(), nearPoint.z());
  ray.direction = Eigen::Vector3d(d.x(), d.y(), d.z()).normalized();
  return ray;
}

std::optional<QPointF> ArmViewport::project(const Eigen::Vector3d& point) const {
  const osg::Vec3d eyeSpace = osg::Vec3d(point.x(), point.y(), point.z()) * manipulator_->getInverseMatrix();
  if (eyeSpace.z() >= 0.0) return std::nullopt;  // OpenGL's eye looks down -z
  const osg::Vec3d w = osg::Vec3d(point.x(), point.y(), point.z()) * windowMatrix(false);
  const double r = devicePixelRatio();
  const osg::Viewport* vp = viewer_->getCamera()->getViewport();
  const double h = vp ? vp->height() : height() * r;
  return QPointF(w.x() / r, (h - w.y()) / r);
}

Eigen::Vector3d ArmViewport::towardsEye() const {
  osg::Vec3d eye, centre, up;
  manipulator_->getTransformation(eye, centre, up);
  const osg::Vec3d d = eye - centre;
  const Eigen::Vector3d v(d.x(), d.y(), d.z());
  return v.norm() > 0.0 ? Eigen::Vector3d(v.normalized()) : Eigen::Vector3d::UnitZ();
}

void ArmViewport::mousePressEvent(QMouseEvent* e) {
  if (dragger_->press(e)) {
    update();
    return;
  }
  const double r = devicePixelRatio();
  events()->mouseButtonPress(e->position().x() * r, e->position().y() * r, osgButton(e->button()));
  update();
}

void ArmViewport::mouseReleaseEvent(QMouseEvent* e) {
  if (dragger_->release(e)) {
    update();
    return;
  }
  const double r = devicePixelRatio();
  events()->mouseButtonRelease(e->position().x() * r, e->position().y() * r, osgButton(e->button()));
  update();
}

void ArmViewport::mouseMoveEvent(QMouseEvent* e) {
  if (dragger_->move(e)) return;  // the arm's redraw follows the joints it reports
  const double r = devicePixelRatio();
  events()->mouseMotion(e->position().x() * r, e->position().y() * r);
  update();
}

void ArmViewport::wheelEvent(QWheelEvent* e) {
  if (dragger_->dragging()) return;  // no zoom under a drag
  // Wheel away from the user zooms in, as on the plots (QCustomPlot); OSG's trackball zooms
  // out on SCROLL_UP, so the directions are swapped here.
  if (e->angleDelta().y() == 0) return;
  events()->mouseScroll(e->angleDelta().y() > 0 ? osgGA::GUIEventAdapter::SCROLL_DOWN
                                                 : osgGA::GUIEventAdapter::SCROLL_UP);
  update();
}

}  // namespace armdyn::app
