// SUNDIALS' return flags in words, for the messages of solver failures.
#pragma once

#include <string>

namespace multidyn {

// "IDA_CONV_FAIL (the Newton iteration failed repeatedly ...)"
std::string IdaFlagText(int flag);
std::string CvodeFlagText(int flag);

}  // namespace multidyn
