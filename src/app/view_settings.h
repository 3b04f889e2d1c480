#pragma once
// Vora's "drawing scale factor" (MAIN menu item 8) and what the viewport shows. One copy lives
// in MainWindow; the View menu's check marks and the View-settings dialog both show it.

#include <string>

namespace armdyn::app {

struct ViewSettings {
  double drawingScale = 1.0;   // multiplies the size of axes, joints and markers
  bool showFrames = true;      // link frames (x red, y green, z blue)
  bool showGhosts = true;      // configurations at segment end points (Vora fig 7.5)
  bool showPath = true;        // tool path traced over the whole task
  bool showGrid = true;        // floor grid
  bool showJointAxes = true;   // joint axis lines
  // The links are drawn from their DH geometry (members along d and a, joint housings, a tool
  // flange); the mass model's bodies (Vora's hollow bars, equivalent-inertia boxes) as a
  // translucent overlay when on.
  bool showMassBodies = false;
  // The links' own shapes (URDF meshes and primitives) where the robot has them; the DH drawing
  // on every link too (it always stands in for a link without shapes).
  bool showMeshes = true;
  bool showDhDrawing = false;
  // Folders holding ROS packages for package:// meshes, ':'-separated, looked in after the
  // robot file's folder and its parents, before ROS_PACKAGE_PATH.
  std::string meshPackagePath;
};

// Kept between runs in QSettings ("view/..."); missing keys take the defaults above.
ViewSettings loadViewSettings();
void saveViewSettings(const ViewSettings& settings);

}  // namespace armdyn::app
