"""Exudyn's exudyn.advancedUtilities: type checks used by helper functions, frequency sweeps,
index search in sampled data, small matrix helpers and scipy sparse matrix <-> dict conversion.
Re-exported by multidyn.utilities (as Exudyn's utilities bring advancedUtilities)."""
import math as _math
from enum import Enum

import numpy as np

from multidyn.api.console import Print as _Print
from multidyn.api.indices import MarkerIndex as _MarkerIndex, NodeIndex as _NodeIndex, ObjectIndex as _ObjectIndex
from multidyn.modelling.basicUtilities import (IsEmptyList, IsNone, IsNotNone, SmoothStep,  # noqa: F401
                                               SmoothStepDerivative)

__all__ = ['PlotLineCode', 'FindObjectIndex', 'FindNodeIndex', 'IsListOrArray', 'ExpectedType', 'RaiseTypeError',
           'IsNone', 'IsNotNone', 'IsValidBool', 'IsValidRealInt', 'IsValidInt', 'IsValidPRealInt', 'IsValidURealInt',
           'IsReal', 'IsInteger', 'IsVector', 'IsIntVector', 'IsSquareMatrix', 'IsValidObjectIndex',
           'IsValidNodeIndex', 'IsValidMarkerIndex', 'IsEmptyList', 'FillInSubMatrix', 'SweepSin', 'SweepCos',
           'FrequencySweep', 'SmoothStep', 'SmoothStepDerivative', 'IndexFromValue', 'RoundMatrix',
           'ConvertScipySparseToDict', 'ConvertDictToScipySparse']


# Exudyn's automatic line codes: the 7 colors with a solid, dotted, dashed, then dash-dotted line
_lineCodes = [color + style for style in ['-', ':', '--', '-.'] for color in 'rgbkcmy']


def PlotLineCode(index):
    """the matplotlib color and line style code of automatic line `index` (0..27), e.g. 'r-';
    'k:' beyond"""
    return _lineCodes[index] if 0 <= index < len(_lineCodes) else 'k:'


def _FindIndex(kind, indexType, i, variables):
    names = [name for name, value in variables.items() if type(value) is indexType and int(value) == int(i)]
    for name in names:
        _Print(f"variable '{name}' links to {kind} {int(i)}")
    if not names:
        _Print("no according variable found")


def FindObjectIndex(i, globalVariables):
    """prints the names of the variables in globalVariables (e.g. globals()) that hold ObjectIndex i"""
    _FindIndex('object', _ObjectIndex, i, globalVariables)


def FindNodeIndex(i, globalVariables):
    """prints the names of the variables in globalVariables (e.g. globals()) that hold NodeIndex i"""
    _FindIndex('node', _NodeIndex, i, globalVariables)


def IsListOrArray(data, checkIfNoneEmpty=False):
    """True for a list or numpy array (only a non-empty one if checkIfNoneEmpty)"""
    if not isinstance(data, (list, np.ndarray)):
        return False
    return not (checkIfNoneEmpty and len(data) == 0)


class ExpectedType(Enum):
    """the kinds of argument RaiseTypeError names (bit flags as Exudyn's)"""
    _None = 0
    Positive = 1
    Unsigned = 2
    Bool = 4
    Int = 8
    PInt = 9
    UInt = 10
    Real = 16
    PReal = 17
    UReal = 18
    Vector = 32
    IntVector = 40
    Matrix = 64
    RigidBodyInertia = 128
    NodeIndex = 256
    ObjectIndex = 512
    MarkerIndex = 1024
    LoadIndex = 2048
    SensorIndex = 4096
    String = 8192


def RaiseTypeError(where='', argumentName='', received=None, expectedType=None, dim=None, cols=None):
    """raises a ValueError naming the function (where), the argument, what was expected (an ExpectedType
    or a text; dim: vector length or matrix rows, cols: matrix columns) and what was received"""
    message = f"ERROR in {where} in argument {argumentName}: "
    if isinstance(expectedType, str):
        message += expectedType
    else:
        name = expectedType.name if isinstance(expectedType, ExpectedType) else str(expectedType)
        message += f"expected type={name}"
        if expectedType in (ExpectedType.Vector, ExpectedType.IntVector):
            message += " (as list or numpy array)"
        elif expectedType == ExpectedType.Matrix:
            message += " (as list of lists or numpy array)"
        if dim is not None:
            columns = dim if (expectedType == ExpectedType.Matrix and cols is None) else cols
            message += f", expected size = ({dim},{columns})" if columns is not None else f", expected size = {dim}"
    try:
        message += f', but received "{received}", type={type(received)}'
    except Exception:
        message += ", <argument can not be converted to string>"
    raise ValueError(message)


def IsValidBool(x):
    """True for bool or an integer (which pybind11 converts to bool)"""
    return isinstance(x, (bool, int, np.integer))


def IsValidRealInt(x):
    """True for a Python or numpy float or integer"""
    return isinstance(x, (float, int, np.floating, np.integer))


def IsValidInt(x):
    return isinstance(x, (int, np.integer))


def IsValidPRealInt(x):
    """a valid real or int that is > 0"""
    return IsValidRealInt(x) and x > 0


def IsValidURealInt(x):
    """a valid real or int that is >= 0"""
    return IsValidRealInt(x) and x >= 0


def IsReal(x):
    """True for a Python or numpy float (Exudyn's IsReal: not for int)"""
    return isinstance(x, (float, np.floating))


def IsInteger(x):
    return isinstance(x, (int, np.integer))


def _IsSequence(v, expectedSize):
    return isinstance(v, (list, np.ndarray)) and (expectedSize is None or len(v) == expectedSize)


def IsVector(v, expectedSize=None):
    """True for a list or array of reals/ints (of length expectedSize if given)"""
    return _IsSequence(v, expectedSize) and all(IsValidRealInt(x) for x in v)


def IsIntVector(v, expectedSize=None):
    """True for a list or array of integers (of length expectedSize if given)"""
    return _IsSequence(v, expectedSize) and all(IsInteger(x) for x in v)


def IsSquareMatrix(m, expectedSize=None):
    """True for a list of lists or 2D array of numbers; with expectedSize: of expectedSize x expectedSize"""
    if not _IsSequence(m, expectedSize):
        return False
    for row in m:
        try:
            if expectedSize is not None and len(row) != expectedSize:
                return False
            if not all(IsValidRealInt(x) for x in row):
                return False
        except TypeError:  # a row that is a number
            return False
    return True


def IsValidObjectIndex(x):
    return isinstance(x, (int, np.integer, _ObjectIndex))


def IsValidNodeIndex(x):
    return isinstance(x, (int, np.integer, _NodeIndex))


def IsValidMarkerIndex(x):
    return isinstance(x, (int, np.integer, _MarkerIndex))


def FillInSubMatrix(subMatrix, destinationMatrix, destRow, destColumn):
    """writes the numpy array subMatrix into destinationMatrix with its first entry at (destRow, destColumn)"""
    rows, columns = subMatrix.shape
    destinationMatrix[destRow:destRow + rows, destColumn:destColumn + columns] = subMatrix


def _SweepPhase(t, t1, f0, f1):
    # the phase 2 pi int_0^t f(tau) dtau of the linear frequency ramp f(tau) = f0 + (f1 - f0) tau / t1
    return 2. * _math.pi * (f0 + 0.5 * (f1 - f0) / t1 * t) * t


def SweepSin(t, t1, f0, f1):
    """sin of a linear frequency sweep from f0 [Hz] at t = 0 to f1 [Hz] at t = t1"""
    return _math.sin(_SweepPhase(t, t1, f0, f1))


def SweepCos(t, t1, f0, f1):
    """cos of a linear frequency sweep from f0 [Hz] at t = 0 to f1 [Hz] at t = t1"""
    return _math.cos(_SweepPhase(t, t1, f0, f1))


def FrequencySweep(t, t1, f0, f1):
    """the frequency [Hz] of SweepSin/SweepCos at time t"""
    return f0 + (f1 - f0) * t / t1


def IndexFromValue(data, value, tolerance=1e-7, assumeConstantSampleRate=False, rangeWarning=True):
    """the index of value in data (e.g. a time column): the closest entry within tolerance, or, with
    assumeConstantSampleRate, int((value - data[0])/(data[1] - data[0])) clipped to the data's range"""
    if assumeConstantSampleRate and len(data) > 1:
        step = data[1] - data[0]
        if step == 0.:
            raise ValueError("IndexFromValue: sample rate is zero (data[1] == data[0])")
        index = int((value - data[0]) / step)
        if index < 0:
            if rangeWarning:
                _Print("Warning: IndexFromValue: index returned smaller than 0; using 0 instead")
            index = 0
        elif index >= len(data):
            if rangeWarning:
                _Print("Warning: IndexFromValue: index returned larger than array length-1; using array max length-1 "
                       "instead")
            index = len(data) - 1
        return index
    distances = np.abs(np.asarray(data, dtype=float) - value)
    if len(distances) == 0 or not distances.min() < tolerance:
        raise ValueError(f"IndexFromValue: value {value} not found in data with tolerance {tolerance}")
    return int(np.argmin(distances))


def RoundMatrix(matrix, treshold=1e-14):
    """sets the entries of the numpy array matrix with |entry| < treshold to zero, in place"""
    matrix[np.abs(matrix) < treshold] = 0


def ConvertScipySparseToDict(sparseMatrix):
    """a scipy sparse matrix as dict of its CSR arrays: data, indices, indptr, shape"""
    from scipy.sparse import csr_matrix
    if not isinstance(sparseMatrix, csr_matrix):
        if not hasattr(sparseMatrix, 'tocsr'):
            raise ValueError(f"ConvertScipySparseToDict: expected a scipy sparse matrix, got {type(sparseMatrix).__name__}")
        sparseMatrix = sparseMatrix.tocsr()
    return {'data': sparseMatrix.data, 'indices': sparseMatrix.indices, 'indptr': sparseMatrix.indptr,
            'shape': sparseMatrix.shape}


def ConvertDictToScipySparse(sparseDict):
    """the scipy CSR matrix of a dict made by ConvertScipySparseToDict"""
    from scipy.sparse import csr_matrix
    return csr_matrix((sparseDict['data'], sparseDict['indices'], sparseDict['indptr']), shape=sparseDict['shape'])
