#include "objects/contact/ObjectConnectorRollingDiscPenalty.h"

#include "objects/TestInstances.h"

#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

// Exudyn's switching error: where the contact opened or closed, the penalty force of the gap
// plus the friction at the current slip; in contact, the change of friction from the last
// step's slip direction to the current one. The data take the current slip and gap.
double ObjectConnectorRollingDiscPenalty::PostNewtonStep(const EvaluationContext&, const MarkerData<double>& m0,
                                                         const MarkerData<double>& m1, double* data,
                                                         double& recommendedStepSize) const {
  const RollingDiscFrame<double> f = RollingDiscFrameOf(m0, m1, discAxis, planeNormal, discRadius);
  const Vector3 slipVelocity = RollingDiscSlipVelocity(f, m0, m1, discRadius);
  const double gap = (f.p_C - m0.position).dot(f.A_0J.col(2));
  const Vector2 localSlip(slipVelocity.dot(f.A_0J.col(0)), slipVelocity.dot(f.A_0J.col(1)));
  const Vector2 dataSlip(data[0], data[1]);
  const double normal = ContactForce(f, m0, slipVelocity, dataSlip, gap)(2);  // at the current gap
  double error = 0.;
  if ((gap > 0.) != (data[2] > 0.)) {
    error = std::abs(gap * contactStiffness) + SlipForce(localSlip, localSlip, normal).norm();
  } else if (gap < 0.) {
    error = (SlipForce(localSlip, localSlip, normal) - SlipForce(localSlip, dataSlip, normal)).norm();
  }
  data[0] = localSlip(0);
  data[1] = localSlip(1);
  data[2] = gap;
  return error;
}

void ObjectConnectorRollingDiscPenalty::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, true, "ObjectConnectorRollingDiscPenalty");
  CheckDataNode(system, nodeNumber, 3);  // slip velocities and gap of the last step
}

bool ObjectConnectorRollingDiscPenalty::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                  const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                  const VectorX&, VectorX& value) const {
  const RollingDiscFrame<double> f = RollingDiscFrameOf(m0, m1, discAxis, planeNormal, discRadius);
  const Vector3 slipVelocity = RollingDiscSlipVelocity(f, m0, m1, discRadius);
  switch (type) {
    // the contact point relative to marker 0 (global axes; Exudyn's)
    case OutputVariableType::Position: value = f.p_C - m0.position; return true;
    case OutputVariableType::Velocity: value = RollingDiscTrailVelocity(f, m0, m1, discAxis, discRadius); return true;
    // the slip velocity in joint axes [lateral, forward, normal]
    case OutputVariableType::VelocityLocal: value = f.A_0J.transpose() * slipVelocity; return true;
    // the contact force on the disc in joint axes, as the last evaluation computed it
    case OutputVariableType::ForceLocal:
      value = activeConnector
                  ? ContactForce(f, m0, slipVelocity, Vector2(context.data[0], context.data[1]), context.data[2])
                  : Vector3::Zero();
      return true;
    case OutputVariableType::RotationMatrix: value = RowMajorEntries(f.A_0J); return true;
    default: return false;
  }
}

void ObjectConnectorRollingDiscPenalty::AddTestInstance(SystemBuilder& system) {
  // a tilted disc pressed into a moving, turning plane, slipping (data: contact, slip direction)
  const Index plane = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.1, 0.2, -0.3));
  const Index disc = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.4, -0.1, 0.));
  const Index node = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 3}, {"initialCoordinates", {0.3, -0.4, -0.01}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorRollingDiscPenalty"},
                      {"nodeNumber", node},
                      {"discRadius", 0.45},
                      {"discAxis", {0., 0.6, 0.8}},
                      {"contactStiffness", 1e3},
                      {"contactDamping", 20.},
                      {"dryFriction", {0.4, 0.3}},
                      {"viscousFriction", {0.05, 0.1}},
                      {"dryFrictionAngle", 0.2},
                      {"rollingViscousFriction", 0.02},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, plane, Vector3(0.2, 0.1, -0.1)),
                        testInstances::RigidMarker(system, disc, Vector3(0., 0., 0.))}}});
}

const ItemTypeInfo& ObjectConnectorRollingDiscPenalty::Info() {
  using T = ObjectConnectorRollingDiscPenalty;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two markers [m0, m1] (position and orientation): m0 on the body with the plane (ground), "
               "m1 at the disc center")
          .Add(
              &T::nodeNumber, "nodeNumber", "",
              "a NodeGenericData with 3 data coordinates: the slip velocity (lateral, forward) and the gap of the last "
              "step")
          .Structural()
          .Add(&T::discRadius, "discRadius", "m", "radius r of the disc")
          .NonNegative()
          .Add(&T::discAxis, "discAxis", "", "axis of the disc in marker 1 axes, a unit vector (used as given)")
          .NonZero()
          .Add(&T::planeNormal, "planeNormal", "",
               "normal of the plane in marker 0 axes, pointing towards the disc, a unit vector; the plane passes "
               "through "
               "marker 0")
          .NonZero()
          .Add(&T::dryFrictionAngle, "dryFrictionAngle", "rad",
               "rotation of the friction axes against the joint axes about the normal (Mecanum wheels)")
          .Add(&T::contactStiffness, "contactStiffness", "N/m", "normal contact stiffness k")
          .NonNegative()
          .Add(&T::contactDamping, "contactDamping", "N*s/m", "normal contact damping d")
          .NonNegative()
          .Add(&T::dryFriction, "dryFriction", "",
               "dry friction coefficients [mu_lateral, mu_forward] (in the friction axes)")
          .Add(&T::dryFrictionProportionalZone, "dryFrictionProportionalZone", "m/s",
               "slip velocity up to which the friction force grows from 0 (regularization)")
          .NonNegative()
          .Add(&T::viscousFriction, "viscousFriction", "s/m",
               "viscous friction coefficients: the coefficients grow by these times the slip velocity")
          .Add(&T::rollingViscousFriction, "rollingViscousFriction", "s/m",
               "viscous rolling friction: a force -c_r |f_n| v_trail on the disc's center (disc axis parallel to the "
               "plane)")
          .Alias("rollingFrictionViscous")
          .Add(&T::useLinearProportionalZone, "useLinearProportionalZone", "",
               "True: the friction grows linearly in the proportional zone; False: quadratically (smooth at its end)")
          .AddActiveConnector()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationDiscWidth, "discWidth", "m", "width of the disc as drawn")
          .Visualization()
          .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorRollingDiscPenalty", "ObjectConnectorRollingDiscPenalty", {"RollingDiscPenalty"},
      "contact",
      "A thin disc (center and axis given by marker 1) in penalty contact with a plane fixed to marker 0: normal "
      "spring-damper, regularized dry and viscous friction at the contact point (the disc may lift off and slip), "
      "viscous rolling friction; the contact state of the last step is kept in a NodeGenericData.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::VelocityLocal,
       OutputVariableType::ForceLocal, OutputVariableType::RotationMatrix});
  return info;
}

}  // namespace multidyn
