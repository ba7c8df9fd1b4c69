// A scalar force law given by a Python user function of two scalar arguments (e.g. a spring's
// deflection and its rate). The function is a black box: its value is exact, its derivatives
// come from forward differences in the two arguments only (steps by newton.numericalDifferentiation,
// core/evaluation/NumericalDifferentiation.h), chained onto their AD derivatives.
#pragma once

#include <type_traits>

#include "core/evaluation/NumericalDifferentiation.h"
#include "core/items/Object.h"
#include "core/foundation/Types.h"

namespace multidyn {

// call(u, v) -> double evaluates the user function.
template <class S, class Call>
S UserFunctionLaw(const EvaluationContext& context, const S& u, const S& v, Call&& call) {
  const double u0 = ValueOf(u), v0 = ValueOf(v);
  const double value = call(u0, v0);
  if constexpr (std::is_same_v<S, double>) {
    return value;
  } else {
    const double du = DifferentiationStep(u0, context.numericalDifferentiation);
    const double dv = DifferentiationStep(v0, context.numericalDifferentiation);
    const double df_du = (call(u0 + du, v0) - value) / du;
    const double df_dv = (call(u0, v0 + dv) - value) / dv;
    S result(value);
    result.derivatives() = df_du * u.derivatives() + df_dv * v.derivatives();
    return result;
  }
}

}  // namespace multidyn
