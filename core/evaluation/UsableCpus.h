// The CPUs this process may run on (sched_getaffinity: taskset, a container's cpuset), at least 1:
// the most worker threads an evaluation uses (threads sharing a CPU only take turns).
#pragma once

#include "core/foundation/Types.h"

namespace multidyn {

Index UsableCpus();

}  // namespace multidyn
