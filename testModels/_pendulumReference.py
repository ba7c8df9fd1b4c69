"""Shared by the pendulum test models: the independent reference of a pendulum released at rest
from the horizontal, theta_tt = -c cos(theta) (theta from the horizontal, c = m g l / I_pivot), by
the classical Runge-Kutta method; no multidyn code involved. Not a model itself (leading '_')."""
import math

import numpy as np


def PendulumByRungeKutta(c, endTime, steps):
    """[theta, theta_t] at endTime, from theta = theta_t = 0."""
    def f(y):
        return np.array([y[1], -c * math.cos(y[0])])

    y, h = np.array([0., 0.]), endTime / steps
    for _ in range(steps):
        k1 = f(y)
        k2 = f(y + 0.5 * h * k1)
        k3 = f(y + 0.5 * h * k2)
        k4 = f(y + h * k3)
        y = y + h / 6. * (k1 + 2. * k2 + 2. * k3 + k4)
    return y
