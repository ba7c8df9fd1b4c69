"""Small helpers of Exudyn's basicUtilities and advancedUtilities that scripts use: constants,
vector helpers on lists, smooth steps. Re-exported by multidyn.utilities."""
import math as _math

import numpy as np

__all__ = ['pi', 'sqrt2', 'g', 'Normalize', 'NormL2', 'VSum', 'VAdd', 'VSub', 'VMult', 'ScalarMult', 'Vec2Tilde',
           'Tilde2Vec', 'DiagonalMatrix', 'eye2D', 'eye3D', 'SmoothStep', 'SmoothStepDerivative', 'IsVector',
           'IsListOrArray', 'IsInteger', 'IsReal', 'IsNone', 'IsNotNone', 'IsEmptyList', 'ClearWorkspace']

pi = _math.pi
sqrt2 = _math.sqrt(2.)
g = 9.81  # [m/s^2] standard gravity, as Exudyn's basicUtilities.g

eye2D = [[1., 0.], [0., 1.]]
eye3D = [[1., 0., 0.], [0., 1., 0.], [0., 0., 1.]]


def _Vector(function, name, value):
    try:
        array = np.array(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"{function}: parameter '{name}': expected a list of numbers, got {value!r}") from None
    return array


def NormL2(vector):
    """Euclidean norm of a vector"""
    return float(np.linalg.norm(_Vector('NormL2', 'vector', vector)))


def Normalize(v):
    """v divided by its Euclidean norm (a list, as Exudyn's); a zero vector is an error"""
    array = _Vector('Normalize', 'v', v)
    length = np.linalg.norm(array)
    if length == 0.:
        raise ValueError("Normalize: parameter 'v': expected a non-zero vector, got a zero vector")
    return list(array / length)


def VSum(vector):
    """sum of the components"""
    return float(np.sum(_Vector('VSum', 'vector', vector)))


def VAdd(v0, v1):
    """component-wise sum of two vectors of equal size (a list)"""
    a, b = _Vector('VAdd', 'v0', v0), _Vector('VAdd', 'v1', v1)
    if a.size != b.size:
        raise ValueError(f"VAdd: the vectors have different sizes ({a.size} and {b.size})")
    return list(a + b)


def VSub(v0, v1):
    """component-wise difference v0 - v1 of two vectors of equal size (a list)"""
    a, b = _Vector('VSub', 'v0', v0), _Vector('VSub', 'v1', v1)
    if a.size != b.size:
        raise ValueError(f"VSub: the vectors have different sizes ({a.size} and {b.size})")
    return list(a - b)


def VMult(v0, v1):
    """scalar product of two vectors of equal size"""
    a, b = _Vector('VMult', 'v0', v0), _Vector('VMult', 'v1', v1)
    if a.size != b.size:
        raise ValueError(f"VMult: the vectors have different sizes ({a.size} and {b.size})")
    return float(a @ b)


def ScalarMult(scalar, v):
    """scalar times vector (a list)"""
    return list(float(scalar) * _Vector('ScalarMult', 'v', v))


def Vec2Tilde(v):
    """skew-symmetric matrix of a 3-vector (as a list of rows): Vec2Tilde(a) @ b = a x b"""
    x, y, z = _Vector('Vec2Tilde', 'v', v)
    return [[0., -z, y], [z, 0., -x], [-y, x, 0.]]


def Tilde2Vec(m):
    """the 3-vector of a skew-symmetric matrix (inverse of Vec2Tilde)"""
    A = np.array(m, dtype=float)
    if A.shape != (3, 3):
        raise ValueError(f"Tilde2Vec: parameter 'm': expected a 3x3 matrix, got {m!r}")
    return [-A[1, 2], A[0, 2], -A[0, 1]]


def DiagonalMatrix(rowsColumns, value=1):
    """a square matrix (list of rows) with value on the diagonal"""
    n = int(rowsColumns)
    return [[float(value) if i == k else 0. for k in range(n)] for i in range(n)]


def SmoothStep(x, x0, x1, value0, value1):
    """value0 for x <= x0, value1 for x >= x1, between them Exudyn's half cosine wave
    value0 + (value1 - value0) (1 - cos(pi (x - x0)/(x1 - x0)))/2, with zero slope at both ends"""
    if x <= x0:
        return value0
    if x >= x1:
        return value1
    return value0 + (value1 - value0) * 0.5 * (1. - _math.cos((x - x0) / (x1 - x0) * _math.pi))


def SmoothStepDerivative(x, x0, x1, value0, value1):
    """derivative of SmoothStep with respect to x"""
    if x <= x0 or x >= x1:
        return 0.
    return (value1 - value0) * 0.5 * _math.pi / (x1 - x0) * _math.sin((x - x0) / (x1 - x0) * _math.pi)


def IsListOrArray(data):
    return isinstance(data, (list, tuple, np.ndarray))


def IsVector(v, expectedSize=None):
    """True for a list or 1D array of numbers (of expectedSize, if given)"""
    if not IsListOrArray(v):
        return False
    try:
        array = np.array(v, dtype=float)
    except (TypeError, ValueError):
        return False
    return array.ndim == 1 and (expectedSize is None or array.size == expectedSize)


def IsInteger(x):
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def IsReal(x):
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)


def IsNone(x):
    return x is None


def IsNotNone(x):
    return x is not None


def IsEmptyList(x):
    return isinstance(x, list) and len(x) == 0


def ClearWorkspace():
    """Exudyn's ClearWorkspace(): deletes the caller's global variables except names starting with '_',
    functions, classes' methods and modules; empties exu.sys (except 'renderState', the last view) and
    exu.variables, and closes matplotlib's figures if matplotlib is loaded. Call it first in a script
    run repeatedly in one interpreter (e.g. Spyder), so no value of an earlier run is used by mistake."""
    import inspect
    import sys
    import types
    keep = (types.FunctionType, types.BuiltinFunctionType, types.ModuleType, types.MethodType)
    caller = inspect.currentframe().f_back
    try:
        variables = caller.f_globals
        for name in [name for name, value in variables.items()
                     if not name.startswith('_') and not isinstance(value, keep)]:
            del variables[name]
    finally:
        del caller  # no reference cycle through the frame
    from multidyn.api.globalDicts import sys as exuSys, variables as exuVariables
    for key in [key for key in exuSys if key != 'renderState']:
        del exuSys[key]
    exuVariables.clear()
    if 'matplotlib.pyplot' in sys.modules:
        sys.modules['matplotlib.pyplot'].close('all')
