// Vora's 1984 data files, read as the thesis prints them (section 6.3):
//   manipulator specification (fig 6.2): n; per link: NAME+R|P, theta d alpha a (deg, m),
//     density, Xo Yo Zo Xi Yi Zi, homogeneous bar centre (x y z 1), Vmax; then the homogeneous
//     gravity direction (gx gy gz 0), DT, TACC (DT comes first in the printed file);
//   trajectory (fig 6.3, 7.4): one point a line, X,Y,Z,R,P,Y (m, deg).
// Values are Fortran free format: separated by commas and/or blanks.
#include "common/field_source.h"
#include "common/input_error.h"
#include "common/number_text.h"
#include "io/robot_file.h"
#include "io/spec_check.h"

#include <cctype>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>

namespace armdyn {
namespace {

using io_detail::FieldSource;

struct TextLine {
  int number = 0;    // 1-based line in the file
  std::string text;  // trimmed
};

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// The non-blank lines of a file with their numbers.
std::vector<TextLine> contentLines(const std::string& text) {
  std::vector<TextLine> out;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    ++number;
    const std::string line = trim(text.substr(start, end - start));
    if (!line.empty()) out.push_back({number, line});
    start = end + 1;
  }
  return out;
}

bool looksNumeric(const std::string& line) {
  const unsigned char c = line.empty() ? 0 : static_cast<unsigned char>(line[0]);
  return std::isdigit(c) || c == '.' || c == '-' || c == '+';
}

std::string stem(const std::string& fileName) { return std::filesystem::path(fileName).stem().string(); }

class LineReader {
 public:
  LineReader(FieldSource& source, const std::string& text) : src_(source), lines_(contentLines(text)) {}

  bool atEnd() const { return next_ == lines_.size(); }
  const TextLine& peek() const { return lines_[next_]; }
  int endLine() const { return lines_.empty() ? 1 : lines_.back().number + 1; }

  // The next line, or an error where `what` (the `field`) should have been.
  const TextLine& take(const std::string& field, const std::string& what) {
    if (atEnd()) src_.fail(endLine(), field, "the file ends before " + what);
    return lines_[next_++];
  }

  // The values of a line: one of `counts` many numbers. `fieldOf(k)` names value k.
  std::vector<double> numbers(const TextLine& line, const std::string& group, const std::vector<int>& counts,
                              const std::string& what, const std::function<std::string(int)>& fieldOf) {
    std::vector<std::string> tokens;
    std::size_t start = 0;
    while (start <= line.text.size()) {
      std::size_t comma = line.text.find(',', start);
      if (comma == std::string::npos) comma = line.text.size();
      const std::string piece = trim(line.text.substr(start, comma - start));
      if (piece.empty()) src_.fail(line.number, group, "empty value between commas in '" + line.text + "'");
      std::size_t p = 0;
      while (p < piece.size()) {  // blanks also separate values
        const std::size_t b = piece.find_first_not_of(" \t", p);
        if (b == std::string::npos) break;
        const std::size_t e = std::min(piece.find_first_of(" \t", b), piece.size());
        tokens.push_back(piece.substr(b, e - b));
        p = e;
      }
      start = comma + 1;
    }
    bool countOk = false;
    for (int c : counts) countOk = countOk || static_cast<int>(tokens.size()) == c;
    if (!countOk)
      src_.fail(line.number, group,
                "expected " + what + ", got " + std::to_string(tokens.size()) + " value(s) in '" + line.text + "'");
    std::vector<double> values;
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      const NumberText n = readNumber(tokens[k]);
      if (n.kind == NumberText::Kind::NotFinite)
        src_.fail(line.number, fieldOf(static_cast<int>(k)), "must be a finite number, got '" + tokens[k] + "'");
      if (n.kind != NumberText::Kind::Number)
        src_.fail(line.number, fieldOf(static_cast<int>(k)), "expected a number, got '" + tokens[k] + "'");
      values.push_back(n.value);
    }
    return values;
  }

  double number(const TextLine& line, const std::string& field, const std::string& what) {
    return numbers(line, field, {1}, what, [&](int) { return field; })[0];
  }

 private:
  FieldSource& src_;
  std::vector<TextLine> lines_;
  std::size_t next_ = 0;
};

// Vora's RRR (table 7.1, fig 7.1) has a closed-form inverse (eqs 7.1-7.4); recognise its shape.
std::string inferFamily(const RobotSpec& r) {
  if (r.dof() != 3) return "";
  const double tol = 1e-12;
  for (const LinkSpec& l : r.links)
    if (l.joint != JointType::Revolute || std::abs(l.dh.d) > tol || std::abs(l.dh.theta) > tol) return "";
  const auto& L = r.links;
  if (std::abs(std::abs(L[0].dh.alpha) - M_PI / 2) > tol || std::abs(L[1].dh.alpha) > tol ||
      std::abs(L[2].dh.alpha) > tol || std::abs(L[0].dh.a) > tol || L[1].dh.a <= 0.0 || L[2].dh.a <= 0.0)
    return "";
  return "rrr";
}

}  // namespace

RobotSpec parseVoraSpec(const std::string& text, const std::string& fileName) {
  FieldSource src(fileName);
  LineReader in(src, text);
  const TextLine& countLine = in.take("links", "the number of degrees of freedom");
  src.note("links", countLine.number);
  const auto count = readInteger(countLine.text);
  if (!count) src.fail(countLine.number, "links", "expected the number of links (an integer), got '" + countLine.text + "'");
  if (*count < 1 || *count > kMaxLinks)
    src.fail(countLine.number, "links", "a robot has 1 to " + std::to_string(kMaxLinks) + " links, got " + std::to_string(*count));
  const int n = static_cast<int>(*count);
  const std::string countNote = "the count on line " + std::to_string(countLine.number) + " says " + std::to_string(n) + " links";

  RobotSpec r;
  r.name = stem(fileName);
  r.links.resize(n);
  r.home = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i) {
    LinkSpec& l = r.links[i];
    const std::string p = "links[" + std::to_string(i + 1) + "]";
    const std::string linkName = "LINK" + std::to_string(i + 1);

    const TextLine& head = in.take(p + ".joint", "the line " + linkName + "R or " + linkName + "P (" + countNote + ")");
    if (looksNumeric(head.text))
      src.fail(head.number, "links", countNote + ", but the file has only " + std::to_string(i) +
                                         " link block(s): expected " + linkName + "R or " + linkName + "P here, got '" + head.text + "'");
    src.note(p, head.number);
    src.note(p + ".joint", head.number);
    if (head.text.size() != 6)
      src.fail(head.number, p + ".joint", "a link line has 6 characters (5 for the name, then R or P), got '" + head.text + "'");
    const char type = head.text[5];
    if (type != 'R' && type != 'P')
      src.fail(head.number, p + ".joint", std::string("the 6th character must be R (revolute) or P (prismatic), got '") + type + "'");
    l.name = trim(head.text.substr(0, 5));
    l.joint = type == 'R' ? JointType::Revolute : JointType::Prismatic;

    const char* dhNames[] = {"theta", "d", "alpha", "a"};
    const TextLine& dhLine = in.take(p + ".theta", "the link parameters of " + linkName + " (theta, d, alpha, a)");
    for (const char* f : dhNames) src.note(p + "." + f, dhLine.number);
    const std::vector<double> dh = in.numbers(dhLine, p + ".theta", {4}, "4 link parameters (theta, d, alpha, a)",
                                              [&](int k) { return p + "." + dhNames[k]; });
    // Vora's joint variable is theta (R) or d (P) itself: its entry becomes the home position
    // and the DH offset is zero.
    if (l.joint == JointType::Revolute) {
      r.home(i) = degToRad(dh[0]);
      l.dh = {0.0, dh[1], degToRad(dh[2]), dh[3]};
    } else {
      r.home(i) = dh[1];
      l.dh = {degToRad(dh[0]), 0.0, degToRad(dh[2]), dh[3]};
    }

    l.massSource = MassSource::HollowBar;
    const TextLine& rho = in.take(p + ".bar.density", "the density of " + linkName);
    src.note(p + ".bar", rho.number);
    src.note(p + ".bar.density", rho.number);
    l.bar.density = in.number(rho, p + ".bar.density", "1 value (density, kg/m^3)");

    const TextLine& dims = in.take(p + ".bar.outer", "the dimensions of " + linkName + " (Xo, Yo, Zo, Xi, Yi, Zi)");
    src.note(p + ".bar.outer", dims.number);
    src.note(p + ".bar.inner", dims.number);
    const std::vector<double> x = in.numbers(dims, p + ".bar.outer", {6}, "6 dimensions (Xo, Yo, Zo, Xi, Yi, Zi)",
                                             [&](int k) { return p + (k < 3 ? ".bar.outer" : ".bar.inner"); });
    l.bar.outer = {x[0], x[1], x[2]};
    l.bar.inner = {x[3], x[4], x[5]};

    const TextLine& centre = in.take(p + ".bar.centre", "the centre of mass of " + linkName + " (x, y, z, 1)");
    src.note(p + ".bar.centre", centre.number);
    const std::vector<double> c = in.numbers(centre, p + ".bar.centre", {3, 4}, "the centre of mass (x, y, z, 1)",
                                             [&](int) { return p + ".bar.centre"; });
    if (c.size() == 4 && c[3] != 1.0)
      src.fail(centre.number, p + ".bar.centre", "a homogeneous point ends in 1, got " + formatNumber(c[3]));
    l.bar.centre = {c[0], c[1], c[2]};

    const TextLine& vmax = in.take(p + ".vmax", "the maximum velocity of joint " + std::to_string(i + 1));
    src.note(p + ".vmax", vmax.number);
    l.vMax = in.number(vmax, p + ".vmax", "1 value (Vmax, rad/s or m/s)");
  }

  const TextLine& g = in.take("gravity", "the gravity vector (gx, gy, gz, 0)");
  if (!looksNumeric(g.text))
    src.fail(g.number, "links", countNote + ", but another link block starts here: '" + g.text + "'");
  src.note("gravity", g.number);
  const std::vector<double> gv = in.numbers(g, "gravity", {3, 4}, "the gravity vector (gx, gy, gz, 0)",
                                            [](int) { return std::string("gravity"); });
  if (gv.size() == 4 && gv[3] != 0.0)
    src.fail(g.number, "gravity", "a homogeneous direction ends in 0, got " + formatNumber(gv[3]));
  r.gravity = {gv[0], gv[1], gv[2]};

  const TextLine& dt = in.take("dt", "the time increment DT");
  src.note("dt", dt.number);
  r.dt = in.number(dt, "dt", "1 value (DT, s)");
  const TextLine& tacc = in.take("tacc", "the acceleration time TACC");
  src.note("tacc", tacc.number);
  r.tacc = in.number(tacc, "tacc", "1 value (TACC, s)");
  if (!in.atEnd())
    src.fail(in.peek().number, "tacc", "TACC is the last item of the file, but more follows: '" + in.peek().text + "'");

  r.family = inferFamily(r);
  io_detail::checkReadRobot(r, src, "");
  return r;
}

TaskSpec parseVoraTrajectory(const std::string& text, const std::string& fileName) {
  FieldSource src(fileName);
  LineReader in(src, text);
  TaskSpec t;
  t.name = stem(fileName);
  t.sourceFile = fileName;
  if (in.atEnd()) src.fail(1, "points", "a task needs at least one point (X,Y,Z,R,P,Y a line)");
  while (!in.atEnd()) {
    const TextLine& line = in.take("points", "a point");
    const std::string p = "points[" + std::to_string(t.points.size() + 1) + "]";
    const std::vector<double> v = in.numbers(line, p, {6}, "6 values X,Y,Z,R,P,Y (m, deg)",
                                             [&](int k) { return p + (k < 3 ? ".xyz" : ".rpy"); });
    TaskPoint point;
    point.position = {v[0], v[1], v[2]};
    point.rpy = {degToRad(v[3]), degToRad(v[4]), degToRad(v[5])};
    point.sourceLine = line.number;
    t.points.push_back(point);
  }
  return t;
}

}  // namespace armdyn
