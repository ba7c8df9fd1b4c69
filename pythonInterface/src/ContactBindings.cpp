#include "ContactBindings.h"

#include <pybind11/stl.h>

#include "PythonConversion.h"
#include "core/foundation/Errors.h"
#include "core/model/MainSystem.h"
#include "objects/contact/ExponentialSpringParameters.h"
#include "objects/contact/ObjectContactExponentialSpring.h"

namespace py = pybind11;

namespace multidyn {
namespace {
// A finite real from Python for the setter `what`; TypeError for non-numbers.
double RealArgument(const py::handle& value, const std::string& what) {
  const std::string where = "ExponentialSpringParameters." + what;
  const Json json = PythonToJson(value, where);
  try {
    return RealFromJson(json);
  } catch (const TypeError& e) {
    throw TypeError(where + ": " + e.what());
  } catch (const ValueError& e) {
    throw ValueError(where + ": " + e.what());
  }
}
}  // namespace
}  // namespace multidyn

void RegisterContactBindings(py::module_& m) {
  using namespace multidyn;
  using P = ExponentialSpringParameters;
  // A one-argument setter whose argument is converted (and named in errors) first.
  auto Setter = [](void (P::*set)(double), const char* name) {
    return [set, name](P& self, const py::object& value) { (self.*set)(RealArgument(value, name)); };
  };
  py::class_<P>(m, "ExponentialSpringParameters",
                "Parameters of an exponential spring contact (Simbody's ExponentialSpringParameters): shape d0 [m], "
                "d1 [N], d2 [1/m]; normal viscosity cz [s/m]; maxFz [N]; friction elasticity kxy [N/m] and viscosity "
                "cxy [N*s/m]; settle velocity [m/s]; initial mu_s and mu_k. Setters raise ValueError on a bad value "
                "and then change nothing.")
      .def(py::init<>())
      .def(py::init([](const py::object& source) {
             if (py::isinstance<P>(source)) return source.cast<P>();
             if (py::isinstance<py::dict>(source))
               return P::FromJson(PythonToJson(source, "ExponentialSpringParameters"));
             throw TypeError(
                 "ExponentialSpringParameters: expected another ExponentialSpringParameters or its dict, "
                 "got " +
                 ReprForMessage(source));
           }),
           py::arg("source"), "a copy of another parameters object (or of its dict)")
      .def("__eq__",
           [](const P& self, const py::object& other) { return py::isinstance<P>(other) && self == other.cast<P>(); })
      .def("__ne__", [](const P& self,
                        const py::object& other) { return !(py::isinstance<P>(other) && self == other.cast<P>()); })
      .def("__copy__", [](const P& self) { return P(self); })
      .def(
          "__deepcopy__", [](const P& self, const py::object&) { return P(self); }, py::arg("memo"))
      .def("__repr__", [](const P& self) { return "ExponentialSpringParameters(" + self.ToJson().dump() + ")"; })
      .def(
          "_ParameterSetDict", [](const P& self) { return JsonToPython(self.ToJson()); },
          "the dict form (item dicts and JSON files)")
      .def(
          "setShapeParameters",
          [](P& self, const py::object& d0, const py::object& d1, const py::object& d2) {
            self.setShapeParameters(RealArgument(d0, "setShapeParameters: d0"),
                                    RealArgument(d1, "setShapeParameters: d1"),
                                    RealArgument(d2, "setShapeParameters: d2"));
          },
          py::arg("d0"), py::arg("d1") = 0.5336, py::arg("d2") = 1150.)
      .def(
          "getShapeParameters",
          [](const P& self) {
            double d0, d1, d2;
            self.getShapeParameters(d0, d1, d2);
            return py::make_tuple(d0, d1, d2);
          },
          "the tuple (d0 [m], d1 [N], d2 [1/m])")
      .def("setNormalViscosity", Setter(&P::setNormalViscosity, "setNormalViscosity"), py::arg("cz"))
      .def("getNormalViscosity", &P::getNormalViscosity)
      .def("setMaxNormalForce", Setter(&P::setMaxNormalForce, "setMaxNormalForce"), py::arg("maxFz"))
      .def("getMaxNormalForce", &P::getMaxNormalForce)
      .def(
          "setElasticityAndViscosityForCriticalDamping",
          [](P& self, const py::object& kxy, const py::object& mass) {
            self.setElasticityAndViscosityForCriticalDamping(
                RealArgument(kxy, "setElasticityAndViscosityForCriticalDamping: kxy"),
                RealArgument(mass, "setElasticityAndViscosityForCriticalDamping: mass"));
          },
          py::arg("kxy"), py::arg("mass") = 1.)
      .def("setFrictionElasticity", Setter(&P::setFrictionElasticity, "setFrictionElasticity"), py::arg("kxy"))
      .def("getFrictionElasticity", &P::getFrictionElasticity)
      .def("setFrictionViscosity", Setter(&P::setFrictionViscosity, "setFrictionViscosity"), py::arg("cxy"))
      .def("getFrictionViscosity", &P::getFrictionViscosity)
      .def("setSettleVelocity", Setter(&P::setSettleVelocity, "setSettleVelocity"), py::arg("vSettle"))
      .def("getSettleVelocity", &P::getSettleVelocity)
      .def("setInitialMuStatic", Setter(&P::setInitialMuStatic, "setInitialMuStatic"), py::arg("mus"))
      .def("getInitialMuStatic", &P::getInitialMuStatic)
      .def("setInitialMuKinetic", Setter(&P::setInitialMuKinetic, "setInitialMuKinetic"), py::arg("muk"))
      .def("getInitialMuKinetic", &P::getInitialMuKinetic);

  m.def(
      "_ResetAnchorPoint",
      [](MainSystem& system, Index object) {
        const std::string call = "mbs.ResetAnchorPoint(" + std::to_string(object) + ")";
        const Object& item = system.GetObject(object);  // IndexError for a bad number
        if (!dynamic_cast<const ObjectContactExponentialSpring*>(&item))
          throw TypeError(call + ": " + system.ItemDescription(ItemCategory::Object, object) +
                          " is not an ObjectContactExponentialSpring");
        system.ResetDataCoordinates(object, call);
      },
      py::arg("mbs"), py::arg("objectNumber"));
}
