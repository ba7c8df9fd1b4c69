// Checks that the markers an item acts on exist and provide position and/or orientation.
#pragma once

#include <string>
#include <vector>

#include "core/items/SystemView.h"

namespace multidyn {

// `parameter` is the parameter named in errors; `user` the item type for the message.
void CheckMarkersProvide(const SystemView& system, const std::vector<MarkerIndex>& markers,
                         const std::string& parameter, bool needsPosition, bool needsOrientation,
                         const std::string& user);
// The same for items on coordinate markers (MarkerNodeCoordinate).
void CheckMarkersProvideCoordinate(const SystemView& system, const std::vector<MarkerIndex>& markers,
                                   const std::string& parameter, const std::string& user);

// The same for items on coordinate-vector markers (MarkerNodeCoordinates, MarkerObjectODE2Coordinates);
// returns the number of coordinates of each marker (those of its nodes; 0 on the ground).
std::vector<Index> CheckMarkersProvideCoordinateVector(const SystemView& system,
                                                       const std::vector<MarkerIndex>& markers,
                                                       const std::string& parameter, const std::string& user);

}  // namespace multidyn
