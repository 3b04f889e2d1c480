#include "analysis/parallel_runs.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace armdyn {

int runParallel(int count, int threads, const std::function<void(int k)>& job,
                const std::function<bool(double fraction)>& progress) {
  if (count <= 0) return 0;
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failureMutex;
  auto work = [&](bool caller) {
    for (;;) {
      if (stop.load()) return;
      const int k = next.fetch_add(1);
      if (k >= count) return;
      try {
        job(k);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failureMutex);
        if (!failure) failure = std::current_exception();
        stop.store(true);
        return;
      }
      const int finished = done.fetch_add(1) + 1;
      if (caller && progress && !progress(static_cast<double>(finished) / static_cast<double>(count))) {
        stop.store(true);
        return;
      }
    }
  };
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int n = std::max(1, std::min(threads > 0 ? threads : hardware, count));
  std::vector<std::thread> pool;
  for (int k = 1; k < n; ++k) pool.emplace_back(work, false);
  work(true);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return done.load();
}

}  // namespace armdyn
