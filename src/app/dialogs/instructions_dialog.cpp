#include "dialogs/instructions_dialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace armdyn::app {

InstructionsDialog::InstructionsDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Instructions for running the program"));
  resize(640, 520);
  auto* layout = new QVBoxLayout(this);
  auto* text = new QTextBrowser(this);
  text->setHtml(tr(
      "<h2>Dynamic simulation of robot manipulators</h2>"
      "<p>armdyn Studio follows the MAIN menu of Vora's 1984 program. Select a <b>library manipulator</b> "
      "(File &rarr; Open library robot) or specify a <b>new configuration</b> (File &rarr; New: from a library "
      "type or an n-link blank arm). Robot, task and session files are YAML; Vora's own specification and "
      "trajectory files can be imported (File &rarr; Import).</p>"
      "<ol>"
      "<li><b>Instructions</b>: this page.</li>"
      "<li><b>Display parameters and dimensions</b>: DH table, link dimensions, masses, inertias and actuator "
      "masses in a side panel.</li>"
      "<li><b>Print parameters and dimensions</b>: the DH table, link dimensions, masses, inertias, drives and "
      "trajectory points as a document, sent to a printer (the system print dialog) or saved as a PDF file.</li>"
      "<li><b>Change parameters, dimensions or trajectory points</b>: theta, d, alpha, a; density and X/Y/Z "
      "dimensions; trajectory points (X, Y, Z, roll, pitch, yaw; next, add, insert, delete, reorder).</li>"
      "<li><b>Inertia matrices</b>: per link, from the hollow bar, a tensor or a pseudo-inertia matrix.</li>"
      "<li><b>Simulation parameters</b>: DT, TACC and maximum joint velocities.</li>"
      "<li><b>Tool</b>: the end-effector transform.</li>"
      "<li><b>Drawing scale and view settings</b>.</li>"
      "<li><b>Simulate</b>: every change already re-simulates in the background; this runs it again.</li>"
      "<li><b>Plots</b>: position, velocity, acceleration and force/torque against time. An arm with revolute "
      "and prismatic joints plots the prismatic ones on the right-hand axis (m, N), the revolute on the left "
      "(rad, N m).</li>"
      "<li><b>Print tables</b>: shows the tabulated results (table 7.4) and prints them to a printer or a PDF "
      "file, or saves them as CSV; the summary (table 7.3) is its own tab.</li>"
      "<li><b>End the program</b>: asks to save or discard changes.</li>"
      "</ol>"
      "<p><b>Playback</b>: Space play/pause, Left/Right step one sample, Home/End, +/- speed (0.1x to 4x). "
      "A focused slider, spin box, field or table keeps these keys. The time cursor is shared by the 3D view, "
      "the plots and the table; Shift+click on a plot, a click or Up/Down in the table moves it.</p>"
      "<p><b>3D view</b>: left drag orbits, middle drag pans, right drag or wheel zooms. View &rarr; Iso/Front/"
      "Top/Side (Ctrl+1 to Ctrl+4) and Fit (F). View settings are kept between runs.</p>"
      "<p><b>Teach mode</b> (View &rarr; Teach mode, Ctrl+T): joint sliders, live tool pose, Cartesian jog through the "
      "inverse kinematics.</p>"
      "<p><b>Control</b> (menu and toolbar): <i>prescribed motion</i> (Vora's task simulation) or <i>forward "
      "simulation</i>, the arm driven along the same task by its controller (PID, computed torque or open loop) "
      "through its drives (gears, friction, DC motors); dialogs for the drives, the controller, joint constraint "
      "modes and input profiles, the Ziegler-Nichols tuner, and the control plots (tracking error, voltage, "
      "current, motor torque).</p>"
      "<p>Every edit can be undone (Ctrl+Z). Work is autosaved and offered back after a crash.</p>"));
  layout->addWidget(text);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
}

}  // namespace armdyn::app
