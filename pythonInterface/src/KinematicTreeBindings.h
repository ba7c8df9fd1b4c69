// The compiled part of multidyn.kinematicTree (the Python layer is
// pythonInterface/multidyn/modelling/kinematicTree.py).
#pragma once

#include <pybind11/pybind11.h>

// adds _multidyn._KinematicTreeAlgorithms: an ObjectKinematicTree's algorithms without a system
void RegisterKinematicTreeBindings(pybind11::module_& m);
