// Shared support of the armdyn Studio GUI tests: see studio_test_support.h.

#include "studio_test_support.h"

#include "studio_resources.h"

namespace armdyn::app::test {

const QString kArtifacts = QStringLiteral(ARMDYN_APP_ARTIFACTS);

QString source(const QString& relative) { return QStringLiteral(ARMDYN_SOURCE_DIR "/") + relative; }

bool waitForRun(MainWindow& w, int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  QSignalSpy applied(&w, &MainWindow::resultApplied);
  QSignalSpy failed(&w, &MainWindow::simulationFailed);
  while (clock.elapsed() < timeoutMs) {
    if (!w.runner()->isBusy()) {
      if (w.result() && w.result()->generation == w.runner()->latestGeneration()) return true;
      // The newest run failed, before this call or during it.
      if (!failed.isEmpty() || w.runner()->answeredGeneration() == w.runner()->latestGeneration()) return false;
    }
    QTest::qWait(5);
  }
  return false;
}

std::vector<double> graphValues(const MainWindow& w, Quantity q, int joint) {
  std::vector<double> out;
  const QCPGraph* g = w.plots()->plot(q)->graph(joint);
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) out.push_back(it->value);
  return out;
}

double maxAbsDifference(const std::vector<double>& a, const Eigen::VectorXd& b) {
  if (static_cast<int>(a.size()) != b.size()) return 1e300;
  double m = 0.0;
  for (int k = 0; k < b.size(); ++k) m = std::max(m, std::abs(a[k] - b(k)));
  return m;
}

void typeInto(QLineEdit* edit, const QString& text) {
  edit->setFocus();
  edit->selectAll();
  QTest::keyClicks(edit, text);
}

void pasteInto(QLineEdit* edit, const QString& text) {
  edit->setFocus();
  edit->setText(text);
  Q_EMIT edit->textEdited(text);
}

void commitInto(QLineEdit* edit, const QString& text) {
  pasteInto(edit, text);
  Q_EMIT edit->editingFinished();
}

std::vector<double> graphValues(const QCustomPlot* plot, int joint) {
  std::vector<double> out;
  const QCPGraph* g = plot->graph(joint);
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) out.push_back(it->value);
  return out;
}

bool openLibrary(MainWindow& w, const char* file) {
  w.setInteractive(false);
  w.show();
  return w.openFile(source(QStringLiteral("robots/") + file)) && waitForRun(w);
}

void saveArtifact(MainWindow& w, const QString& name) {
  QTest::qWait(50);
  QVERIFY(w.screenshot().save(kArtifacts + "/" + name + ".png"));
}

void isolate(const QString& root) {
  for (const char* sub : {"data", "config", "cache", "runtime"}) QDir(root).mkpath(sub);
  QFile::setPermissions(root + "/runtime", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  qputenv("HOME", root.toUtf8());
  qputenv("XDG_DATA_HOME", (root + "/data").toUtf8());
  qputenv("XDG_CONFIG_HOME", (root + "/config").toUtf8());
  qputenv("XDG_CACHE_HOME", (root + "/cache").toUtf8());
  qputenv("XDG_RUNTIME_DIR", (root + "/runtime").toUtf8());
}

bool prepareStudioTest() {
  QStandardPaths::setTestModeEnabled(true);
  QDir().mkpath(kArtifacts);
  // runStudioTest moved HOME to a temporary tree: the autosaves land there.
  return Autosave::directory().startsWith(qEnvironmentVariable("HOME"));
}

int runStudioTest(int argc, char** argv, const std::function<std::unique_ptr<QObject>()>& makeTest) {
  QTemporaryDir root;
  isolate(root.path());
  QApplication app(argc, argv);
  QApplication::setOrganizationName("armdyn");
  QApplication::setApplicationName("armdyn-studio");
  app.setStyleSheet(studioStyleSheet());  // the tests see Studio as its users do (padding, headers)
  const std::unique_ptr<QObject> test = makeTest();
  return QTest::qExec(test.get(), argc, argv);
}

}  // namespace armdyn::app::test
