// A test-only item that exercises the general element contract: three position markers and
// one internal first-order state a coupled to the ODE2 coordinates both ways.
//   a_t = (s - a) / timeConstant,  s = |p1 - p0| - restLength + rateGain * (v1 - v0) . e01
//   loads: f2 = k a e02 on marker 2 (-f2 on marker 0), f1 = -k1 (p1 - p0) on marker 1 (-f1 on marker 0)
// with e01 = (p1 - p0)/|p1 - p0|, e02 = (p2 - p0)/|p2 - p0|.
#pragma once

#include <cmath>

#include "core/items/Connector.h"
#include "core/items/ItemRegistry.h"
#include "objects/TestInstances.h"

namespace multidyn {

class TestThreeMarkerConnector : public GeneralConnectorKernels<TestThreeMarkerConnector> {
 public:
  static const ItemTypeInfo& Info() {
    using T = TestThreeMarkerConnector;
    static const FieldTable fields = FieldTableBuilder<T>()
                                         .Add(&T::name, "name", "", "name")
                                         .Add(&T::markerNumber0, "markerNumber0", "", "marker 0")
                                         .Add(&T::markerNumber1, "markerNumber1", "", "marker 1")
                                         .Add(&T::markerNumber2, "markerNumber2", "", "marker 2")
                                         .Add(&T::stiffness, "stiffness", "N", "force per unit activation")
                                         .Add(&T::springStiffness, "springStiffness", "N/m", "spring 0-1")
                                         .Add(&T::restLength, "restLength", "m", "rest length 0-1")
                                         .Add(&T::rateGain, "rateGain", "s", "velocity gain of the activation input")
                                         .Add(&T::timeConstant, "timeConstant", "s", "activation time constant")
                                         .Add(&T::initialActivation, "initialActivation", "", "a at t = 0")
                                         .Build();
    static const ItemTypeInfo info =
        MakeItemTypeInfo<T>(ItemCategory::Object, "TestThreeMarkerConnector", "TestThreeMarkerConnector", {}, "test",
                            "Test-only: three markers and an internal first-order state.", fields, {});
    return info;
  }

  static void AddTestInstance(SystemBuilder& system) {
    using namespace testInstances;
    const Index body0 = RigidBody(system, "RigidBodyEP", Vector3(0., 0.1, 0.));
    const Index point = MassPoint(system, Vector3(1., 0.3, -0.2));
    const Index body2 = RigidBody(system, "RigidBodyRxyz", Vector3(0.2, -0.9, 0.4));
    testInstances::Add(system, ItemCategory::Object,
                       {{"objectType", "TestThreeMarkerConnector"},
                        {"markerNumber0", PositionMarker(system, body0, Vector3(0.3, 0.1, 0.))},
                        {"markerNumber1", PositionMarker(system, point, Vector3::Zero())},
                        {"markerNumber2", PositionMarker(system, body2, Vector3(0., 0.2, -0.1))}});
  }

  std::vector<MarkerIndex> MarkerNumbers() const override { return {markerNumber0, markerNumber1, markerNumber2}; }
  Index NumberOfInternalStates() const override { return 1; }
  VectorX InitialInternalStates() const override { return VectorX::Constant(1, initialActivation); }

  template <class S> void Loads(const EvaluationContext&, const MarkerData<S>* const* markers, const VecX<S>& internal,
                                MarkerLoad<S>* loads, VecX<S>& internalRate) const {
    using std::sqrt;
    const Vec3<S> d01 = markers[1]->position - markers[0]->position;
    const Vec3<S> d02 = markers[2]->position - markers[0]->position;
    const S length01 = sqrt(d01.squaredNorm());
    const Vec3<S> e01 = d01 / length01;
    const Vec3<S> e02 = d02 / sqrt(d02.squaredNorm());
    const S a = internal(0);
    const Vec3<S> f2 = (stiffness * a) * e02;
    const Vec3<S> f1 = -springStiffness * d01;
    loads[2].force = f2;
    loads[1].force = f1;
    loads[0].force = -f1 - f2;
    const S s = length01 - restLength + rateGain * (markers[1]->velocity - markers[0]->velocity).dot(e01);
    internalRate.resize(1);
    internalRate(0) = (s - a) / timeConstant;
  }

  MarkerIndex markerNumber0, markerNumber1, markerNumber2;
  double stiffness = 3., springStiffness = 5., restLength = 0.5, rateGain = 0.2, timeConstant = 0.1;
  double initialActivation = 0.25;
};

// Registers the test item once (test executables only).
inline void RegisterTestItems() {
  static const bool registered = [] {
    ItemRegistry::Instance().Register(TestThreeMarkerConnector::Info());
    return true;
  }();
  (void)registered;
}

}  // namespace multidyn
