#pragma once
// Studio's File menu behind the menu: open (robot, task or session; YAML or Vora's formats),
// the library picker, recent files, new, save / save as, import (Vora spec or trajectory,
// URDF) and export of the robot as URDF, and the save prompt before an action that would drop
// unsaved changes (the window's close too). Every change goes through the Document (undoable);
// the autosave follows the document on its own.

#include "studio_session.h"

#include <QCoreApplication>
#include <QString>
#include <functional>

class QMenu;
class QWidget;

namespace armdyn::app {

class Document;
class WindowMessages;

class FileActions {
  // The window's texts and their translation context, as before they moved here.
  Q_DECLARE_TR_FUNCTIONS(armdyn::app::MainWindow)

 public:
  // What a newly opened document asks of the views.
  struct ViewHooks {
    std::function<void()> resetComparison;  // no previous run to compare with
    std::function<void()> fitNextResult;    // the view fits the arm of the next result
  };
  FileActions(QWidget* window, Document* document, WindowMessages* messages, ViewHooks hooks);

  // Opening a file normally starts without a previous run to compare with; with this set, the
  // run of the file opened before stays as the previous run (armdyn-studio --compare A B).
  void setCompareFiles(bool compare) { compareFiles_ = compare; }

  // A .urdf whose arm ends in several links as deep as each other asks for the tip, as Import
  // URDF does (interactive only); false with an empty error when the user cancels.
  bool openFile(const QString& path, QString* error = nullptr);
  bool importFile(const QString& path, QString* error = nullptr);
  bool importUrdf(const QString& path, const QString& tip, QString* error = nullptr);
  bool exportUrdf(const QString& path, QString* error = nullptr);
  bool saveTo(const QString& path, QString* error = nullptr);
  void newSession(const StudioSession& session);

  // The menu's entries (file dialogs, prompts, errors shown).
  void fileNew();
  void fileOpen();
  void fileOpenLibrary();
  void fileImport();
  void fileImportUrdf();
  void exportUrdfInteractive();
  bool fileSave();
  bool fileSaveAs();
  // Asks to save unsaved changes before `action` (the box's title: "Open library robot", "Exit",
  // ...); false when the user cancels.
  bool maybeSave(const QString& action);

  // The File menu's "Open recent" submenu, filled from QSettings ("recentFiles") now and after
  // every open or save.
  void setRecentMenu(QMenu* menu);

 private:
  // The tip of the URDF at `path` when its arm ends in several links as deep as each other: the
  // user's choice in a prompt titled `title` (interactive), else empty (the core's rule, which
  // names the candidates when it refuses). False when the user cancels.
  bool chooseUrdfTip(const QString& path, const QString& title, QString* tip);
  void addRecent(const QString& path);
  void rebuildRecentMenu();

  QWidget* window_;
  Document* document_;
  WindowMessages* messages_;
  ViewHooks hooks_;
  QMenu* recentMenu_ = nullptr;
  bool compareFiles_ = false;
};

}  // namespace armdyn::app
