#include "objects/common/MarkerRequirements.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void CheckMarkersProvide(const SystemView& system, const std::vector<MarkerIndex>& markers,
                         const std::string& parameter, bool needsPosition, bool needsOrientation,
                         const std::string& user) {
  for (MarkerIndex m : markers) {
    if (!m.IsValid())
      throw ValueError("parameter '" + parameter + "': a valid marker index is required, got -1 (none)");
    const Marker& marker = system.GetMarker(m.value);
    const std::string what = "marker " + std::to_string(m.value) + " is a " + marker.TypeInfo().className;
    if (needsOrientation && !marker.ProvidesOrientation())
      throw TypeError("parameter '" + parameter + "': " + what + ", which provides no orientation; " + user +
                      " needs markers with orientation (MarkerBodyRigid, MarkerNodeRigid)");
    if (needsPosition && !marker.ProvidesPosition())
      throw TypeError("parameter '" + parameter + "': " + what + ", which provides no position; " + user +
                      " needs markers with a position");
  }
}

void CheckMarkersProvideCoordinate(const SystemView& system, const std::vector<MarkerIndex>& markers,
                                   const std::string& parameter, const std::string& user) {
  for (MarkerIndex m : markers) {
    if (!m.IsValid())
      throw ValueError("parameter '" + parameter + "': a valid marker index is required, got -1 (none)");
    const Marker& marker = system.GetMarker(m.value);
    if (!marker.ProvidesCoordinate())
      throw TypeError("parameter '" + parameter + "': marker " + std::to_string(m.value) + " is a " +
                      marker.TypeInfo().className + ", which provides no coordinate; " + user +
                      " needs coordinate markers (MarkerNodeCoordinate)");
  }
}

std::vector<Index> CheckMarkersProvideCoordinateVector(const SystemView& system,
                                                       const std::vector<MarkerIndex>& markers,
                                                       const std::string& parameter, const std::string& user) {
  std::vector<Index> sizes;
  for (MarkerIndex m : markers) {
    if (!m.IsValid())
      throw ValueError("parameter '" + parameter + "': a valid marker index is required, got -1 (none)");
    const Marker& marker = system.GetMarker(m.value);
    if (!marker.ProvidesCoordinateVector())
      throw TypeError("parameter '" + parameter + "': marker " + std::to_string(m.value) + " is a " +
                      marker.TypeInfo().className + ", which provides no coordinate vector; " + user +
                      " needs MarkerNodeCoordinates or MarkerObjectODE2Coordinates");
    std::vector<NodeIndex> nodes;  // the marker's nodes, as Assemble() compiles them
    if (marker.BodyNumber().IsValid())
      nodes = system.GetObject(marker.BodyNumber().value).NodeNumbers();
    else if (marker.NodeNumber().IsValid())
      nodes.push_back(marker.NodeNumber());
    Index size = 0;
    for (NodeIndex node : nodes) size += system.GetNode(node.value).NumberOfODE2Coordinates();
    sizes.push_back(size);
  }
  return sizes;
}

}  // namespace multidyn
