"""multidyn.FEM, the parts of Exudyn's FEM module that stand on their own: sparse-matrix forms
converted into each other and back (triplets, scipy.sparse, dense), the FFRF helpers, and
KirchhoffMaterial against Hooke's law in closed form (uniaxial stress, pure shear, plane
stress/strain) and the relations of the elastic constants."""
import numpy as np
import pytest
from scipy.sparse import csr_matrix

from multidyn import FEM


def test_sparseFormsConvertIntoEachOtherAndBack():
    dense = np.array([[4., 0., -1.], [0., 0., 2.5], [-1., 3., 0.]])
    triplets = FEM.ConvertDenseToCompressedRowMatrix(dense)
    assert triplets.shape == (5, 3) and set(map(tuple, triplets[:, :2])) == {(0, 0), (0, 2), (1, 2), (2, 0), (2, 1)}
    assert np.array_equal(FEM.CompressedRowSparseToDenseMatrix(triplets), dense)
    scipyMatrix = FEM.SparseTripletsToScipySparseCSR(triplets)
    assert np.array_equal(scipyMatrix.toarray(), dense)
    assert FEM.CSRtoScipySparseCSR(scipyMatrix) is scipyMatrix
    assert np.array_equal(FEM.CSRtoScipySparseCSR(triplets).toarray(), dense)
    back = FEM.ScipySparseCSRtoCSR(scipyMatrix)
    assert np.array_equal(FEM.CompressedRowSparseToDenseMatrix(back), dense)
    assert np.array_equal(FEM.CompressedRowSparseToDenseMatrix(scipyMatrix), dense)
    assert FEM.CSRtoRowsAndColumns(scipyMatrix) == (3, 3) and FEM.CSRtoRowsAndColumns(None) == (0, 0)
    assert FEM.CSRtoRowsAndColumns(triplets) == (2, 2)  # Exudyn's: the largest indices of triplets
    # repeated triplets are summed, as a finite-element assembly writes them
    repeated = np.array([[0, 0, 1.], [1, 1, 2.], [0, 0, 0.5]])
    assert np.array_equal(FEM.CompressedRowSparseToDenseMatrix(repeated), np.diag([1.5, 2.]))
    assert np.array_equal(FEM.SparseTripletsToScipySparseCSR(repeated).toarray(), np.diag([1.5, 2.]))


def test_addEntryAddsToAnExistingEntryOrAppendsOne():
    triplets = np.array([[0, 0, 1.], [1, 1, 2.]])
    same = FEM.AddEntryToCompressedRowSparseArray(triplets, 1, 1, 0.5)
    assert same is triplets and triplets[1, 2] == 2.5
    grown = FEM.AddEntryToCompressedRowSparseArray(triplets, 0, 1, -3.)
    assert np.array_equal(FEM.CompressedRowSparseToDenseMatrix(grown), [[1., -3.], [0., 2.5]])
    scipyMatrix = FEM.AddEntryToCompressedRowSparseArray(csr_matrix(np.eye(2)), 1, 0, 4.)
    assert np.array_equal(scipyMatrix.toarray(), [[1., 0.], [4., 1.]])


def test_ffrfHelpers():
    triplets = np.array([[0, 1, 5.], [2, 0, 7.]])
    FEM.MapSparseMatrixIndices(triplets, [2, 0, 1])
    assert np.array_equal(triplets, [[2, 0, 5.], [1, 2, 7.]])
    v, points = np.array([0.5, -2., 3.]), np.array([[1., 2., 3.], [0., 1., -1.], [4., 0., 2.]])
    assert FEM.VectorDiadicUnitMatrix3D(v).shape == (9, 3)
    assert FEM.VectorDiadicUnitMatrix3D(v).T @ points.reshape(-1) == pytest.approx(v @ points)
    assert FEM.VectorDiadicUnitMatrix3D(v) @ points[0] == pytest.approx(np.concatenate([vi * points[0] for vi in v]))
    assert FEM.CyclicCompareReversed([1, 2, 3, 4], [3, 2, 1, 4]) and FEM.CyclicCompareReversed([1, 2, 3], [1, 3, 2])
    assert not FEM.CyclicCompareReversed([1, 2, 3, 4], [1, 2, 3, 4]) and not FEM.CyclicCompareReversed([1, 2], [1])


def test_kirchhoffMaterialIsHookesLaw():
    E, nu = 2.1e11, 0.3
    material = FEM.KirchhoffMaterial(E, nu, density=7850.)
    mu, lam = material.LameParameters()
    assert mu * (3. * lam + 2. * mu) / (lam + mu) == pytest.approx(E) and lam / (2. * (lam + mu)) == pytest.approx(nu)
    sigma = 1e8  # uniaxial stress: strain sigma/E along x, -nu sigma/E across
    strain = np.diag([sigma / E, -nu * sigma / E, -nu * sigma / E])
    assert material.Strain2Stress(strain) == pytest.approx(np.diag([sigma, 0., 0.]), abs=1e-6 * sigma)
    tau = 3e7  # pure shear in yz: engineering strain tau / G
    stress = material.StrainVector2StressVector([0., 0., 0., tau / mu, 0., 0.])
    assert stress == pytest.approx([0., 0., 0., tau, 0., 0.], abs=1e-6 * tau)
    shearTensor = np.zeros((3, 3))
    shearTensor[0, 1] = shearTensor[1, 0] = 0.5 * tau / mu
    assert material.Strain2Stress(shearTensor)[0, 1] == pytest.approx(tau)
    # plane stress: uniaxial in 2D; plane strain: the 3D law with epsilon_zz = 0
    assert material.StrainVector2StressVector2D([sigma / E, -nu * sigma / E, 0.]) == \
        pytest.approx([sigma, 0., 0.], abs=1e-6 * sigma)
    planeStrain = FEM.KirchhoffMaterial(E, nu, planeStress=False)
    e2D = np.array([1e-4, -2e-5, 3e-5])
    full = planeStrain.StrainVector2StressVector([e2D[0], e2D[1], 0., 0., 0., e2D[2]])
    assert planeStrain.StrainVector2StressVector2D(e2D) == pytest.approx(full[[0, 1, 5]])


@pytest.mark.parametrize("kwargs, message", [
    (dict(youngsModulus=None, poissonsRatio=0.3), "youngsModulus"),
    (dict(youngsModulus=1e9, poissonsRatio=0.5), "poissonsRatio.*\\(-1, 0.5\\)"),
    (dict(youngsModulus=1e9, poissonsRatio=0.3, density=-1.), "density"),
])
def test_badMaterialAndMatricesNameTheParameter(kwargs, message):
    with pytest.raises(ValueError, match=message):
        FEM.KirchhoffMaterial(**kwargs)
    with pytest.raises(NotImplementedError, match="multi-domain"):
        FEM.KirchhoffMaterial(materials={"steel": {}}, fes=object())
    with pytest.raises(ValueError, match="n x 3"):
        FEM.CompressedRowSparseToDenseMatrix(np.eye(2))
    with pytest.raises(ValueError, match="integers >= 0"):
        FEM.SparseTripletsToScipySparseCSR([[0.5, 0, 1.]])
    assert not hasattr(FEM, "FEMinterface")  # the mesh interface is not there: a NameError in scripts, not a stub
