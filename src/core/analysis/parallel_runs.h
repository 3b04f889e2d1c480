#pragma once
// Independent runs spread over threads (the ISO 9283 bench, the error-speed sweep): `job(k)`
// for k = 0..count-1, each index taken once, by `threads` threads (0: the hardware's; the
// calling thread is one of them). After each of its own jobs the calling thread reports the
// fraction done to `progress`, and false cancels: no new job starts, the running ones finish.
// The first exception a job throws stops the others from starting and is rethrown here once
// every thread has joined. Returns the number of jobs finished (count unless cancelled). Jobs
// write only their own results (index k), so they need no lock.

#include <functional>

namespace armdyn {

int runParallel(int count, int threads, const std::function<void(int k)>& job,
                const std::function<bool(double fraction)>& progress = {});

}  // namespace armdyn
