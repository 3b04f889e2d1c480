#include "file_actions.h"

#include "dialogs/library_picker_dialog.h"
#include "dialogs/new_robot_dialog.h"
#include "document.h"
#include "io/robot_file.h"
#include "io/urdf_reader.h"
#include "io/urdf_writer.h"
#include "common/text_file.h"
#include "save_paths.h"
#include "trajectory/joint_sweep_task.h"
#include "trajectory/task_plan.h"
#include "window_messages.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStringList>

namespace armdyn::app {

namespace {

// What a URDF robot came in as, for the status bar: its chain, how well the DH robot reproduces
// the URDF's forward kinematics, the joints held off the chain and the links merged. Import URDF
// and Open of a .urdf file say the same.
QString urdfArrivalText(const UrdfImport& import, const QString& path) {
  // One multi-argument arg(): a name holding "%3" is not substituted again.
  QString message = QObject::tr("%1 from %2: %3 joints, %4 to %5; URDF and DH forward kinematics agree to %6")
                        .arg(QString::fromStdString(import.robot.name), QFileInfo(path).fileName(),
                             QString::number(import.robot.dof()), QString::fromStdString(import.root),
                             QString::fromStdString(import.tip), QString::number(import.fkResidual, 'g', 2));
  // Joints off the chain held still and links merged into the arm (the full list in the notes).
  if (!import.held.empty()) {
    QStringList held;
    for (const UrdfHeldJoint& h : import.held)
      held << QObject::tr("%1 at %2").arg(QString::fromStdString(h.joint)).arg(h.value, 0, 'g', 6);
    message += QObject::tr("; held still off the chain: %1").arg(held.join(", "));
  }
  if (import.merged.size() == 1) message += QObject::tr("; 1 link merged into the arm's links");
  if (import.merged.size() > 1) message += QObject::tr("; %1 links merged into the arm's links").arg(import.merged.size());
  return message;
}

// The refusal of a task whose joint points do not fit the arm it would run on (`armWords` names
// the arm), or empty when they fit: Open and Import say the same.
QString taskMisfitText(const QString& path, const TaskSpec& task, const RobotSpec& arm, const QString& armWords) {
  const std::string misfit = jointCountRefusal(task, arm.dof());
  if (misfit.empty()) return {};
  return QObject::tr("%1 is a task for another arm: %2 (%3). Open its robot first, then the task.")
      .arg(QFileInfo(path).fileName(), QString::fromStdString(misfit), armWords);
}

}  // namespace

FileActions::FileActions(QWidget* window, Document* document, WindowMessages* messages, ViewHooks hooks)
    : window_(window), document_(document), messages_(messages), hooks_(std::move(hooks)) {}

bool FileActions::openFile(const QString& path, QString* error) {
  const std::string p = path.toStdString();
  // The tip of a URDF arm that ends in several links (a walkthrough opened the UR5's URDF from the
  // command line and got an empty window, the reason on stderr only).
  UrdfOptions urdf;
  if (isUrdfPath(p)) {
    QString tip;
    if (!chooseUrdfTip(path, tr("Open %1").arg(QFileInfo(path).fileName()), &tip)) {
      if (error) error->clear();
      return false;
    }
    urdf.tip = tip.toStdString();
  }
  try {
    QString controllerProblem;
    StudioSession s = loadStudioSession(path, &controllerProblem, urdf.tip);
    // A robot that comes without a task (a URDF, a Vora specification) starts with a joint
    // sweep, so that it moves and shows its torques at once.
    const bool sweep = s.task.pointCount() == 0;
    if (sweep) s.task = jointSweepTask(s.robot);
    if (!compareFiles_) hooks_.resetComparison();
    document_->reset(s, QString());
    if (!controllerProblem.isEmpty()) {
      messages_->showError(tr("Controller file"), tr("%1 was not read (%2); the default controller is used")
                                                      .arg(controllerPathFor(path), controllerProblem));
    }
    // A saved session is reopened and saved in place; a robot file is saved as a new session.
    if (s.robotFile.empty() || s.robotFile == p) {
      if (!s.taskFile.empty() && s.taskFile == p) document_->markSaved(path);
    }
    hooks_.fitNextResult();
    addRecent(path);
    const QString sweepText = tr("a joint sweep was added (change it: Main menu > 4. Change > 3. Change trajectory points)");
    QString arrival;
    if (isUrdfPath(p)) {
      // Read again for what it came in as (loadStudioSession keeps the robot only; a few ms). The
      // session is open by now: a file changed in between costs the account, not the open.
      try {
        arrival = urdfArrivalText(loadUrdf(p, urdf), path);
      } catch (const std::exception&) {
        arrival.clear();
      }
    }
    if (!arrival.isEmpty()) {
      messages_->notice(tr("Opened %1; %2").arg(arrival, sweepText));
    } else if (sweep) {
      messages_->notice(tr("%1 holds no task: %2").arg(QFileInfo(path).fileName(), sweepText));
    }
    return true;
  } catch (const std::exception& sessionError) {
    try {
      TaskSpec task = loadTask(p);
      // A task alone runs on the default robot; a task onto an open arm runs on that arm.
      const bool alone = document_->robot().links.empty();
      Session s = alone ? loadSession(defaultRobotPath()) : Session{};
      const RobotSpec& arm = alone ? s.robot : document_->robot();
      // Joint points for another joint count are refused here, the document unchanged (the review:
      // the UR5's task opened alone replaced the document and then failed its run on the RRR).
      const QString armName = QString::fromStdString(arm.name);
      const QString misfit = taskMisfitText(path, task, arm, alone ? tr("%1, the default robot").arg(armName) : armName);
      if (!misfit.isEmpty()) {
        if (error) *error = misfit;
        return false;
      }
      // Another task is not an edit to compare with: its first run has no previous run.
      if (!compareFiles_) hooks_.resetComparison();
      if (alone) {
        // A task alone: run it on the default robot, and say so (a walkthrough opened the UR5's
        // task alone and read only that its rows had 6 values for 3 joints).
        s.task = task;
        s.taskFile = p;
        document_->reset(s, QString());
        hooks_.fitNextResult();
        messages_->notice(tr("%1 holds a task only: it runs on %2, the default robot. For another arm, open its "
                             "robot first, then the task.")
                              .arg(QFileInfo(path).fileName(), QString::fromStdString(s.robot.name)));
      } else {
        document_->edit(task, tr("Open task %1").arg(QFileInfo(path).fileName()));
      }
      addRecent(path);
      return true;
    } catch (const std::exception&) {
      if (error) *error = QString::fromStdString(sessionError.what());
      return false;
    }
  }
}

bool FileActions::importFile(const QString& path, QString* error) {
  const std::string p = path.toStdString();
  try {
    RobotSpec robot = loadRobot(p);
    StudioSession s = document_->session();
    s.robot = robot;
    s.robotFile = p;  // the title names the imported file
    // The task stays when it can serve the new arm (tool poses, or joint points of its joint
    // count), and the status bar says so; otherwise the arm starts with a joint sweep.
    const bool jointPoints = s.task.jointPoints.rows() > 0;
    const bool keep = s.task.pointCount() > 0 && (!jointPoints || s.task.jointPoints.cols() == robot.dof());
    if (!keep) s.task = jointSweepTask(robot);
    document_->edit(s, tr("Import %1").arg(QFileInfo(path).fileName()));
    messages_->notice(keep ? tr("Imported %1; the task \"%2\" of the previous robot is kept (change it: Main menu > 4. Change > 3. Change trajectory points)")
                      .arg(QFileInfo(path).fileName(), QString::fromStdString(s.task.name))
                : tr("Imported %1 with a joint sweep task (the previous task does not fit it)").arg(QFileInfo(path).fileName()));
    hooks_.fitNextResult();
    return true;
  } catch (const std::exception& robotError) {
    try {
      TaskSpec task = loadTask(p);
      const RobotSpec& arm = document_->robot();
      const QString misfit = taskMisfitText(path, task, arm, QString::fromStdString(arm.name));
      if (!misfit.isEmpty()) {
        if (error) *error = misfit;
        return false;
      }
      document_->edit(task, tr("Import %1").arg(QFileInfo(path).fileName()));
      return true;
    } catch (const std::exception& taskError) {
      if (error) *error = tr("Neither a robot (%1) nor a trajectory (%2)").arg(robotError.what(), taskError.what());
      return false;
    }
  }
}

bool FileActions::importUrdf(const QString& path, const QString& tip, QString* error) {
  try {
    UrdfOptions options;
    options.tip = tip.toStdString();
    const UrdfImport import = loadUrdf(path.toStdString(), options);
    StudioSession s = document_->session();
    s.robot = import.robot;
    s.robotFile = path.toStdString();
    s.task = jointSweepTask(import.robot);
    s.taskFile.clear();
    s.mode = SimulationMode::PrescribedMotion;
    // Another robot: its first run is not compared with the last robot's (dashed "previous run").
    hooks_.resetComparison();
    document_->edit(s, tr("Import URDF %1").arg(QFileInfo(path).fileName()));
    hooks_.fitNextResult();
    const QString message = tr("Imported %1; a joint sweep task was added (change it: Main menu > 4. Change > 3. "
                               "Change trajectory points)")
                                .arg(urdfArrivalText(import, path));
    messages_->notice(message);
    if (messages_->interactive() && !import.notes.empty()) {
      QStringList notes;
      for (const std::string& n : import.notes) notes << QString::fromStdString(n);
      QMessageBox::information(window_, tr("Import URDF"), message + "\n\n" + notes.join("\n"));
    }
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool FileActions::exportUrdf(const QString& path, QString* error) {
  try {
    writeFileAtomic(path.toStdString(), robotToUrdf(Model(document_->robot())));
    messages_->status(tr("Robot written as URDF to %1").arg(path), 8000);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void FileActions::fileImportUrdf() {
  const QString path = QFileDialog::getOpenFileName(window_, tr("Import URDF robot"), QString::fromStdString(robotsDirectory()),
                                                    tr("URDF robots (*.urdf *.xml);;All files (*)"));
  if (path.isEmpty()) return;
  QString tip;
  if (!chooseUrdfTip(path, tr("Import URDF"), &tip)) return;
  QString error;
  if (!importUrdf(path, tip, &error)) messages_->showError(tr("Import URDF"), error);
}

bool FileActions::chooseUrdfTip(const QString& path, const QString& title, QString* tip) {
  tip->clear();
  if (!messages_->interactive()) return true;
  try {
    // Several deepest leaves that can end the arm (a flange and a tool frame, say): the user
    // names the tip. Leaves a <mimic> blocks (a gripper's fingers) are not offered; with one
    // candidate the import takes it (the core's rule) and its notes say what gave way.
    std::vector<UrdfLeaf> leaves;
    for (const UrdfLeaf& l : urdfLeaves(readTextFile(path.toStdString()), path.toStdString()))
      if (l.refusal.empty() && l.movableJoints > 0) leaves.push_back(l);
    if (leaves.size() > 1 && leaves[0].movableJoints == leaves[1].movableJoints) {
      QStringList items;
      for (const UrdfLeaf& l : leaves) items << tr("%1 (%2 joints)").arg(QString::fromStdString(l.link)).arg(l.movableJoints);
      bool ok = false;
      const QString item = QInputDialog::getItem(
          window_, title,
          tr("The arm ends in several links. Last link of the chain (its tool frame):"), items, 0, false, &ok);
      if (!ok) return false;
      *tip = item.section(' ', 0, 0);
    }
  } catch (const std::exception&) {
    // The read that follows reports it.
  }
  return true;
}

void FileActions::exportUrdfInteractive() {
  const QString path = QFileDialog::getSaveFileName(window_, tr("Export robot as URDF"), suggestedSavePath(*document_, "", "urdf"),
                                                    tr("URDF (*.urdf)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportUrdf(path, &error)) messages_->showError(tr("Export URDF"), error);
}

bool FileActions::saveTo(const QString& path, QString* error) {
  try {
    saveStudioSession(document_->session(), path);
    document_->markSaved(path);
    addRecent(path);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void FileActions::newSession(const StudioSession& session) {
  hooks_.resetComparison();
  document_->reset(session, QString());
  hooks_.fitNextResult();
}

bool FileActions::maybeSave(const QString& action) {
  if (!document_->isModified() || !messages_->interactive()) return true;
  const auto answer = QMessageBox::question(
      window_, action, tr("The manipulator or task has unsaved changes. Save them before \"%1\"?").arg(action),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return fileSave();
  return answer == QMessageBox::Discard;
}

void FileActions::fileNew() {
  if (!maybeSave(tr("New"))) return;
  NewRobotDialog d(window_);
  if (d.exec() != QDialog::Accepted) return;
  try {
    newSession(d.session());
  } catch (const std::exception& e) {
    messages_->showError(tr("New manipulator"), QString::fromStdString(e.what()));
  }
}

void FileActions::fileOpen() {
  if (!maybeSave(tr("Open"))) return;
  const QString path = QFileDialog::getOpenFileName(window_, tr("Open robot, task or session"),
                                                    QString::fromStdString(robotsDirectory()),
                                                    tr("armdyn files (*.yaml *.yml *.spec *.traj *.dat *.urdf);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error) && !error.isEmpty()) messages_->showError(tr("Open"), error);
}

void FileActions::fileOpenLibrary() {
  if (!maybeSave(tr("Open library robot"))) return;
  LibraryPickerDialog d(window_);
  if (d.exec() != QDialog::Accepted || d.selectedPath().isEmpty()) return;
  QString error;
  if (!openFile(d.selectedPath(), &error) && !error.isEmpty()) messages_->showError(tr("Open library robot"), error);
}

void FileActions::fileImport() {
  const QString path = QFileDialog::getOpenFileName(window_, tr("Import Vora specification or trajectory file"),
                                                    QString::fromStdString(robotsDirectory() + "/legacy"),
                                                    tr("Vora files (*.spec *.traj *.dat *.DAT);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!importFile(path, &error)) messages_->showError(tr("Import"), error);
}

bool FileActions::fileSave() {
  if (document_->filePath().isEmpty()) return fileSaveAs();
  QString error;
  if (!saveTo(document_->filePath(), &error)) {
    messages_->showError(tr("Save"), error);
    return false;
  }
  return true;
}

bool FileActions::fileSaveAs() {
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Save session"),
      document_->filePath().isEmpty() ? suggestedSavePath(*document_, "session", "yaml") : document_->filePath(),
                                                    tr("armdyn session (*.yaml)"));
  if (path.isEmpty()) return false;
  QString error;
  if (!saveTo(path, &error)) {
    messages_->showError(tr("Save as"), error);
    return false;
  }
  return true;
}

void FileActions::addRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent.removeAll(abs);
  recent.prepend(abs);
  while (recent.size() > 8) recent.removeLast();
  settings.setValue("recentFiles", recent);
  rebuildRecentMenu();
}

void FileActions::rebuildRecentMenu() {
  if (!recentMenu_) return;
  recentMenu_->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  // The file name, and its folder when another recent file has the same name; the full path
  // as tooltip and status tip.
  QStringList names;
  for (const QString& path : recent) names << QFileInfo(path).fileName();
  for (int k = 0; k < recent.size(); ++k) {
    const QString& path = recent[k];
    QString label = names[k];
    if (names.count(names[k]) > 1) label += QStringLiteral("  (%1)").arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()));
    QAction* a = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(k + 1).arg(label), window_, [this, path] {
      if (!maybeSave(tr("Open recent"))) return;
      QString error;
      if (!openFile(path, &error) && !error.isEmpty()) messages_->showError(tr("Open"), error);
    });
    a->setToolTip(path);
    a->setStatusTip(path);
  }
  recentMenu_->setToolTipsVisible(true);
  recentMenu_->setEnabled(!recent.isEmpty());
}

void FileActions::setRecentMenu(QMenu* menu) {
  recentMenu_ = menu;
  rebuildRecentMenu();
}

}  // namespace armdyn::app
