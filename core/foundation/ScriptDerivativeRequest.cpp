#include "core/foundation/ScriptDerivativeRequest.h"

namespace multidyn {

namespace {
thread_local ScriptDerivativeRequest* currentRequest = nullptr;
}

ScriptDerivativeRequest* ScriptDerivativeRequest::Current() { return currentRequest; }

ScriptDerivativeRequest::Scope::Scope(ScriptDerivativeRequest* request) : previous_(currentRequest) {
  currentRequest = request;
}

ScriptDerivativeRequest::Scope::~Scope() { currentRequest = previous_; }

}  // namespace multidyn
