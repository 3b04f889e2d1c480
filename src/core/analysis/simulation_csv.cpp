#include "analysis/simulation_csv.h"

#include "common/number_text.h"
#include "common/atomic_write.h"

#include <cstdio>
#include <stdexcept>

namespace armdyn {

namespace {

// What a column measures, for its unit.
enum class Dimension { Position, Velocity, Acceleration, Force, Input, Voltage, Current };

struct Column {
  const char* prefix;
  const Eigen::MatrixXd* values;
  Dimension dimension;
};

std::vector<Column> columnsOf(const RunRecord& r) {
  using D = Dimension;
  if (r.mode == RunMode::ForwardSimulation) {
    std::vector<Column> c = {{"q", &r.q, D::Position},      {"qd", &r.qd, D::Velocity},     {"qref", &r.setpoint, D::Position},
                             {"e", &r.error, D::Position},  {"u", &r.input, D::Input},      {"v", &r.voltage, D::Voltage},
                             {"i", &r.current, D::Current}, {"tau", &r.motorTorque, D::Force}};
    // Elastic drives: the gear-output angles appended after every other column, so that scripts
    // reading the rigid columns by position keep working (docs/cli.md).
    if (r.motorAngle.size() > 0) c.push_back({"qm", &r.motorAngle, D::Position});
    return c;
  }
  return {{"q", &r.q, D::Position}, {"qd", &r.qd, D::Velocity}, {"qdd", &r.qdd, D::Acceleration}, {"f", &r.force, D::Force}};
}

std::string unitOf(Dimension d, JointType joint, DriveInput input) {
  const bool revolute = joint == JointType::Revolute;
  switch (d) {
    case Dimension::Position: return revolute ? "rad" : "m";
    case Dimension::Velocity: return revolute ? "rad/s" : "m/s";
    case Dimension::Acceleration: return revolute ? "rad/s^2" : "m/s^2";
    case Dimension::Force: return revolute ? "N m" : "N";
    case Dimension::Input:
      if (input == DriveInput::Voltage) return "V";
      if (input == DriveInput::Current) return "A";
      return revolute ? "N m" : "N";
    case Dimension::Voltage: return "V";
    case Dimension::Current: return "A";
  }
  return {};
}

// `units` empty: the contract header; else one joint type per joint, units in brackets.
std::string header(const std::vector<Column>& columns, int dof, const std::vector<JointType>& units = {},
                   DriveInput input = DriveInput::Torque) {
  const bool withUnits = !units.empty();
  if (withUnits && static_cast<int>(units.size()) != dof)
    throw std::invalid_argument("CSV units: " + std::to_string(units.size()) + " joint types for " +
                                std::to_string(dof) + " joints");
  std::string h = withUnits ? "t (s)" : "t";
  for (const Column& c : columns)
    for (int i = 1; i <= dof; ++i) {
      h += std::string(",") + c.prefix + std::to_string(i);
      if (withUnits) h += " (" + unitOf(c.dimension, units[i - 1], input) + ")";
    }
  return h;
}

}  // namespace

std::string simulationCsvHeader(int dof) {
  const RunRecord empty;
  return header(columnsOf(empty), dof);
}

std::string recordCsv(const RunRecord& r, const CsvOptions& options) {
  const Eigen::Index n = r.q.cols();
  const std::vector<Column> columns = columnsOf(r);
  std::string out = header(columns, static_cast<int>(n), options.unitsOf, r.forward.input) + "\n";
  char buf[32];
  for (std::size_t k = 0; k < r.t.size(); ++k) {
    // Times as the shortest text that reads back to the same double: 0.025, not the
    // 0.025000000000000001 that 17 digits print (sample times are multiples of DT).
    out += formatNumber(r.t[k]);
    const Eigen::Index row = static_cast<Eigen::Index>(k);
    for (const Column& c : columns)
      for (Eigen::Index i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, ",%.17g", (*c.values)(row, i));
        out += buf;
      }
    out += "\n";
  }
  return out;
}

void writeRecordCsv(const std::string& path, const RunRecord& record, const CsvOptions& options) {
  writeFileAtomic(path, recordCsv(record, options));
}

}  // namespace armdyn
