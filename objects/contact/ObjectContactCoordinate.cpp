#include "objects/contact/ObjectContactCoordinate.h"

#include <cmath>

#include "objects/TestInstances.h"

#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

// Exudyn's rule (CObjectContactCoordinate::PostNewtonStep): the state at the start of the step
// is taken as consistent with its gap; a sign change of the gap against it is a switch.
double ObjectContactCoordinate::PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                               const MarkerData<double>& m1, double* data,
                                               double& recommendedStepSize) const {
  const double gap = Gap(m0, m1);
  const double startGap = context.startOfStepData ? context.startOfStepData[0] : data[0];
  double error = 0.;
  if ((gap > 0. && startGap <= 0.) || (gap <= 0. && startGap > 0.)) {
    error = std::abs(gap * contactStiffness);
    // the time to close the start gap at the current gap velocity
    const double gapVelocity = m1.coordinate_t - m0.coordinate_t;
    if (gapVelocity != 0.) recommendedStepSize = std::abs(startGap / gapVelocity);
  }
  data[0] = gap;
  return error;
}

void ObjectContactCoordinate::Check(const SystemView& system) const {
  CheckMarkersProvideCoordinate(system, MarkerNumbers(), "markerNumbers", "ObjectContactCoordinate");
  CheckDataNode(system, nodeNumber, 1);
}

bool ObjectContactCoordinate::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                        const MarkerData<double>& m0, const MarkerData<double>& m1, const VectorX&,
                                        VectorX& value) const {
  switch (type) {
    case OutputVariableType::Distance: value = VectorX::Constant(1, Gap(m0, m1)); return true;
    case OutputVariableType::Force:
      value = VectorX::Constant(1, activeConnector ? ContactForce(context, m0, m1) : 0.);
      return true;
    default: return false;
  }
}

void ObjectContactCoordinate::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  // a negative gap in the data coordinate: in contact, so that the law's Jacobian is tested
  const Index node = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 1}, {"initialCoordinates", {-0.01}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ContactCoordinate"},
                      {"nodeNumber", node},
                      {"contactStiffness", 700.},
                      {"contactDamping", 3.},
                      {"offset", 0.2},
                      {"markerNumbers",
                       {testInstances::CoordinateMarker(system, testInstances::NodeOf(system, body), 2),
                        testInstances::CoordinateMarker(system, testInstances::NodeOf(system, point), 1)}}});
}

const ItemTypeInfo& ObjectContactCoordinate::Info() {
  using T = ObjectContactCoordinate;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two coordinate markers [m0, m1] that define the contact gap g = q_m1 - q_m0 - offset")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "node number of a NodeGenericData with 1 dataCoordinate, the active set: it holds the gap of the last "
               "discontinuous iteration, and the contact force acts while it is <= 0")
          .Add(&T::contactStiffness, "contactStiffness", "N/m",
               "contact (penalty) stiffness k; acts only upon penetration")
          .NonNegative()
          .Add(&T::contactDamping, "contactDamping", "N*s/m", "contact damping d; acts only upon penetration")
          .NonNegative()
          .Add(&T::offset, "offset", "m", "offset of the contact: the gap is g = q_m1 - q_m0 - offset")
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ContactCoordinate", "ObjectContactCoordinate", {}, "contact",
      "A penalty contact on one coordinate: the gap g = q_m1 - q_m0 - offset of two coordinate markers; the force "
      "f_c = k g + d g_t acts while the data coordinate (the gap of the last discontinuous iteration) is <= 0. After "
      "each Newton solve the data coordinate takes the new gap; a contact state that differs from the one at the start "
      "of the step gives the switching error |k g| and a recommended step size that reaches the contact point.",
      fields, {OutputVariableType::Distance, OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
