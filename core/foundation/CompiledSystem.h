// The immutable view Assemble() produces: index maps, sizes and item lists by capability.
#pragma once

#include <vector>

#include "core/foundation/Types.h"

namespace multidyn {

struct CompiledSystem {
  Index numberOfODE2 = 0;
  Index numberOfODE1 = 0;
  Index numberOfAE = 0;
  Index numberOfData = 0;

  // Per node: first global index of its coordinates of each kind (-1 if it has none).
  std::vector<Index> nodeODE2Start, nodeODE1Start, nodeAEStart, nodeDataStart;
  // Per object: first global algebraic index (-1 if none); global ODE2 indices it acts on.
  std::vector<Index> objectAEStart;
  std::vector<std::vector<Index>> objectODE2Indices;
  std::vector<std::vector<Index>> objectODE1Indices;  // global ODE1 indices of its nodes (first-order objects)
  // Per object: its nodes and markers (as declared by the object), and the first index of its
  // data coordinates (-1 if none), so that evaluation never asks the items again.
  std::vector<std::vector<Index>> objectNodes;
  std::vector<std::vector<Index>> objectMarkers;
  std::vector<std::vector<Index>> objectMarkerNodes;  // the nodes of its markers, each once
  std::vector<Index> objectDataStart;
  // Per object: first global ODE1 index of its internal states (-1 if none).
  std::vector<Index> objectInternalStart;
  // Per marker: global ODE2 indices of its local coordinates, and the nodes it depends on.
  std::vector<std::vector<Index>> markerODE2Indices;
  std::vector<std::vector<Index>> markerNodes;

  VectorX ode2Reference;  // reference values of all ODE2 coordinates
  VectorX ode1Reference;  // reference values of all ODE1 coordinates

  // Item lists by capability.
  std::vector<Index> ode2Nodes;  // nodes with ODE2 coordinates
  std::vector<Index> ode1Nodes;  // nodes with ODE1 coordinates
  std::vector<Index> ode1Objects;  // objects with first-order equations
  std::vector<Index> nodesWithAE;  // nodes with algebraic equations
  std::vector<Index> bodies;  // objects of kind Body (not ground)
  std::vector<Index> connectors;  // penalty connectors
  std::vector<Index> internalStateObjects;  // connectors with internal first-order states
  Index maxObjectMarkers = 0;  // the most markers one object has
  std::vector<Index> constraints;  // objects with algebraic equations
  std::vector<Index> postNewtonObjects;
  std::vector<Index> loads;

  size_t assembledRevision = 0;  // MainSystem's structural revision when assembled
};

}  // namespace multidyn
