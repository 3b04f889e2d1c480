#pragma once
// Studio's exports and prints of the run on screen: the plots and control plots as images
// (PNG/PDF/SVG, a size and dpi asked for), the results table as CSV (the CLI's header, or with
// units) or printed (Vora's table 7.4 layout, to a printer or a PDF file), the summary as CSV,
// the parameters and dimensions printed, the robot-and-task title they carry, and the window's
// screenshot with the GL viewport composited in.

#include "simulation_result.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>
#include <functional>
#include <memory>

class QPrinter;
class QSize;
class QTextDocument;
class QWidget;

namespace armdyn::app {

class ArmViewport;
class Document;
class PlotPanel;
struct PlotExportOptions;
class ResultsTableModel;
class SummaryView;
class WindowMessages;

class ResultExports {
  // The window's texts and their translation context, as before they moved here.
  Q_DECLARE_TR_FUNCTIONS(armdyn::app::MainWindow)

 public:
  // The views exported, and the window they sit in (dialogs' parent, the screenshot).
  struct Views {
    QWidget* window = nullptr;
    ArmViewport* viewport = nullptr;
    PlotPanel* plots = nullptr;
    PlotPanel* controlPlots = nullptr;
    ResultsTableModel* table = nullptr;
    SummaryView* summary = nullptr;
    std::function<void()> showTable;  // brings the results table on screen (Print tables)
  };
  // `result`: the run on screen (null before the first).
  ResultExports(Views views, const Document* document, std::function<SimulationResultPtr()> result,
                WindowMessages* messages);

  QString exportTitle() const;  // "Vora RRR — weld seam" (the run on screen)
  bool exportPlots(const QString& path, const PlotExportOptions& options, QString* error = nullptr);
  bool exportControlPlots(const QString& path, const PlotExportOptions& options, QString* error = nullptr);
  bool exportTableCsv(const QString& path, bool withUnits, QString* error = nullptr);
  bool exportSummaryCsv(const QString& path, QString* error = nullptr);
  bool printParameters(const QString& pdfPath, QString* error = nullptr);
  bool printParameters(QPrinter& printer, QString* error = nullptr);
  bool printTable(const QString& pdfPath, QString* error = nullptr);
  bool printTable(QPrinter& printer, QString* error = nullptr);
  std::unique_ptr<QTextDocument> tablePrintDocument() const;
  QImage screenshot();

  // The menu's entries (file dialogs, prompts, errors shown).
  void exportPlotsInteractive();
  void exportControlPlotsInteractive();
  void exportTableInteractive(bool withUnits = false);
  void exportSummaryInteractive();
  void exportScreenshotInteractive();
  void printParametersInteractive();
  void printTableInteractive();

 private:
  // Asks the size and dpi of a plot export (PlotPanel::exportPresets); false: cancelled.
  bool askPlotExportSize(const QSize& screen, PlotExportOptions* options);
  enum class PrintTarget { None, Printer, Pdf, Csv };
  PrintTarget askPrintTarget(const QString& title, bool offerCsv);

  Views views_;
  const Document* document_;
  std::function<SimulationResultPtr()> result_;
  WindowMessages* messages_;
};

}  // namespace armdyn::app
