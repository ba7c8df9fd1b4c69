#!/usr/bin/env python3
"""Solves the models of compareAdaptiveExplicitWithExudyn.py (a linear ODE1/ODE2 system and a
nonlinear spring pendulum) with the fixed-step explicit methods ExplicitEuler, ExplicitMidpoint,
RK33, RK44 and RK67 on multidyn and on Exudyn (the PyPI package 'exudyn', which must be
installed; multidyn never depends on it) and prints, per model and method, the largest difference
of the final coordinates, absolute and relative to their largest value (a developer tool, not a
test). Equal tableaus give round-off differences; another method of the same order gives the
truncation error: RK33 with Kutta's tableau instead of Exudyn's Heun's differed by 9.9e-6 (3.2e-5
relative) on the pendulum, and not on the linear system, where all three-stage methods of order
three give the same step.

    python3 scripts/compareFixedStepExplicitWithExudyn.py
"""
import numpy as np

from compareAdaptiveExplicitWithExudyn import LinearModel, Solve, SpringPendulum


def main():
    for modelName, model, endTime, numberOfSteps in (('ODE1/ODE2 test', LinearModel, 2., 2000),
                                                     ('spring pendulum', SpringPendulum, 2., 200)):
        for solverName in ('ExplicitEuler', 'ExplicitMidpoint', 'RK33', 'RK44', 'RK67'):
            hE, xE, _ = Solve('exudyn', model, solverName, 1e-8, endTime, numberOfSteps)
            hM, xM, _ = Solve('multidyn', model, solverName, 1e-8, endTime, numberOfSteps)
            difference = np.max(np.abs(xM - xE))
            print(f"{modelName:16s} {solverName:16s} steps {len(hE)}/{len(hM)} (Exudyn/multidyn), final coordinates "
                  f"differ by {difference:.1e} ({difference / np.max(np.abs(xE)):.1e} relative)")


if __name__ == '__main__':
    main()
