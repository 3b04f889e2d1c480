#include "analysis/parallel_runs.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace armdyn {

namespace {

// Joins every started thread however the scope is left (a thread that cannot start throws
// from emplace_back with the others running).
struct Joiner {
  std::vector<std::thread>& threads;
  ~Joiner() {
    for (std::thread& t : threads)
      if (t.joinable()) t.join();
  }
};

}  // namespace

ParallelOutcome runParallel(int count, int threads, const std::function<void(int k, const std::atomic<bool>& stop)>& job,
                            const std::function<bool(double fraction)>& progress) {
  ParallelOutcome outcome;
  if (count <= 0) return outcome;
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false}, cancelled{false};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto fail = [&]() {
    std::lock_guard<std::mutex> lock(failureMutex);
    if (!failure) failure = std::current_exception();
    stop.store(true);
  };
  auto work = [&](bool caller) {
    for (;;) {
      if (stop.load()) return;
      const int k = next.fetch_add(1);
      if (k >= count) return;
      try {
        job(k, stop);
        const int finished = done.fetch_add(1) + 1;
        if (caller && progress && !progress(static_cast<double>(finished) / static_cast<double>(count))) {
          cancelled.store(true);
          stop.store(true);
          return;
        }
      } catch (...) {
        fail();
        return;
      }
    }
  };
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int n = std::max(1, std::min(threads > 0 ? threads : hardware, count));
  std::vector<std::thread> pool;
  {
    Joiner joiner{pool};
    try {
      for (int k = 1; k < n; ++k) pool.emplace_back(work, false);
    } catch (...) {
      fail();  // no thread: the calling thread returns at once, the started ones stop
    }
    work(true);
  }
  if (failure) std::rethrow_exception(failure);
  outcome.finished = done.load();
  outcome.cancelled = cancelled.load();
  return outcome;
}

}  // namespace armdyn
