#pragma once
// The one CSV writer of run records (GUI exports, `armdyn simulate --csv`, `armdyn run --csv`),
// one row per sample, SI units, numbers with %.17g. Columns (a contract, docs/cli.md):
//   prescribed motion:   t,q1..qn,qd1..qdn,qdd1..qdn,f1..fn
//                        (s; rad or m; rad/s or m/s; rad/s^2 or m/s^2; N m or N)
//   forward simulation:  t,q1..qn,qd1..qdn,qref1..qrefn,e1..en,u1..un,v1..vn,i1..in,tau1..taun
//                        (q_d, q_d - q, controller output, voltage V, current A, drive torque)

#include "simulation/run_record.h"

#include <string>

namespace armdyn {

std::string simulationCsvHeader(int dof);  // the prescribed-motion header
std::string recordCsv(const RunRecord& record);
// Written atomically (io's writeFileAtomic): a failed run leaves no partial file.
void writeRecordCsv(const std::string& path, const RunRecord& record);

}  // namespace armdyn
