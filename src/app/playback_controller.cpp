#include "playback_controller.h"

#include <algorithm>
#include <array>

namespace armdyn::app {
namespace {
constexpr std::array<double, 9> kSpeeds = {0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0};
}

PlaybackController::PlaybackController(QObject* parent) : QObject(parent) {
  timer_.setInterval(16);
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &PlaybackController::tick);
}

void PlaybackController::setTimes(std::vector<double> times) {
  const double t = time();
  times_ = std::move(times);
  if (times_.empty()) {
    sample_ = 0;
    pause();
    return;
  }
  const auto it = std::lower_bound(times_.begin(), times_.end(), t);
  sample_ = std::min(static_cast<int>(it - times_.begin()), sampleCount() - 1);
  startTime_ = time();
  wall_.restart();
  Q_EMIT sampleChanged(sample_, time());
}

void PlaybackController::setSample(int sample) {
  if (times_.empty()) return;
  sample = std::clamp(sample, 0, sampleCount() - 1);
  if (sample == sample_) return;
  sample_ = sample;
  startTime_ = time();
  wall_.restart();
  Q_EMIT sampleChanged(sample_, time());
}

void PlaybackController::play() {
  if (times_.empty() || isPlaying()) return;
  if (sample_ >= sampleCount() - 1) setSample(0);
  startTime_ = time();
  wall_.restart();
  timer_.start();
  Q_EMIT playingChanged(true);
}

void PlaybackController::pause() {
  if (!isPlaying()) return;
  timer_.stop();
  Q_EMIT playingChanged(false);
}

void PlaybackController::togglePlay() { isPlaying() ? pause() : play(); }

void PlaybackController::stepForward() {
  pause();
  setSample(sample_ + 1);
}

void PlaybackController::stepBack() {
  pause();
  setSample(sample_ - 1);
}

void PlaybackController::toStart() { setSample(0); }

void PlaybackController::toEnd() { setSample(sampleCount() - 1); }

void PlaybackController::setSpeed(double speed) {
  speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
  if (speed == speed_) return;
  startTime_ = time();
  wall_.restart();
  speed_ = speed;
  Q_EMIT speedChanged(speed_);
}

void PlaybackController::faster() {
  const auto it = std::upper_bound(kSpeeds.begin(), kSpeeds.end(), speed_ + 1e-9);
  if (it != kSpeeds.end()) setSpeed(*it);
}

void PlaybackController::slower() {
  const auto it = std::lower_bound(kSpeeds.begin(), kSpeeds.end(), speed_ - 1e-9);
  if (it != kSpeeds.begin()) setSpeed(*(it - 1));
}

void PlaybackController::setLoop(bool loop) { loop_ = loop; }

void PlaybackController::tick() {
  if (times_.empty()) return;
  const double t = startTime_ + speed_ * wall_.nsecsElapsed() / 1e9;
  if (t > times_.back()) {
    if (loop_) {
      sample_ = 0;
      startTime_ = times_.front();
      wall_.restart();
      Q_EMIT sampleChanged(sample_, time());
    } else {
      sample_ = sampleCount() - 1;
      Q_EMIT sampleChanged(sample_, time());
      pause();
    }
    return;
  }
  // Last sample not after t.
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  const int s = std::max(0, static_cast<int>(it - times_.begin()) - 1);
  if (s != sample_) {
    sample_ = s;
    Q_EMIT sampleChanged(sample_, time());
  }
}

}  // namespace armdyn::app
