// A fixed team of threads for the parallel parts of an evaluation (parallel.numberOfThreads):
// Run(task) calls task(thread) for thread = 0 .. NumberOfThreads()-1 at once, thread 0 on the
// caller, and returns when every call has returned; inside a task, Barrier() waits for the other
// threads' tasks to reach their Barrier() (phases of one run: cheaper than one run per phase).
// The workers live as long as the team, so a run costs no thread creation: they wait for the next
// run by spinning for a short while (a Newton iteration's serial part, the linear solve, takes
// microseconds) and then sleeping, so that an idle team does not hold a core that another
// process needs. The caller takes the mutex only to wake sleeping workers.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/foundation/Types.h"

namespace multidyn {

class WorkerThreads {
 public:
  // numberOfThreads >= 1 (1: Run calls task(0) on the caller, no thread is started).
  explicit WorkerThreads(Index numberOfThreads);
  ~WorkerThreads();
  WorkerThreads(const WorkerThreads&) = delete;
  WorkerThreads& operator=(const WorkerThreads&) = delete;

  Index NumberOfThreads() const { return Index(workers_.size()) + 1; }
  // task(Index thread) for each thread. Rethrows the exception of the lowest-numbered thread
  // that threw, after all have returned (the others leave their Barrier() then). The task is
  // passed by reference (a std::function would allocate for a lambda with several captures).
  template <class Task> void Run(Task&& task) {
    Run(static_cast<void*>(&task),
        [](void* t, Index thread) { (*static_cast<std::remove_reference_t<Task>*>(t))(thread); });
  }

  // Within a task of Run: returns when every thread of the run has called it (as often).
  void Barrier();

  // How long a worker spins for the next run before it sleeps.
  static constexpr std::chrono::microseconds spinTime{200};

 private:
  using Call = void (*)(void* task, Index thread);
  void Run(void* task, Call call);
  void RunPart(Index thread);  // the task of one thread, its exception kept
  void WorkerLoop(Index thread);

  std::vector<std::thread> workers_;
  std::vector<std::exception_ptr> errors_;  // per thread, of the current run
  void* task_ = nullptr;  // of the current run
  Call call_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};  // incremented to start a run (and to stop)
  std::atomic<Index> running_{0};  // workers still in the current run
  std::atomic<Index> sleeping_{0};  // workers waiting on wake_
  std::atomic<Index> barrierArrived_{0};  // threads at the current barrier
  std::atomic<std::uint64_t> barrierPhase_{0};  // incremented when all have arrived
  std::atomic<bool> failed_{false};  // a task of the current run threw: barriers give up
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
};

}  // namespace multidyn
