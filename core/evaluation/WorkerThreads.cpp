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

// Thrown by Barrier() in the threads still waiting when another thread's task has thrown; not
// reported (the exception that caused it is).
struct RunFailed {};

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
  barrierArrived_.store(0, std::memory_order_relaxed);
  failed_.store(false, std::memory_order_relaxed);
  // A worker counts itself in sleeping_ before it checks the generation under the mutex: with
  // both sequentially consistent, either it sees the new generation or we see it sleeping.
  generation_.fetch_add(1, std::memory_order_seq_cst);
  if (sleeping_.load(std::memory_order_seq_cst) > 0) {
    { std::lock_guard<std::mutex> lock(mutex_); }  // a worker between its check and its wait is waiting now
    wake_.notify_all();
  }
  RunPart(0);
  // The workers' part is about as long as ours: spin, then yield the core while they finish.
  if (!SpinUntil([this] { return running_.load(std::memory_order_acquire) == 0; }, spinTime))
    while (running_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
  task_ = nullptr;
  for (const std::exception_ptr& e : errors_)
    if (e) std::rethrow_exception(e);
}

void WorkerThreads::RunPart(Index thread) {
  try {
    call_(task_, thread);
  } catch (const RunFailed&) {
  } catch (...) {
    errors_[thread] = std::current_exception();
    failed_.store(true, std::memory_order_release);
  }
}

void WorkerThreads::Barrier() {
  if (workers_.empty()) return;
  const std::uint64_t phase = barrierPhase_.load(std::memory_order_acquire);
  if (barrierArrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == NumberOfThreads()) {
    barrierArrived_.store(0, std::memory_order_relaxed);  // before the phase that releases the others
    barrierPhase_.fetch_add(1, std::memory_order_release);
    return;
  }
  auto passed = [&] { return barrierPhase_.load(std::memory_order_acquire) != phase || failed_.load(std::memory_order_acquire); };
  if (!SpinUntil(passed, spinTime))
    while (!passed()) std::this_thread::yield();
  if (barrierPhase_.load(std::memory_order_acquire) == phase) throw RunFailed();
}

void WorkerThreads::WorkerLoop(Index thread) {
  std::uint64_t seen = 0;
  auto started = [&] { return generation_.load(std::memory_order_seq_cst) != seen; };
  for (;;) {
    if (!SpinUntil(started, spinTime)) {
      std::unique_lock<std::mutex> lock(mutex_);
      sleeping_.fetch_add(1, std::memory_order_seq_cst);
      wake_.wait(lock, started);
      sleeping_.fetch_sub(1, std::memory_order_relaxed);
    }
    seen = generation_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_relaxed)) return;  // set before the generation it ends
    RunPart(thread);
    running_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

}  // namespace multidyn
