// The algorithms of ObjectKinematicTree (KinematicTreeDynamics: Newton-Euler, composite rigid
// bodies, the articulated-body solve, the analytic derivatives of Newton-Euler, point Jacobians)
// for Python, on a tree that belongs to no system: the outputs users read (joint torques of a
// given motion, the mass matrix, the Jacobian of a link point), for multidyn.kinematicTree and
// multidyn.robotics. The parameters are those of ObjectKinematicTree (a dict, checked by the item's
// own field converters and CheckParameters); joint coordinates are totals.
#include "KinematicTreeBindings.h"

#include <memory>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "PythonConversion.h"
#include "core/foundation/Errors.h"
#include "core/items/ItemRegistry.h"
#include "objects/bodies/KinematicTreeDynamics.h"
#include "objects/bodies/ObjectKinematicTree.h"

namespace py = pybind11;
using namespace multidyn;

namespace {

class KinematicTreeAlgorithms {
 public:
  explicit KinematicTreeAlgorithms(const py::dict& parameters) {
    const std::string where = "KinematicTree";
    Json json = PythonToJson(parameters, where);
    json["objectType"] = "KinematicTree";
    item_ = CreateItemFromJson(ItemCategory::Object, json, where, nullptr);
    tree_ = dynamic_cast<ObjectKinematicTree*>(item_.get());
    if (!tree_) throw TypeError(where + ": internal: the parameters did not make an ObjectKinematicTree");
    const Index n = tree_->NumberOfLinks();
    if (n == 0) throw ValueError(where + ": parameter 'jointTypes': expected at least one link, got none");
    tree_->CheckParameters(n, "the number of jointTypes");
    dynamics_.Resize(*tree_);
  }

  Index NumberOfLinks() const { return tree_->NumberOfLinks(); }

  // tau = M(q) q_tt + h(q, q_t): the joint forces (torques) that produce q_tt, with gravity.
  VectorX InverseDynamics(const py::handle& q, const py::handle& q_t, const py::handle& q_tt) {
    const VectorX qv = Coordinates(q, "InverseDynamics", "q"), q_tv = Coordinates(q_t, "InverseDynamics", "q_t"),
                  q_ttv = Coordinates(q_tt, "InverseDynamics", "q_tt");
    VectorX tau(NumberOfLinks());
    dynamics_.InverseDynamics(*tree_, qv.data(), q_tv.data(), q_ttv.data(), tau.data());
    return tau;
  }

  MatrixX MassMatrix(const py::handle& q) {
    const VectorX qv = Coordinates(q, "MassMatrix", "q");
    MatrixX massMatrix;
    dynamics_.MassMatrix(*tree_, qv.data(), massMatrix);
    return massMatrix;
  }

  // q_tt = M^-1 (torques - h(q, q_t)), by the articulated-body factorization of M.
  VectorX ForwardDynamics(const py::handle& q, const py::handle& q_t, const py::handle& torques) {
    const VectorX qv = Coordinates(q, "ForwardDynamics", "q"), q_tv = Coordinates(q_t, "ForwardDynamics", "q_t"),
                  torquesv = Coordinates(torques, "ForwardDynamics", "torques");
    const Index n = NumberOfLinks();
    VectorX bias(n);
    const VectorX zero = VectorX::Zero(n);
    dynamics_.InverseDynamics(*tree_, qv.data(), q_tv.data(), zero.data(), bias.data());
    VectorX acceleration = torquesv - bias;
    dynamics_.FactorizeMassMatrix(*tree_, qv.data());
    dynamics_.SolveMassMatrix(acceleration.data());
    return acceleration;
  }

  // d(tau)/dq and d(tau)/dq_t of InverseDynamics (analytic, world-frame composites).
  std::pair<MatrixX, MatrixX> InverseDynamicsDerivatives(const py::handle& q, const py::handle& q_t,
                                                         const py::handle& q_tt) {
    const char* function = "InverseDynamicsDerivatives";
    const VectorX qv = Coordinates(q, function, "q"), q_tv = Coordinates(q_t, function, "q_t"),
                  q_ttv = Coordinates(q_tt, function, "q_tt");
    MatrixX tau_q, tau_q_t;
    dynamics_.NewtonBlock(*tree_, qv.data(), q_tv.data(), q_ttv.data(), 0., 1., 0., tau_q);
    dynamics_.NewtonBlock(*tree_, qv.data(), q_tv.data(), q_ttv.data(), 0., 0., 1., tau_q_t);
    return {tau_q, tau_q_t};
  }

  // 6 x n: d(velocity)/dq_t (rows 0-2) and d(angular velocity)/dq_t (rows 3-5) of the point
  // localPosition (link axes) of link `link`.
  MatrixX Jacobian(const py::handle& q, Index link, const py::handle& localPosition) {
    const VectorX qv = Coordinates(q, "Jacobian", "q");
    const Index n = NumberOfLinks();
    if (link < 0 || link >= n)
      throw ValueError("KinematicTree33.Jacobian: parameter 'linkIndex': expected a link index 0.." +
                       std::to_string(n - 1) + ", got " + std::to_string(link));
    const std::vector<double> b =
        VectorFromPython(localPosition, 3, "KinematicTree33.Jacobian: parameter 'localPosition'");
    dynamics_.Motion(*tree_, qv.data(), nullptr, nullptr, false, true);
    MatrixX jacobian(6, n);
    dynamics_.PointJacobian(link, Vector3(b[0], b[1], b[2]), jacobian.topRows(3), jacobian.bottomRows(3));
    return jacobian;
  }

  // The link frames at q: a list of (rotation link -> global, origin global).
  std::vector<std::pair<Matrix3, Vector3>> LinkFrames(const py::handle& q) {
    const VectorX qv = Coordinates(q, "LinkFrames", "q");
    dynamics_.Motion(*tree_, qv.data(), nullptr, nullptr, false, true);
    std::vector<std::pair<Matrix3, Vector3>> frames;
    for (Index i = 0; i < NumberOfLinks(); ++i) frames.emplace_back(dynamics_.LinkRotation(i), dynamics_.LinkOrigin(i));
    return frames;
  }

 private:
  VectorX Coordinates(const py::handle& values, const char* function, const char* parameter) const {
    if (py::isinstance<py::array_t<double>>(values)) {  // the common case, without the generic conversion
      const auto array = py::reinterpret_borrow<py::array_t<double>>(values);
      if (array.ndim() == 1 && array.shape(0) == NumberOfLinks()) {
        VectorX v(NumberOfLinks());
        for (Index i = 0; i < v.size(); ++i) v(i) = array.at(i);
        if (v.allFinite()) return v;
      }
    }
    const std::vector<double> v = VectorFromPython(
        values, int(NumberOfLinks()),
        std::string("KinematicTree33.") + function + ": parameter '" + parameter + "' (one value per link)");
    return Eigen::Map<const VectorX>(v.data(), Index(v.size()));
  }

  std::unique_ptr<Item> item_;
  ObjectKinematicTree* tree_ = nullptr;
  KinematicTreeDynamics dynamics_;
};

}  // namespace

void RegisterKinematicTreeBindings(py::module_& m) {
  py::class_<KinematicTreeAlgorithms>(m, "_KinematicTreeAlgorithms")
      .def(py::init<const py::dict&>(), py::arg("parameters"))
      .def("NumberOfLinks", &KinematicTreeAlgorithms::NumberOfLinks)
      .def("InverseDynamics", &KinematicTreeAlgorithms::InverseDynamics, py::arg("q"), py::arg("q_t"), py::arg("q_tt"))
      .def("MassMatrix", &KinematicTreeAlgorithms::MassMatrix, py::arg("q"))
      .def("ForwardDynamics", &KinematicTreeAlgorithms::ForwardDynamics, py::arg("q"), py::arg("q_t"),
           py::arg("torques"))
      .def("InverseDynamicsDerivatives", &KinematicTreeAlgorithms::InverseDynamicsDerivatives, py::arg("q"),
           py::arg("q_t"), py::arg("q_tt"))
      .def("Jacobian", &KinematicTreeAlgorithms::Jacobian, py::arg("q"), py::arg("linkIndex"), py::arg("localPosition"))
      .def("LinkFrames", &KinematicTreeAlgorithms::LinkFrames, py::arg("q"));
}
