#include "analysis/simulation_csv.h"

#include "io/robot_file.h"

#include <cstdio>

namespace armdyn {

std::string simulationCsvHeader(int dof) {
  std::string h = "t";
  for (const char* prefix : {"q", "qd", "qdd", "f"})
    for (int i = 1; i <= dof; ++i) h += std::string(",") + prefix + std::to_string(i);
  return h;
}

std::string simulationCsv(const TaskSimulation& sim) {
  const Eigen::Index n = sim.q.cols();
  std::string out = simulationCsvHeader(static_cast<int>(n)) + "\n";
  char buf[32];
  auto put = [&](double v) {
    std::snprintf(buf, sizeof buf, ",%.17g", v);
    out += buf;
  };
  for (std::size_t k = 0; k < sim.t.size(); ++k) {
    std::snprintf(buf, sizeof buf, "%.17g", sim.t[k]);
    out += buf;
    const Eigen::Index r = static_cast<Eigen::Index>(k);
    for (const Eigen::MatrixXd* m : {&sim.q, &sim.qd, &sim.qdd, &sim.force})
      for (Eigen::Index i = 0; i < n; ++i) put((*m)(r, i));
    out += "\n";
  }
  return out;
}

void writeSimulationCsv(const std::string& path, const TaskSimulation& sim) {
  writeFileAtomic(path, simulationCsv(sim));
}

}  // namespace armdyn
