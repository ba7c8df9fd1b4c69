#include "solvers/sundials/SundialsFlags.h"

#include <cvode/cvode.h>
#include <ida/ida.h>

#include <cstdlib>

namespace multidyn {

std::string IdaFlagText(int flag) {
  const char* name = IDAGetReturnFlagName(flag);
  std::string text = name ? name : "IDA flag " + std::to_string(flag);
  const char* words = nullptr;
  switch (flag) {
    case IDA_TOO_MUCH_WORK: words = "too many internal steps before the output time"; break;
    case IDA_TOO_MUCH_ACC: words = "the tolerances are too small for the machine precision"; break;
    case IDA_ERR_FAIL: words = "the local error test failed repeatedly or with the smallest step size"; break;
    case IDA_CONV_FAIL:
      words = "the Newton iteration failed to converge repeatedly or with the smallest step size";
      break;
    case IDA_LSETUP_FAIL: words = "the Jacobian or its factorization failed unrecoverably"; break;
    case IDA_LSOLVE_FAIL: words = "the linear solve failed unrecoverably"; break;
    case IDA_RES_FAIL: words = "the residual function failed unrecoverably"; break;
    case IDA_REP_RES_ERR: words = "the residual function failed repeatedly (non-finite values)"; break;
    case IDA_CONSTR_FAIL: words = "the inequality constraints could not be met"; break;
    case IDA_ILL_INPUT: words = "an input to IDA was illegal"; break;
    default: break;
  }
  if (name) free(const_cast<char*>(name));  // IDAGetReturnFlagName allocates its text
  if (words) text += std::string(" (") + words + ")";
  return text;
}

std::string CvodeFlagText(int flag) {
  const char* name = CVodeGetReturnFlagName(flag);
  std::string text = name ? name : "CVODE flag " + std::to_string(flag);
  const char* words = nullptr;
  switch (flag) {
    case CV_TOO_MUCH_WORK: words = "too many internal steps before the output time"; break;
    case CV_TOO_MUCH_ACC: words = "the tolerances are too small for the machine precision"; break;
    case CV_ERR_FAILURE: words = "the local error test failed repeatedly or with the smallest step size"; break;
    case CV_CONV_FAILURE:
      words = "the nonlinear iteration failed to converge repeatedly or with the smallest step size";
      break;
    case CV_LSETUP_FAIL: words = "the Jacobian or its factorization failed unrecoverably"; break;
    case CV_LSOLVE_FAIL: words = "the linear solve failed unrecoverably"; break;
    case CV_RHSFUNC_FAIL: words = "the right-hand side failed unrecoverably"; break;
    case CV_REPTD_RHSFUNC_ERR: words = "the right-hand side failed repeatedly (non-finite values)"; break;
    case CV_PROJFUNC_FAIL: words = "the projection onto the constraints failed"; break;
    case CV_ILL_INPUT: words = "an input to CVODE was illegal"; break;
    default: break;
  }
  if (name) free(const_cast<char*>(name));
  if (words) text += std::string(" (") + words + ")";
  return text;
}

}  // namespace multidyn
