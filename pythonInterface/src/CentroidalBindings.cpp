// pybind11 bindings of the centroidal model. Arguments arrive already checked and converted
// by multidyn/centroidal.py (numpy arrays, scipy.sparse.csr_matrix); the C++ classes check
// again and throw std::invalid_argument (-> ValueError) or std::out_of_range (-> IndexError).
#include "CentroidalBindings.h"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "centroidal/EulerConverter.h"
#include "centroidal/SingleRigidBodyDynamics.h"

namespace py = pybind11;
using namespace multidyn::centroidal;

void RegisterCentroidalBindings(py::module_& m) {
  py::module_ c = m.def_submodule("centroidal", "single-rigid-body (centroidal) dynamics of legged robots");

  py::class_<EulerConverter>(c, "EulerConverter")
      .def(py::init<const Vector3d&, const Vector3d&, const Vector3d&, const Jacobian&, const Jacobian&,
                    const Jacobian&, double>(),
           py::arg("euler"), py::arg("eulerDot"), py::arg("eulerDDot"), py::arg("jacEuler"), py::arg("jacEulerDot"),
           py::arg("jacEulerDDot"), py::arg("time"))
      .def("GetVariableCount", &EulerConverter::GetVariableCount)
      .def("GetTime", &EulerConverter::GetTime)
      .def("CheckTime", &EulerConverter::CheckTime, py::arg("t"))
      .def("GetEuler", &EulerConverter::GetEuler)
      .def("GetEulerDot", &EulerConverter::GetEulerDot)
      .def("GetEulerDDot", &EulerConverter::GetEulerDDot)
      .def("GetRotationMatrixBaseToWorld", &EulerConverter::GetRotationMatrixBaseToWorld)
      .def("GetAngularVelocityInWorld", &EulerConverter::GetAngularVelocityInWorld)
      .def("GetAngularAccelerationInWorld", &EulerConverter::GetAngularAccelerationInWorld)
      .def("GetDerivOfAngVelWrtEulerNodes", &EulerConverter::GetDerivOfAngVelWrtEulerNodes)
      .def("GetDerivOfAngAccWrtEulerNodes", &EulerConverter::GetDerivOfAngAccWrtEulerNodes)
      .def("DerivOfRotVecMult", &EulerConverter::DerivOfRotVecMult, py::arg("v"), py::arg("inverse"));

  py::class_<SingleRigidBodyDynamics>(c, "SingleRigidBodyDynamics")
      .def(py::init<double, const Matrix3d&, int>(), py::arg("mass"), py::arg("inertia"), py::arg("eeCount"))
      .def("m", &SingleRigidBodyDynamics::m)
      .def("g", &SingleRigidBodyDynamics::g)
      .def("GetEECount", &SingleRigidBodyDynamics::GetEECount)
      .def("GetInertiaInBase", &SingleRigidBodyDynamics::GetInertiaInBase)
      .def("GetInertiaInWorld", &SingleRigidBodyDynamics::GetInertiaInWorld)
      .def("SetCurrent", &SingleRigidBodyDynamics::SetCurrent, py::arg("com_W"), py::arg("com_acc_W"), py::arg("w_R_b"),
           py::arg("omega_W"), py::arg("omega_dot_W"), py::arg("force_W"), py::arg("pos_W"))
      .def("GetDynamicViolation", &SingleRigidBodyDynamics::GetDynamicViolation)
      .def("GetJacobianWrtBaseLin", &SingleRigidBodyDynamics::GetJacobianWrtBaseLin, py::arg("jac_base_lin_pos"),
           py::arg("jac_base_lin_acc"))
      .def("GetJacobianWrtBaseAng", &SingleRigidBodyDynamics::GetJacobianWrtBaseAng, py::arg("base_angular"),
           py::arg("t"))
      .def("GetJacobianWrtForce", &SingleRigidBodyDynamics::GetJacobianWrtForce, py::arg("ee_force"), py::arg("ee"))
      .def("GetJacobianWrtEEPos", &SingleRigidBodyDynamics::GetJacobianWrtEEPos, py::arg("ee_pos"), py::arg("ee"))
      .def_static("BuildInertiaTensor", &SingleRigidBodyDynamics::BuildInertiaTensor, py::arg("Ixx"), py::arg("Iyy"),
                  py::arg("Izz"), py::arg("Ixy"), py::arg("Ixz"), py::arg("Iyz"));
}
