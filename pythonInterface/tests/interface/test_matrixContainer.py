"""exu.MatrixContainer (Exudyn 1.13's): dense and sparse storage, round trips between the forms,
scipy sparse input of any format, and bad input."""
import pickle

import numpy as np
import pytest
from scipy.sparse import coo_matrix, csc_matrix, csr_matrix

import multidyn as exu
from multidyn import MatrixContainer

A = np.array([[1., 0., 2.], [0., 0., 3.]])


def test_roundTrips():
    dense = MatrixContainer(A)
    assert dense.UseDenseMatrix() and np.array_equal(dense.GetPythonObject(), A)
    for matrix in (csr_matrix(A), csc_matrix(A), coo_matrix(A)):  # csc read as itself (Exudyn: transposed)
        sparse = MatrixContainer(matrix)
        assert not sparse.UseDenseMatrix()
        assert np.array_equal(sparse.Convert2DenseMatrix(), A)
        d = sparse.GetPythonObject()
        assert (d['numberOfRows'], d['numberOfColumns']) == A.shape
        again = MatrixContainer()
        again.SetWithSparseMatrix(d['triplets'], d['numberOfRows'], d['numberOfColumns'])
        assert np.array_equal(again.Convert2DenseMatrix(), A)
    copy = MatrixContainer(MatrixContainer(csr_matrix(A)))
    assert np.array_equal(copy.Convert2DenseMatrix(), A)
    viaSparse = MatrixContainer()
    viaSparse.SetWithDenseMatrix(A.tolist(), useDenseMatrix=False, factor=2.)
    viaSparse.SetWithDenseMatrix(A, useDenseMatrix=False)  # replaces (Exudyn 1.13.6 appends)
    assert np.array_equal(viaSparse.Convert2DenseMatrix(), A)
    assert len(viaSparse.GetPythonObject()['triplets']) == 3
    assert np.array_equal(pickle.loads(pickle.dumps(viaSparse)).Convert2DenseMatrix(), A)


def test_tripletsSummedAndAdded():
    mc = MatrixContainer()
    mc.SetWithSparseMatrix([[1, 0, 1.], [1, 0, 2.]], 2, 2, factor=0.5)
    assert np.array_equal(mc.Convert2DenseMatrix(), [[0, 0], [1.5, 0]])
    mc.Initialize(3, 3, useDenseMatrix=True)
    mc.AddSparseMatrix(csr_matrix(np.eye(2)), factor=2.)
    mc.AddSparseMatrix([[2, 2, 1.]])
    assert np.array_equal(mc.Convert2DenseMatrix(), np.diag([2., 2., 1.]))
    mc.SetAllZero()
    assert not mc.Convert2DenseMatrix().any()
    mc.SetWithSparseMatrix([[0, 0, 1.]])  # no size: the smallest that holds the triplets
    assert mc.Convert2DenseMatrix().shape == (1, 1)
    mc.SetWithSparseMatrix([[5, 5, 1.]], 2, 2)  # kept sparse as Exudyn keeps it, but no dense copy
    with pytest.raises(ValueError, match="outside the 2 x 2 matrix"):
        mc.Convert2DenseMatrix()


@pytest.mark.parametrize("call, error, message", [
    (lambda: MatrixContainer("abc"), TypeError, "expected None"),
    (lambda: MatrixContainer([1, 2]), TypeError, "list of numbers"),
    (lambda: MatrixContainer([[1, 2], [3]]), ValueError, "same number of values"),
    (lambda: MatrixContainer([[np.nan]]), ValueError, "finite"),
    (lambda: MatrixContainer().SetWithSparseMatrix([[0, 0]], 2, 2), ValueError, "n x 3"),
    (lambda: MatrixContainer().SetWithSparseMatrix([[-1, 0, 1.]], 2, 2), ValueError, "integers >= 0"),
    (lambda: MatrixContainer().SetWithSparseMatrix([[0.5, 0, 1.]], 2, 2), ValueError, "integers >= 0"),
    (lambda: MatrixContainer().SetWithSparseMatrix(csr_matrix(np.eye(2)), 1, 1), ValueError, "numberOfRows"),
    (lambda: MatrixContainer().SetWithSparseMatrix([[0, 0, 1.]], 2.5, 2), TypeError, "numberOfRows"),
    (lambda: MatrixContainer().Initialize(-1, 2), ValueError, "numberOfRows"),
])
def test_badInput(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_addOutsideRefused():
    mc = MatrixContainer()
    mc.Initialize(2, 2, useDenseMatrix=False)
    with pytest.raises(ValueError, match="outside this 2 x 2 matrix"):
        mc.AddSparseMatrix(csr_matrix(np.eye(3)))
    assert len(mc.GetPythonObject()['triplets']) == 0
    assert exu.MatrixContainer is MatrixContainer
