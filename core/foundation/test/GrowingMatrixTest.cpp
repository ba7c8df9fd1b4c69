// GrowingMatrix: sized by assignment and resize like an Eigen matrix, storage kept when it
// shrinks (so a buffer that has held its largest size allocates nothing more), copies and moves
// that keep values and sizes, and use in Eigen expressions with the maximum sizes of its type.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "core/foundation/GrowingMatrix.h"
#include "core/foundation/Types.h"

using namespace multidyn;

TEST(GrowingMatrix, AssignmentAndResizeSizeItLikeAMatrix) {
  GrowingMatrix<Mat3X<double>> J;
  EXPECT_EQ(J.rows(), 3);
  EXPECT_EQ(J.cols(), 0);
  J = Mat3X<double>::Identity(3, 5);
  EXPECT_EQ(J.cols(), 5);
  EXPECT_EQ(J, (Mat3X<double>::Identity(3, 5)));
  J.setZero(3, 2);
  EXPECT_EQ(J, (Mat3X<double>::Zero(3, 2)));
  GrowingMatrix<VecX<double>> v;
  v = Vector3(1., 2., 3.);
  EXPECT_EQ(v.size(), 3);
  EXPECT_EQ(v(2), 3.);
  v.setConstant(4, 1.5);
  EXPECT_EQ(v, (VecX<double>::Constant(4, 1.5)));
  // in expressions, as the matrix type it maps
  J.setZero(3, 4);
  J.col(3) = Vector3(1., 2., 3.);
  const VecX<double> generalized = J.transpose() * Vector3(1., 1., 1.);
  EXPECT_EQ(generalized, (VecX<double>(4) << 0., 0., 0., 6.).finished());
}

TEST(GrowingMatrix, StorageIsKeptWhenItShrinks) {
  GrowingMatrix<VecX<double>> v;
  v.resize(7);
  const double* storage = v.data();
  v.resize(0);
  v.resize(3);
  v = VecX<double>::Ones(7);
  EXPECT_EQ(v.data(), storage);  // no new storage up to the largest size held
  EXPECT_EQ(v.size(), 7);
}

TEST(GrowingMatrix, CopiesAndMovesKeepValuesAndSizes) {
  GrowingMatrix<VecX<ADScalar16>> a;
  a.resize(2);
  a(0) = ADScalar16(1., 16, 3);
  a(1) = ADScalar16(2., 16, 4);
  GrowingMatrix<VecX<ADScalar16>> copy = a;
  EXPECT_NE(copy.data(), a.data());
  EXPECT_EQ(copy(1).value(), 2.);
  EXPECT_EQ(copy(0).derivatives()(3), 1.);
  std::vector<GrowingMatrix<VecX<ADScalar16>>> buffers(1, a);
  buffers.resize(20);  // moves the elements
  EXPECT_EQ(buffers[0].size(), 2);
  EXPECT_EQ(buffers[0](1).derivatives()(4), 1.);
  GrowingMatrix<VecX<ADScalar16>> moved = std::move(copy);
  EXPECT_EQ(moved(0).value(), 1.);
  EXPECT_EQ(copy.size(), 0);
}
