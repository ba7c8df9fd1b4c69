// The hand-over cost of multidyn's worker team (core/evaluation/WorkerThreads) against OpenMP
// (libgomp, Debian's g++) for the pattern of one parallel evaluation of the residual: a run on
// every thread with two barriers inside (node kinematics | markers | items), `work` floating-point
// operations per thread and phase, repeated `runs` times, with a serial part between the runs
// (the linear solve). Prints nanoseconds per run, best of 5. Built and run by
// benchmarks/threadTeamVsOpenMP.sh (also under taskset -c 0, where both threads share one CPU).
//
//   g++ -O2 -std=c++17 -fopenmp -I. -I/usr/include/eigen3 benchmarks/threadTeamVsOpenMP.cpp \
//       core/evaluation/WorkerThreads.cpp -o threadTeamVsOpenMP -lpthread
//   ./threadTeamVsOpenMP [threads] [work] [runs]
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/evaluation/UsableCpus.h"
#include "core/evaluation/WorkerThreads.h"

namespace {

volatile double sink = 0.;

// `work` dependent multiply-adds: about `work` nanoseconds / 4 on a current core
double Work(int work, double x) {
  for (int i = 0; i < work; ++i) x = x * 0.999999 + 1e-9;
  return x;
}

template <class Run> double BestNanosecondsPerRun(int runs, Run run) {
  double best = 1e300;
  for (int repeat = 0; repeat < 5; ++repeat) {
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < runs; ++r) {
      run();
      sink = Work(200, sink);  // the serial part between two runs (a small linear solve)
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, seconds / runs * 1e9);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
  const int work = argc > 2 ? std::atoi(argv[2]) : 2000;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 20000;
  std::vector<double> values(64 * threads, 1.);

  const double serial = BestNanosecondsPerRun(runs, [&] {
    for (int t = 0; t < threads; ++t)
      for (int phase = 0; phase < 3; ++phase) values[64 * t] = Work(work, values[64 * t]);
  });

  multidyn::WorkerThreads team(threads);
  const double teamTime = BestNanosecondsPerRun(runs, [&] {
    team.Run([&](multidyn::Index t) {
      values[64 * t] = Work(work, values[64 * t]);
      team.Barrier();
      values[64 * t] = Work(work, values[64 * t]);
      team.Barrier();
      values[64 * t] = Work(work, values[64 * t]);
    });
  });

  omp_set_num_threads(threads);
  const double openmpTime = BestNanosecondsPerRun(runs, [&] {
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      values[64 * t] = Work(work, values[64 * t]);
#pragma omp barrier
      values[64 * t] = Work(work, values[64 * t]);
#pragma omp barrier
      values[64 * t] = Work(work, values[64 * t]);
    }
  });

  std::printf(
      "threads %d, work %d per thread and phase, usable CPUs %d: serial %.0f ns, team %.0f ns (%.2f), "
      "OpenMP %.0f ns (%.2f) per run (ratio to serial)\n",
      threads, work, multidyn::UsableCpus(), serial, teamTime, teamTime / serial, openmpTime, openmpTime / serial);
  return 0;
}
