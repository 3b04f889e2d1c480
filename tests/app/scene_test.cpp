// GUI tests of armdyn-studio, run under Xvfb: the 3D view: arm_scene and arm_viewport (arm drawn
// from its DH geometry, mass bodies, wheel zoom), the view settings, and the --screenshot flag.
// Split from the former studio_test.cpp; the helpers and main() are in studio_test_support.
// The tests drive the real main window and dialogs, and compare what the widgets show against
// independent paths (the core called directly on the same spec, published figures, the other
// file format for the same arm).

#include "mesh_cache.h"
#include "studio_test_support.h"

#include <QElapsedTimer>
#include <QStatusBar>
#include <QTemporaryDir>
#include <filesystem>

using namespace armdyn;
using namespace armdyn::app;
using namespace armdyn::app::test;

class SceneTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(prepareStudioTest()); }

  // Issue 11 #15: the wheel zooms in on the 3D view as on the plots (away from the user: in).
  // #14: Open Recent tells apart two files of the same name (their folder) and shows the path.
  void wheelZoomsInAndRecentFilesAreDistinct() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QVERIFY(waitForRun(w));
    osg::Vec3d eye0, eye1, centre, up;
    w.viewport()->setStandardView(StandardView::Iso);
    w.viewport()->grabImage();
    w.viewport()->view(eye0, centre, up);
    QWheelEvent wheel(QPointF(100, 100), QPointF(100, 100), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(w.viewport(), &wheel);
    w.viewport()->grabImage();  // a frame runs the queued event
    w.viewport()->view(eye1, centre, up);
    QVERIFY2((eye1 - centre).length() < (eye0 - centre).length() - 1e-6,
             qPrintable(QString("distance %1 -> %2").arg((eye0 - centre).length()).arg((eye1 - centre).length())));

    // Two robots called vora_rrr.yaml in different folders.
    const QString copyDir = QDir::temp().filePath("armdyn_recent_test");
    QDir().mkpath(copyDir);
    const QString copy = copyDir + "/vora_rrr.yaml";
    QFile::remove(copy);
    QFile::remove(copyDir + "/vora_rrr_weld_seam.yaml");
    QVERIFY(QFile::copy(source("robots/vora_rrr.yaml"), copy));
    QVERIFY(QFile::copy(source("robots/vora_rrr_weld_seam.yaml"), copyDir + "/vora_rrr_weld_seam.yaml"));
    QVERIFY(w.openFile(copy));
    QVERIFY(w.openFile(QString::fromStdString(defaultRobotPath())));
    QMenu* recent = nullptr;
    for (QMenu* m : w.findChildren<QMenu*>())
      if (m->title() == MainWindow::tr("Open &recent")) recent = m;
    QVERIFY(recent);
    QStringList labels, tips;
    for (QAction* a : recent->actions()) {
      labels << a->text();
      tips << a->toolTip();
    }
    QVERIFY2(labels.size() >= 2, qPrintable(labels.join(" | ")));
    QVERIFY2(labels[0] != labels[1], qPrintable(labels.join(" | ")));
    QVERIFY2(labels[1].contains("armdyn_recent_test"), qPrintable(labels.join(" | ")));
    QCOMPARE(tips[1], copy);
    QDir(copyDir).removeRecursively();
  }

  // View settings: one copy. The View menu's check marks follow the dialog and the dialog
  // follows the menu; the settings come back in a new window (QSettings, under the test's HOME).
  void viewSettingsHaveOneSourceAndPersist() {
    {
      MainWindow w;
      QVERIFY(openLibrary(w, "vora_rrr_weld_seam.yaml"));
      auto* grid = w.findChild<QAction*>("viewShowGrid");
      auto* path = w.findChild<QAction*>("viewShowPath");
      QVERIFY(grid && path && grid->isChecked() && path->isChecked());
      QDialog* d = w.showViewSettings();
      auto* gridBox = d->findChild<QCheckBox*>("showGrid");
      auto* pathBox = d->findChild<QCheckBox*>("showPath");
      QVERIFY(gridBox && pathBox && gridBox->isChecked());
      grid->trigger();  // menu -> window and dialog
      QVERIFY(!w.viewSettings().showGrid);
      QVERIFY(!gridBox->isChecked());
      pathBox->click();  // dialog -> window and menu
      QVERIFY(!w.viewSettings().showPath);
      QVERIFY(!path->isChecked());
      d->findChild<QDoubleSpinBox*>("drawingScale")->setValue(2.0);
      QCOMPARE(w.viewSettings().drawingScale, 2.0);
      w.close();
    }
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(!again.viewSettings().showGrid && !again.viewSettings().showPath);
    QCOMPARE(again.viewSettings().drawingScale, 2.0);
    QVERIFY(!again.findChild<QAction*>("viewShowGrid")->isChecked());
    again.setViewSettings(ViewSettings());  // the defaults back for the other tests
    QVERIFY(loadViewSettings().showGrid);
  }

  // Issue 11: the arm drawn from its DH geometry (and, issue 21, on a pedestal from the floor to
  // its base): the PUMA's upper arm (link 2) a member of
  // length a2 = 0.4318 m along x, the forearm (link 4) one of d4 = 0.4318 m along its joint's
  // axis, a tool flange; the mass model's bodies only when asked for (View menu), translucent.
  void armDrawnFromItsDhGeometry() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    struct Shapes : osg::NodeVisitor {
      Shapes() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
      void apply(osg::Geode& g) override {
        if (g.getName() == "massBody") ++massBodies;
        if (g.getName() == "toolFlange") ++flanges;
        for (unsigned i = 0; i < g.getNumDrawables(); ++i)
          if (g.getDrawable(i)->getName() == "pedestal") ++pedestals;
        if (g.getName() != "dhLink") return;
        for (unsigned i = 0; i < g.getNumDrawables(); ++i)
          if (auto* d = dynamic_cast<osg::ShapeDrawable*>(g.getDrawable(i)))
            if (auto* c = dynamic_cast<const osg::Cylinder*>(d->getShape())) {
              lengths.push_back(c->getHeight());
              directions.push_back(c->getRotation() * osg::Vec3(0, 0, 1));
            }
        traverse(g);
      }
      std::vector<float> lengths;
      std::vector<osg::Vec3> directions;
      int massBodies = 0, flanges = 0, pedestals = 0;
    };
    Shapes shapes;
    w.viewport()->scene().root()->accept(shapes);
    int along = 0;
    for (std::size_t i = 0; i < shapes.lengths.size(); ++i)
      if (std::abs(shapes.lengths[i] - 0.4318f) < 1e-5f) ++along;
    QVERIFY2(along >= 2, qPrintable(QString("%1 members of 0.4318 m").arg(along)));  // a2 and d4 (ghosts repeat them)
    QVERIFY(shapes.flanges >= 1);
    QCOMPARE(shapes.massBodies, 0);
    QCOMPARE(shapes.pedestals, 1);  // issue 21: the PUMA stands on a column down to the floor
    ViewSettings withBodies = w.viewSettings();
    withBodies.showMassBodies = true;
    w.setViewSettings(withBodies);
    Shapes again;
    w.viewport()->scene().root()->accept(again);
    QCOMPARE(again.massBodies, w.document()->robot().dof());
    withBodies.showMassBodies = false;  // the setting is kept in QSettings: leave the default
    w.setViewSettings(withBodies);
  }

  // Issue 21: the links' own shapes. A robot file with a mesh (an ASCII STL), a box, a missing
  // mesh, a file that is no mesh and a 200 MB one (sparse: never read): the mesh and the box
  // are drawn, loaded off the GUI thread; the three others fall back to the DH drawing of their
  // link with one notice naming each reason; View > DH drawing and View > meshes toggle them.
  // The mesh cache is bounded: after more files than it keeps, the least recently asked for are
  // gone (asked again, they load again), the latest are kept.
  void meshCacheForgetsTheLeastRecentlyAskedFor() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MeshCache cache;
    std::vector<std::string> files;
    for (int k = 0; k < 300; ++k) {
      files.push_back(dir.filePath(QString("m%1.stl").arg(k)).toStdString());  // none exists: each fails
      cache.request({files.back()});
      QTRY_VERIFY(!cache.busy());
    }
    QCOMPARE(cache.state(files.front()), MeshCache::State::Unknown);
    QCOMPARE(cache.state(files[300 - 256]), MeshCache::State::Failed);
    QCOMPARE(cache.state(files.back()), MeshCache::State::Failed);
    QVERIFY(!cache.failure(files.back()).empty());
  }

  void linkMeshesLoadOffTheGuiThreadAndFallBack() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const QString& name, const QByteArray& text) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(text);
    };
    write("tri.stl", "solid t\nfacet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0 0\n  vertex 0 1 0\n endloop\n"
                     "endfacet\nendsolid t\n");
    write("bad.stl", "this is no mesh at all\n");
    write("big.stl", "");
    std::filesystem::resize_file(dir.filePath("big.stl").toStdString(), 200ull * 1024 * 1024);  // sparse
    const QByteArray link = "    vmax: 90\n    inertia: {mass: 1, com: [0, 0, 0], tensor: [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]]}\n";
    write("meshy.yaml", "name: meshy\nlinks:\n  - joint: revolute\n    theta: 0\n    d: 0.3\n    alpha: 90\n    a: 0\n" + link +
                            "    visual:\n      - {mesh: tri.stl, scale: [0.1, 0.1, 0.1], colour: [0.2, 0.6, 0.9, 1]}\n"
                            "      - {box: [0.05, 0.05, 0.3], origin: {xyz: [0, 0, -0.15], rpy: [0, 0, 0]}}\n"
                            "  - joint: revolute\n    theta: 0\n    d: 0\n    alpha: 0\n    a: 0.4\n" + link +
                            "    visual:\n      - {mesh: missing.stl}\n      - {mesh: big.stl}\n"
                            "base_visual:\n  - {mesh: bad.stl}\n");
    MainWindow w;
    w.setInteractive(false);
    w.show();
    ViewSettings s = w.viewSettings();
    const ViewSettings before = s;
    s.showGhosts = false;
    w.setViewSettings(s);
    QElapsedTimer clock;
    clock.start();
    QString error;
    QVERIFY2(w.openFile(dir.filePath("meshy.yaml"), &error), qPrintable(error));
    QVERIFY2(waitForRun(w), qPrintable(w.problemText()));
    ArmScene& scene = w.viewport()->scene();
    QTRY_VERIFY_WITH_TIMEOUT(!scene.meshesPending(), 10000);
    const qint64 loadMs = clock.elapsed();
    QCOMPARE(scene.shapesDrawn(), 2);
    const QString notice = QString::fromStdString(scene.meshNotice());
    QVERIFY2(notice.startsWith("3 meshes not drawn"), qPrintable(notice));
    QVERIFY2(notice.contains("missing.stl: '"), qPrintable(notice));
    QVERIFY2(notice.contains("bad.stl: not a .stl mesh"), qPrintable(notice));
    QVERIFY2(notice.contains("big.stl: larger than the 100 MB limit"), qPrintable(notice));
    QTRY_VERIFY(w.meshInfo()->isVisible() && w.meshInfo()->text().startsWith("3 meshes not drawn"));
    qInfo("mesh set loaded (and refused) in %lld ms", static_cast<long long>(loadMs));
    // What is on screen (active children only): link 1 its mesh and box, no DH drawing; link 2
    // (both meshes failed) and the base (its mesh failed) their DH drawing.
    struct Visible : osg::NodeVisitor {
      Visible() : osg::NodeVisitor(TRAVERSE_ACTIVE_CHILDREN) {}
      void apply(osg::Geode& g) override {
        if (g.getName() == "dhLink") ++dhLinks;
        if (g.getName() == "linkShape") ++primitives;
        traverse(g);
      }
      int dhLinks = 0, primitives = 0;
    };
    Visible shown;
    scene.root()->accept(shown);
    QCOMPARE(shown.dhLinks, 1);  // link 2 only
    QCOMPARE(shown.primitives, 1);
    s.showDhDrawing = true;
    w.setViewSettings(s);
    Visible withDh;
    scene.root()->accept(withDh);
    QCOMPARE(withDh.dhLinks, 2);
    s.showDhDrawing = false;
    s.showMeshes = false;
    w.setViewSettings(s);
    Visible noMeshes;
    scene.root()->accept(noMeshes);
    QCOMPARE(noMeshes.dhLinks, 2);
    QCOMPARE(noMeshes.primitives, 0);
    w.setViewSettings(before);  // kept in QSettings: leave the defaults
  }

  // Links without bar geometry (the PUMAs) are drawn as their equivalent boxes; the plots'
  // legends sit beside the axes and the four time axes line up; SVG export writes vector plots.
  void pumaBoxesLegendsAndSvg() {
    MainWindow w;
    QVERIFY(openLibrary(w, "puma560.yaml"));
    ViewSettings withBodies = w.viewSettings();
    withBodies.showMassBodies = true;  // the mass model's bodies over the DH drawing
    w.setViewSettings(withBodies);
    // The scene holds a box with link 4's equivalent sides (0.82 kg; 0.13 x 0.098 x 0.098 m,
    // within the viewport's smallest and largest sides, so neither clamped nor capped).
    const EquivalentBox expected = equivalentBox(bareLinkInertial(w.document()->robot().links[3]), 1e-3);
    QVERIFY(!expected.clamped && !expected.capped);
    struct Boxes : osg::NodeVisitor {
      Boxes() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
      void apply(osg::Geode& g) override {
        for (unsigned i = 0; i < g.getNumDrawables(); ++i)
          if (auto* d = dynamic_cast<osg::ShapeDrawable*>(g.getDrawable(i)))
            if (auto* b = dynamic_cast<const osg::Box*>(d->getShape())) sizes.push_back(b->getHalfLengths() * 2.0f);
      }
      std::vector<osg::Vec3> sizes;
    } boxes;
    w.viewport()->scene().root()->accept(boxes);
    bool found = false;
    for (const osg::Vec3& v : boxes.sizes)
      found = found || (std::abs(v.x() - expected.sides.x()) < 1e-6 && std::abs(v.y() - expected.sides.y()) < 1e-6 &&
                        std::abs(v.z() - expected.sides.z()) < 1e-6);
    QVERIFY2(found, qPrintable(QString("%1 boxes").arg(boxes.sizes.size())));
    withBodies.showMassBodies = false;  // the setting is kept in QSettings: leave the default
    w.setViewSettings(withBodies);

    int left = -1;
    for (Quantity q : {Quantity::Position, Quantity::Velocity, Quantity::Acceleration, Quantity::Force}) {
      QCustomPlot* p = w.plots()->plot(q);
      QVERIFY(!p->axisRect()->rect().intersects(p->legend->outerRect()));
      if (left < 0) left = p->axisRect()->rect().left();
      QCOMPARE(p->axisRect()->rect().left(), left);
    }
#ifdef ARMDYN_HAVE_QT_SVG
    QVERIFY(PlotPanel::exportFormats().contains("svg"));
    const QString svg = kArtifacts + "/plots.svg";
    QFile::remove(svg);
    QString error;
    QVERIFY2(w.exportPlots(svg, &error), qPrintable(error));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("Time (s)") && text.contains("Position (rad)"));  // axis titles as text
    QVERIFY(text.contains("<polyline") || text.contains("<path"));  // curves as vectors
#else
    QFAIL("Qt Svg not found at configure time (install qt6-svg-dev)");
#endif
  }

  // The executable's --screenshot flag writes a PNG of the window and exits 0.
  void screenshotFlag() {
    const QString png = kArtifacts + "/studio_screenshot.png";
    QFile::remove(png);
    QProcess p;
    p.start(QStringLiteral(ARMDYN_STUDIO_PATH), {"--screenshot", png, "--after-ms", "100"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QImage image(png);
    QVERIFY(!image.isNull());
    // The viewport was composited: its clear colour (0.93, 0.94, 0.96) fills much of the left
    // half (a grab without the GL framebuffer shows none of it).
    const QRgb clear = qRgb(237, 240, 245);
    int hits = 0;
    for (int y = 100; y < image.height() - 100; y += 4) {
      for (int x = 0; x < image.width() / 2; x += 4) hits += (image.pixel(x, y) & 0xffffff) == (clear & 0xffffff);
    }
    QVERIFY2(hits > 1000, qPrintable(QString::number(hits)));
  }
};

int main(int argc, char** argv) {
  return runStudioTest(argc, argv, [] { return std::make_unique<SceneTest>(); });
}

#include "scene_test.moc"
