#include "solvers/sundials/SundialsContext.h"

#include <cvode/cvode.h>
#include <ida/ida.h>
#include <sundials/sundials_config.h>

#include "core/foundation/Errors.h"

#if SUNDIALS_VERSION_MAJOR < 6
#error "multidyn needs SUNDIALS 6 or newer (SUNContext)"
#endif

namespace multidyn {

namespace {

#if SUNDIALS_VERSION_MAJOR >= 7
void CollectMessage(int line, const char* function, const char* file, const char* message, SUNErrCode code,
                    void* userData, SUNContext) {
  auto* self = static_cast<SundialsContext*>(userData);
  self->SetMessage(std::string(function ? function : "") + ": " + (message ? message : ""));
}
#else
void CollectMessage(int code, const char* module, const char* function, char* message, void* userData) {
  auto* self = static_cast<SundialsContext*>(userData);
  self->SetMessage(std::string(module ? module : "") + "." + (function ? function : "") + ": " +
                   (message ? message : ""));
}
#endif

}  // namespace

SundialsContext::SundialsContext() {
#if SUNDIALS_VERSION_MAJOR >= 7
  const int flag = SUNContext_Create(SUN_COMM_NULL, &context_);
#else
  const int flag = SUNContext_Create(nullptr, &context_);
#endif
  if (flag != 0 || context_ == nullptr) throw SolverError("SUNDIALS: SUNContext_Create failed");
#if SUNDIALS_VERSION_MAJOR >= 7
  SUNContext_ClearErrHandlers(context_);  // no printing to stderr
  SUNContext_PushErrHandler(context_, CollectMessage, this);
#endif
}

SundialsContext::~SundialsContext() {
  if (context_) SUNContext_Free(&context_);
}

void SundialsContext::CollectIdaMessages(void* idaMemory) {
#if SUNDIALS_VERSION_MAJOR < 7
  IDASetErrHandlerFn(idaMemory, CollectMessage, this);
#endif
}

void SundialsContext::CollectCvodeMessages(void* cvodeMemory) {
#if SUNDIALS_VERSION_MAJOR < 7
  CVodeSetErrHandlerFn(cvodeMemory, CollectMessage, this);
#endif
}

}  // namespace multidyn
