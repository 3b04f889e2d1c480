#pragma once
// Vora's "drawing scale factor" (MAIN menu item 8) and what the viewport shows. One copy lives
// in MainWindow; the View menu's check marks and the View-settings dialog both show it.

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
};

// Kept between runs in QSettings ("view/..."); missing keys take the defaults above.
ViewSettings loadViewSettings();
void saveViewSettings(const ViewSettings& settings);

}  // namespace armdyn::app
