#include "objects/joints/ObjectJointRollingDisc.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerRequirements.h"

namespace multidyn {

Index ObjectJointRollingDisc::NumberOfAlgebraicEquations() const {
  Index count = 0;
  for (bool locked : LockedAxes<3>(constrainedAxes)) count += locked ? 1 : 0;
  return count;
}

Vector3 ObjectJointRollingDisc::LocalMultipliers(const VectorX& lambda) const {
  Vector3 local = Vector3::Zero();
  const std::array<bool, 3> locked = LockedAxes<3>(constrainedAxes);
  for (Index k = 0, row = 0; k < 3; ++k)
    if (locked[k]) local(k) = lambda(row++);
  return local;
}

void ObjectJointRollingDisc::Check(const MainSystem& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectJointRollingDisc");
  CheckLockedAxes(constrainedAxes, 3);
  if (discAxis.norm() == 0.) throw ValueError("parameter 'discAxis': expected a nonzero vector, got [0, 0, 0]");
  if (planeNormal.norm() == 0.) throw ValueError("parameter 'planeNormal': expected a nonzero vector, got [0, 0, 0]");
}

bool ObjectJointRollingDisc::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                       const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  const Contact<double> c = ContactOf(m0, m1);
  switch (type) {
    case OutputVariableType::Position: value = c.p_C; return true;
    case OutputVariableType::Velocity: {
      // velocity of the contact point along its trail relative to the plane (not of the disc's
      // material point there): p_C = p_m1 + r w3 differentiated, minus the plane's point velocity
      const Vector3 n0 = c.A_0J.col(2), w1 = m1.orientation * discAxis;
      const Vector3 w1_t = c.omega1.cross(w1), n0_t = c.omega0.cross(n0);
      const Vector3 f = w1.cross(n0), f_t = w1_t.cross(n0) + w1.cross(n0_t);
      const double length = f.norm();
      Vector3 w3_t = Vector3::Zero();
      if (length > 0.) {
        const Vector3 forward_t = (f_t - f * (f.dot(f_t) / (length * length))) / length;
        w3_t = w1_t.cross(c.A_0J.col(1)) + w1.cross(forward_t);
      }
      value = m1.velocity + discRadius * w3_t - (m0.velocity + c.omega0.cross(Vector3(c.p_C - m0.position)));
      return true;
    }
    // the contact force on the disc in joint axes [lateral, forward, normal]: -lambda (Exudyn's)
    case OutputVariableType::ForceLocal:
      value = activeConnector ? Vector3(-LocalMultipliers(lambda)) : Vector3::Zero();
      return true;
    case OutputVariableType::RotationMatrix: value = RowMajorEntries(c.A_0J); return true;
    default: return false;
  }
}

void ObjectJointRollingDisc::AddTestInstance(MainSystem& system) {
  // a moving, turning plane (marker 0) and a tilted disc, so that every term is exercised
  const Index plane = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.1, 0.2, -0.3));
  const Index disc = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.4, -0.1, 0.5));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointRollingDisc"},
                      {"discRadius", 0.45},
                      {"discAxis", {0., 0.6, 0.8}},
                      {"planeNormal", {0., 0., 1.}},
                      {"markerNumbers", {testInstances::RigidMarker(system, plane, Vector3(0.2, 0.1, -0.1)),
                                         testInstances::RigidMarker(system, disc, Vector3(0., 0., 0.))}}});
}

const ItemTypeInfo& ObjectJointRollingDisc::Info() {
  using T = ObjectJointRollingDisc;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two markers [m0, m1] (position and orientation): m0 on the body with the rolling plane "
               "(ground), m1 at the disc center")
          .Add(&T::constrainedAxes, "constrainedAxes", "",
               "flags [j0, j1, j2], 1 = constrained: j0 lateral, j1 forward (longitudinal), j2 normal (contact) "
               "velocity of the contact point; free axes have no equation")
          .Structural()
          .Add(&T::activeConnector, "activeConnector", "", "False: the joint is inactive and its multipliers are 0")
          .Add(&T::discRadius, "discRadius", "m", "radius r of the disc").NonNegative()
          .Add(&T::discAxis, "discAxis", "", "axis of the disc in marker 1 axes, a unit vector (used as given)")
          .Add(&T::planeNormal, "planeNormal", "",
               "normal of the rolling plane in marker 0 axes, pointing towards the disc, a unit vector (used as given)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization").Visualization()
          .Add(&T::visualizationDiscWidth, "discWidth", "m", "width of the disc as drawn").Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color").Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "JointRollingDisc", "ObjectJointRollingDisc", {"RollingDiscJoint"}, "joints",
      "An ideal rolling disc: an infinitely thin disc (center and axis given by marker 1) rolls without slipping "
      "on a flat plane fixed to marker 0 (ground or a moving body). Nonholonomic: its equations constrain the "
      "velocity of the contact point (lateral, forward, normal), index-2 constraints on velocities in every solver "
      "(3 Lagrange multipliers = the contact force on the plane in joint axes).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::ForceLocal,
       OutputVariableType::RotationMatrix});
  return info;
}

}  // namespace multidyn
