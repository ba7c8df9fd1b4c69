"""Exudyn's MatrixContainer: a matrix stored dense (a numpy array) or sparse (triplets, one
[row, column, value] per row, repeated entries summed), as Exudyn 1.13 has it. It carries matrices
between scripts and the engine: the return value of mbs.SetSystemJacobianUserFunction's function,
and the massMatrix, stiffnessMatrix and dampingMatrix of ObjectGenericODE2.

Where Exudyn 1.13.6 accepts input it then mishandles, this one refuses it with a ValueError:
triplets with negative or non-integral indices, non-finite values, and triplets outside the size
given where a dense matrix is made of them (sparse, they are kept, as Exudyn keeps them).
SetWithDenseMatrix replaces the contents also in sparse mode (Exudyn's appends to the triplets
already stored), every scipy sparse format is read as the matrix it is (Exudyn reads a csc_matrix
as its transpose), and triplets without a size get the smallest size that holds them (Exudyn keeps
-1). Theory and examples: docs/theory/SystemUserFunctions.md."""
import numbers as _numbers

import numpy as _np

__all__ = ["MatrixContainer"]


def _IsScipySparse(matrix):
    try:
        from scipy.sparse import issparse
    except ImportError:
        return False
    return issparse(matrix)


def _Triplets(sparseData, where):
    """sparseData as an n x 3 float array of [row, column, value]; rows and columns integral and >= 0."""
    triplets = _np.asarray(sparseData, dtype=float)
    if triplets.size == 0:
        return triplets.reshape(0, 3)
    if triplets.ndim != 2 or triplets.shape[1] != 3:
        raise ValueError(f"{where}: expected sparse triplets, one [row, column, value] per row (an n x 3 array) or a "
                         f"scipy sparse matrix, got an array of shape {triplets.shape}")
    indices = triplets[:, :2]
    if not (_np.all(indices >= 0) and _np.all(indices == _np.floor(indices))):
        raise ValueError(f"{where}: rows and columns of the triplets must be integers >= 0")
    return triplets


def _Size(value, name, where):
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{where}: parameter '{name}': expected an int, got {value!r}")
    return int(value)


def _DenseArray(matrix, where):
    """matrix (a 2-D numpy array or a list of lists of numbers; [] or [[]] for an empty one) as a
    2-D float array of finite numbers."""
    if isinstance(matrix, (list, tuple)) and len(matrix) > 0 and not all(isinstance(r, (list, tuple, _np.ndarray))
                                                                           for r in matrix):
        raise TypeError(f"{where}: expected a 2-D numpy array or a list of lists (rows), got a list of numbers")
    if isinstance(matrix, (list, tuple)) and all(isinstance(r, (list, tuple)) for r in matrix) and \
            len({len(r) for r in matrix}) > 1:
        raise ValueError(f"{where}: the rows of the list of lists must have the same number of values")
    try:
        array = _np.array(matrix, dtype=float)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{where}: expected a 2-D numpy array or a list of lists of numbers: {error}") from None
    if array.size == 0:
        return _np.zeros((0, 0))
    if array.ndim != 2:
        raise ValueError(f"{where}: expected a 2-D array (rows x columns), got an array of shape {array.shape}")
    if not _np.all(_np.isfinite(array)):
        raise ValueError(f"{where}: expected finite numbers, got {array[~_np.isfinite(array)][0]}")
    return array


def _SparseInput(sparseMatrix, where):
    """(triplets, rows, columns) of a scipy sparse matrix (any format) or of triplets (rows and
    columns -1: unknown)."""
    if _IsScipySparse(sparseMatrix):
        coo = sparseMatrix.tocoo()
        triplets = _np.column_stack([coo.row, coo.col, coo.data]).astype(float).reshape(-1, 3)
        rows, columns = coo.shape
    else:
        triplets = _np.array(_Triplets(sparseMatrix, where), dtype=float)
        rows = columns = -1
    if not _np.all(_np.isfinite(triplets[:, 2])):
        raise ValueError(f"{where}: expected finite values in the triplets")
    return triplets, rows, columns


class MatrixContainer:
    """A dense or sparse matrix, as Exudyn's exu.MatrixContainer: MatrixContainer(), or from a
    2-D numpy array or list of lists (stored dense), a scipy sparse matrix (stored sparse) or
    another MatrixContainer (copied)."""

    def __init__(self, matrix=None):
        self._dense = _np.zeros((0, 0))
        self._useDense = True
        self._triplets = _np.zeros((0, 3))
        self._rows = self._columns = 0
        where = "MatrixContainer"
        if matrix is None or (isinstance(matrix, (list, tuple)) and len(matrix) == 0):
            return
        if isinstance(matrix, MatrixContainer):
            self._dense = matrix._dense.copy()
            self._useDense = matrix._useDense
            self._triplets = matrix._triplets.copy()
            self._rows, self._columns = matrix._rows, matrix._columns
        elif _IsScipySparse(matrix):
            self.SetWithSparseMatrix(matrix)
        elif isinstance(matrix, (list, tuple, _np.ndarray)):
            self.SetWithDenseMatrix(matrix, useDenseMatrix=True)
        else:
            raise TypeError(f"{where}: expected None, [], a list of lists, a 2-D numpy array, a scipy sparse matrix or "
                            f"a MatrixContainer, got {type(matrix).__name__}")

    # ---- setting
    def SetWithDenseMatrix(self, pyArray, useDenseMatrix=False, factor=1.):
        """Sets the matrix to factor * pyArray (a 2-D numpy array or list of lists), stored dense if
        useDenseMatrix, else as the triplets of its non-zero entries."""
        array = factor * _DenseArray(pyArray, "MatrixContainer.SetWithDenseMatrix")
        self._useDense = bool(useDenseMatrix)
        self._rows, self._columns = array.shape
        if self._useDense:
            self._dense = array
            self._triplets = _np.zeros((0, 3))
        else:
            rows, columns = _np.nonzero(array)
            self._triplets = _np.column_stack([rows, columns, array[rows, columns]]).astype(float).reshape(-1, 3)
            self._dense = _np.zeros((0, 0))

    def SetWithSparseMatrix(self, sparseMatrix, numberOfRows=-1, numberOfColumns=-1, useDenseMatrix=False, factor=1.):
        """Sets the matrix to factor * sparseMatrix: a scipy sparse matrix, or triplets (a list of
        [row, column, value] or an n x 3 array; repeated entries are summed). numberOfRows and
        numberOfColumns give the size (-1: the scipy matrix's, or the smallest that holds the
        triplets); they may be larger than the matrix given, never smaller."""
        where = "MatrixContainer.SetWithSparseMatrix"
        numberOfRows = _Size(numberOfRows, "numberOfRows", where)
        numberOfColumns = _Size(numberOfColumns, "numberOfColumns", where)
        triplets, rows, columns = _SparseInput(sparseMatrix, where)
        isScipy = rows != -1
        neededRows = int(triplets[:, 0].max()) + 1 if len(triplets) else 0
        neededColumns = int(triplets[:, 1].max()) + 1 if len(triplets) else 0
        rows, columns = max(rows, neededRows), max(columns, neededColumns)
        for name, given, needed in (("numberOfRows", numberOfRows, rows), ("numberOfColumns", numberOfColumns, columns)):
            # Triplets may lie outside the size given, as in Exudyn (whose scripts return system
            # Jacobian entries of any row in a 3 x 3 container); only a dense copy refuses them.
            if given != -1 and given < needed and (isScipy or useDenseMatrix):
                raise ValueError(f"{where}: parameter '{name}' = {given} is smaller than the matrix given, which needs "
                                 f"{needed}; expected -1 (the matrix's size) or at least {needed}")
        self._rows = numberOfRows if numberOfRows != -1 else rows
        self._columns = numberOfColumns if numberOfColumns != -1 else columns
        triplets[:, 2] *= factor
        self._useDense = bool(useDenseMatrix)
        if self._useDense:
            self._dense = self._DenseOf(triplets)
            self._triplets = _np.zeros((0, 3))
        else:
            self._triplets = triplets
            self._dense = _np.zeros((0, 0))

    def SetWithSparseMatrixCSR(self, numberOfRowsInit, numberOfColumnsInit, pyArrayCSR, useDenseMatrix=False, factor=1.):
        """Exudyn's deprecated form of SetWithSparseMatrix with the size first."""
        self.SetWithSparseMatrix(pyArrayCSR, numberOfRowsInit, numberOfColumnsInit, useDenseMatrix, factor)

    def Initialize(self, numberOfRows, numberOfColumns, useDenseMatrix=True):
        """An all-zero numberOfRows x numberOfColumns matrix, dense or sparse (no triplets)."""
        where = "MatrixContainer.Initialize"
        rows, columns = _Size(numberOfRows, "numberOfRows", where), _Size(numberOfColumns, "numberOfColumns", where)
        if rows < 0 or columns < 0:
            raise ValueError(f"{where}: expected numberOfRows, numberOfColumns >= 0, got {rows}, {columns}")
        self._rows, self._columns = rows, columns
        self._useDense = bool(useDenseMatrix)
        self._dense = _np.zeros((rows, columns)) if self._useDense else _np.zeros((0, 0))
        self._triplets = _np.zeros((0, 3))

    def AddSparseMatrix(self, sparseMatrix, factor=1.):
        """Adds factor * sparseMatrix (a scipy sparse matrix or triplets, which may be smaller than
        this matrix, placed at its top left) to this matrix; every entry must lie inside it."""
        where = "MatrixContainer.AddSparseMatrix"
        triplets, _, _ = _SparseInput(sparseMatrix, where)
        if len(triplets) and (triplets[:, 0].max() >= self._rows or triplets[:, 1].max() >= self._columns):
            raise ValueError(f"{where}: the matrix added has entries outside this {self._rows} x {self._columns} "
                             "matrix; expected entries inside it (Initialize sets the size)")
        triplets[:, 2] *= factor
        if self._useDense:
            _np.add.at(self._dense, (triplets[:, 0].astype(int), triplets[:, 1].astype(int)), triplets[:, 2])
        else:
            self._triplets = _np.vstack([self._triplets, triplets])

    def SetAllZero(self):
        """All entries zero: dense, the values; sparse, no triplets (the size is kept)."""
        if self._useDense:
            self._dense[:] = 0.
        else:
            self._triplets = _np.zeros((0, 3))

    # ---- reading
    def UseDenseMatrix(self):
        """True if the matrix is stored dense, False if as sparse triplets."""
        return self._useDense

    def Convert2DenseMatrix(self):
        """The matrix as a dense numpy array (a copy)."""
        return self._dense.copy() if self._useDense else self._DenseOf(self._triplets)

    def GetPythonObject(self):
        """Dense: the numpy array; sparse: {'numberOfRows', 'numberOfColumns', 'triplets'}, as Exudyn's."""
        if self._useDense:
            return self._dense.copy()
        return {'numberOfRows': self._rows, 'numberOfColumns': self._columns, 'triplets': self._triplets.copy()}

    def NumberOfRows(self):
        return self._rows

    def NumberOfColumns(self):
        return self._columns

    def _SparseTriplets(self):
        """The entries as an n x 3 float array [row, column, value] (dense: its non-zero entries)
        and the size; what the engine reads (C++ calls it)."""
        if self._useDense:
            rows, columns = _np.nonzero(self._dense)
            triplets = _np.column_stack([rows, columns, self._dense[rows, columns]]).astype(float).reshape(-1, 3)
        else:
            triplets = self._triplets
        return _np.ascontiguousarray(triplets, dtype=float), self._rows, self._columns

    def _SparseForm(self):
        """The engine's sparse form of a matrix parameter (its JSON; C++ calls it for a sparse
        container): numberOfRows, numberOfColumns and the triplets."""
        triplets, rows, columns = self._SparseTriplets()
        return {"numberOfRows": rows, "numberOfColumns": columns, "triplets": triplets.tolist()}

    @classmethod
    def _FromSparseForm(cls, form):
        """A sparse container of the engine's sparse form (a matrix parameter given sparse, as
        GetObjectParameter returns it)."""
        container = cls()
        container._useDense = False
        container._rows, container._columns = int(form["numberOfRows"]), int(form["numberOfColumns"])
        container._triplets = _np.array(form["triplets"], dtype=float).reshape(-1, 3)
        return container

    def _DenseOf(self, triplets):
        if len(triplets) and (triplets[:, 0].max() >= self._rows or triplets[:, 1].max() >= self._columns):
            raise ValueError(f"MatrixContainer: a triplet lies outside the {self._rows} x {self._columns} matrix (its "
                             "numberOfRows, numberOfColumns); a dense matrix cannot hold it")
        dense = _np.zeros((self._rows, self._columns))
        _np.add.at(dense, (triplets[:, 0].astype(int), triplets[:, 1].astype(int)), triplets[:, 2])
        return dense

    def __str__(self):
        return str(self.GetPythonObject())

    def __repr__(self):
        return f"MatrixContainer({self.GetPythonObject()!r})"
