// The direction of a scalar transmission in the system's ODE2 coordinates: J with q_t = J q_t(system)
// for the transmission coordinate q, at the reference configuration. MuJoCo's inertia of a
// transmission, 1 / (J M^-1 J^T) at qpos0 (a servo's dampratio becomes kv with it), is
// solvers/driver/LinearizedSystem.h's InertiaAlong(system, J): it needs the system's matrices, which
// items do not compute.
#pragma once

#include "core/items/SystemView.h"

namespace multidyn {

// q is the coordinate of revolute joint `joint` (if valid) or q_m1 - q_m0 of two coordinate
// markers. The system must be assembled.
VectorX TransmissionDirection(const SystemView& system, ObjectIndex joint, MarkerIndex m0, MarkerIndex m1);

}  // namespace multidyn
