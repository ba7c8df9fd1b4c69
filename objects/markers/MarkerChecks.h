// Checks shared by markers: the body or node they sit on exists and provides what they need.
#pragma once

#include "core/model/MainSystem.h"

namespace multidyn {

void CheckMarkerBody(const MainSystem& system, ObjectIndex body, bool needsOrientation);
void CheckMarkerNode(const MainSystem& system, NodeIndex node, bool needsOrientation);

}  // namespace multidyn
