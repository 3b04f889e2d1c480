// CSV of simulation samples: exact header, one row per sample, values read back exactly.
#include "analysis/simulation_csv.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <sstream>

namespace armdyn {
namespace {

TaskSimulation randomSamples(int samples, int n) {
  std::mt19937 rng(3);
  TaskSimulation sim;
  for (int k = 0; k < samples; ++k) sim.t.push_back(0.025 * k);
  for (Eigen::MatrixXd* m : {&sim.q, &sim.qd, &sim.qdd, &sim.force}) {
    m->resize(samples, n);
    for (int k = 0; k < samples; ++k) m->row(k) = test::randomVector(rng, n, 10.0).transpose();
  }
  return sim;
}

TEST(SimulationCsv, HeaderNamesEveryColumn) {
  EXPECT_EQ(simulationCsvHeader(3), "t,q1,q2,q3,qd1,qd2,qd3,qdd1,qdd2,qdd3,f1,f2,f3");
  EXPECT_EQ(simulationCsvHeader(1), "t,q1,qd1,qdd1,f1");
}

TEST(SimulationCsv, RowsReadBackExactly) {
  const TaskSimulation sim = randomSamples(5, 2);
  std::istringstream in(simulationCsv(sim));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "t,q1,q2,qd1,qd2,qdd1,qdd2,f1,f2");
  int row = 0;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) v.push_back(std::strtod(cell.c_str(), nullptr));
    ASSERT_EQ(v.size(), 9u);
    EXPECT_EQ(v[0], sim.t[row]);
    for (int i = 0; i < 2; ++i) {
      EXPECT_EQ(v[1 + i], sim.q(row, i));
      EXPECT_EQ(v[3 + i], sim.qd(row, i));
      EXPECT_EQ(v[5 + i], sim.qdd(row, i));
      EXPECT_EQ(v[7 + i], sim.force(row, i));
    }
    ++row;
  }
  EXPECT_EQ(row, 5);
}

}  // namespace
}  // namespace armdyn
