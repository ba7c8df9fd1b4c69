// Building blocks for the items' test instances (Item::addTestInstance): small systems around
// one item, built from dicts as a user would. Positions and parameters are generic (no
// symmetric or zero values), so that the generic Jacobian tests see every term.
#pragma once

#include "core/foundation/Json.h"
#include "core/model/MainSystem.h"

namespace multidyn {
namespace testInstances {

Index Add(MainSystem& system, ItemCategory category, const Json& dict);
Index Ground(MainSystem& system);
// A free rigid body ("RigidBodyRxyz" or "RigidBodyEP" node) at `position`; returns the body.
Index RigidBody(MainSystem& system, const std::string& nodeType, const Vector3& position);
Index MassPoint(MainSystem& system, const Vector3& position);  // returns the mass point
Index MassPoint2D(MainSystem& system, const Vector3& position);  // on a NodePoint2D at [x, y]; returns the mass point
Index RigidBody2D(MainSystem& system, const Vector3& positionAndAngle);  // returns the body
Index ANCFCable2D(MainSystem& system);  // a curved, damped ObjectANCFCable2D on two free NodePoint2DSlope1; returns it
// An ObjectMass1D or ObjectRotationalMass1D (objectType) on a Node1D, in a rotated frame; returns the body.
Index Mass1D(MainSystem& system, const std::string& objectType);
Index CoordinateMarker(MainSystem& system, Index node, Index coordinate);
Index RigidMarker(MainSystem& system, Index body, const Vector3& localPosition);
Index PositionMarker(MainSystem& system, Index body, const Vector3& localPosition);
Index NodeOf(const MainSystem& system, Index body);  // the (first) node of a body
// An ObjectKinematicTree of two links (a revolute and a prismatic joint) on a NodeGenericODE2; returns the tree.
Index KinematicTreeChain(MainSystem& system);

}  // namespace testInstances
}  // namespace multidyn
