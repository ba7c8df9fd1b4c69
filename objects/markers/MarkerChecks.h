// Checks shared by markers: the body or node they sit on exists and provides what they need.
#pragma once

#include "core/items/SystemView.h"

namespace multidyn {

void CheckMarkerBody(const SystemView& system, ObjectIndex body, bool needsOrientation);
void CheckMarkerNode(const SystemView& system, NodeIndex node, bool needsOrientation);
// Markers on a node's coordinates: a node with ODE2 coordinates, or a ground node (NodePointGround,
// whose coordinates are none); `marker` is the marker's class name for the message.
void CheckCoordinateMarkerNode(const SystemView& system, NodeIndex node, const std::string& marker);

}  // namespace multidyn
