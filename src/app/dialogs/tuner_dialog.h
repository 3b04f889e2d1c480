#pragma once
// Control menu "Ziegler-Nichols tuner" (Anderson 7.6.2, table 7.2; control/ziegler_nichols.h):
// for one joint at one configuration, the other joints locked, the core raises a proportional
// gain until the loop oscillates (Kmax, period Tp), off the GUI thread. The dialog plots the
// joint's response at Kmax and proposes P, PI and PID gains; "Apply" puts them into the
// session's PID controller for that joint (with the tuner's sample time), an undoable edit.

#include "control/ziegler_nichols.h"
#include "studio_session.h"

#include "background_job.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace armdyn::app {

class Document;

class TunerDialog : public QDialog {
  Q_OBJECT
 public:
  // `configuration`: the joint values to tune at (rad or m), e.g. the arm's pose at the time cursor.
  TunerDialog(Document* document, const Eigen::VectorXd& configuration, QWidget* parent = nullptr);
  ~TunerDialog() override;

  QComboBox* jointCombo() const { return joint_; }
  QLineEdit* configurationField(int joint) const { return q_[joint]; }
  QLineEdit* samplePeriodField() const { return period_; }
  QCustomPlot* responsePlot() const { return plot_; }
  QPushButton* applyButton(int rule) const { return apply_[rule]; }  // 0 P, 1 PI, 2 PID
  QLabel* resultLabel() const { return result_; }
  // The refusal of a field as typed (red, under the fields; hidden when every field is taken).
  QLabel* refusalLabel() const { return refusal_; }
  QPushButton* runButton() const { return run_; }
  bool isRunning() const { return job_.isRunning(); }
  const std::optional<TuneResult>& result() const { return tuned_; }

  // Starts the search with the dialog's joint, configuration and period; false (and a message)
  // for a value that is not a number.
  bool startTuning();
  // Applies rule 0 (P), 1 (PI) or 2 (PID) of the last result to the session's controller.
  bool applyGains(int rule);

 Q_SIGNALS:
  void tuningFinished();

 private:
  struct Outcome {
    std::optional<TuneResult> result;
    QString error;
  };
  // The fields read: the configuration (rad or m) and the sample time (s), or the first refusal
  // in the user's words with its field. checkFields shows it (field and reason) as typed and
  // enables Find Kmax only without one.
  struct Fields {
    Eigen::VectorXd q;
    double samplePeriod = 0.0;
    QString refusal;
    QLineEdit* refused = nullptr;
  };
  Fields readFields() const;
  bool checkFields();
  void onFinished(const Outcome& out);
  void showResult();
  Document* document_;
  QComboBox* joint_;
  std::vector<QLineEdit*> q_;
  // What a field showed when the dialog opened and the exact value behind it (rad or m; s).
  struct Shown {
    QString text;
    double value = 0.0;
  };
  std::vector<Shown> shown_;
  Shown periodShown_;
  QLineEdit* period_;
  QPushButton* run_;
  QLabel* result_;
  QLabel* refusal_;
  QCustomPlot* plot_;
  QTableWidget* gains_;
  QPushButton* apply_[3];
  BackgroundJob<Outcome> job_{this};  // the search (waited for on destruction)
  std::optional<TuneResult> tuned_;
  double tunedPeriod_ = 0.0;
};

}  // namespace armdyn::app
