#include "analysis/report_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace armdyn {

namespace {

std::string n2(double v) {
  if (!std::isfinite(v)) v = 0.0;  // a non-finite coordinate would make the file unreadable
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string ascii(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += c >= 32 && c < 127 ? static_cast<char>(c) : '?';
  return out;
}

std::string svgEscape(const std::string& s) {
  std::string out;
  for (char c : ascii(s)) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string pdfEscape(const std::string& s) {
  std::string out;
  for (char c : ascii(s)) {
    if (c == '(' || c == ')' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string svgColour(Rgb c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

std::string pdfColour(Rgb c, bool stroke) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f %.3f %.3f %s\n", c.r / 255.0, c.g / 255.0, c.b / 255.0, stroke ? "RG" : "rg");
  return buf;
}

// Helvetica's average advance, for centring and right alignment (em fraction).
double textWidth(const std::string& s, double size) { return 0.52 * size * static_cast<double>(s.size()); }

std::string tickText(double v) {
  char buf[32];
  if (v != 0.0 && (std::abs(v) < 1e-3 || std::abs(v) >= 1e5)) std::snprintf(buf, sizeof buf, "%.0e", v);
  else std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// Ticks at 1, 2, 5 times a power of ten, about five per axis.
std::vector<double> linearTicks(double lo, double hi) {
  std::vector<double> out;
  const double span = hi - lo;
  if (!(span > 0.0)) return {lo};
  const double raw = span / 5.0, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2.0 * mag : raw / mag < 7.5 ? 5.0 * mag : 10.0 * mag;
  const double first = std::ceil(lo / step - 1e-9);
  for (int k = 0; k < 50; ++k) {  // integer steps: no endless loop when step is below lo's ulp
    const double t = (first + k) * step;
    if (t > hi + 1e-9 * span) break;
    out.push_back(std::abs(t) < 1e-12 * span ? 0.0 : t);
  }
  return out;
}

std::vector<double> logTicks(double lo, double hi) {
  std::vector<double> out;
  const int d0 = static_cast<int>(std::floor(std::log10(lo))), d1 = static_cast<int>(std::ceil(std::log10(hi)));
  const bool few = d1 - d0 <= 2;
  for (int d = d0; d <= d1; ++d)
    for (double m : few ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
      const double t = m * std::pow(10.0, d);
      if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) out.push_back(t);
    }
  return out;
}

}  // namespace

double reportTextWidth(const std::string& s, double size) { return textWidth(s, size); }

ReportPage::ReportPage(double width, double height) : width_(width), height_(height) {}

void ReportPage::text(double x, double y, const std::string& s, double size, bool bold, Align align, Rgb colour) {
  Item it{Item::Text, {{x, y}}, s, size, 0.0, bold, false, align, colour};
  items_.push_back(std::move(it));
}

void ReportPage::line(double x0, double y0, double x1, double y1, Rgb colour, double width, bool dashed) {
  polyline({{x0, y0}, {x1, y1}}, colour, width, dashed);
}

void ReportPage::polyline(const std::vector<std::pair<double, double>>& points, Rgb colour, double width, bool dashed) {
  if (points.size() < 2) return;
  Item it{Item::Polyline, points, "", 0.0, width, false, dashed, Align::Left, colour};
  items_.push_back(std::move(it));
}

void ReportPage::rect(double x, double y, double w, double h, Rgb stroke, double width) {
  Item it{Item::Rect, {{x, y}, {w, h}}, "", 0.0, width, false, false, Align::Left, stroke};
  items_.push_back(std::move(it));
}

void ReportPage::fillRect(double x, double y, double w, double h, Rgb fill) {
  Item it{Item::Fill, {{x, y}, {w, h}}, "", 0.0, 0.0, false, false, Align::Left, fill};
  items_.push_back(std::move(it));
}

void ReportPage::marker(double x, double y, double radius, Rgb colour) {
  Item it{Item::Marker, {{x, y}}, "", radius, 0.0, false, false, Align::Left, colour};
  items_.push_back(std::move(it));
}

std::string ReportPage::svg() const {
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << n2(width_)
      << "pt\" height=\"" << n2(height_) << "pt\" viewBox=\"0 0 " << n2(width_) << " " << n2(height_) << "\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  for (const Item& it : items_) {
    switch (it.kind) {
      case Item::Text: {
        const char* anchor = it.align == Align::Left ? "start" : it.align == Align::Centre ? "middle" : "end";
        out << "<text x=\"" << n2(it.points[0].first) << "\" y=\"" << n2(it.points[0].second)
            << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"" << n2(it.size) << "\""
            << (it.bold ? " font-weight=\"bold\"" : "") << " text-anchor=\"" << anchor << "\" fill=\""
            << svgColour(it.colour) << "\">" << svgEscape(it.text) << "</text>\n";
        break;
      }
      case Item::Polyline: {
        out << "<polyline fill=\"none\" stroke=\"" << svgColour(it.colour) << "\" stroke-width=\"" << n2(it.width) << "\""
            << (it.dashed ? " stroke-dasharray=\"4 3\"" : "") << " points=\"";
        for (const auto& p : it.points) out << n2(p.first) << "," << n2(p.second) << " ";
        out << "\"/>\n";
        break;
      }
      case Item::Rect:
        out << "<rect x=\"" << n2(it.points[0].first) << "\" y=\"" << n2(it.points[0].second) << "\" width=\""
            << n2(it.points[1].first) << "\" height=\"" << n2(it.points[1].second) << "\" fill=\"none\" stroke=\""
            << svgColour(it.colour) << "\" stroke-width=\"" << n2(it.width) << "\"/>\n";
        break;
      case Item::Fill:
        out << "<rect x=\"" << n2(it.points[0].first) << "\" y=\"" << n2(it.points[0].second) << "\" width=\""
            << n2(it.points[1].first) << "\" height=\"" << n2(it.points[1].second) << "\" fill=\"" << svgColour(it.colour)
            << "\"/>\n";
        break;
      case Item::Marker:
        out << "<circle cx=\"" << n2(it.points[0].first) << "\" cy=\"" << n2(it.points[0].second) << "\" r=\""
            << n2(it.size) << "\" fill=\"" << svgColour(it.colour) << "\"/>\n";
        break;
    }
  }
  out << "</svg>\n";
  return out.str();
}

std::string ReportPage::pdf() const {
  // Content stream in PDF user space (origin bottom-left): y_pdf = height - y.
  std::ostringstream c;
  auto Y = [this](double y) { return n2(height_ - y); };
  for (const Item& it : items_) {
    switch (it.kind) {
      case Item::Text: {
        double x = it.points[0].first;
        const double w = textWidth(it.text, it.size);
        if (it.align == Align::Centre) x -= 0.5 * w;
        if (it.align == Align::Right) x -= w;
        c << pdfColour(it.colour, false) << "BT /" << (it.bold ? "F2" : "F1") << " " << n2(it.size) << " Tf " << n2(x) << " "
          << Y(it.points[0].second) << " Td (" << pdfEscape(it.text) << ") Tj ET\n";
        break;
      }
      case Item::Polyline: {
        c << pdfColour(it.colour, true) << n2(it.width) << " w " << (it.dashed ? "[4 3] 0 d\n" : "[] 0 d\n");
        c << n2(it.points[0].first) << " " << Y(it.points[0].second) << " m\n";
        for (std::size_t k = 1; k < it.points.size(); ++k) c << n2(it.points[k].first) << " " << Y(it.points[k].second) << " l\n";
        c << "S\n";
        break;
      }
      case Item::Rect:
        c << pdfColour(it.colour, true) << n2(it.width) << " w [] 0 d " << n2(it.points[0].first) << " "
          << Y(it.points[0].second + it.points[1].second) << " " << n2(it.points[1].first) << " " << n2(it.points[1].second)
          << " re S\n";
        break;
      case Item::Fill:
        c << pdfColour(it.colour, false) << n2(it.points[0].first) << " " << Y(it.points[0].second + it.points[1].second) << " "
          << n2(it.points[1].first) << " " << n2(it.points[1].second) << " re f\n";
        break;
      case Item::Marker: {
        const double r = it.size, x = it.points[0].first, y = it.points[0].second;
        c << pdfColour(it.colour, false) << n2(x - r) << " " << Y(y + r) << " " << n2(2 * r) << " " << n2(2 * r) << " re f\n";
        break;
      }
    }
  }
  const std::string content = c.str();
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + n2(width_) + " " + n2(height_) +
          "] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "endstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"};
  std::string out = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t k = 0; k < objects.size(); ++k) {
    offsets.push_back(out.size());
    out += std::to_string(k + 1) + " 0 obj\n" + objects[k] + "\nendobj\n";
  }
  const std::size_t xref = out.size();
  out += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t off : offsets) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%010zu 00000 n \n", off);
    out += buf;
  }
  out += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) +
         "\n%%EOF\n";
  return out;
}

double PlotFrame::px(double v) const {
  const double u = logX ? (std::log10(v) - std::log10(xmin)) / (std::log10(xmax) - std::log10(xmin)) : (v - xmin) / (xmax - xmin);
  return x + u * w;
}

double PlotFrame::py(double v) const {
  const double u = logY ? (std::log10(v) - std::log10(ymin)) / (std::log10(ymax) - std::log10(ymin)) : (v - ymin) / (ymax - ymin);
  return y + h - u * h;
}

void fitRange(const std::vector<double>& values, bool logarithmic, double& lo, double& hi) {
  lo = 1e300, hi = -1e300;
  for (double v : values)
    if (std::isfinite(v) && (!logarithmic || v > 0.0)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (lo > hi) {
    lo = logarithmic ? 0.1 : 0.0, hi = 1.0;
    return;
  }
  if (logarithmic) {
    lo = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    hi = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (hi <= lo) hi = 10.0 * lo;
    return;
  }
  const double span = hi - lo > 0.0 ? hi - lo : std::max(1e-12, std::abs(hi));
  lo -= 0.05 * span, hi += 0.05 * span;
}

void drawPlotFrame(ReportPage& page, const PlotFrame& f) {
  const Rgb grid{225, 225, 225}, ink{40, 40, 40};
  for (double t : f.logX ? logTicks(f.xmin, f.xmax) : linearTicks(f.xmin, f.xmax)) {
    const double X = f.px(t);
    page.line(X, f.y, X, f.y + f.h, grid, 0.4);
    page.text(X, f.y + f.h + 9, tickText(t), 6.5, false, ReportPage::Align::Centre, ink);
  }
  for (double t : f.logY ? logTicks(f.ymin, f.ymax) : linearTicks(f.ymin, f.ymax)) {
    const double Yp = f.py(t);
    page.line(f.x, Yp, f.x + f.w, Yp, grid, 0.4);
    page.text(f.x - 3, Yp + 2.5, tickText(t), 6.5, false, ReportPage::Align::Right, ink);
  }
  page.rect(f.x, f.y, f.w, f.h, ink, 0.6);
  // The title above the y axis's label, which starts over the tick labels: the two never share a
  // line (a long title ran into the label, a long label off the page's left edge).
  page.text(f.x + 0.5 * f.w, f.y - (f.yLabel.empty() ? 5 : 14), f.title, 8, true, ReportPage::Align::Centre, ink);
  page.text(f.x + 0.5 * f.w, f.y + f.h + 20, f.xLabel, 7, false, ReportPage::Align::Centre, ink);
  page.text(std::max(2.0, f.x - 30), f.y - 4, f.yLabel, 7, false, ReportPage::Align::Left, ink);
}

void drawSeries(ReportPage& page, const PlotFrame& f, const std::vector<double>& xs, const std::vector<double>& ys, Rgb colour,
                double width, bool markers, bool dashed) {
  std::vector<std::pair<double, double>> pts;
  for (std::size_t k = 0; k < xs.size() && k < ys.size(); ++k) {
    if (!std::isfinite(xs[k]) || !std::isfinite(ys[k])) continue;
    if ((f.logX && xs[k] <= 0.0) || (f.logY && ys[k] <= 0.0)) continue;
    pts.emplace_back(f.px(xs[k]), f.py(ys[k]));
    if (markers) page.marker(pts.back().first, pts.back().second, 1.8, colour);
  }
  page.polyline(pts, colour, width, dashed);
}

void drawTable(ReportPage& page, double x, double y, const std::vector<double>& widths,
               const std::vector<std::vector<std::string>>& rows, double size) {
  const double rowHeight = size * 1.45;
  double total = 0.0;
  for (double w : widths) total += w;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const double top = y + rowHeight * static_cast<double>(r);
    if (r == 0) page.fillRect(x, top, total, rowHeight, Rgb{232, 236, 242});
    double cx = x;
    for (std::size_t c = 0; c < rows[r].size() && c < widths.size(); ++c) {
      const bool first = c == 0;
      page.text(first ? cx + 2 : cx + widths[c] - 3, top + rowHeight - 0.35 * size, rows[r][c], size, r == 0,
                first ? ReportPage::Align::Left : ReportPage::Align::Right);
      cx += widths[c];
    }
  }
  page.line(x, y + rowHeight, x + total, y + rowHeight, Rgb{120, 120, 120}, 0.5);
}

double drawTitleBlock(ReportPage& page, double left, double right, double baseline, const std::string& heading,
                      const ReportTitle& title) {
  const Rgb ink{30, 30, 30}, grey{110, 110, 110};
  page.text(left, baseline, heading, 15, true, ReportPage::Align::Left, ink);
  page.text(right, baseline, "armdyn " + title.version, 8, false, ReportPage::Align::Right, grey);
  baseline += 16.0;
  page.text(left, baseline, "Robot: " + (title.robot.empty() ? std::string("robot") : title.robot), 9, false,
            ReportPage::Align::Left, ink);
  page.text(right, baseline, title.date, 9, false, ReportPage::Align::Right, ink);
  return baseline + 12.0;
}

}  // namespace armdyn
