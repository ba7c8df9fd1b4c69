"""The parts of Exudyn's FEM module that stand on their own: conversions between sparse-matrix
forms (Exudyn's triplet arrays, one [row, column, value] per row; scipy.sparse; dense numpy), the
small helpers Exudyn's FFRF code uses, and the linear elastic KirchhoffMaterial. The mesh interface
(FEMinterface, ObjectFFRFinterface, ObjectFFRFreducedOrderInterface: mesh import, modal reduction)
belongs to the floating-frame items, which multidyn does not have yet; it is not here, so a script
that uses it stops with a NameError naming it. Theory: docs/theory/FEMUtilities.md."""
import numbers as _numbers

import numpy as _np

from multidyn.api.matrixContainer import _IsScipySparse, _Triplets

__all__ = ["CompressedRowSparseToDenseMatrix", "ConvertDenseToCompressedRowMatrix", "SparseTripletsToScipySparseCSR",
           "CSRtoScipySparseCSR", "ScipySparseCSRtoCSR", "CSRtoRowsAndColumns", "AddEntryToCompressedRowSparseArray",
           "MapSparseMatrixIndices", "VectorDiadicUnitMatrix3D", "CyclicCompareReversed", "KirchhoffMaterial"]


def CompressedRowSparseToDenseMatrix(sparseData):
    """The dense numpy matrix of sparse triplets (square, of the largest row or column index + 1;
    repeated entries are summed) or of a scipy sparse matrix."""
    if _IsScipySparse(sparseData):
        return sparseData.toarray()
    triplets = _Triplets(sparseData, "CompressedRowSparseToDenseMatrix")
    size = int(triplets[:, :2].max()) + 1 if len(triplets) else 0
    dense = _np.zeros((size, size))
    _np.add.at(dense, (triplets[:, 0].astype(int), triplets[:, 1].astype(int)), triplets[:, 2])
    return dense


def ConvertDenseToCompressedRowMatrix(denseMatrix):
    """The sparse triplets of the non-zero entries of a dense matrix, row by row."""
    dense = _np.asarray(denseMatrix, dtype=float)
    if dense.ndim != 2:
        raise ValueError(f"ConvertDenseToCompressedRowMatrix: expected a matrix, got an array of shape {dense.shape}")
    rows, columns = _np.nonzero(dense)
    return _np.column_stack([rows, columns, dense[rows, columns]]).astype(float).reshape(-1, 3)


def SparseTripletsToScipySparseCSR(sparseTriplets):
    """A scipy.sparse csr_matrix of sparse triplets (repeated entries summed)."""
    from scipy.sparse import csr_matrix
    triplets = _Triplets(sparseTriplets, "SparseTripletsToScipySparseCSR")
    return csr_matrix((triplets[:, 2], (triplets[:, 0].astype(int), triplets[:, 1].astype(int))))


def CSRtoScipySparseCSR(sparseMatrixCSR):
    """Sparse triplets as a scipy.sparse csr_matrix; a scipy sparse matrix is returned as it is."""
    if _IsScipySparse(sparseMatrixCSR):
        return sparseMatrixCSR
    return SparseTripletsToScipySparseCSR(sparseMatrixCSR)


def ScipySparseCSRtoCSR(scipyCSR):
    """The sparse triplets of a scipy sparse matrix."""
    if not _IsScipySparse(scipyCSR):
        raise ValueError(f"ScipySparseCSRtoCSR: expected a scipy sparse matrix, got {type(scipyCSR).__name__}")
    coo = scipyCSR.tocoo()
    return _np.column_stack([coo.row, coo.col, coo.data]).astype(float).reshape(-1, 3)


def CSRtoRowsAndColumns(sparseMatrixCSR):
    """(rows, columns) of a scipy sparse matrix (its shape); for sparse triplets, as Exudyn, the
    largest row and column index; (0, 0) for None."""
    if sparseMatrixCSR is None:
        return (0, 0)
    if _IsScipySparse(sparseMatrixCSR):
        return sparseMatrixCSR.shape
    triplets = _Triplets(sparseMatrixCSR, "CSRtoRowsAndColumns")
    return (triplets[:, 0].max(), triplets[:, 1].max()) if len(triplets) else (0, 0)


def AddEntryToCompressedRowSparseArray(sparseData, row, column, value):
    """Sparse triplets (or a scipy sparse matrix) with value added at (row, column): to the
    existing triplet of that entry, else as a new one. Triplet arrays are changed in place when
    the entry exists; the result is returned in either case."""
    if _IsScipySparse(sparseData):
        from scipy.sparse import coo_matrix
        return sparseData + coo_matrix(([value], ([row], [column])), shape=sparseData.shape).tocsr()
    triplets = _Triplets(sparseData, "AddEntryToCompressedRowSparseArray")
    hit = _np.nonzero((triplets[:, 0] == row) & (triplets[:, 1] == column))[0]
    if len(hit):
        if isinstance(sparseData, _np.ndarray) and sparseData.dtype == float:
            sparseData[hit[0], 2] += value
            return sparseData
        triplets[hit[0], 2] += value
        return triplets
    return _np.vstack([triplets, [row, column, value]])


def MapSparseMatrixIndices(matrix, sorting):
    """Renumbers rows and columns of sparse triplets in place: index i becomes sorting[i]."""
    for entry in matrix:
        entry[0] = sorting[int(entry[0])]
        entry[1] = sorting[int(entry[1])]


def VectorDiadicUnitMatrix3D(v):
    """The 3n x 3 matrix [v_0 I; v_1 I; ...] (v dyadic I): applied to a 3-vector x it stacks v_i x;
    its transpose applied to n stacked 3-vectors x_i gives sum v_i x_i."""
    return _np.kron(_np.asarray(v, dtype=float), _np.eye(3)).T


def CyclicCompareReversed(list1, list2):
    """True if list1 reversed equals list2 cyclically shifted by some amount (the same polygon
    traversed the other way round)."""
    reversed1 = _np.flip(_np.asarray(list1), 0)
    second = _np.asarray(list2)
    if reversed1.shape != second.shape:
        return False
    return any(_np.array_equal(reversed1, _np.roll(second, shift, 0)) for shift in range(len(second)))


class KirchhoffMaterial:
    """Linear elastic (Saint Venant-Kirchhoff) material: Young's modulus E [N/m^2], Poisson's ratio
    nu [-], density [kg/m^3]. Stress vectors and strain vectors in Voigt order [xx, yy, zz, yz, xz,
    xy], shear strains as engineering strains (2 E_ij); 2D: [xx, yy, xy], plane stress
    (planeStress=True) or plane strain. Exudyn's multi-domain materials (NGsolve meshes) are not
    available."""

    def __init__(self, youngsModulus=None, poissonsRatio=None, density=0, materials=None, fes=None,
                 planeStress=True):
        where = "KirchhoffMaterial"
        if materials is not None or fes is not None:
            raise NotImplementedError(f"{where}: multi-domain materials (materials, fes of an NGsolve mesh) are not "
                                      "available in multidyn; give youngsModulus, poissonsRatio and density")
        for name, value, lowest in [("youngsModulus", youngsModulus, 0.), ("density", density, 0.)]:
            if isinstance(value, bool) or not isinstance(value, _numbers.Real) or not value >= lowest \
                    or not _np.isfinite(value):
                raise ValueError(f"{where}: parameter '{name}': expected a real number >= 0, got {value!r}")
        if isinstance(poissonsRatio, bool) or not isinstance(poissonsRatio, _numbers.Real) \
                or not -1. < poissonsRatio < 0.5:
            raise ValueError(f"{where}: parameter 'poissonsRatio': expected a real number in (-1, 0.5), got "
                             f"{poissonsRatio!r}")
        self.youngsModulus = float(youngsModulus)
        self.poissonsRatio = float(poissonsRatio)
        self.density = float(density)
        self.planeStress = bool(planeStress)
        self.useMaterials = False
        mu, lam = self.LameParameters()
        self.elasticityTensor = _np.zeros((6, 6))
        self.elasticityTensor[:3, :3] = lam
        self.elasticityTensor[:3, :3] += 2. * mu * _np.eye(3)
        self.elasticityTensor[3:, 3:] = mu * _np.eye(3)
        E, nu = self.youngsModulus, self.poissonsRatio
        if self.planeStress:  # sigma_zz = 0
            self.elasticityTensor2D = E / (1. - nu ** 2) * _np.array([[1., nu, 0.], [nu, 1., 0.],
                                                                     [0., 0., 0.5 * (1. - nu)]])
        else:  # epsilon_zz = 0
            self.elasticityTensor2D = _np.array([[lam + 2. * mu, lam, 0.], [lam, lam + 2. * mu, 0.], [0., 0., mu]])

    def LameParameters(self):
        """[mu, lambda]: mu = E / (2 (1 + nu)), lambda = E nu / ((1 + nu) (1 - 2 nu))."""
        E, nu = self.youngsModulus, self.poissonsRatio
        return [E / (2. * (1. + nu)), E * nu / ((1. + nu) * (1. - 2. * nu))]

    def StrainVector2StressVector(self, strainVector):
        """The stress vector of a strain vector (Voigt order, engineering shear strains)."""
        return self.elasticityTensor @ _np.asarray(strainVector, dtype=float).reshape(6)

    def StrainVector2StressVector2D(self, strainVector2D):
        """The 2D stress vector [xx, yy, xy] of the strain vector [xx, yy, 2 xy]."""
        return self.elasticityTensor2D @ _np.asarray(strainVector2D, dtype=float).reshape(3)

    def Strain2Stress(self, strain):
        """The (second Piola-Kirchhoff) stress tensor of a symmetric 3 x 3 strain tensor."""
        E = _np.asarray(strain, dtype=float).reshape(3, 3)
        S = self.StrainVector2StressVector([E[0, 0], E[1, 1], E[2, 2], 2. * E[1, 2], 2. * E[0, 2], 2. * E[0, 1]])
        return _np.array([[S[0], S[5], S[4]], [S[5], S[1], S[3]], [S[4], S[3], S[2]]])
