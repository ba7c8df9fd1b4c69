// Building blocks for the items' test instances (Item::addTestInstance): small systems around
// one item, built from dicts as a user would. Positions and parameters are generic (no
// symmetric or zero values), so that the generic Jacobian tests see every term.
#pragma once

#include "core/foundation/Json.h"
#include "core/items/SystemBuilder.h"

namespace multidyn {
namespace testInstances {

Index Add(SystemBuilder& system, ItemCategory category, const Json& dict);
Index Ground(SystemBuilder& system);
// A free rigid body ("RigidBodyRxyz" or "RigidBodyEP" node) at `position`; returns the body.
Index RigidBody(SystemBuilder& system, const std::string& nodeType, const Vector3& position);
Index MassPoint(SystemBuilder& system, const Vector3& position);  // returns the mass point
Index MassPoint2D(SystemBuilder& system,
                  const Vector3& position);  // on a NodePoint2D at [x, y]; returns the mass point
Index RigidBody2D(SystemBuilder& system, const Vector3& positionAndAngle);  // returns the body
Index ANCFCable2D(
    SystemBuilder& system);  // a curved, damped ObjectANCFCable2D on two free NodePoint2DSlope1; returns it
// An ObjectMass1D or ObjectRotationalMass1D (objectType) on a Node1D, in a rotated frame; returns the body.
Index Mass1D(SystemBuilder& system, const std::string& objectType);
Index CoordinateMarker(SystemBuilder& system, Index node, Index coordinate);
Index RigidMarker(SystemBuilder& system, Index body, const Vector3& localPosition);
Index PositionMarker(SystemBuilder& system, Index body, const Vector3& localPosition);
Index NodeOf(const SystemView& system, Index body);  // the (first) node of a body
// An ObjectKinematicTree of two links (a revolute and a prismatic joint) on a NodeGenericODE2; returns the tree.
Index KinematicTreeChain(SystemBuilder& system);

}  // namespace testInstances
}  // namespace multidyn
