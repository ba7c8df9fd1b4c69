#include "core/evaluation/WorkerThreads.h"

#include <algorithm>

#include "core/evaluation/UsableCpus.h"

#if defined(__linux__)
#include <sched.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MULTIDYN_CPU_RELAX() _mm_pause()
#elif defined(__aarch64__)
#define MULTIDYN_CPU_RELAX() asm volatile("yield")
#else
#define MULTIDYN_CPU_RELAX() ((void)0)
#endif

namespace multidyn {

Index UsableCpus() {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max<Index>(1, CPU_COUNT(&set));
#endif
  return std::max<Index>(1, Index(std::thread::hardware_concurrency()));
}

namespace {

// Every wait (a worker for the next run, a thread at a barrier, the caller for the workers) first
// spins with the CPU's pause instruction, then yields its core to any thread that wants it
// (sched_yield returns at once if none does), and after spinTime sleeps on the team's condition
// variable. The pause phase adapts: it doubles (up to maximumPauseRounds) while waits end within
// it and halves when a wait needs the yielding phase. Threads without a core of their own (a busy
// machine) so hand the core over at once, instead of spinning away the time slice that the thread
// they wait for needs (2 threads on 1 CPU made a solve 50 times slower than 1 thread).
constexpr int pausesPerRound = 16;
constexpr std::uint32_t maximumPauseRounds = 1024;
std::atomic<std::uint32_t> pauseRounds{64};  // shared by the teams of the process: a property of the machine's load

// Spins, then yields, until done() or spinTime has passed; true if done.
template <class Done> bool SpinThenYield(Done done, std::chrono::microseconds spinTime) {
  const std::uint32_t rounds = pauseRounds.load(std::memory_order_relaxed);
  for (std::uint32_t round = 0; round < rounds; ++round)
    for (int i = 0; i < pausesPerRound; ++i) {
      if (done()) {
        if (rounds < maximumPauseRounds) pauseRounds.store(rounds * 2, std::memory_order_relaxed);
        return true;
      }
      MULTIDYN_CPU_RELAX();
    }
  pauseRounds.store(std::max<std::uint32_t>(rounds / 2, 1), std::memory_order_relaxed);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    for (int i = 0; i < 8; ++i) {
      if (done()) return true;
      std::this_thread::yield();
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

// Wakes the threads sleeping in a wait after the state they wait for changed (with seq_cst on both
// sides, either a waiter sees the change or we see it sleeping; the empty lock makes a waiter
// between its last check and its wait be waiting now).
#define MULTIDYN_WAKE_SLEEPERS()                       \
  if (sleeping_.load(std::memory_order_seq_cst) > 0) { \
    { std::lock_guard<std::mutex> lock(mutex_); }      \
    wake_.notify_all();                                \
  }

template <class Done> static void WaitFor(Done done, std::atomic<Index>& sleeping, std::mutex& mutex,
                                          std::condition_variable& wake, std::chrono::microseconds spinTime) {
  if (SpinThenYield(done, spinTime)) return;
  std::unique_lock<std::mutex> lock(mutex);
  sleeping.fetch_add(1, std::memory_order_seq_cst);
  wake.wait(lock, done);
  sleeping.fetch_sub(1, std::memory_order_relaxed);
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
  generation_.fetch_add(1, std::memory_order_seq_cst);
  MULTIDYN_WAKE_SLEEPERS();
  RunPart(0);
  WaitFor([this] { return running_.load(std::memory_order_seq_cst) == 0; }, sleeping_, mutex_, wake_, spinTime);
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
    failed_.store(true, std::memory_order_seq_cst);
    MULTIDYN_WAKE_SLEEPERS();  // the threads at a barrier this thread will not reach
  }
}

void WorkerThreads::Barrier() {
  if (workers_.empty()) return;
  const std::uint64_t phase = barrierPhase_.load(std::memory_order_acquire);
  if (barrierArrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == NumberOfThreads()) {
    barrierArrived_.store(0, std::memory_order_relaxed);  // before the phase that releases the others
    barrierPhase_.fetch_add(1, std::memory_order_seq_cst);
    MULTIDYN_WAKE_SLEEPERS();
    return;
  }
  auto passed = [&] {
    return barrierPhase_.load(std::memory_order_seq_cst) != phase || failed_.load(std::memory_order_seq_cst);
  };
  WaitFor(passed, sleeping_, mutex_, wake_, spinTime);
  if (barrierPhase_.load(std::memory_order_acquire) == phase) throw RunFailed();
}

void WorkerThreads::WorkerLoop(Index thread) {
  std::uint64_t seen = 0;
  auto started = [&] { return generation_.load(std::memory_order_seq_cst) != seen; };
  for (;;) {
    WaitFor(started, sleeping_, mutex_, wake_, spinTime);
    seen = generation_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_relaxed)) return;  // set before the generation it ends
    RunPart(thread);
    running_.fetch_sub(1, std::memory_order_seq_cst);
    MULTIDYN_WAKE_SLEEPERS();  // the caller, if it sleeps
  }
}

#undef MULTIDYN_WAKE_SLEEPERS

}  // namespace multidyn
