// What LoadForceVector and LoadTorqueVector share: a 3-vector at a marker, global or body
// fixed, optionally from a user function loadVectorUserFunction(mbs, t, loadVector).
#pragma once

#include "core/items/Load.h"
#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

template <class Derived, bool isTorque> class VectorLoadBase : public LoadKernels<Derived> {
 public:
  MarkerIndex MarkerNumber() const override { return markerNumber; }
  bool NeedsOrientation() const override { return isTorque || bodyFixed; }
  void Check(const SystemView& system) const override {
    CheckMarkersProvide(system, {markerNumber}, "markerNumber", !isTorque, NeedsOrientation(),
                        Derived::Info().className + (bodyFixed ? " with bodyFixed=True" : ""));
  }
  Vector3 CurrentLoadVector(const EvaluationContext& context) const override {
    if (!loadVectorUserFunction) return loadVector;
    return CallUserFunctionVector3(*loadVectorUserFunction, *this, context.itemNumber, "loadVectorUserFunction",
                                   {context.system, context.time, loadVector});
  }
  // bodyFixed: the vector is given in marker axes and turns with the marker (follower load).
  template <class S> void MarkerLoadOf(const MarkerData<S>& marker, const Vector3& vector, MarkerLoad<S>& load) const {
    const Vec3<S> global = bodyFixed ? Vec3<S>(marker.orientation * vector.cast<S>()) : Vec3<S>(vector.cast<S>());
    if (isTorque) {
      load.torque = global;
    } else {
      load.force = global;
    }
  }

  MarkerIndex markerNumber;
  Vector3 loadVector = Vector3::Zero();
  bool bodyFixed = false;
  ScriptFunctionPtr loadVectorUserFunction;
  bool visualizationShow = true;

 protected:
  static FieldTableBuilder<Derived> Fields(const std::string& what, const std::string& unit) {
    using T = Derived;
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "load's unique name")
        .Add(&T::markerNumber, "markerNumber", "", std::string("marker at which the ") + what + " acts")
        .Add(&T::loadVector, "loadVector", unit, what + " vector in global axes (or marker axes if bodyFixed)")
        .Add(&T::bodyFixed, "bodyFixed", "", "True: the vector is fixed to the marker frame and turns with it")
        .AddUserFunction(&T::loadVectorUserFunction, "loadVectorUserFunction",
                         "loadVectorUserFunction(mbs, t, loadVector) -> 3-vector",
                         "a Python function returning the " + what + " vector at time t; replaces loadVector")
        .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
        .Visualization();
    return builder;
  }
};

}  // namespace multidyn
