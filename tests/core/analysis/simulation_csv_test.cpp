// CSV of simulation samples: exact header, one row per sample, values read back exactly.
#include "analysis/simulation_csv.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <sstream>

namespace armdyn {
namespace {

RunRecord randomSamples(int samples, int n) {
  std::mt19937 rng(3);
  RunRecord sim;
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
  const RunRecord sim = randomSamples(5, 2);
  std::istringstream in(recordCsv(sim));
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

TEST(SimulationCsv, ForwardRunsKeepTheRunColumns) {
  // `armdyn run --csv` contract: t,q,qd,qref,e,u,v,i,tau, each column from its channel.
  RunRecord r = randomSamples(3, 2);
  r.mode = RunMode::ForwardSimulation;
  std::mt19937 rng(5);
  for (Eigen::MatrixXd* m : {&r.setpoint, &r.error, &r.input, &r.voltage, &r.current, &r.motorTorque}) {
    m->resize(3, 2);
    for (int k = 0; k < 3; ++k) m->row(k) = test::randomVector(rng, 2, 10.0).transpose();
  }
  std::istringstream in(recordCsv(r));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "t,q1,q2,qd1,qd2,qref1,qref2,e1,e2,u1,u2,v1,v2,i1,i2,tau1,tau2");
  std::getline(in, line);
  std::getline(in, line);  // row 1
  std::vector<double> v;
  std::stringstream ls(line);
  std::string cell;
  while (std::getline(ls, cell, ',')) v.push_back(std::strtod(cell.c_str(), nullptr));
  ASSERT_EQ(v.size(), 17u);
  EXPECT_EQ(v[5], r.setpoint(1, 0));
  EXPECT_EQ(v[8], r.error(1, 1));
  EXPECT_EQ(v[9], r.input(1, 0));
  EXPECT_EQ(v[12], r.voltage(1, 1));
  EXPECT_EQ(v[16], r.motorTorque(1, 1));
}

TEST(SimulationCsv, UnitsInTheHeaderOnlyWhenAsked) {
  // Units are an option (Studio exports them); the default header is the CLI contract, unchanged.
  const RunRecord sim = randomSamples(3, 2);
  const std::string plain = recordCsv(sim);
  EXPECT_EQ(plain.substr(0, plain.find('\n')), "t,q1,q2,qd1,qd2,qdd1,qdd2,f1,f2");
  EXPECT_EQ(recordCsv(sim, CsvOptions{}), plain);
  CsvOptions units;
  units.unitsOf = {JointType::Revolute, JointType::Prismatic};
  const std::string withUnits = recordCsv(sim, units);
  EXPECT_EQ(withUnits.substr(0, withUnits.find('\n')),
            "t (s),q1 (rad),q2 (m),qd1 (rad/s),qd2 (m/s),qdd1 (rad/s^2),qdd2 (m/s^2),f1 (N m),f2 (N)");
  // The same rows below either header.
  EXPECT_EQ(withUnits.substr(withUnits.find('\n')), plain.substr(plain.find('\n')));
  units.unitsOf = {JointType::Revolute};
  EXPECT_THROW(recordCsv(sim, units), std::invalid_argument);
}

TEST(SimulationCsv, ForwardRunUnitsFollowTheDriveInput) {
  RunRecord r = randomSamples(2, 1);
  r.mode = RunMode::ForwardSimulation;
  for (Eigen::MatrixXd* m : {&r.setpoint, &r.error, &r.input, &r.voltage, &r.current, &r.motorTorque})
    *m = Eigen::MatrixXd::Zero(2, 1);
  r.forward.input = DriveInput::Voltage;
  CsvOptions units;
  units.unitsOf = {JointType::Revolute};
  const std::string csv = recordCsv(r, units);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "t (s),q1 (rad),qd1 (rad/s),qref1 (rad),e1 (rad),u1 (V),v1 (V),i1 (A),tau1 (N m)");
}

}  // namespace
}  // namespace armdyn
