// User-function laws are differentiated by forward differences whose step follows
// newton.numericalDifferentiation (core/evaluation/NumericalDifferentiation.h): the derivative of u^2 by a
// forward difference is 2u + step, so the error shows the step that was taken.
#include <gtest/gtest.h>

#include "core/model/SimulationSettings.h"
#include "objects/common/UserFunctionLaw.h"

namespace multidyn {
namespace {

// d(u^2 + 3v)/du at u = 3 by UserFunctionLaw, with u seeded as derivative 0.
double DerivativeOfSquare(const EvaluationContext& context, double u) {
  const ADScalar16 uSeeded(u, 16, 0), v(0.5);
  const ADScalar16 value = UserFunctionLaw(context, uSeeded, v, [](double a, double b) { return a * a + 3. * b; });
  EXPECT_DOUBLE_EQ(value.value(), u * u + 1.5);
  return value.derivatives()(0);
}

TEST(UserFunctionLaw, StepFollowsTheNumericalDifferentiationSettings) {
  EvaluationContext context;  // no settings: Exudyn's defaults, step 1e-7 * max(1e-2, |u|)
  EXPECT_NEAR(DerivativeOfSquare(context, 3.), 6. + 3e-7, 1e-8);
  NumericalDifferentiationSettings coarse;
  coarse.relativeEpsilon = 1e-2;
  coarse.minimumCoordinateSize = 10.;
  context.numericalDifferentiation = &coarse;
  EXPECT_NEAR(DerivativeOfSquare(context, 3.), 6. + 0.1, 1e-9);  // step 1e-2 * max(10, 3)
  coarse.minimumCoordinateSize = 1.;
  EXPECT_NEAR(DerivativeOfSquare(context, 3.), 6. + 0.03, 1e-9);  // step 1e-2 * max(1, 3)
}

TEST(UserFunctionLaw, DoubleEvaluationCallsOnce) {
  int calls = 0;
  const double value = UserFunctionLaw(EvaluationContext(), 2., 1., [&](double a, double b) {
    ++calls;
    return a * b;
  });
  EXPECT_EQ(value, 2.);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace multidyn
