#include "core/evaluation/WorkerThreads.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MULTIDYN_CPU_RELAX() _mm_pause()
#else
#define MULTIDYN_CPU_RELAX() std::this_thread::yield()
#endif

namespace multidyn {

namespace {

// Spins until done() or spinTime has passed; true if done.
template <class Done> bool SpinUntil(Done done, std::chrono::microseconds spinTime) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      MULTIDYN_CPU_RELAX();
    }
    if (std::chrono::steady_clock::now() - start > spinTime) return done();
  }
}

}  // namespace

WorkerThreads::WorkerThreads(Index numberOfThreads) {
  const Index workers = numberOfThreads > 1 ? numberOfThreads - 1 : 0;
  errors_.resize(workers + 1);
  workers_.reserve(workers);
  for (Index t = 1; t <= workers; ++t) workers_.emplace_back([this, t] { WorkerLoop(t); });
}

WorkerThreads::~WorkerThreads() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_.store(true, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void WorkerThreads::Run(void* task, Call call) {
  if (workers_.empty()) {
    call(task, 0);
    return;
  }
  for (std::exception_ptr& e : errors_) e = nullptr;
  task_ = task;
  call_ = call;
  running_.store(Index(workers_.size()), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mutex_);  // a worker about to sleep sees the new generation
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  try {
    call(task, 0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  // The workers' part is about as long as ours: spin, then yield the core while they finish.
  if (!SpinUntil([this] { return running_.load(std::memory_order_acquire) == 0; }, spinTime))
    while (running_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
  task_ = nullptr;
  for (const std::exception_ptr& e : errors_)
    if (e) std::rethrow_exception(e);
}

void WorkerThreads::WorkerLoop(Index thread) {
  std::uint64_t seen = 0;
  for (;;) {
    if (!SpinUntil([&] { return generation_.load(std::memory_order_acquire) != seen; }, spinTime)) {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
    }
    seen = generation_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_relaxed)) return;  // set before the generation it ends
    try {
      call_(task_, thread);
    } catch (...) {
      errors_[thread] = std::current_exception();
    }
    running_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

}  // namespace multidyn
