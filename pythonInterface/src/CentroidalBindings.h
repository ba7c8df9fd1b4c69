// The compiled part of multidyn.centroidal (the Python layer is pythonInterface/multidyn/centroidal.py).
#pragma once

#include <pybind11/pybind11.h>

// adds the submodule _multidyn.centroidal with SingleRigidBodyDynamics and EulerConverter
void RegisterCentroidalBindings(pybind11::module_& m);
