// Force laws given by Python user functions of two arguments (e.g. a spring's deflection and its
// rate), scalars or 3-vectors. The function is a black box: its value is exact, its derivatives
// come from forward differences in the arguments only (steps by newton.numericalDifferentiation,
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

// The same for call(u, v) -> Vector3 with 3-vectors u and v: six more calls for the derivatives.
template <class S, class Call>
Vec3<S> UserFunctionVectorLaw(const EvaluationContext& context, const Vec3<S>& u, const Vec3<S>& v, Call&& call) {
  const Vector3 u0(ValueOf(u(0)), ValueOf(u(1)), ValueOf(u(2)));
  const Vector3 v0(ValueOf(v(0)), ValueOf(v(1)), ValueOf(v(2)));
  const Vector3 value = call(u0, v0);
  if constexpr (std::is_same_v<S, double>) {
    return value;
  } else {
    Matrix3 df_du, df_dv;
    for (Index i = 0; i < 3; ++i) {
      Vector3 uPlus = u0, vPlus = v0;
      const double du = DifferentiationStep(u0(i), context.numericalDifferentiation);
      const double dv = DifferentiationStep(v0(i), context.numericalDifferentiation);
      uPlus(i) += du;
      vPlus(i) += dv;
      df_du.col(i) = (call(uPlus, v0) - value) / du;
      df_dv.col(i) = (call(u0, vPlus) - value) / dv;
    }
    Vec3<S> result;
    for (Index k = 0; k < 3; ++k) {
      result(k) = S(value(k));
      result(k).derivatives() = df_du(k, 0) * u(0).derivatives() + df_du(k, 1) * u(1).derivatives() +
                                df_du(k, 2) * u(2).derivatives() + df_dv(k, 0) * v(0).derivatives() +
                                df_dv(k, 1) * v(1).derivatives() + df_dv(k, 2) * v(2).derivatives();
    }
    return result;
  }
}

}  // namespace multidyn
