// The compiled part of the contact items' Python interface: ExponentialSpringParameters and
// the reset of a contact's anchor point (mbs.ResetAnchorPoint in mainSystemExtensions.py).
#pragma once

#include <pybind11/pybind11.h>

// adds _multidyn.ExponentialSpringParameters and _multidyn._ResetAnchorPoint(mbs, objectNumber)
void RegisterContactBindings(pybind11::module_& m);
