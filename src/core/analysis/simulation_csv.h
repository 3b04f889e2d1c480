#pragma once
// The one CSV writer of run records (GUI exports, `armdyn simulate --csv`, `armdyn run --csv`),
// one row per sample, SI units, numbers with %.17g. Columns (a contract, docs/cli.md):
//   prescribed motion:   t,q1..qn,qd1..qdn,qdd1..qdn,f1..fn
//                        (s; rad or m; rad/s or m/s; rad/s^2 or m/s^2; N m or N)
//   forward simulation:  t,q1..qn,qd1..qdn,qref1..qrefn,e1..en,u1..un,v1..vn,i1..in,tau1..taun
//                        (q_d, q_d - q, controller output, voltage V, current A, drive torque)
//                        then qm1..qmn (gear-output angle, rad or m) for elastic drives

#include "simulation/run_record.h"

#include <string>
#include <vector>

namespace armdyn {

// Options of the writer. The default writes the contract header above (t,q1,...), unchanged.
struct CsvOptions {
  // One joint type per joint: every header cell then carries its SI unit in brackets, e.g.
  // "t (s),q1 (rad),q2 (m),qd1 (rad/s),...,f1 (N m),f2 (N)" (revolute rad, rad/s, rad/s^2, N m;
  // prismatic m, m/s, m/s^2, N; forward runs: u in V, A or N m/N as the drive input, v in V,
  // i in A). Empty: no units. Values are the same either way.
  std::vector<JointType> unitsOf;
};

std::string simulationCsvHeader(int dof);  // the prescribed-motion header
std::string recordCsv(const RunRecord& record, const CsvOptions& options = {});
// Written atomically (io's writeFileAtomic): a failed run leaves no partial file.
void writeRecordCsv(const std::string& path, const RunRecord& record, const CsvOptions& options = {});

}  // namespace armdyn
