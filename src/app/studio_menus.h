#pragma once
// Studio's menu bar and main toolbar: File (FileActions, ResultExports' exports), Edit (undo,
// redo), Vora's MAIN menu in his order with its numbered, coloured icons, Control (the
// simulation mode, drives, controller, constraints, input profile, tuner), View (standard
// views, the ViewSettings toggles, the reachable workspace, teach mode, docks and tabs),
// Playback and Help. Every entry calls the window's public API or one of those helpers; the
// menus keep the check marks that mirror state (mode, view settings) in step when told.

#include "simulation_result.h"
#include "view_settings.h"

#include <QCoreApplication>
#include <utility>
#include <vector>

class QAction;
class QActionGroup;
class QComboBox;

namespace armdyn::app {

class FileActions;
class MainWindow;
class ResultExports;

class StudioMenus {
  // The window's texts and their translation context, as before they moved here.
  Q_DECLARE_TR_FUNCTIONS(armdyn::app::MainWindow)

 public:
  // Builds the menus and the toolbar into `window`; the File menu's recent files go to `files`.
  StudioMenus(MainWindow& window, FileActions& files, ResultExports& exports);

  QComboBox* modeCombo() const { return modeCombo_; }
  QAction* workspaceAction() const { return workspaceAct_; }
  // The mode's combo box and Control menu check mark show `mode`.
  void showMode(SimulationMode mode);
  // The View menu's check marks show `settings` (without acting on them).
  void showViewSettings(const ViewSettings& settings);

 private:
  QActionGroup* modeActions_ = nullptr;
  QComboBox* modeCombo_ = nullptr;
  QAction* workspaceAct_ = nullptr;
  std::vector<std::pair<QAction*, bool ViewSettings::*>> viewToggles_;
};

}  // namespace armdyn::app
