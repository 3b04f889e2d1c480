#pragma once
// Transport controls under the viewport: start, step back, play/pause, step forward, end,
// the scrub slider, the time readout, speed (0.1x to 4x) and loop.

#include <QWidget>

#include <utility>

class QAction;
class QComboBox;
class QCheckBox;
class QLabel;
class QSlider;
class QToolButton;

namespace armdyn::app {

class PlaybackController;

class PlaybackBar : public QWidget {
  Q_OBJECT
 public:
  PlaybackBar(PlaybackController* controller, QWidget* parent = nullptr);
  // Actions with the keyboard shortcuts (Space, Left/Right, Home/End, +/-), for menus.
  QList<QAction*> actions() const;
  QAction* playAction() const { return play_; }
  QSlider* slider() const { return slider_; }

 private:
  void refresh();
  PlaybackController* controller_;
  QAction* play_;
  QAction* stepBack_;
  QAction* stepForward_;
  QAction* toStart_;
  QAction* toEnd_;
  QAction* faster_;
  QAction* slower_;
  QSlider* slider_;
  QLabel* time_;
  QComboBox* speed_;
  QCheckBox* loop_;
  std::pair<double, int> widthFor_{-1.0, -1};  // the run the time label's width was measured for
};

}  // namespace armdyn::app
