#include "result_exports.h"

#include "analysis/simulation_csv.h"
#include "arm_viewport.h"
#include "document.h"
#include "parameters_report.h"
#include "plot_panel.h"
#include "results_table_model.h"
#include "save_paths.h"
#include "summary_view.h"
#include "window_messages.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QTextDocument>
#include <QTextTable>
#include <QWidget>

namespace armdyn::app {

ResultExports::ResultExports(Views views, const Document* document, std::function<SimulationResultPtr()> result,
                             WindowMessages* messages)
    : views_(std::move(views)), document_(document), result_(std::move(result)), messages_(messages) {}

QString ResultExports::exportTitle() const {
  const SimulationResultPtr result = result_();
  const Session& s = result ? result->session : static_cast<const Session&>(document_->session());
  QString title = QString::fromStdString(s.robot.name);
  if (title.isEmpty()) title = tr("Untitled robot");
  const QString task = QString::fromStdString(s.task.name);
  // "Vora RRR — weld seam"; a task named after its robot ("Vora RRR weld seam") stands alone.
  if (task.startsWith(title)) return task;
  if (!task.isEmpty()) title += QStringLiteral(" — ") + task;
  return title;
}

bool ResultExports::exportPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  PlotExportOptions titled = options;
  titled.title = exportTitle();
  return views_.plots->exportTo(path, titled, error);
}

bool ResultExports::exportControlPlots(const QString& path, const PlotExportOptions& options, QString* error) {
  const SimulationResultPtr result = result_();
  if (!result || !result->isForward()) {
    if (error) *error = tr("No forward simulation to export (Control ▸ Forward simulation)");
    return false;
  }
  PlotExportOptions titled = options;
  titled.title = exportTitle() + tr(" (control)");
  return views_.controlPlots->exportTo(path, titled, error);
}

bool ResultExports::askPlotExportSize(const QSize& screen, PlotExportOptions* options) {
  const std::vector<PlotExportOptions> presets = PlotPanel::exportPresets(screen);
  QStringList labels;
  for (const PlotExportOptions& p : presets) labels << p.label;
  bool ok = false;
  const QString chosen = QInputDialog::getItem(views_.window, tr("Export plots"), tr("Image size and resolution:"), labels, 1,
                                               false, &ok);
  if (!ok) return false;
  *options = presets[static_cast<std::size_t>(std::max(0, static_cast<int>(labels.indexOf(chosen))))];
  return true;
}

void ResultExports::exportControlPlotsInteractive() {
  QStringList filters;
  for (const QString& f : PlotPanel::exportFormats()) filters << QStringLiteral("%1 (*.%2)").arg(f.toUpper(), f);
  const QString path = QFileDialog::getSaveFileName(views_.window, tr("Export control plots"), suggestedSavePath(*document_, "control_plots", "png"), filters.join(";;"));
  if (path.isEmpty()) return;
  PlotExportOptions options;
  if (!askPlotExportSize(views_.controlPlots->size(), &options)) return;
  QString error;
  if (!exportControlPlots(path, options, &error)) messages_->showError(tr("Export control plots"), error);
}

bool ResultExports::exportTableCsv(const QString& path, bool withUnits, QString* error) {
  const SimulationResultPtr result = result_();
  if (!result_) {
    if (error) *error = tr("No simulation results to export");
    return false;
  }
  try {
    CsvOptions options;
    if (withUnits)
      for (const LinkSpec& link : result->session.robot.links) options.unitsOf.push_back(link.joint);
    writeRecordCsv(path.toStdString(), result->record, options);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool ResultExports::exportSummaryCsv(const QString& path, QString* error) { return views_.summary->exportCsv(path, error); }

bool ResultExports::printParameters(const QString& pdfPath, QString* error) {
  QPrinter printer(QPrinter::HighResolution);
  printer.setOutputFormat(QPrinter::PdfFormat);
  printer.setOutputFileName(pdfPath);
  return printParameters(printer, error);
}

bool ResultExports::printParameters(QPrinter& printer, QString* error) {
  try {
    const Model model(document_->robot());
    QTextDocument doc;
    doc.setHtml(parametersHtml(model, document_->task()));
    doc.print(&printer);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool ResultExports::printTable(const QString& pdfPath, QString* error) {
  QPrinter printer(QPrinter::HighResolution);
  printer.setOutputFormat(QPrinter::PdfFormat);
  printer.setOutputFileName(pdfPath);
  return printTable(printer, error);
}

bool ResultExports::printTable(QPrinter& printer, QString* error) {
  const SimulationResultPtr result = result_();
  if (!result || views_.table->rowCount() == 0) {
    if (error) *error = tr("No simulation results to print");
    return false;
  }
  tablePrintDocument()->print(&printer);
  return true;
}

std::unique_ptr<QTextDocument> ResultExports::tablePrintDocument() const {
  // Vora's table 7.4 layout: the results table's columns and headers, one row per sample and joint.
  const int columns = views_.table->columnCount();
  const int rows = views_.table->rowCount();
  // Column widths fixed for the whole table (in % of the page, from the longest text of each
  // column over every row), and the header row repeated at the top of every page.
  std::vector<int> longest(static_cast<std::size_t>(columns), 1);
  QString html = QStringLiteral("<h3>%1</h3><table border=1 cellspacing=0 cellpadding=2 width=100%><thead><tr>")
                     .arg(tr("Tabulated results: %1").arg(exportTitle().toHtmlEscaped()));
  for (int c = 0; c < columns; ++c) {
    const QString head = views_.table->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    for (const QString& part : head.split('\n')) longest[c] = std::max(longest[c], static_cast<int>(part.size()));
    html += QStringLiteral("<th>%1</th>").arg(head.toHtmlEscaped().replace('\n', QStringLiteral("<br>")));
  }
  html += QStringLiteral("</tr></thead><tbody>");
  for (int r = 0; r < rows; ++r) {
    html += QStringLiteral("<tr>");
    for (int c = 0; c < columns; ++c) {
      const QString text = views_.table->index(r, c).data().toString();
      longest[c] = std::max(longest[c], static_cast<int>(text.size()));
      html += QStringLiteral("<td align=right>%1</td>").arg(text.toHtmlEscaped());
    }
    html += QStringLiteral("</tr>");
  }
  html += QStringLiteral("</tbody></table>");
  auto doc = std::make_unique<QTextDocument>();
  doc->setDefaultFont(QFont(views_.window->font().family(), 8));
  doc->setHtml(html);
  int total = 0;
  for (int n : longest) total += n + 2;
  for (QTextFrame* frame : doc->rootFrame()->childFrames()) {
    auto* table = qobject_cast<QTextTable*>(frame);
    if (!table) continue;
    QTextTableFormat format = table->format();
    format.setHeaderRowCount(1);
    QVector<QTextLength> widths;
    for (int n : longest) widths << QTextLength(QTextLength::PercentageLength, 100.0 * (n + 2) / total);
    format.setColumnWidthConstraints(widths);
    table->setFormat(format);
  }
  return doc;
}

// Printer, PDF file or (for tables) CSV: asked in one small box.
ResultExports::PrintTarget ResultExports::askPrintTarget(const QString& title, bool offerCsv) {
  QMessageBox box(QMessageBox::Question, title, tr("Send it to a printer, or save it as a file?"), QMessageBox::Cancel, views_.window);
  QPushButton* printerButton = box.addButton(tr("&Printer…"), QMessageBox::AcceptRole);
  QPushButton* pdfButton = box.addButton(tr("P&DF file…"), QMessageBox::AcceptRole);
  QPushButton* csvButton = offerCsv ? box.addButton(tr("&CSV file…"), QMessageBox::AcceptRole) : nullptr;
  box.setDefaultButton(printerButton);
  box.exec();
  if (box.clickedButton() == printerButton) return PrintTarget::Printer;
  if (box.clickedButton() == pdfButton) return PrintTarget::Pdf;
  if (csvButton && box.clickedButton() == csvButton) return PrintTarget::Csv;
  return PrintTarget::None;
}

QImage ResultExports::screenshot() {
  QImage image = views_.window->grab().toImage();
  // The GL viewport is a native window: composite its framebuffer explicitly.
  const QImage gl = views_.viewport->grabImage();
  QPainter painter(&image);
  const QPoint at = views_.viewport->container()->mapTo(views_.window, QPoint(0, 0));
  painter.drawImage(QRect(at * image.devicePixelRatio(), gl.size()), gl);
  return image;
}

void ResultExports::exportPlotsInteractive() {
  QStringList filters;
  for (const QString& f : PlotPanel::exportFormats()) filters << QStringLiteral("%1 (*.%2)").arg(f.toUpper(), f);
  const QString path = QFileDialog::getSaveFileName(views_.window, tr("Export plots"), suggestedSavePath(*document_, "plots", "png"), filters.join(";;"));
  if (path.isEmpty()) return;
  PlotExportOptions options;
  if (!askPlotExportSize(views_.plots->size(), &options)) return;
  QString error;
  if (!exportPlots(path, options, &error)) messages_->showError(tr("Export plots"), error);
}

void ResultExports::exportTableInteractive(bool withUnits) {
  const QString path = QFileDialog::getSaveFileName(
      views_.window, withUnits ? tr("Export tabulated results with units") : tr("Export tabulated results"), suggestedSavePath(*document_, "results", "csv"),
      "CSV (*.csv)");
  if (path.isEmpty()) return;
  QString error;
  if (!exportTableCsv(path, withUnits, &error)) messages_->showError(tr("Export table"), error);
}

void ResultExports::exportSummaryInteractive() {
  const QString path = QFileDialog::getSaveFileName(views_.window, tr("Export summary results"), suggestedSavePath(*document_, "summary", "csv"), "CSV (*.csv)");
  if (path.isEmpty()) return;
  QString error;
  if (!exportSummaryCsv(path, &error)) messages_->showError(tr("Export summary"), error);
}

void ResultExports::printParametersInteractive() {
  QString error;
  switch (askPrintTarget(tr("Print parameters and dimensions"), false)) {
    case PrintTarget::Printer: {
      QPrinter printer(QPrinter::HighResolution);
      QPrintDialog dialog(&printer, views_.window);
      if (dialog.exec() == QDialog::Accepted && !printParameters(printer, &error)) messages_->showError(tr("Print parameters"), error);
      break;
    }
    case PrintTarget::Pdf: {
      const QString path = QFileDialog::getSaveFileName(views_.window, tr("Print parameters and dimensions to PDF"),
                                                        suggestedSavePath(*document_, "parameters", "pdf"), "PDF (*.pdf)");
      if (!path.isEmpty() && !printParameters(path, &error)) messages_->showError(tr("Print parameters"), error);
      break;
    }
    default: break;
  }
}

void ResultExports::printTableInteractive() {
  views_.showTable();
  QString error;
  switch (askPrintTarget(tr("Print tables"), true)) {
    case PrintTarget::Printer: {
      QPrinter printer(QPrinter::HighResolution);
      QPrintDialog dialog(&printer, views_.window);
      if (dialog.exec() == QDialog::Accepted && !printTable(printer, &error)) messages_->showError(tr("Print tables"), error);
      break;
    }
    case PrintTarget::Pdf: {
      const QString path = QFileDialog::getSaveFileName(views_.window, tr("Print tables to PDF"), suggestedSavePath(*document_, "tables", "pdf"), "PDF (*.pdf)");
      if (!path.isEmpty() && !printTable(path, &error)) messages_->showError(tr("Print tables"), error);
      break;
    }
    case PrintTarget::Csv: exportTableInteractive(); break;
    case PrintTarget::None: break;
  }
}

void ResultExports::exportScreenshotInteractive() {
  const QString path = QFileDialog::getSaveFileName(views_.window, tr("Save screenshot"), suggestedSavePath(*document_, "screenshot", "png"), "PNG (*.png)");
  if (!path.isEmpty()) screenshot().save(path);
}

}  // namespace armdyn::app
