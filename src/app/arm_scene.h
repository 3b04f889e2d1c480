#pragma once
// The OpenSceneGraph scene of the 3D viewport: floor grid, base, the arm drawn from its DH
// geometry (members along d and a, sized from the link's mass, joint housings, a tool flange),
// optionally with its mass model over it (Vora's hollow bars, fig 6.1; a link given by its
// inertia alone: the uniform box of the same mass and principal moments,
// model/equivalent_box.h), joint axes, link frames, the tool path, via points (red when
// unreachable) and ghost configurations at the segment end points (fig 7.5).
// Geometry is built once per simulation result; animation only moves matrix transforms.
// The links' own shapes (URDF <visual>: meshes, boxes, cylinders, spheres; model/link_visual.h)
// are drawn on them when View > Meshes is on; a link without shapes, or whose mesh could not be
// read, keeps its DH drawing (View > DH drawing shows it on every link). Meshes come from a
// MeshCache that loads them off the GUI thread: updateMeshes() attaches those that arrived.

#include "jog_handles.h"
#include "kinematics/workspace_estimate.h"
#include "mesh_cache.h"
#include "simulation_result.h"
#include "view_settings.h"

#include <osg/Group>
#include <osg/MatrixTransform>
#include <osg/Switch>
#include <osg/ref_ptr>
#include <vector>

namespace armdyn::app {

class ArmScene {
 public:
  ArmScene();
  osg::Group* root() { return root_.get(); }

  // Rebuilds the arm, path and ghosts for a new result.
  void setResult(const SimulationResultPtr& result);
  // Via points of the task being edited (drawn even when its simulation failed); `unreachable`
  // is the index of a point marked red, or -1.
  void setTaskPoints(const TaskSpec& task, int unreachable);
  // Where meshes come from: the cache that loads them and the package folders besides the
  // robot file's (io/mesh_path.h). Without a cache no mesh is drawn.
  void setMeshSource(MeshCache* cache, const std::vector<std::string>& packagePath);
  // Attaches the meshes the cache has loaded since; true when something changed.
  bool updateMeshes();
  // The meshes of the current robot that could not be drawn (the DH drawing stands in), in the
  // user's words, "" when none; and how many meshes and shapes are on screen.
  std::string meshNotice() const;
  int shapesDrawn() const;
  bool meshesPending() const;
  // Pose the arm at a sample of the current result.
  void showSample(int sample);
  // Pose the arm from explicit frames (teach mode): base, links 1..n, tool.
  void showFrames(const std::vector<Eigen::Matrix4d>& frames);
  // Teach mode's drag handles on those frames of `model` (the teach model, which may be newer
  // than the result drawn), sized from the arm's scene size.
  void placeJogHandles(const std::vector<Eigen::Matrix4d>& frames, const Model& model);
  JogHandles& jogHandles() { return jogHandles_; }
  void setSettings(const ViewSettings& settings);
  // While the user drags a handle the ghost arms are left out of the frames (they are
  // transparent, sorted and blended: about a fifth of a frame on software OpenGL) and come back
  // when the drag ends; the settings are not changed (VTK's interactive level of detail).
  void setInteracting(bool interacting);
  bool interacting() const { return ghosts_->getNodeMask() == 0u; }
  const ViewSettings& settings() const { return settings_; }
  // The reachable workspace (View > Show reachable workspace): the centres of the occupied
  // voxels of a core estimate as a point cloud, coloured by the voxels' mean manipulability
  // (by height when the estimate has no map). nullptr removes it.
  void setWorkspace(const WorkspaceEstimate* estimate);
  int workspacePointCount() const { return workspacePoints_; }
  osg::Group* workspaceNode() { return workspace_.get(); }
  // The task's tool wrench (TaskPlan::toolWrench): the force the tool exerts, as a red arrow from
  // the tool point along it, its length in proportion to |F(t)| at the sample shown (the largest
  // force of the task a fifth of the arm's size); hidden when the force is zero (node mask 0).
  osg::MatrixTransform* wrenchArrow() { return wrenchArrow_.get(); }
  // Bound of the arm, its path, points, ghosts and a workspace shown (the floor grid excluded),
  // for fit-to-view.
  osg::BoundingSphere armBound() const;

 private:
  osg::ref_ptr<osg::Node> makeLinkGeometry(int link, const Model& model, bool ghost) const;
  // Vora's hollow bar, or the equivalent-inertia box of a link given by its inertia.
  osg::ref_ptr<osg::Node> makeMassBody(int link, const Model& model, const osg::Vec4& colour) const;
  osg::ref_ptr<osg::Node> makeJointGeometry(int joint, const Model& model, bool ghost) const;
  void rebuildGrid();
  void applySwitches();
  // The shapes of frame `frame` (0: the base's, in the world; i: link i's) under `parent`,
  // package:// meshes looked for in `packagePath` after the robot file's folders.
  void addShapes(int frame, const std::vector<LinkVisual>& shapes, const std::vector<std::string>& packagePath,
                 osg::Group* parent);

  // One shape on a frame: a primitive (drawn at once) or a mesh (attached when loaded).
  struct ShapeSlot {
    int frame = 0;
    std::string name, file, why;  // as written, the file found, why it is not drawn
    osg::ref_ptr<osg::MatrixTransform> at;
    enum class State { Drawn, Pending, Failed } state = State::Drawn;
  };
  MeshCache* meshes_ = nullptr;
  std::vector<std::string> packagePath_;
  std::vector<ShapeSlot> slots_;
  std::vector<osg::ref_ptr<osg::Switch>> dhSwitch_, shapeSwitch_;  // per frame 0..n

  ViewSettings settings_;
  SimulationResultPtr result_;
  double sceneSize_ = 1.0;  // characteristic length of the arm, m
  osg::ref_ptr<osg::Group> root_;
  osg::ref_ptr<osg::Switch> grid_;
  osg::ref_ptr<osg::Group> arm_;
  osg::ref_ptr<osg::Switch> frames_;
  osg::ref_ptr<osg::Switch> jointAxes_;
  osg::ref_ptr<osg::Switch> path_;
  osg::ref_ptr<osg::Switch> ghosts_;
  osg::ref_ptr<osg::Group> points_;
  osg::ref_ptr<osg::Group> workspace_;
  osg::ref_ptr<osg::MatrixTransform> wrenchArrow_;
  double wrenchScale_ = 0.0;  // arrow length per newton, m/N (0: no force to draw)
  int workspacePoints_ = 0;
  std::vector<osg::ref_ptr<osg::MatrixTransform>> linkXforms_;  // base, links, tool
  JogHandles jogHandles_;
};

}  // namespace armdyn::app
