#pragma once
// Independent runs spread over threads (the ISO 9283 bench, the error-speed sweep): `job(k,
// stop)` for k = 0..count-1, each index taken once, by `threads` threads (0: the hardware's; the
// calling thread is one of them). After each of its own jobs the calling thread reports the
// fraction done to `progress`; false cancels: `stop` is raised (a long job may watch it and end
// early), no new job starts. The first exception a job (or progress) throws raises `stop` too
// and is rethrown here once every thread has joined. Jobs write only their own results (index
// k), so they need no lock.

#include <atomic>
#include <functional>

namespace armdyn {

struct ParallelOutcome {
  int finished = 0;        // jobs that returned (a job that ended early on `stop` included)
  bool cancelled = false;  // progress asked to stop
};

ParallelOutcome runParallel(int count, int threads, const std::function<void(int k, const std::atomic<bool>& stop)>& job,
                            const std::function<bool(double fraction)>& progress = {});

}  // namespace armdyn
