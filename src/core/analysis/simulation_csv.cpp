#include "analysis/simulation_csv.h"

#include "io/number_text.h"
#include "io/robot_file.h"

#include <cstdio>

namespace armdyn {

namespace {

struct Column {
  const char* prefix;
  const Eigen::MatrixXd* values;
};

std::vector<Column> columnsOf(const RunRecord& r) {
  if (r.mode == RunMode::ForwardSimulation)
    return {{"q", &r.q},      {"qd", &r.qd},     {"qref", &r.setpoint}, {"e", &r.error},
            {"u", &r.input},  {"v", &r.voltage}, {"i", &r.current},     {"tau", &r.motorTorque}};
  return {{"q", &r.q}, {"qd", &r.qd}, {"qdd", &r.qdd}, {"f", &r.force}};
}

std::string header(const std::vector<Column>& columns, int dof) {
  std::string h = "t";
  for (const Column& c : columns)
    for (int i = 1; i <= dof; ++i) h += std::string(",") + c.prefix + std::to_string(i);
  return h;
}

}  // namespace

std::string simulationCsvHeader(int dof) {
  const RunRecord empty;
  return header(columnsOf(empty), dof);
}

std::string recordCsv(const RunRecord& r) {
  const Eigen::Index n = r.q.cols();
  const std::vector<Column> columns = columnsOf(r);
  std::string out = header(columns, static_cast<int>(n)) + "\n";
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

void writeRecordCsv(const std::string& path, const RunRecord& record) { writeFileAtomic(path, recordCsv(record)); }

}  // namespace armdyn
