// Shared support of the armdyn Studio GUI tests (tests/app/*_test.cpp, one executable per part of
// src/app): the headers they use, the helpers that drive the main window (wait for a run, read
// the plotted values, type / paste / commit a field value, open a library robot, save a
// screenshot artifact) and the common main(): a private HOME/XDG tree, then QApplication.

#pragma once

#include "analysis/simulation_csv.h"
#include "arm_scene.h"
#include "arm_viewport.h"
#include "jog_dragger.h"
#include "jog_handles.h"
#include "autosave.h"
#include "control/control_run.h"
#include "control/controller_settings.h"
#include "control/pid_controller.h"
#include "control/ziegler_nichols.h"
#include "dialogs/controller_dialog.h"
#include "dialogs/tool_dialog.h"
#include "dialogs/tool_wrench_dialog.h"
#include "kinematics/jacobian.h"
#include "dialogs/simulation_parameters_dialog.h"
#include "common/number_text.h"
#include <random>
#include "dialogs/constraints_dialog.h"
#include "dialogs/drives_dialog.h"
#include "dialogs/inertia_dialog.h"
#include "dialogs/library_picker_dialog.h"
#include "dialogs/link_dimensions_dialog.h"
#include "dialogs/link_parameters_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "dialogs/trajectory_points_dialog.h"
#include "dialogs/tuner_dialog.h"
#include "document.h"
#include "dynamics/inverse_dynamics.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "kinematics/forward_kinematics.h"
#include "kinematics/path_singularities.h"
#include "kinematics/workspace_estimate.h"
#include "kinematics_panel.h"
#include "iso9283_panel.h"
#include "analysis/iso9283_report.h"
#include "design/generic_arm.h"
#include "model/equivalent_box.h"
#include "main_window.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "results_table_model.h"
#include "simulation_runner.h"
#include "teach_panel.h"
#include "kinematics/pose.h"
#include "summary_view.h"
#include "trajectory/joint_sweep_task.h"
#include <QSpinBox>

#include <algorithm>
#include <QComboBox>
#include <functional>
#include <QTimer>
#include <QMessageBox>
#include <QWheelEvent>
#include <QMenu>
#include <QListWidget>
#include <QHeaderView>
#include <QDockWidget>
#include <QAction>
#include <QDoubleSpinBox>
#include <QCheckBox>
#include <QSet>
#include <QTableView>
#include <QMenu>
#include <QMenuBar>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <malloc.h>
#include <QMutex>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QTextDocument>
#include <QTextTable>
#include "model/mass_properties.h"
#include <QtTest>
#include <osg/NodeVisitor>
#include <osg/Geode>
#include <osg/ShapeDrawable>
#include <qcustomplot.h>

#include <functional>
#include <memory>
#include <vector>

namespace armdyn::app::test {

// Where the tests write their screenshots and exported files (ARMDYN_APP_ARTIFACTS).
extern const QString kArtifacts;

// A file of the source tree, by its path relative to the repository root.
QString source(const QString& relative);

// Waits until the newest requested run has reached the views (true) or failed (false).
bool waitForRun(MainWindow& w, int timeoutMs = 20000);

// The values plotted for one joint in a panel of the main window's plots.
std::vector<double> graphValues(const MainWindow& w, Quantity q, int joint);

// The values of graph `joint` of a plot.
std::vector<double> graphValues(const QCustomPlot* plot, int joint);

// Largest |a[k] - b(k)|; 1e300 when the sizes differ.
double maxAbsDifference(const std::vector<double>& a, const Eigen::VectorXd& b);

// Replaces a line edit's text the way a user does: select all, type.
void typeInto(QLineEdit* edit, const QString& text);

// Pastes a whole value at once (one textEdited), as a user pasting does.
void pasteInto(QLineEdit* edit, const QString& text);

// Pastes a value and commits it the way leaving the field does (issue 11: a field applies on
// Enter, on focus out, or after a typing pause; never on a bare keystroke).
void commitInto(QLineEdit* edit, const QString& text);

// Opens a library robot and waits for its first run.
bool openLibrary(MainWindow& w, const char* file);

// Saves a screenshot of the window as <artifacts>/<name>.png (a QVERIFY failure if it cannot).
void saveArtifact(MainWindow& w, const QString& name);

// HOME and the XDG directories under `root` before QApplication reads them (as session_test's
// main does): autosaves, settings and the --screenshot child never touch the real user's files.
void isolate(const QString& root);

// The main() of every Studio test executable: a private HOME/XDG tree (isolate), the
// QApplication with Studio's organisation and application names, then the test object made by
// `makeTest` run by QTest::qExec.
// What every Studio test class's initTestCase checks: test-mode standard paths, the artifacts
// folder, and the autosaves under the temporary HOME that runStudioTest set up.
bool prepareStudioTest();

int runStudioTest(int argc, char** argv, const std::function<std::unique_ptr<QObject>()>& makeTest);

}  // namespace armdyn::app::test
