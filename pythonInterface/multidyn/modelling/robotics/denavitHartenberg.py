"""Denavit-Hartenberg parameters as homogeneous transformations (Exudyn's StdDH2HT, ModDHKK2HT).

Standard DH [theta, d, a, alpha] (Denavit and Hartenberg; Corke, Robotics, Vision and Control):
    T = RotZ(theta) TransZ(d) TransX(a) RotX(alpha)
The frame of link j sits at the far end of the link, with z along the axis of joint j+1; in a
RobotLink, localHT = StdDH2HT([0, d, a, alpha]) and the joint (jointType 'Rz') adds theta.

Modified DH [alpha, d, theta, r] of Khalil and Kleinfinger (1986):
    T = RotX(alpha) TransX(d) RotZ(theta) TransZ(r)
returned as [HTpre, HTpost] = [RotX(alpha) TransX(d), RotZ(theta) TransZ(r)]: HTpre is the preHT of a
RobotLink (before the joint), HTpost its localHT (with theta = 0 the joint adds the rotation)."""
import numpy as np

from multidyn.modelling import rigidBodyUtilities as _rbu


def _FourParameters(DHparameters, function, names):
    try:
        values = np.array(DHparameters, dtype=float)
    except (TypeError, ValueError):
        values = None
    if values is None or values.shape != (4,) or not np.all(np.isfinite(values)):
        raise ValueError(f"{function}: parameter 'DHparameters' must be a list of 4 finite numbers "
                         f"[{', '.join(names)}]; received {DHparameters!r}")
    return values


def StdDH2HT(DHparameters):
    """HT of standard DH parameters [theta, d, a, alpha]: RotZ(theta) TransZ(d) TransX(a) RotX(alpha)"""
    theta, d, a, alpha = _FourParameters(DHparameters, 'StdDH2HT', ['theta', 'd', 'a', 'alpha'])
    # written out: the rotation's columns are x = (cos theta, sin theta, 0) and z, y completing them
    cosT, sinT, cosA, sinA = np.cos(theta), np.sin(theta), np.cos(alpha), np.sin(alpha)
    return np.array([[cosT, -sinT * cosA, sinT * sinA, a * cosT],
                     [sinT, cosT * cosA, -cosT * sinA, a * sinT],
                     [0., sinA, cosA, d],
                     [0., 0., 0., 1.]])


def ModDHKK2HT(DHparameters):
    """[HTpre, HTpost] of modified DH parameters [alpha, d, theta, r] (Khalil-Kleinfinger):
    HTpre = RotX(alpha) TransX(d), HTpost = RotZ(theta) TransZ(r)"""
    alpha, d, theta, r = _FourParameters(DHparameters, 'ModDHKK2HT', ['alpha', 'd', 'theta', 'r'])
    return [_rbu.HTrotateX(alpha) @ _rbu.HTtranslateX(d), _rbu.HTrotateZ(theta) @ _rbu.HTtranslateZ(r)]


def projectAngleToPMPi(q0):
    """angle(s) q0 mapped into (-pi, pi] (Exudyn's projectAngleToPMPi)"""
    q = np.asarray(q0, dtype=float) % (2 * np.pi)
    q = q - 2 * np.pi * (q > np.pi)
    return q if np.ndim(q0) else float(q)
