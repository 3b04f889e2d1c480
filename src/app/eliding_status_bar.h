#pragma once
// The main window's status bar. A message wider than the room left of the permanent widgets
// (the run's summary, the progress bar) is drawn cut at a word with "…" instead of running into
// them, and the whole message is the bar's tooltip; currentMessage() keeps the whole text. The
// walkthrough read "held still off the chain: panda161 samples" for a Panda URDF at 1280 px.

#include <QStatusBar>

namespace armdyn::app {

class ElidingStatusBar : public QStatusBar {
  Q_OBJECT
 public:
  explicit ElidingStatusBar(QWidget* parent = nullptr);

  // The text drawn for the current message in the room the bar has now: the whole message
  // when it fits, else its start and "…". Empty without a message.
  QString shownText() const;
  // Where the message is drawn: from the left margin to the first permanent widget shown, as
  // QStatusBar places it.
  QRect messageRect() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace armdyn::app
