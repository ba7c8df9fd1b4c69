"""exu.symbolic: symbolic expressions and symbolic user functions, with Exudyn's names.

``Real``, ``Vector`` and ``Matrix`` replace float and numpy arrays in expressions; their operations
build an immutable expression graph in C++ (``_multidyn._symbolic``; a vector or a matrix is a list
of scalar expressions). ``CreateSymbolicUserFunction`` calls a Python user function once with
symbolic arguments and compiles what it returns into a tape that items evaluate in C++: no Python
runs during a solve, and items that differentiate their user function get exact partial
derivatives from it (docs/symbolic.md).
"""

import numbers as _numbers

import numpy as _np

from multidyn._multidyn import _symbolic

__all__ = ['Real', 'Vector', 'Matrix', 'VariableSet', 'variables', 'UserFunction', 'SetRecording', 'GetRecording',
           'IfThenElse', 'ConvertFunctionToSymbolic', 'CreateSymbolicUserFunction', 'userFunctionArguments']

_recording = [True]


def SetRecording(flag):
    """Record expressions (True, the default) or evaluate every operation at once (False)."""
    _recording[0] = bool(flag)


def GetRecording():
    """Whether expressions are recorded (SetRecording)."""
    return _recording[0]


def _Operation(name, *operands):
    node = _symbolic.Node.Operation(name, *operands)
    if not _recording[0] and not node.IsConstant():
        node = _symbolic.Node.Constant(node.Evaluate())
    return node


def _ScalarNode(value, where):
    """The node of a Real or a number; None for other kinds (vectors, matrices)."""
    if isinstance(value, Real):
        return value._node
    if isinstance(value, (bool, _numbers.Real, _np.bool_)) and not isinstance(value, (Vector, Matrix)):
        return _symbolic.Node.Constant(float(value))
    if isinstance(value, _np.ndarray) and value.ndim == 0:
        return _symbolic.Node.Constant(float(value))
    return None


def _NodeOf(value, where):
    node = _ScalarNode(value, where)
    if node is None:
        raise TypeError(f"symbolic: {where}: expected a real number or symbolic.Real, got {type(value).__name__}")
    return node


def _ArrayAsSymbolic(value):
    """A Vector or Matrix as it is, a 1D or 2D numpy array as a Vector or Matrix; None for others."""
    if isinstance(value, (Vector, Matrix)):
        return value
    if isinstance(value, _np.ndarray) and value.ndim in (1, 2):
        return Vector(value) if value.ndim == 1 else Matrix(value)
    return None


class Real:
    """A real number in a symbolic expression: ``Real(1.5)``, a named value ``Real('k', 100.)``
    (SetValue changes what expressions of it evaluate to), or the result of operations on Reals."""

    __array_ufunc__ = None  # numpy leaves operations with a Real to Real (2.*np.float64 * Real works)

    def __init__(self, *args):
        if len(args) == 1 and isinstance(args[0], _symbolic.Node):
            self._node = args[0]
        elif len(args) == 1:
            self._node = _NodeOf(args[0], 'Real(value)')
        elif len(args) == 2 and isinstance(args[0], str):
            node = _NodeOf(args[1], f"Real('{args[0]}', value)")
            if not node.IsConstant():
                raise ValueError(f"symbolic.Real('{args[0]}', value): a named Real takes a number, not an expression")
            self._node = _symbolic.Node.Variable(_symbolic.Variable(args[0], node.constantValue))
        else:
            raise TypeError("symbolic.Real(value) or symbolic.Real(name, value) expected")

    # not recorded
    def Evaluate(self):
        """The value of the expression now (named values at their current values)."""
        return self._node.Evaluate()

    def SetValue(self, valueInit):
        """Set the value of a named Real (expressions of it follow) or of a plain number; an
        expression cannot be set."""
        value = float(valueInit)
        if self._node.IsVariable():
            self._node.variable.value = value
        elif self._node.IsConstant():
            self._node = _symbolic.Node.Constant(value)
        else:
            raise ValueError(f"symbolic.Real.SetValue: {self} is an expression; only a number or a named Real can be set")

    @property
    def value(self):
        return self.Evaluate()

    @value.setter
    def value(self, valueInit):
        self.SetValue(valueInit)

    def Diff(self, var):
        """Derivative of the expression with respect to the named Real var, at the current values
        (forward-mode automatic differentiation)."""
        if not isinstance(var, Real) or not var._node.IsVariable():
            raise TypeError("symbolic.Real.Diff: var must be a named symbolic.Real, e.g. Real('x', 1.)")
        return self._node.Diff(var._node.variable)

    def __float__(self):
        return self.Evaluate()

    def __bool__(self):
        return self.Evaluate() != 0.

    def __str__(self):
        return str(self._node)

    def __repr__(self):
        return str(self._node)

    __hash__ = object.__hash__

    # recorded operations
    def _Binary(self, name, other, reverse=False):
        node = _ScalarNode(other, name)
        if node is None:
            return NotImplemented
        a, b = (node, self._node) if reverse else (self._node, node)
        return Real(_Operation(name, a, b))

    def __add__(self, other): return self._Binary('+', other)
    def __radd__(self, other): return self._Binary('+', other, True)
    def __sub__(self, other): return self._Binary('-', other)
    def __rsub__(self, other): return self._Binary('-', other, True)
    def __truediv__(self, other): return self._Binary('/', other)
    def __rtruediv__(self, other): return self._Binary('/', other, True)
    def __pow__(self, other): return self._Binary('pow', other)
    def __rpow__(self, other): return self._Binary('pow', other, True)
    def __mod__(self, other): return self._Binary('mod', other)
    def __lt__(self, other): return self._Binary('<', other)
    def __le__(self, other): return self._Binary('<=', other)
    def __gt__(self, other): return self._Binary('>', other)
    def __ge__(self, other): return self._Binary('>=', other)
    def __eq__(self, other): return self._Binary('==', other)
    def __ne__(self, other): return self._Binary('!=', other)

    def __mul__(self, other):
        array = _ArrayAsSymbolic(other)
        if array is not None:
            return array.__rmul__(self)
        return self._Binary('*', other)

    def __rmul__(self, other):
        array = _ArrayAsSymbolic(other)
        if array is not None:
            return array.__mul__(self)
        return self._Binary('*', other, True)
    def __neg__(self): return Real(_Operation('neg', self._node))
    def __pos__(self): return self
    def __abs__(self): return Real(_Operation('abs', self._node))


def _Unary(name):
    def function(x):
        return Real(_Operation(name, _NodeOf(x, f"{name}(x)")))
    function.__name__ = name
    function.__doc__ = f"symbolic {name}(x), as C++'s std::{name}"
    return function


def _Binary(name):
    def function(x, y):
        return Real(_Operation(name, _NodeOf(x, f"{name}(x, y)"), _NodeOf(y, f"{name}(x, y)")))
    function.__name__ = name
    function.__doc__ = f"symbolic {name}(x, y)"
    return function


_unaryNames = ['abs', 'sign', 'Not', 'isfinite', 'round', 'ceil', 'floor', 'exp', 'sqrt', 'log', 'sin', 'cos', 'tan',
               'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh']
_binaryNames = ['pow', 'atan2', 'mod', 'min', 'max']
for _name in _unaryNames:
    globals()[_name] = _Unary(_name)
for _name in _binaryNames:
    globals()[_name] = _Binary(_name)
__all__ += _unaryNames + _binaryNames


def IfThenElse(condition, ifTrue, ifFalse):
    """ifTrue where condition is non-zero, else ifFalse (both are recorded)."""
    where = 'IfThenElse(condition, ifTrue, ifFalse)'
    return Real(_Operation('IfThenElse', _NodeOf(condition, where), _NodeOf(ifTrue, where), _NodeOf(ifFalse, where)))


def _Sum(nodes):
    total = nodes[0]
    for node in nodes[1:]:
        total = _Operation('+', total, node)
    return total


def _NodesOfSequence(values, where):
    if isinstance(values, Vector):
        return list(values._nodes)
    if isinstance(values, (str, bytes)) or not hasattr(values, '__len__'):
        raise TypeError(f"symbolic: {where}: expected a list of numbers or Reals, got {type(values).__name__}")
    return [_NodeOf(v, where) for v in values]


class Vector:
    """A vector in symbolic expressions: ``Vector([1., x, 3.])`` or a named ``Vector('u', [0., 0., 0.])``.
    As in Exudyn, ``v*w`` is the scalar product, ``v*M`` is ``M.T @ v``, ``v == w`` is 1 if all
    components are equal."""

    __array_ufunc__ = None

    def __init__(self, *args):
        if len(args) == 1:
            self._nodes = _NodesOfSequence(args[0], 'Vector(vector)')
        elif len(args) == 2 and isinstance(args[0], str):
            nodes = _NodesOfSequence(args[1], f"Vector('{args[0]}', vector)")
            if not all(n.IsConstant() for n in nodes):
                raise ValueError(f"symbolic.Vector('{args[0]}', vector): a named vector takes numbers, not expressions")
            self._nodes = [_symbolic.Node.Variable(_symbolic.Variable(f'{args[0]}[{i}]', n.constantValue))
                           for i, n in enumerate(nodes)]
        else:
            raise TypeError("symbolic.Vector(vector) or symbolic.Vector(name, vector) expected")

    @classmethod
    def _Of(cls, nodes):
        v = cls.__new__(cls)
        v._nodes = nodes
        return v

    def Evaluate(self):
        return _np.array([n.Evaluate() for n in self._nodes])

    def SetVector(self, vector):
        """Set the values of a vector of numbers or of a named vector (not of expressions)."""
        values = [float(x) for x in vector]
        if len(values) != len(self._nodes):
            raise ValueError(f"symbolic.Vector.SetVector: {len(values)} values given for a vector of {len(self._nodes)}")
        for i, (node, value) in enumerate(zip(self._nodes, values)):
            if node.IsVariable():
                node.variable.value = value
            elif node.IsConstant():
                self._nodes[i] = _symbolic.Node.Constant(value)
            else:
                raise ValueError(f"symbolic.Vector.SetVector: component {i} is an expression")

    def NumberOfItems(self):
        return len(self._nodes)

    def __len__(self):
        return len(self._nodes)

    def _Index(self, index):
        i = int(index)
        if not -len(self._nodes) <= i < len(self._nodes):
            raise IndexError(f"symbolic.Vector: index {i} out of range for a vector of {len(self._nodes)}")
        return i

    def __getitem__(self, index):
        return Real(self._nodes[self._Index(index)])

    def __setitem__(self, index, value):
        self._nodes[self._Index(index)] = _NodeOf(value, 'Vector[index] = value')

    def __iter__(self):
        return (Real(n) for n in self._nodes)

    def _Other(self, other, where):
        if isinstance(other, Vector):
            nodes = other._nodes
        elif isinstance(other, (list, tuple, _np.ndarray)):
            nodes = _NodesOfSequence(other, where)
        else:
            return None
        if len(nodes) != len(self._nodes):
            raise ValueError(f"symbolic.Vector: {where} of vectors of sizes {len(self._nodes)} and {len(nodes)}")
        return nodes

    def _Componentwise(self, name, other, where, reverse=False):
        nodes = self._Other(other, where)
        if nodes is None:
            return NotImplemented
        pairs = zip(nodes, self._nodes) if reverse else zip(self._nodes, nodes)
        return Vector._Of([_Operation(name, a, b) for a, b in pairs])

    def __add__(self, other): return self._Componentwise('+', other, 'addition')
    def __radd__(self, other): return self._Componentwise('+', other, 'addition', True)
    def __sub__(self, other): return self._Componentwise('-', other, 'subtraction')
    def __rsub__(self, other): return self._Componentwise('-', other, 'subtraction', True)
    def __neg__(self): return Vector._Of([_Operation('neg', n) for n in self._nodes])
    def __pos__(self): return self

    def MultComponents(self, other):
        """Componentwise product (numpy's v*w)."""
        return self._Componentwise('*', other, 'MultComponents')

    def __mul__(self, other):
        if isinstance(other, Matrix):
            return other._TransposedTimes(self)
        nodes = self._Other(other, 'scalar product')
        if nodes is not None:
            return Real(_Sum([_Operation('*', a, b) for a, b in zip(self._nodes, nodes)]))
        scalar = _ScalarNode(other, 'Vector*scalar')
        if scalar is None:
            return NotImplemented
        return Vector._Of([_Operation('*', n, scalar) for n in self._nodes])

    def __rmul__(self, other):
        scalar = _ScalarNode(other, 'scalar*Vector')
        if scalar is None:
            nodes = self._Other(other, 'scalar product')
            if nodes is None:
                return NotImplemented
            return Real(_Sum([_Operation('*', a, b) for a, b in zip(nodes, self._nodes)]))
        return Vector._Of([_Operation('*', scalar, n) for n in self._nodes])

    def __truediv__(self, other):
        scalar = _ScalarNode(other, 'Vector/scalar')
        if scalar is None:
            return NotImplemented
        return Vector._Of([_Operation('/', n, scalar) for n in self._nodes])

    def __eq__(self, other):
        nodes = self._Other(other, 'comparison')
        if nodes is None:
            return NotImplemented
        equal = [_Operation('==', a, b) for a, b in zip(self._nodes, nodes)]
        result = equal[0]
        for e in equal[1:]:
            result = _Operation('*', result, e)
        return Real(result)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else Real(_Operation('Not', equal._node))

    __hash__ = object.__hash__

    def NormL2(self):
        """Symbolic Euclidean norm."""
        return Real(_Operation('sqrt', _Sum([_Operation('*', n, n) for n in self._nodes])))

    def __str__(self):
        return '[' + ', '.join(str(n) for n in self._nodes) + ']'

    __repr__ = __str__


class Matrix:
    """A matrix in symbolic expressions: ``Matrix([[1, x], [0, 2]])`` or a named
    ``Matrix('A', [[...]])``; ``*`` is the matrix product (with a Matrix or a Vector) or scaling."""

    __array_ufunc__ = None

    def __init__(self, *args):
        if len(args) == 1:
            self._rows = self._RowsOf(args[0], 'Matrix(matrix)')
        elif len(args) == 2 and isinstance(args[0], str):
            rows = self._RowsOf(args[1], f"Matrix('{args[0]}', matrix)")
            if not all(n.IsConstant() for row in rows for n in row):
                raise ValueError(f"symbolic.Matrix('{args[0]}', matrix): a named matrix takes numbers, not expressions")
            self._rows = [[_symbolic.Node.Variable(_symbolic.Variable(f'{args[0]}[{i},{j}]', n.constantValue))
                           for j, n in enumerate(row)] for i, row in enumerate(rows)]
        else:
            raise TypeError("symbolic.Matrix(matrix) or symbolic.Matrix(name, matrix) expected")

    @staticmethod
    def _RowsOf(matrix, where):
        if isinstance(matrix, Matrix):
            return [list(row) for row in matrix._rows]
        rows = [_NodesOfSequence(row, where) for row in matrix]
        if rows and any(len(row) != len(rows[0]) for row in rows):
            raise ValueError(f"symbolic: {where}: the rows have different lengths")
        return rows

    @classmethod
    def _Of(cls, rows):
        m = cls.__new__(cls)
        m._rows = rows
        return m

    def Evaluate(self):
        return _np.array([[n.Evaluate() for n in row] for row in self._rows]).reshape(self.NumberOfRows(),
                                                                                     self.NumberOfColumns())

    def SetMatrix(self, matrix):
        """Set the values of a matrix of numbers or of a named matrix (not of expressions)."""
        values = _np.asarray(matrix, dtype=float)
        if values.shape != (self.NumberOfRows(), self.NumberOfColumns()):
            raise ValueError(f"symbolic.Matrix.SetMatrix: shape {values.shape} given for a "
                             f"{self.NumberOfRows()} x {self.NumberOfColumns()} matrix")
        for i, row in enumerate(self._rows):
            for j, node in enumerate(row):
                if node.IsVariable():
                    node.variable.value = float(values[i, j])
                elif node.IsConstant():
                    row[j] = _symbolic.Node.Constant(float(values[i, j]))
                else:
                    raise ValueError(f"symbolic.Matrix.SetMatrix: entry ({i}, {j}) is an expression")

    def NumberOfRows(self):
        return len(self._rows)

    def NumberOfColumns(self):
        return len(self._rows[0]) if self._rows else 0

    def _Entry(self, index):
        if not isinstance(index, tuple) or len(index) != 2:
            raise IndexError("symbolic.Matrix: index with [row, column]")
        i, j = int(index[0]), int(index[1])
        if not (0 <= i < self.NumberOfRows() and 0 <= j < self.NumberOfColumns()):
            raise IndexError(f"symbolic.Matrix: ({i}, {j}) out of range for a "
                             f"{self.NumberOfRows()} x {self.NumberOfColumns()} matrix")
        return i, j

    def Get(self, row, column):
        i, j = self._Entry((row, column))
        return Real(self._rows[i][j])

    def __getitem__(self, index):
        i, j = self._Entry(index)
        return Real(self._rows[i][j])

    def __setitem__(self, index, value):
        i, j = self._Entry(index)
        self._rows[i][j] = _NodeOf(value, 'Matrix[row, column] = value')

    def _OtherRows(self, other, where):
        if isinstance(other, Matrix):
            rows = other._rows
        elif isinstance(other, (list, tuple, _np.ndarray)) and len(other) and hasattr(other[0], '__len__'):
            rows = self._RowsOf(other, where)
        else:
            return None
        return rows

    def _Componentwise(self, name, other, where, reverse=False):
        rows = self._OtherRows(other, where)
        if rows is None:
            return NotImplemented
        if len(rows) != self.NumberOfRows() or (rows and len(rows[0]) != self.NumberOfColumns()):
            raise ValueError(f"symbolic.Matrix: {where} of matrices of different shapes")
        return Matrix._Of([[_Operation(name, *((b, a) if reverse else (a, b))) for a, b in zip(r, s)]
                           for r, s in zip(self._rows, rows)])

    def __add__(self, other): return self._Componentwise('+', other, 'addition')
    def __radd__(self, other): return self._Componentwise('+', other, 'addition', True)
    def __sub__(self, other): return self._Componentwise('-', other, 'subtraction')
    def __rsub__(self, other): return self._Componentwise('-', other, 'subtraction', True)
    def __neg__(self): return Matrix._Of([[_Operation('neg', n) for n in row] for row in self._rows])
    def __pos__(self): return self

    def _Scaled(self, scalar, reverse):
        return Matrix._Of([[_Operation('*', *((scalar, n) if reverse else (n, scalar))) for n in row]
                           for row in self._rows])

    def __mul__(self, other):
        if isinstance(other, (Vector, list, tuple)) or (isinstance(other, _np.ndarray) and other.ndim == 1):
            nodes = _NodesOfSequence(other, 'Matrix*Vector')
            if len(nodes) != self.NumberOfColumns():
                raise ValueError(f"symbolic.Matrix*Vector: {self.NumberOfRows()} x {self.NumberOfColumns()} matrix "
                                 f"times a vector of {len(nodes)}")
            return Vector._Of([_Sum([_Operation('*', a, b) for a, b in zip(row, nodes)]) for row in self._rows])
        rows = self._OtherRows(other, 'Matrix*Matrix')
        if rows is not None:
            if len(rows) != self.NumberOfColumns():
                raise ValueError(f"symbolic.Matrix*Matrix: {self.NumberOfRows()} x {self.NumberOfColumns()} times "
                                 f"{len(rows)} x {len(rows[0]) if rows else 0}")
            return Matrix._Of([[_Sum([_Operation('*', row[k], rows[k][j]) for k in range(len(rows))])
                                for j in range(len(rows[0]))] for row in self._rows])
        scalar = _ScalarNode(other, 'Matrix*scalar')
        return NotImplemented if scalar is None else self._Scaled(scalar, False)

    def __rmul__(self, other):
        if isinstance(other, Vector):
            return self._TransposedTimes(other)
        scalar = _ScalarNode(other, 'scalar*Matrix')
        return NotImplemented if scalar is None else self._Scaled(scalar, True)

    def _TransposedTimes(self, vector):
        """M.T @ v (Exudyn's v*M)."""
        if len(vector._nodes) != self.NumberOfRows():
            raise ValueError(f"symbolic.Vector*Matrix: a vector of {len(vector._nodes)} times a "
                             f"{self.NumberOfRows()} x {self.NumberOfColumns()} matrix")
        return Vector._Of([_Sum([_Operation('*', vector._nodes[i], self._rows[i][j]) for i in range(self.NumberOfRows())])
                           for j in range(self.NumberOfColumns())])

    def __str__(self):
        return '[' + ', '.join('[' + ', '.join(str(n) for n in row) + ']' for row in self._rows) + ']'

    __repr__ = __str__


class VariableSet:
    """Named values for expressions and user functions: ``variables.Add('k', 100.)``,
    ``variables.Get('k')`` is a named Real whose value ``Set('k', ...)`` changes, also during a solve."""

    def __init__(self):
        self._variables = {}

    def Add(self, name, value=None):
        if isinstance(name, Real):
            if not name._node.IsVariable():
                raise ValueError("symbolic.VariableSet.Add: only a named Real, e.g. Real('k', 1.), can be added")
            real, name = name, name._node.variable.name
        else:
            real = Real(str(name), value)
        if name in self._variables:
            raise ValueError(f"symbolic.VariableSet.Add: variable '{name}' exists already (use Set to change it)")
        self._variables[name] = real

    def Set(self, name, value):
        if name in self._variables:
            self._variables[name].SetValue(value)
        else:
            self._variables[name] = Real(str(name), value)

    def Get(self, name):
        if name not in self._variables:
            raise KeyError(f"symbolic.VariableSet.Get: no variable '{name}'; the set has {self.GetNames()}")
        return self._variables[name]

    def Exists(self, name):
        return name in self._variables

    def Reset(self):
        self._variables = {}

    def NumberOfItems(self):
        return len(self._variables)

    def GetNames(self):
        return list(self._variables)

    __getitem__ = Get
    __setitem__ = Set

    def __str__(self):
        return '{' + ', '.join(f'{name}: {real.Evaluate()}' for name, real in self._variables.items()) + '}'

    __repr__ = __str__


variables = VariableSet()


# The arguments of the user functions that can be recorded: 'ItemType,functionName' -> (argument kinds,
# result kind); kinds: 'MainSystem', 'Real', 'Index', 'Vector3D', 'Vector6D', 'Matrix3D', 'Matrix6D'
# (as Exudyn's userFunctionArgsDict). One line per user function.
_item = ['MainSystem', 'Real', 'Index']  # mbs, t, itemNumber
userFunctionArguments = {
    'ObjectConnectorSpringDamper,springForceUserFunction': (_item + ['Real'] * 5, 'Real'),
    'ObjectConnectorLinearSpringDamper,springForceUserFunction': (_item + ['Real'] * 5, 'Real'),
    'ObjectConnectorCoordinateSpringDamper,springForceUserFunction': (_item + ['Real'] * 5, 'Real'),
    'ObjectConnectorTorsionalSpringDamper,springTorqueUserFunction': (_item + ['Real'] * 5, 'Real'),
    'ObjectConnectorCartesianSpringDamper,springForceUserFunction': (_item + ['Vector3D'] * 5, 'Vector3D'),
    'ObjectConnectorRigidBodySpringDamper,springForceTorqueUserFunction': (
        _item + ['Vector3D'] * 4 + ['Matrix6D'] * 2 + ['Matrix3D'] * 2 + ['Vector6D'], 'Vector6D'),
    'ObjectConnectorCoordinate,offsetUserFunction': (_item + ['Real'], 'Real'),
    'ObjectConnectorCoordinate,offsetUserFunction_t': (_item + ['Real'], 'Real'),
    'ObjectJointGeneric,offsetUserFunction': (_item + ['Vector6D'], 'Vector6D'),
    'ObjectJointGeneric,offsetUserFunction_t': (_item + ['Vector6D'], 'Vector6D'),
    'LoadForceVector,loadVectorUserFunction': (['MainSystem', 'Real', 'Vector3D'], 'Vector3D'),
    'LoadTorqueVector,loadVectorUserFunction': (['MainSystem', 'Real', 'Vector3D'], 'Vector3D'),
    'LoadMassProportional,loadVectorUserFunction': (['MainSystem', 'Real', 'Vector3D'], 'Vector3D'),
    'LoadCoordinate,loadUserFunction': (['MainSystem', 'Real', 'Real'], 'Real'),
}

_sizes = {'Vector3D': 3, 'Vector6D': 6, 'Matrix3D': 3, 'Matrix6D': 6}


def _ItemTypeName(mbs, itemIndex, itemTypeName, where):
    if itemTypeName is not None:
        if itemIndex is not None:
            raise ValueError(f"{where}: give either itemIndex or itemTypeName, not both")
        return str(itemTypeName)
    from multidyn.api.indices import LoadIndex, ObjectIndex
    if isinstance(itemIndex, ObjectIndex):
        return 'Object' + mbs.GetObject(itemIndex)['objectType']
    if isinstance(itemIndex, LoadIndex):
        return 'Load' + mbs.GetLoad(itemIndex)['loadType']
    raise ValueError(f"{where}: itemIndex must be an ObjectIndex or a LoadIndex (as mbs.AddObject/AddLoad return), "
                     f"or give itemTypeName (e.g. 'ObjectConnectorSpringDamper'); got {itemIndex!r}")


def ConvertFunctionToSymbolic(mbs, function, userFunctionName, itemIndex=None, itemTypeName=None, verbose=0):
    """Calls the Python user function once with symbolic arguments named as its parameters and returns
    Exudyn's dictionary: functionName, argList, argTypeList, returnValue, returnType."""
    where = f"CreateSymbolicUserFunction({getattr(function, '__name__', function)!r}, '{userFunctionName}')"
    typeName = _ItemTypeName(mbs, itemIndex, itemTypeName, where)
    key = typeName + ',' + str(userFunctionName)
    if key not in userFunctionArguments:
        known = sorted({k.split(',')[1] for k in userFunctionArguments if k.startswith(typeName + ',')})
        raise ValueError(f"{where}: {typeName}.{userFunctionName} cannot be made symbolic"
                         + (f"; its symbolic user functions: {known}" if known else
                            f"; items with symbolic user functions: {sorted({k.split(',')[0] for k in userFunctionArguments})}"))
    kinds, returnType = userFunctionArguments[key]
    code = getattr(function, '__code__', None)
    if code is None:
        raise TypeError(f"{where}: function must be a Python function")
    names = code.co_varnames[:code.co_argcount]
    if len(names) != len(kinds):
        raise ValueError(f"{where}: {typeName}.{userFunctionName} takes {len(kinds)} arguments "
                         f"({', '.join(kinds)}), the function '{function.__name__}' has {len(names)} ({', '.join(names)})")
    argList = []
    for name, kind in zip(names, kinds):
        if kind == 'MainSystem':
            argList.append(mbs)
        elif kind in ('Real', 'Index'):
            argList.append(Real(name, 0.))
        elif kind.startswith('Vector'):
            argList.append(Vector(name, [0.] * _sizes[kind]))
        else:
            argList.append(Matrix(name, _np.zeros((_sizes[kind], _sizes[kind]))))
    stored = GetRecording()
    SetRecording(True)
    try:
        returnValue = function(*argList)
    finally:
        SetRecording(stored)
    if isinstance(returnValue, (list, tuple)) or (isinstance(returnValue, _np.ndarray) and returnValue.ndim == 1):
        returnValue = Vector(list(returnValue))
    elif not isinstance(returnValue, (Real, Vector, Matrix)):
        node = _ScalarNode(returnValue, where)
        if node is None:
            raise TypeError(f"{where}: the function returned {type(returnValue).__name__}; "
                            f"{typeName}.{userFunctionName} returns {returnType}")
        returnValue = Real(node)
    if verbose:
        print('symbolic user function', function.__name__, '=', returnValue)
    return {'functionName': function.__name__, 'argList': argList, 'argTypeList': list(kinds),
            'returnValue': returnValue, 'returnType': returnType, 'itemTypeName': typeName,
            'userFunctionName': str(userFunctionName)}


class UserFunction(_symbolic.UserFunction):
    """A user function compiled from a symbolic expression; give it to an item where a Python user
    function goes (``mbs.SetObjectParameter(co, 'springForceUserFunction', f)`` or the item's
    constructor). ``Evaluate(mbs, t, ...)`` calls it as an item would (for tests)."""

    def SetUserFunctionFromDict(self, mainSystem, fcnDict, userFunctionName=None, itemIndex=None, itemTypeName=None):
        """Compile the function recorded by ConvertFunctionToSymbolic."""
        where = f"symbolic.UserFunction({fcnDict.get('functionName', '?')})"
        returnType = fcnDict['returnType']
        result = fcnDict['returnValue']
        if returnType == 'Real':
            if not isinstance(result, Real):
                raise ValueError(f"{where}: {fcnDict.get('itemTypeName', 'the item')}.{fcnDict.get('userFunctionName', '')} "
                                 f"must return a real number; the function returned a {type(result).__name__}")
            nodes, kind, rows, columns = [result._node], 'Real', 1, 1
        elif returnType.startswith('Vector'):
            if not isinstance(result, Vector) or len(result) != _sizes[returnType]:
                got = f"a vector of {len(result)}" if isinstance(result, Vector) else f"a {type(result).__name__}"
                raise ValueError(f"{where}: {fcnDict.get('itemTypeName', 'the item')}.{fcnDict.get('userFunctionName', '')} "
                                 f"must return a vector of {_sizes[returnType]}; the function returned {got}")
            nodes, kind, rows, columns = list(result._nodes), 'Vector', len(result), 1
        else:
            if not isinstance(result, Matrix):
                raise ValueError(f"{where}: the function must return a matrix, not a {type(result).__name__}")
            nodes = [n for row in result._rows for n in row]
            kind, rows, columns = 'Matrix', result.NumberOfRows(), result.NumberOfColumns()
        arguments = []
        for value, kindName in zip(fcnDict['argList'], fcnDict['argTypeList']):
            if kindName == 'MainSystem':
                arguments.append(('mbs', 'System', 0, 0, []))
            elif isinstance(value, Real):
                arguments.append((value._node.variable.name, 'Real', 1, 1, [value._node.variable]))
            elif isinstance(value, Vector):
                arguments.append((value._nodes[0].variable.name.split('[')[0], 'Vector', len(value), 1,
                                  [n.variable for n in value._nodes]))
            else:
                arguments.append((value._rows[0][0].variable.name.split('[')[0], 'Matrix', value.NumberOfRows(),
                                  value.NumberOfColumns(), [n.variable for row in value._rows for n in row]))
        self._Compile(fcnDict['functionName'], arguments, kind, rows, columns, nodes)

    def SetUserFunction(self, function, mbs, userFunctionName, itemIndex=None, itemTypeName=None, verbose=0):
        """Record and compile a Python user function (as CreateSymbolicUserFunction); items that
        were given this function before keep the function they were given."""
        self.SetUserFunctionFromDict(mbs, ConvertFunctionToSymbolic(mbs, function, userFunctionName, itemIndex,
                                                                    itemTypeName, verbose))

    def TransferUserFunction2Item(self, mbs, itemIndex, userFunctionName):
        """Give the function to an item (mbs.SetObjectParameter / SetLoadParameter)."""
        from multidyn.api.indices import LoadIndex
        if isinstance(itemIndex, LoadIndex):
            mbs.SetLoadParameter(itemIndex, userFunctionName, self)
        else:
            mbs.SetObjectParameter(itemIndex, userFunctionName, self)

    def __repr__(self):
        return str(self)


def CreateSymbolicUserFunction(mbs, function, userFunctionName, itemIndex=None, itemTypeName=None, verbose=0):
    """A symbolic user function recorded from the Python user function `function` (called once with
    symbolic arguments; it must use esym's functions instead of numpy's) for the item itemIndex (or
    the item type itemTypeName) and its user function userFunctionName; give the result to the item
    with mbs.SetObjectParameter / SetLoadParameter or in its constructor."""
    symbolicFunction = UserFunction()
    symbolicFunction.SetUserFunction(function, mbs, userFunctionName, itemIndex, itemTypeName, verbose)
    return symbolicFunction


def _CreateSymbolicUserFunctionMethod(self, function, userFunctionName, itemIndex=None, itemTypeName=None, verbose=0):
    """A symbolic user function (exu.symbolic.UserFunction, docs/symbolic.md) recorded from the Python user
    function `function` of the item itemIndex (or of the item type itemTypeName, e.g.
    'ObjectConnectorSpringDamper') and its user function userFunctionName; give it to the item with
    mbs.SetObjectParameter / SetLoadParameter. As utilities.CreateSymbolicUserFunction(mbs, ...)."""
    return CreateSymbolicUserFunction(self, function, userFunctionName, itemIndex, itemTypeName, verbose)


#: MainSystem's methods from this module (multidyn/mainSystemExtensions.py)
methods = {'CreateSymbolicUserFunction': _CreateSymbolicUserFunctionMethod}
