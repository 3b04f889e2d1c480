#include "analysis/state_tables.h"

#include "analysis/summary_report.h"
#include "common/atomic_write.h"
#include "common/number_text.h"

#include <cstdio>
#include <stdexcept>

namespace armdyn {

namespace {

std::string cell(double v, const std::string& unit) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%14.6e %-7s", displayValue(v), unit.c_str());  // rounding noise as 0
  return buf;
}

}  // namespace

std::string stateTables(const Model& model, const RunRecord& sim, int stride) {
  if (stride < 1) throw std::invalid_argument("stateTables: stride must be at least 1");
  const int n = model.dof();
  std::string out;
  char buf[128];
  for (std::size_t k = 0; k < sim.t.size(); k += static_cast<std::size_t>(stride)) {
    std::snprintf(buf, sizeof buf, "Current Time = %.6f s\n\n", sim.t[k]);
    out += buf;
    out += "Joint     Position               Velocity               Acceleration           Force/Torque\n";
    for (int i = 0; i < n; ++i) {
      std::snprintf(buf, sizeof buf, "%-2d (%s)  ", i + 1, model.isRevolute(i) ? "R" : "P");
      out += buf;
      const Eigen::Index r = static_cast<Eigen::Index>(k);
      out += cell(sim.q(r, i), jointUnit(model, i, 0)) + cell(sim.qd(r, i), jointUnit(model, i, 1)) +
             cell(sim.qdd(r, i), jointUnit(model, i, 2)) + cell(sim.force(r, i), jointUnit(model, i, 3));
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
    out += "\n";
  }
  return out;
}

void writeStateTables(const std::string& path, const Model& model, const RunRecord& sim,
                      int stride) {
  writeFileAtomic(path, stateTables(model, sim, stride));
}

}  // namespace armdyn
