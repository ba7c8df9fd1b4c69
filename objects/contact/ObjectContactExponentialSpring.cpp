#include "objects/contact/ObjectContactExponentialSpring.h"

#include <algorithm>

#include "objects/TestInstances.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {
namespace {
// Quintic smoothstep 10x^3 - 15x^4 + 6x^5 on [0, 1] (Simbody's stepUp).
double StepUp(double x) { return x * x * x * (10. + x * (-15. + 6. * x)); }

VectorX ToVector(const Vector3& v, Index size) { return v.head(size); }
}  // namespace

VectorX ObjectContactExponentialSpring::InitialDataCoordinates() const {
  VectorX data(dataSize);
  data << 0., 0., 1., 0.;  // p0 set by InitializeDataCoordinates; K = 1 (kinetic) as in Simbody; tCommit = 0
  return data;
}

void ObjectContactExponentialSpring::InitializeDataCoordinates(const EvaluationContext&, const MarkerData<double>& m0,
                                                               const MarkerData<double>& m1, double* data) const {
  Vector3 p_P, v_P;
  StationInPlane(m0, m1, p_P, v_P);
  data[0] = p_P(0);  // the anchor at the station's projection onto the plane
  data[1] = p_P(1);
}

double ObjectContactExponentialSpring::PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                                      const MarkerData<double>& m1, double* data,
                                                      double& recommendedStepSize) const {
  const double time = context.time;
  if (time == data[3]) return 0.;  // committed at this time already (a repeated iteration of the same step)
  Vector3 p_P, v_P;
  StationInPlane(m0, m1, p_P, v_P);
  const ExponentialSpringForces<double> f = Forces(p_P, v_P, data);
  const double timeStep = time - data[3];
  double sliding = data[2];
  if (ValueOf(f.frictionLimit) < significantReal || (timeStep >= 0. && timeStep <= significantReal)) {
    sliding = 1.;
  } else if (timeStep > 0.) {
    const double anchorSpeed = (f.anchorNew - Vector3(data[0], data[1], 0.)).norm() / timeStep;
    sliding = StepUp(std::clamp(anchorSpeed / parameters.getSettleVelocity(), 0., 1.));
  }  // time went back (a new solve from an earlier time): the sliding state is kept for one step
  data[0] = f.anchorNew(0);
  data[1] = f.anchorNew(1);
  data[2] = sliding;
  data[3] = time;
  return 0.;  // the update never repeats a step
}

void ObjectContactExponentialSpring::Check(const SystemView& system) const {
  CheckMarkersProvide(system, {markerNumbers[0]}, "markerNumbers", true, true,
                      "ObjectContactExponentialSpring (marker 0 is the plane)");
  CheckMarkersProvide(system, {markerNumbers[1]}, "markerNumbers", true, false,
                      "ObjectContactExponentialSpring (marker 1 is the station)");
}

bool ObjectContactExponentialSpring::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                               const MarkerData<double>& m0, const MarkerData<double>& m1,
                                               const VectorX&, VectorX& value) const {
  Vector3 p_P, v_P;
  StationInPlane(m0, m1, p_P, v_P);
  ExponentialSpringForces<double> f;
  if (activeConnector) f = Forces(p_P, v_P, context.data);
  const double* data = context.data;
  auto scalar = [&](double x) {
    value.resize(1);
    value(0) = x;
    return true;
  };
  switch (type) {
    case OutputVariableType::ForceLocal: value = f.Total(); return true;
    case OutputVariableType::Force: value = m0.orientation * f.Total(); return true;
    case OutputVariableType::Position: value = p_P; return true;
    case OutputVariableType::Velocity: value = v_P; return true;
    case OutputVariableType::NormalForceElastic: return scalar(f.fzElastic);
    case OutputVariableType::NormalForceDamping: return scalar(f.fzDamping);
    case OutputVariableType::FrictionForceElastic: value = ToVector(f.frictionElastic, 2); return true;
    case OutputVariableType::FrictionForceDamping: value = ToVector(f.frictionDamping, 2); return true;
    case OutputVariableType::FrictionCoefficient: return scalar(MuStatic() - data[2] * (MuStatic() - MuKinetic()));
    case OutputVariableType::FrictionLimit: return scalar(f.frictionLimit);
    case OutputVariableType::SlidingState: return scalar(data[2]);
    case OutputVariableType::AnchorPoint: value = Vector3(data[0], data[1], 0.); return true;
    case OutputVariableType::PotentialEnergy: {
      if (!activeConnector) return scalar(0.);
      // The exact integral of the unclamped exponential from pz to infinity, plus the friction spring.
      double d0, d1, d2;
      parameters.getShapeParameters(d0, d1, d2);
      const Eigen::Vector2d stretch(p_P(0) - data[0], p_P(1) - data[1]);
      return scalar(d1 * std::exp(-d2 * (p_P(2) - d0)) / d2 +
                    0.5 * parameters.getFrictionElasticity() * stretch.squaredNorm());
    }
    default: return false;
  }
}

void ObjectContactExponentialSpring::AddTestInstance(SystemBuilder& system) {
  // A plane on a tilted, moving body and a station on a mass point near it. The soft shape
  // (d2 = 5 /m) keeps the normal force moderate over the random states of the generic tests
  // (positions change by up to 0.3 m there), so that every term enters their Jacobians.
  const Index planeBody = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index plane = testInstances::RigidMarker(system, planeBody, Vector3(0.1, 0.05, 0.));
  const Index stationBody = testInstances::MassPoint(system, Vector3(0.45, 0.2, 0.));
  const Index station = testInstances::PositionMarker(system, stationBody, Vector3::Zero());
  ExponentialSpringParameters parameters;
  parameters.setShapeParameters(0.1, 2., 5.);
  parameters.setFrictionElasticity(10.);
  parameters.setFrictionViscosity(5.);
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ContactExponentialSpring"},
                      {"markerNumbers", {plane, station}},
                      {"parameters", parameters.ToJson()},
                      {"muStatic", 0.8},
                      {"muKinetic", 0.4}});
}

const ItemTypeInfo& ObjectContactExponentialSpring::Info() {
  using T = ObjectContactExponentialSpring;
  static const FieldTable fields = [] {
    FieldTable table =
        FieldTableBuilder<T>()
            .Add(&T::name, "name", "", "contact's unique name")
            .Add(&T::markerNumbers, "markerNumbers", "",
                 "[plane, station]: a rigid marker whose z axis is the plane normal and whose origin is a point of the "
                 "plane (on ground or a moving body), and a position marker at the station on a body")
            .Add(&T::parameters, "parameters", "",
                 "an ExponentialSpringParameters (or its dict): shape d0, d1, d2, normal viscosity, maximum normal "
                 "force, friction elasticity and viscosity, settle velocity and initial friction coefficients")
            .Structural()
            .Add(&T::muStatic, "muStatic", "",
                 "instantaneous static friction coefficient mu_s (>= 0; may change during a simulation; a value "
                 "below mu_k lowers muKinetic to it); -1: the parameters' initial value")
            .Add(&T::muKinetic, "muKinetic", "",
                 "instantaneous kinetic friction coefficient mu_k (>= 0; a value above mu_s raises muStatic to it); "
                 "-1: the parameters' initial value")
            .AddActiveConnector()
            .AddVisualization(&T::visualization, "drawing size of the station")
            .Build();
    // muStatic/muKinetic: a coefficient >= 0, or -1 for the parameters' value. As Simbody's
    // setMuStatic/setMuKinetic, a coefficient moves the other one to keep mu_k <= mu_s.
    for (auto& field : table.fields) {
      const bool isStatic = field.name == "muStatic";
      if (!isStatic && field.name != "muKinetic") continue;
      auto set = field.set;
      field.set = [set, isStatic](const FieldDescriptor& self, void* owner, const Json& value) {
        const double mu = RealFromJson(value);
        if (!(mu >= 0. || mu == -1.))
          throw ValueError("expected a friction coefficient >= 0 or -1 (the parameters' initial value), got " +
                           JsonNumberText(value));
        set(self, owner, value);
        T& contact = *static_cast<T*>(owner);
        if (mu < 0.) return;
        const double other = isStatic ? contact.RawMuKinetic() : contact.MuStatic();
        if (isStatic && other > mu) contact.muKinetic = mu;
        if (!isStatic && other < mu) contact.muStatic = mu;
      };
    }
    return table;
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ContactExponentialSpring", "ObjectContactExponentialSpring", {"ExponentialSpring"},
      "contact",
      "Simbody's exponential spring contact of a station against a plane: a normal force d1 exp(-d2 (pz - d0)) "
      "(1 - cz vz), never pulling and capped at maxFz, and friction that blends a damped linear spring anchored at p0 "
      "(sticking) with pure damping (sliding), limited by mu fz with mu between mu_s and mu_k by the sliding state K. "
      "The anchor p0 and K are the item's data coordinates [p0x, p0y, K, tCommit], updated after each accepted step. "
      "Smooth enough for large implicit steps; see docs/theory/ExponentialSpring.md.",
      fields,
      {OutputVariableType::ForceLocal, OutputVariableType::Force, OutputVariableType::Position,
       OutputVariableType::Velocity, OutputVariableType::NormalForceElastic, OutputVariableType::NormalForceDamping,
       OutputVariableType::FrictionForceElastic, OutputVariableType::FrictionForceDamping,
       OutputVariableType::FrictionCoefficient, OutputVariableType::FrictionLimit, OutputVariableType::SlidingState,
       OutputVariableType::AnchorPoint, OutputVariableType::PotentialEnergy});
  return info;
}

}  // namespace multidyn
