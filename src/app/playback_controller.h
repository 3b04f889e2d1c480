#pragma once
// The one time cursor shared by the animation, the plots and the table: the current sample of
// the current result, play/pause, step, speed (0.1x to 4x) and loop. Playing advances in
// simulated time at `speed` times wall-clock time, on a ~60 Hz timer.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <vector>

namespace armdyn::app {

class PlaybackController : public QObject {
  Q_OBJECT
 public:
  explicit PlaybackController(QObject* parent = nullptr);

  // Sample times of the current result (s). Keeps the cursor at the nearest time.
  void setTimes(std::vector<double> times);
  int sample() const { return sample_; }
  int sampleCount() const { return static_cast<int>(times_.size()); }
  double time() const { return times_.empty() ? 0.0 : times_[sample_]; }
  double duration() const { return times_.empty() ? 0.0 : times_.back(); }  // the last sample's time
  bool isPlaying() const { return timer_.isActive(); }
  double speed() const { return speed_; }
  bool loop() const { return loop_; }
  static constexpr double kMinSpeed = 0.1;
  static constexpr double kMaxSpeed = 4.0;

 public Q_SLOTS:
  void setSample(int sample);
  void play();
  void pause();
  void togglePlay();
  void stepForward();
  void stepBack();
  void toStart();
  void toEnd();
  void setSpeed(double speed);
  void faster();   // next step of the speed ladder
  void slower();
  void setLoop(bool loop);

 Q_SIGNALS:
  void sampleChanged(int sample, double time);
  void playingChanged(bool playing);
  void speedChanged(double speed);

 private:
  void tick();
  std::vector<double> times_;
  int sample_ = 0;
  double speed_ = 1.0;
  bool loop_ = true;
  QTimer timer_;
  QElapsedTimer wall_;
  double startTime_ = 0.0;  // simulated time when play started or speed changed
};

}  // namespace armdyn::app
