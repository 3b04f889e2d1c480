#pragma once
// The 3D viewport: OpenSceneGraph rendering into a QOpenGLWindow through
// osgViewer::GraphicsWindowEmbedded (single-threaded viewer, Qt owns the context). Mouse:
// left orbit, middle pan, right/wheel zoom (osgGA::TrackballManipulator).
// A native GL window in a widget container, not a QOpenGLWidget: with a QOpenGLWidget every
// repaint of any widget of the main window recomposites the whole window through OpenGL,
// which under software Mesa costs tens of milliseconds per edit and per animation frame.

#include "arm_scene.h"
#include "kinematics/tool_drag.h"

#include <QOpenGLWindow>
#include <optional>
#include <osgViewer/GraphicsWindow>
#include <osgViewer/Viewer>

namespace osgGA {
class TrackballManipulator;
}

namespace armdyn::app {

class JogDragger;

enum class StandardView { Iso, Front, Top, Side };

class ArmViewport : public QOpenGLWindow {
  Q_OBJECT
 public:
  ArmViewport();
  ~ArmViewport() override;

  ArmScene& scene() { return scene_; }
  void setStandardView(StandardView view);
  // Frames the arm, its path and the task points: keeps the direction the user looks from
  // (and the up vector), moves the centre to the scene's and sets the distance to its size.
  void fitToView();
  // The camera now: eye, the point looked at, up (base coordinates, m).
  void view(osg::Vec3d& eye, osg::Vec3d& centre, osg::Vec3d& up) const;
  // Duration of the last paintGL (OSG frame plus glFinish), ms. For the frame-time harness.
  double lastFrameMs() const { return lastFrameMs_; }
  void setFinishEachFrame(bool finish) { finishEachFrame_ = finish; }
  quint64 frameCount() const { return frames_; }
  // A frame at the next pass of the event loop, not after update()'s idle delay (Qt waits
  // QT_QPA_UPDATE_IDLE_TIME, 5 ms, to gather updates): for the drags, one frame per mouse move.
  void redrawNow();
  // Renders a frame and reads it back (the back buffer of a swapped window is undefined).
  QImage grabImage();
  // The widget that holds this window in a layout (created on first call).
  QWidget* widget(QWidget* parent);
  QWidget* container() const { return container_; }
  MeshCache* meshes() const { return meshes_; }

  // The line of sight through a point of the window (logical pixels, y down), base coordinates;
  // where a scene point appears in the window (nullopt behind the eye); the unit direction from
  // the point looked at towards the eye. From the camera as it is now (not the last frame's).
  Ray rayAt(const QPointF& position) const;
  std::optional<QPointF> project(const Eigen::Vector3d& point) const;
  Eigen::Vector3d towardsEye() const;
  // Teach mode's drag-to-jog: presses on a handle go to it, the rest orbits the view.
  JogDragger* dragger() const { return dragger_; }

 signals:
  // Meshes arrived (or failed) and were attached: the scene's meshNotice() may have changed.
  void meshesChanged();

 protected:
  void initializeGL() override;
  void resizeGL(int w, int h) override;
  void paintGL() override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;

 private:
  osgGA::EventQueue* events();
  ArmScene scene_;
  osg::ref_ptr<osgViewer::GraphicsWindowEmbedded> window_;
  osg::ref_ptr<osgViewer::Viewer> viewer_;
  osg::ref_ptr<osgGA::TrackballManipulator> manipulator_;
  double lastFrameMs_ = 0.0;
  quint64 frames_ = 0;
  bool finishEachFrame_ = false;
  bool fitted_ = false;
  QWidget* container_ = nullptr;
  MeshCache* meshes_ = nullptr;
  JogDragger* dragger_ = nullptr;
  // The window-to-scene matrix (OSG's view * projection * window, inverted when `inverse`).
  osg::Matrixd windowMatrix(bool inverse) const;
};

}  // namespace armdyn::app
