#include "core/evaluation/WorkerThreads.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace multidyn {
namespace {

TEST(WorkerThreads, EveryThreadRunsItsPartOncePerRun) {
  for (Index n : {1, 2, 4}) {
    WorkerThreads team(n);
    ASSERT_EQ(team.NumberOfThreads(), n);
    std::vector<long> counts(n, 0);
    std::vector<std::thread::id> ids(n);
    for (int run = 0; run < 2000; ++run)
      team.Run([&](Index thread) {
        ++counts[thread];
        ids[thread] = std::this_thread::get_id();
      });
    for (Index t = 0; t < n; ++t) EXPECT_EQ(counts[t], 2000) << "thread " << t << " of " << n;
    EXPECT_EQ(ids[0], std::this_thread::get_id()) << "thread 0 is the caller";
    for (Index t = 1; t < n; ++t) EXPECT_NE(ids[t], ids[0]);
  }
}

TEST(WorkerThreads, RunReturnsWhenAllHaveFinished) {
  WorkerThreads team(3);
  std::vector<double> results(3, 0.);
  for (int run = 1; run <= 50; ++run) {
    team.Run([&](Index thread) {
      double sum = 0.;
      for (int i = 0; i < 1000 * (thread + 1); ++i) sum += 1.;  // the workers take longer than the caller
      results[thread] = sum * run;
    });
    for (Index t = 0; t < 3; ++t) ASSERT_EQ(results[t], 1000. * (t + 1) * run);
  }
}

TEST(WorkerThreads, RunsAgainAfterSleeping) {
  WorkerThreads team(2);
  int count = 0;
  team.Run([&](Index thread) {
    if (thread == 1) ++count;
  });
  std::this_thread::sleep_for(WorkerThreads::spinTime * 20);  // the worker sleeps now
  team.Run([&](Index thread) {
    if (thread == 1) ++count;
  });
  EXPECT_EQ(count, 2);
}

TEST(WorkerThreads, ExceptionOfTheLowestThreadIsRethrownAndTheTeamGoesOn) {
  WorkerThreads team(3);
  try {
    team.Run([](Index thread) {
      if (thread >= 1) throw std::runtime_error("thread " + std::to_string(thread));
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "thread 1");
  }
  int ran = 0;
  team.Run([&](Index thread) {
    if (thread == 2) ran = 1;
  });
  EXPECT_EQ(ran, 1);
}

TEST(WorkerThreads, BarrierSeparatesThePhasesOfARun) {
  for (Index n : {1, 2, 3}) {
    WorkerThreads team(n);
    std::vector<long> written(n, 0);
    std::vector<long> seen(n, 0);
    for (long run = 1; run <= 1000; ++run) {
      team.Run([&](Index thread) {
        written[thread] = run + thread;
        team.Barrier();  // every thread's write of this run is visible after it
        long sum = 0;
        for (Index t = 0; t < n; ++t) sum += written[t];
        seen[thread] = sum;
        team.Barrier();  // nobody writes the next value before all have read
      });
      for (Index t = 0; t < n; ++t) ASSERT_EQ(seen[t], n * run + n * (n - 1) / 2) << "run " << run << ", thread " << t;
    }
  }
}

TEST(WorkerThreads, AThreadThrowingBeforeABarrierReleasesTheOthers) {
  WorkerThreads team(3);
  for (Index thrower : {0, 1, 2}) {
    try {
      team.Run([&](Index thread) {
        if (thread == thrower) throw std::runtime_error("thread " + std::to_string(thread));
        team.Barrier();
      });
      FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "thread " + std::to_string(thrower));
    }
  }
  int passed = 0;
  team.Run([&](Index thread) {
    team.Barrier();
    if (thread == 0) passed = 1;
  });
  EXPECT_EQ(passed, 1);
}

}  // namespace
}  // namespace multidyn
