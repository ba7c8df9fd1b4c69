"""Exudyn's exudyn.physics: friction laws (regularized Stribeck and Flores/Qian friction) and the
von Mises equivalent stress. Theory and sign conventions: docs/physics.md."""
import math as _math

import numpy as np

__all__ = ['StribeckFunction', 'RegularizedFrictionStep', 'RegularizedFriction', 'VonMisesStress', 'UFvonMisesStress']


def StribeckFunction(vel, muDynamic, muStaticOffset, muViscous=0, expVel=1e-3, regVel=1e-3):
    """regularized Stribeck friction coefficient (or force) at velocity vel:
    (muDynamic + muStaticOffset) vel/regVel for |vel| <= regVel, else
    sign(vel) (muDynamic + muStaticOffset exp(-(|vel| - regVel)/expVel) + muViscous (|vel| - regVel))"""
    if regVel != 0 and abs(vel) <= regVel:
        return (muDynamic + muStaticOffset) * vel / regVel
    beyond = abs(vel) - regVel
    return float(np.sign(vel)) * (muDynamic + muStaticOffset * _math.exp(-beyond / expVel) + muViscous * beyond)


def RegularizedFrictionStep(x, x0, h0, x1, h1):
    """h0 for x <= x0, h1 for x >= x1, between them the cubic h0 + (h1 - h0) d^2 (3 - 2 d), d = (x - x0)/(x1 - x0),
    which has zero slope at both ends"""
    if x <= x0:
        return h0
    if x >= x1:
        return h1
    d = (x - x0) / (x1 - x0)
    return h0 + (h1 - h0) * d * d * (3. - 2. * d)


def RegularizedFriction(vel, muDynamic, muStaticOffset, velStatic, velDynamic, muViscous=0):
    """friction coefficient (or force) of Flores et al. (2008) and Qian et al. (2018): a smooth step through zero
    reaching muStatic = muDynamic + muStaticOffset at |vel| = velStatic, a smooth step down to muDynamic at
    |vel| = velDynamic, beyond it muDynamic + muViscous (|vel| - velDynamic); odd in vel"""
    muStatic = muDynamic + muStaticOffset
    speed = abs(vel)
    if speed > velDynamic:
        return float(np.sign(vel)) * (muDynamic + (speed - velDynamic) * muViscous)
    if speed >= velStatic:
        return float(np.sign(vel)) * RegularizedFrictionStep(speed, velStatic, muStatic, velDynamic, muDynamic)
    return RegularizedFrictionStep(vel, -velStatic, -muStatic, velStatic, muStatic)


def VonMisesStress(stress6D):
    """von Mises equivalent stress of [sxx, syy, szz, syz, sxz, sxy]; of each row for a 2D array of them"""
    s = np.asarray(stress6D, dtype=float)
    if s.shape[-1:] != (6,):
        raise ValueError(f"VonMisesStress: stress6D must have 6 components (sxx, syy, szz, syz, sxz, sxy) per row, "
                         f"got shape {s.shape}")
    s = s.T
    value = np.sqrt(0.5 * ((s[0] - s[1])**2 + (s[1] - s[2])**2 + (s[2] - s[0])**2)
                    + 3. * (s[3]**2 + s[4]**2 + s[5]**2))
    return float(value) if np.ndim(value) == 0 else value


def UFvonMisesStress(mbs, t, sensorNumbers, factors, configuration):
    """a SensorUserFunction: the largest von Mises stress of the sensors in sensorNumbers (each giving Stress or
    StressLocal, 6 components); factors are not used"""
    return [max(VonMisesStress(mbs.GetSensorValues(sensor, configuration)) for sensor in sensorNumbers)]
