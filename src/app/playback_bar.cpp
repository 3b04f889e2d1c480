#include "playback_bar.h"

#include "playback_controller.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

namespace armdyn::app {

PlaybackBar::PlaybackBar(PlaybackController* controller, QWidget* parent)
    : QWidget(parent), controller_(controller) {
  auto makeAction = [this](const QIcon& icon, const QString& text, const QKeySequence& key) {
    auto* a = new QAction(icon, text, this);
    a->setShortcut(key);
    a->setShortcutContext(Qt::WindowShortcut);
    a->setToolTip(QStringLiteral("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
    return a;
  };
  QStyle* s = style();
  toStart_ = makeAction(s->standardIcon(QStyle::SP_MediaSkipBackward), tr("Go to start"), Qt::Key_Home);
  stepBack_ = makeAction(s->standardIcon(QStyle::SP_MediaSeekBackward), tr("Step back one sample"), Qt::Key_Left);
  play_ = makeAction(s->standardIcon(QStyle::SP_MediaPlay), tr("Play/Pause"), Qt::Key_Space);
  stepForward_ = makeAction(s->standardIcon(QStyle::SP_MediaSeekForward), tr("Step forward one sample"), Qt::Key_Right);
  toEnd_ = makeAction(s->standardIcon(QStyle::SP_MediaSkipForward), tr("Go to end"), Qt::Key_End);
  faster_ = makeAction(QIcon(), tr("Faster"), Qt::Key_Plus);
  slower_ = makeAction(QIcon(), tr("Slower"), Qt::Key_Minus);
  connect(toStart_, &QAction::triggered, controller_, &PlaybackController::toStart);
  connect(stepBack_, &QAction::triggered, controller_, &PlaybackController::stepBack);
  connect(play_, &QAction::triggered, controller_, &PlaybackController::togglePlay);
  connect(stepForward_, &QAction::triggered, controller_, &PlaybackController::stepForward);
  connect(toEnd_, &QAction::triggered, controller_, &PlaybackController::toEnd);
  connect(faster_, &QAction::triggered, controller_, &PlaybackController::faster);
  connect(slower_, &QAction::triggered, controller_, &PlaybackController::slower);
  // "=" is "+" without shift on most keyboards.
  faster_->setShortcuts({QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)});

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  for (QAction* a : {toStart_, stepBack_, play_, stepForward_, toEnd_}) {
    auto* b = new QToolButton(this);
    b->setDefaultAction(a);
    b->setAutoRaise(true);
    layout->addWidget(b);
  }
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setObjectName("playbackSlider");
  slider_->setFocusPolicy(Qt::NoFocus);
  slider_->setMinimumWidth(40);
  layout->addWidget(slider_, 1);
  time_ = new QLabel(this);
  time_->setObjectName("playbackTime");
  layout->addWidget(time_);
  // The speed box says what it is by its values ("1x") and its tooltip: a "Speed" label beside it
  // made the bar too wide for the view beside the teach dock at 1280 px.
  speed_ = new QComboBox(this);
  speed_->setObjectName("playbackSpeed");
  speed_->setToolTip(tr("Playback speed (1x: real time)"));
  speed_->setFocusPolicy(Qt::NoFocus);
  for (double v : {0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0}) speed_->addItem(QStringLiteral("%1x").arg(v), v);
  speed_->setCurrentIndex(4);
  layout->addWidget(speed_);
  loop_ = new QCheckBox(tr("Loop"), this);
  loop_->setFocusPolicy(Qt::NoFocus);
  loop_->setChecked(controller_->loop());
  layout->addWidget(loop_);

  connect(slider_, &QSlider::valueChanged, controller_, &PlaybackController::setSample);
  connect(speed_, &QComboBox::currentIndexChanged, this,
          [this](int i) { controller_->setSpeed(speed_->itemData(i).toDouble()); });
  connect(loop_, &QCheckBox::toggled, controller_, &PlaybackController::setLoop);
  connect(controller_, &PlaybackController::sampleChanged, this, &PlaybackBar::refresh);
  connect(controller_, &PlaybackController::playingChanged, this, &PlaybackBar::refresh);
  connect(controller_, &PlaybackController::speedChanged, this, [this](double v) {
    const QSignalBlocker block(speed_);
    speed_->setCurrentIndex(speed_->findData(v));
  });
  refresh();
}

QList<QAction*> PlaybackBar::actions() const {
  return {play_, stepBack_, stepForward_, toStart_, toEnd_, faster_, slower_};
}

void PlaybackBar::refresh() {
  const QSignalBlocker block(slider_);
  slider_->setRange(0, std::max(0, controller_->sampleCount() - 1));
  slider_->setValue(controller_->sample());
  const bool empty = controller_->sampleCount() == 0;
  slider_->setEnabled(!empty);
  for (QAction* a : actions()) a->setEnabled(!empty);
  // Before the first result: say so instead of "t = 0 s (1/0)".
  const auto timeText = [this](double t, int sample) {
    return tr("t = %1 s  (%2/%3)").arg(t, 0, 'f', 3).arg(sample + 1).arg(controller_->sampleCount());
  };
  time_->setText(empty ? tr("No results yet") : timeText(controller_->time(), controller_->sample()));
  // As wide as the widest text this run can show (its last time and sample, every digit an 8),
  // so that the bar never cuts it: a fixed 130 px showed "(251/501" beside the teach dock.
  // Measured once per run (its duration and sample count), not on every sample while playing.
  const std::pair<double, int> run{controller_->duration(), controller_->sampleCount()};
  if (run != widthFor_) {
    widthFor_ = run;
    QString widest = empty ? time_->text() : timeText(run.first, run.second - 1);
    for (QChar& c : widest)
      if (c.isDigit()) c = QLatin1Char('8');
    time_->setMinimumWidth(time_->fontMetrics().horizontalAdvance(widest));
  }
  play_->setIcon(style()->standardIcon(controller_->isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

}  // namespace armdyn::app
