// A SUNDIALS context (SUNContext, required since SUNDIALS 6) that also collects SUNDIALS' error
// messages instead of printing them, so that a solver can put them into its exception. The API
// differences between SUNDIALS 6 and 7 (context creation, error handlers) stay in this class's
// .cpp, selected by SUNDIALS_VERSION_MAJOR.
#pragma once

#include <string>

#include <sundials/sundials_context.h>

namespace multidyn {

class SundialsContext {
 public:
  SundialsContext();  // throws SolverError if SUNDIALS cannot create the context
  ~SundialsContext();
  SundialsContext(const SundialsContext&) = delete;
  SundialsContext& operator=(const SundialsContext&) = delete;

  SUNContext Get() const { return context_; }
  operator SUNContext() const { return context_; }

  // Routes the messages of an IDA or CVODE memory block to LastMessage() (SUNDIALS 6 sets the
  // handler per memory block; SUNDIALS 7 per context, already done by the constructor).
  void CollectIdaMessages(void* idaMemory);
  void CollectCvodeMessages(void* cvodeMemory);

  const std::string& LastMessage() const { return lastMessage_; }
  void ClearMessage() { lastMessage_.clear(); }
  void SetMessage(const std::string& message) { lastMessage_ = message; }

 private:
  SUNContext context_ = nullptr;
  std::string lastMessage_;
};

}  // namespace multidyn
