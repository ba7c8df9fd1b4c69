// The discontinuous iteration's rule (Exudyn's): accept below iterationTolerance, repeat while
// iterations are left, then accept (ignoreMaxIterations) or fail naming the switching error.
#include <gtest/gtest.h>

#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/SolverStatistics.h"

namespace multidyn {
namespace {

TEST(JudgeSwitching, AcceptsRepeatsAndFailsByExudynsRule) {
  DiscontinuousSettings settings;  // iterationTolerance 1, maxIterations 5, ignoreMaxIterations
  SolverStatistics statistics;
  std::string failure;
  EXPECT_EQ(JudgeSwitching(1., 0, settings, statistics, failure), SwitchingVerdict::Accept);  // not above
  EXPECT_EQ(JudgeSwitching(1.5, 0, settings, statistics, failure), SwitchingVerdict::Repeat);
  EXPECT_EQ(JudgeSwitching(1.5, 3, settings, statistics, failure), SwitchingVerdict::Repeat);
  EXPECT_EQ(statistics.discontinuousIterations, 2);
  EXPECT_EQ(JudgeSwitching(1.5, 4, settings, statistics, failure), SwitchingVerdict::Accept);  // the last: accepted
  EXPECT_EQ(statistics.discontinuousIterations, 2);
  EXPECT_TRUE(failure.empty());
  settings.ignoreMaxIterations = false;
  EXPECT_EQ(JudgeSwitching(1.5, 4, settings, statistics, failure), SwitchingVerdict::Fail);
  EXPECT_EQ(failure,
            "discontinuous iteration did not converge: switching error 1.5 > iterationTolerance 1 after 5 iterations");
  settings.maxIterations = 0;  // taken as one iteration
  EXPECT_EQ(JudgeSwitching(2., 0, settings, statistics, failure), SwitchingVerdict::Fail);
}

}  // namespace
}  // namespace multidyn
