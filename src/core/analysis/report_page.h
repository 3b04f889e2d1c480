#pragma once
// A report page of vector drawing (lines, polylines, rectangles, markers, text), written as a
// self-contained SVG or a one-page PDF (PDF 1.4, uncompressed content stream, the standard
// Helvetica fonts; no library): the reports of the core (ISO 9283 bench, error-speed sweep)
// need no Qt. Coordinates in points (1/72 in) from the top-left corner, y down. Text is ASCII
// (other bytes are written as '?'). Plot frames with "nice" ticks, linear or logarithmic.

#include <string>
#include <utility>
#include <vector>

namespace armdyn {

struct Rgb {
  unsigned char r = 0, g = 0, b = 0;
};

class ReportPage {
 public:
  enum class Align { Left, Centre, Right };
  ReportPage(double width, double height);

  double width() const { return width_; }
  double height() const { return height_; }
  // A page that grows with its content (a report of many joints); drawing keeps its coordinates.
  void setHeight(double height) { height_ = height; }
  // y is the text's baseline.
  void text(double x, double y, const std::string& s, double size = 9.0, bool bold = false, Align align = Align::Left,
            Rgb colour = {});
  void line(double x0, double y0, double x1, double y1, Rgb colour = {}, double width = 0.5, bool dashed = false);
  void polyline(const std::vector<std::pair<double, double>>& points, Rgb colour = {}, double width = 0.8,
                bool dashed = false);
  void rect(double x, double y, double w, double h, Rgb stroke = {}, double width = 0.5);
  void fillRect(double x, double y, double w, double h, Rgb fill);
  void marker(double x, double y, double radius, Rgb colour);

  std::string svg() const;
  std::string pdf() const;

 private:
  struct Item {
    enum Kind { Text, Polyline, Rect, Fill, Marker } kind;
    std::vector<std::pair<double, double>> points;
    std::string text;
    double size = 0.0, width = 0.0;
    bool bold = false, dashed = false;
    Align align = Align::Left;
    Rgb colour;
  };
  double width_, height_;
  std::vector<Item> items_;
};

// A plot's frame on a page: data ranges mapped into the rectangle (x, y, w, h).
struct PlotFrame {
  double x = 0.0, y = 0.0, w = 100.0, h = 100.0;  // points
  double xmin = 0.0, xmax = 1.0, ymin = 0.0, ymax = 1.0;
  bool logX = false, logY = false;
  std::string title, xLabel, yLabel;
  double px(double v) const;  // page x of data x
  double py(double v) const;  // page y of data y
};
// Ranges that hold the data with 5 % margins (logarithmic axes: whole decades when near).
void fitRange(const std::vector<double>& values, bool logarithmic, double& lo, double& hi);
// Axes, ticks, grid, labels and title.
void drawPlotFrame(ReportPage& page, const PlotFrame& frame);
void drawSeries(ReportPage& page, const PlotFrame& frame, const std::vector<double>& xs, const std::vector<double>& ys,
                Rgb colour, double width = 0.9, bool markers = false, bool dashed = false);
// The width a text takes on the page (Helvetica's average advance: an estimate, generous for
// digits), points.
double reportTextWidth(const std::string& s, double size);
// The title block every report starts with (sizing, ISO 9283 bench, error-speed sweep): the
// heading and "armdyn VERSION" on the first line, "Robot: NAME" and the date on the second.
struct ReportTitle {
  std::string robot;    // the robot's name
  std::string tasks;    // the task, duty cycle or bench in words (the report's third line)
  std::string date;     // as the caller writes it (ISO 8601)
  std::string version;  // the software's
};
// Draws it between x = left and x = right from the heading's baseline; returns the baseline
// of the next line.
double drawTitleBlock(ReportPage& page, double left, double right, double baseline, const std::string& heading,
                      const ReportTitle& title);
// A table: rows of cells (the first row is the header), column widths in points.
void drawTable(ReportPage& page, double x, double y, const std::vector<double>& columnWidths,
               const std::vector<std::vector<std::string>>& rows, double size = 8.0);

}  // namespace armdyn
