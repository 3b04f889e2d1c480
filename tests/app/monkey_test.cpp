// GUI tests of armdyn-studio, run under Xvfb: the monkey test: seeded random GUI actions on the
// main window and its dialogs (ARMDYN_MONKEY_ACTIONS, default 10 000), in its own executable as it
// is the slowest.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "studio_test_support.h"

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

// AddressSanitizer builds (GCC defines __SANITIZE_ADDRESS__, clang answers __has_feature).
#if defined(__SANITIZE_ADDRESS__)
#define ARMDYN_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARMDYN_TEST_UNDER_ASAN 1
#endif
#endif

class MonkeyTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // Issue 11 monkey test: seeded random GUI actions (the CHANGE dialogs with random valid and
  // invalid values committed by Enter or by leaving the field, task table cells, undo, redo,
  // playback, tabs, closing dialogs, teach mode on and off, drags in the 3D view on the handles
  // and elsewhere, released or cancelled by Esc) on the default robot: no crash, no Qt warning, memory that
  // does not grow with the number of actions (resident size after the second half within 24 MB
  // of after the first), and undoing everything gives back the session loaded. Actions:
  // ARMDYN_MONKEY_ACTIONS (default 10 000; the sanitizer job runs fewer).
  void monkeyTest() {
    const int actions = qEnvironmentVariableIsSet("ARMDYN_MONKEY_ACTIONS") ? qEnvironmentVariableIntValue("ARMDYN_MONKEY_ACTIONS") : 10000;
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    const std::string loaded = sessionToYaml(w.document()->session());
    // Warnings from any thread (the runner's worker included), under a lock; the previous
    // handler comes back however the test ends.
    static QMutex lock;
    static QStringList warnings;
    warnings.clear();
    struct Handler {
      QtMessageHandler previous;
      Handler()
          : previous(qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
              if (type != QtWarningMsg && type != QtCriticalMsg && type != QtFatalMsg) return;
              const QMutexLocker locked(&lock);
              warnings << msg;
            })) {}
      ~Handler() { qInstallMessageHandler(previous); }
    } handler;
    std::mt19937 rng(20261126);
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const auto residentKb = [] {
      QFile f("/proc/self/statm");
      if (!f.open(QIODevice::ReadOnly)) return 0L;
      const QList<QByteArray> parts = f.readAll().split(' ');
      return parts.size() > 1 ? parts[1].toLong() * 4 : 0L;  // pages of 4 KB
    };
    const QStringList invalid = {"-1", "abc", "", "1e300", "nan", "-0", "0", "1e-300", "--2", "1,5"};
    long memoryHalf = 0;
    int drags = 0, moved = 0, lastKind = -1;  // presses that took a handle; drags that left the arm moved
    for (int k = 0; k < actions; ++k) {
      if (k == actions / 2) memoryHalf = residentKb();
      const int kind = pick(11);
      lastKind = kind;
      switch (kind) {
        case 0:
        case 1: {  // a CHANGE dialog: a random field, a random value, Enter or focus out
          FieldDialog* d = nullptr;
          switch (pick(5)) {
            case 0: d = w.showLinkParameters(); break;
            case 1: d = w.showLinkDimensions(); break;
            case 2: d = w.showSimulationParameters(); break;
            case 3: d = w.showTool(); break;
            default: d = w.showInertia(); break;
          }
          QList<QLineEdit*> fields;
          for (QLineEdit* e : d->findChildren<QLineEdit*>())
            if (e->isEnabled() && e->isVisible() && !e->isReadOnly()) fields << e;
          if (fields.isEmpty()) break;
          QLineEdit* e = fields[pick(static_cast<int>(fields.size()))];
          bool ok = false;
          const double now = e->text().toDouble(&ok);
          const QString value = pick(3) == 0 ? invalid[pick(static_cast<int>(invalid.size()))]
                                             : QString::number((ok ? now : 0.1) * std::uniform_real_distribution<double>(0.8, 1.25)(rng), 'g', 6);
          e->setFocus();
          e->setText(value);
          Q_EMIT e->textEdited(value);
          if (pick(2) == 0) QTest::keyClick(e, Qt::Key_Return);
          else Q_EMIT e->editingFinished();
          break;
        }
        case 2: {  // a task table cell
          TrajectoryPointsDialog* t = w.showTrajectoryPoints();
          QTableWidget* table = t->table();
          if (table->rowCount() == 0) break;
          QTableWidgetItem* item = table->item(pick(table->rowCount()), pick(3));
          if (item == nullptr || !(item->flags() & Qt::ItemIsEditable)) break;
          bool ok = false;
          const double now = item->text().toDouble(&ok);
          item->setText(pick(4) == 0 ? invalid[pick(static_cast<int>(invalid.size()))]
                                     : QString::number((ok ? now : 0.1) + std::uniform_real_distribution<double>(-0.05, 0.05)(rng), 'g', 6));
          break;
        }
        case 3: w.document()->undoStack()->undo(); break;
        case 4: w.document()->undoStack()->redo(); break;
        case 5:
          if (w.playback()->sampleCount() > 0) w.playback()->setSample(pick(w.playback()->sampleCount()));
          break;
        case 6: w.tabs()->setCurrentIndex(pick(w.tabs()->count())); break;
        case 7:
          for (QDialog* dlg : w.findChildren<QDialog*>())
            if (dlg->isVisible() && pick(2) == 0) dlg->close();
          break;
        case 9: w.setTeachMode(pick(4) != 0); break;  // teach mode on more often than off
        case 10: {  // a drag in the 3D view: on a handle (teach mode) or anywhere, released or cancelled
          ArmViewport* v = w.viewport();
          JogHandles& h = v->scene().jogHandles();
          const int dof = w.teach()->joints().size();
          std::optional<QPointF> at;
          const int target = pick(5);
          if (target == 0) at = v->project(h.toolOrigin());
          else if (target == 1) at = v->project(h.arrowPoint(pick(3)));
          else if (target == 2 && dof > 0) at = v->project(h.ringPoint(pick(dof)));
          // Where a user can press: in the view (a handle off screen cannot be grabbed).
          const QRectF inside(0, 0, v->width(), v->height());
          if (!at || !inside.contains(*at)) at = QPointF(pick(std::max(1, v->width())), pick(std::max(1, v->height())));
          const Qt::KeyboardModifiers modifiers = pick(3) == 0 ? Qt::ShiftModifier : Qt::NoModifier;
          const auto send = [&](QEvent::Type type, const QPointF& p, Qt::MouseButton b, Qt::MouseButtons held) {
            QMouseEvent e(type, p, v->mapToGlobal(p), b, held, modifiers);
            QCoreApplication::sendEvent(v, &e);
          };
          const Eigen::VectorXd before = w.teach()->joints();
          send(QEvent::MouseButtonPress, *at, Qt::LeftButton, Qt::LeftButton);
          drags += v->dragger()->dragging() ? 1 : 0;
          QPointF p = *at;
          for (int m = pick(6); m >= 0; --m) {
            p += QPointF(pick(121) - 60, pick(121) - 60);
            p = QPointF(std::clamp(p.x(), 0.0, inside.width() - 1.0), std::clamp(p.y(), 0.0, inside.height() - 1.0));
            send(QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton);
          }
          if (pick(5) == 0) QTest::keyClick(&w, Qt::Key_Escape);
          send(QEvent::MouseButtonRelease, p, Qt::LeftButton, Qt::NoButton);
          moved += before.size() == w.teach()->joints().size() && before != w.teach()->joints() ? 1 : 0;
          break;
        }
        default:
          if (pick(2) == 0) w.playback()->togglePlay();
          else w.playback()->stepForward();
          break;
      }
      {
        // The 3D view stays drawable: camera and projection finite, no transform NaN (a task
        // point typed as 1e300 m once made OSG's near and far planes NaN: a blank view).
        osg::Vec3d eye, centre, up;
        w.viewport()->view(eye, centre, up);
        struct Finder : osg::NodeVisitor {
          std::string bad;
          Finder() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
          void apply(osg::Node& n) override {
            const osg::BoundingSphere b = n.getBound();
            // An empty node's bound is invalid (radius -1); a NaN or infinite one is the defect.
            const bool empty = b.radius() < 0.0;
            if (bad.empty() && !(std::isfinite(b.radius()) && (empty || b.center().valid())))
              bad = std::string(n.className()) + " '" + n.getName() + "'";
            traverse(n);
          }
        } finder;
        w.viewport()->scene().root()->accept(finder);
        const Ray ray = w.viewport()->rayAt(QPointF(10, 10));
        if (!finder.bad.empty() || !eye.valid() || !centre.valid() || !up.valid() || !ray.direction.allFinite() ||
            !w.teach()->joints().allFinite())
          QFAIL(qPrintable(QString("after action %1 (kind %2): the view is not drawable (%3, eye %4, ray %5)")
                               .arg(k).arg(lastKind).arg(QString::fromStdString(finder.bad)).arg(eye.x())
                               .arg(ray.direction.x())));
      }
      if (k % 50 == 0) QCoreApplication::processEvents();
      if (k % 500 == 0) QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    }
    w.playback()->pause();
    std::printf("monkey: %d drags on a handle, %d left the arm moved\n", drags, moved);
    if (actions >= 1000) QVERIFY2(moved > 0, "the drags reached the handles");
    QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    const long memoryEnd = residentKb();
    // A leak that grows with the actions, without the undo stack's legitimate growth: actions
    // that keep the session (refused values, undo then redo, playback, tabs, dialogs opened and
    // closed), heap in use (malloc's count, not the resident size glibc keeps) after a warm-up
    // and at the end, deferred deletions flushed.
    const auto heapInUse = [] {
      QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
      QCoreApplication::processEvents();
      return static_cast<long>(mallinfo2().uordblks);
    };
    // Both measurements in the same state: no dialog, teach mode off, the first tab, and the
    // current and previous results those of the same two sessions (the results' histories are
    // megabytes: which run happened to be last made the figure swing by +-2 MB, no leak).
    const auto settledHeap = [&] {
      for (QDialog* dlg : w.findChildren<QDialog*>()) dlg->close();
      w.setTeachMode(false);
      w.tabs()->setCurrentIndex(0);
      if (w.document()->undoStack()->canUndo()) {
        w.document()->undoStack()->undo();
        waitForRun(w, 60000);
        w.document()->undoStack()->redo();
        waitForRun(w, 60000);
      }
      return heapInUse();
    };
    // Heap in use settled every 500 actions: a leak grows it steadily, caches and histories
    // make it swing (+-1.6 MB seen between samples, +4.4 MB between two single samples in CI).
    // The floor of the second to fourth samples (the first is a warm-up: a cache filled once
    // after it would count as growth) against the floor of the last three: the swings are
    // upwards from a floor, a leak lifts the floor.
    std::vector<long> heapSamples;
#ifdef ARMDYN_TEST_UNDER_ASAN
    const int steady = std::max(200, actions / 2);  // memory is not checked under ASan (below)
#else
    const int steady = std::max(3100, actions / 2);  // seven samples at least
#endif
    for (int k = 0; k < steady; ++k) {
      if (k >= 100 && (k - 100) % 500 == 0) heapSamples.push_back(settledHeap());
      switch (pick(5)) {
        case 0: {
          FieldDialog* d = pick(2) == 0 ? static_cast<FieldDialog*>(w.showLinkDimensions()) : w.showSimulationParameters();
          QList<QLineEdit*> fields = d->findChildren<QLineEdit*>();
          if (fields.isEmpty()) break;
          QLineEdit* e = fields[pick(static_cast<int>(fields.size()))];
          const QString value = invalid[pick(3)];  // "-1", "abc", "": refused everywhere
          e->setText(value);
          Q_EMIT e->textEdited(value);
          Q_EMIT e->editingFinished();
          break;
        }
        case 1:
          if (w.document()->undoStack()->canUndo()) {
            w.document()->undoStack()->undo();
            w.document()->undoStack()->redo();
          }
          break;
        case 2:
          if (w.playback()->sampleCount() > 0) w.playback()->setSample(pick(w.playback()->sampleCount()));
          break;
        case 3: w.tabs()->setCurrentIndex(pick(w.tabs()->count())); break;
        default:
          for (QDialog* dlg : w.findChildren<QDialog*>()) dlg->close();
          break;
      }
      if (k % 50 == 0) QCoreApplication::processEvents();
      if (k % 200 == 0) QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    }
    QVERIFY(waitForRun(w, 60000) || !w.problemText().isEmpty());
    heapSamples.push_back(settledHeap());
    QString heapTrace;
    for (long h : heapSamples) heapTrace += QString(" %1").arg(h / 1024);
    std::printf("monkey: %d actions, %d undo steps, resident %ld KB at half, %ld KB at the end; "
                "%d session-keeping actions: heap in use (KB, every 500 actions)%s\n",
                actions, w.document()->undoStack()->count(), memoryHalf, memoryEnd, steady, qPrintable(heapTrace));
    {
      const QMutexLocker locked(&lock);
      QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join("\n")));
    }
#ifdef ARMDYN_TEST_UNDER_ASAN
    // AddressSanitizer's allocator keeps freed memory in quarantine (resident size grows) and
    // malloc's statistics read 0: memory is checked in the normal build only.
    std::printf("monkey: memory not checked under AddressSanitizer\n");
#else
    QVERIFY(heapSamples.size() >= 7);
    const long heapStart = *std::min_element(heapSamples.begin() + 1, heapSamples.begin() + 4);
    const long heapEnd = *std::min_element(heapSamples.end() - 3, heapSamples.end());
    std::printf("monkey: heap floor %ld KB -> %ld KB\n", heapStart / 1024, heapEnd / 1024);
    QVERIFY(heapStart > 0);  // malloc's statistics are available: the check below can fail
    QVERIFY2(memoryEnd - memoryHalf < 24 * 1024, qPrintable(QString("grew %1 KB").arg(memoryEnd - memoryHalf)));
    // The floors are about 3500 actions apart (1500 with the 3100 actions of short runs): 3 MB
    // fails a leak of 900 bytes per action (2100 in short runs). Measured floors: +139 and
    // +181 KB over 5000 actions.
    QVERIFY2(heapEnd - heapStart < 3 * 1024 * 1024, qPrintable(QString("heap grew %1 KB").arg((heapEnd - heapStart) / 1024)));
#endif
    // Undo everything: the session loaded.
    while (w.document()->undoStack()->canUndo()) w.document()->undoStack()->undo();
    QCOMPARE(sessionToYaml(w.document()->session()), loaded);
    QVERIFY(!w.document()->isModified());
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<MonkeyTest>(); });
}

#include "monkey_test.moc"
