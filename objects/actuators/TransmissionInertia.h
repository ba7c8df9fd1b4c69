// The inertia a scalar transmission feels at the reference configuration, MuJoCo's
// 1 / (J M^-1 J^T) at qpos0 (used to turn a servo's dampratio into kv): the response q_tt of the
// transmission coordinate q to a unit generalized force on q, with every joint of the system
// acting (constrained dynamics [M C_q^T; C_q 0], zero velocities), m_eff = 1 / q_tt.
#pragma once

#include "core/model/MainSystem.h"

namespace multidyn {

// q is the coordinate of revolute joint `joint` (if valid) or q_m1 - q_m0 of two coordinate
// markers. The system must be assembled. Throws ValueError if q has no finite positive inertia.
double TransmissionInertia(const MainSystem& system, ObjectIndex joint, MarkerIndex m0, MarkerIndex m1);

}  // namespace multidyn
