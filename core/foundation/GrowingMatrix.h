// A matrix or vector of run-time size whose storage is on the heap, sized by its use and kept:
// resizing to fewer entries keeps the storage, so once an object has held its largest size it
// allocates nothing more. For the kinematics kept per node and per marker (Kinematics.h): a
// fixed-capacity type would reserve room for the largest item (64 coordinates, kilobytes per node
// and marker) where most use 3 to 7.
#pragma once

#include <new>
#include <vector>

#include <Eigen/Core>

namespace multidyn {

// Plain: the Eigen matrix type whose compile-time sizes and maximum sizes the object takes (the
// maxima bound the temporaries of expressions, which then stay on the stack). It is an
// Eigen::Map of that type onto its own storage, so it enters Eigen expressions as the matrix did.
// Assignment resizes, as for a matrix.
template <class Plain> class GrowingMatrix : public Eigen::Map<Plain> {
  using Base = Eigen::Map<Plain>;
  using Scalar = typename Plain::Scalar;
  static constexpr bool isVector = Plain::IsVectorAtCompileTime;

 public:
  GrowingMatrix() : Base(nullptr, FixedOrZero(Plain::RowsAtCompileTime), FixedOrZero(Plain::ColsAtCompileTime)) {}
  GrowingMatrix(const GrowingMatrix& other) : GrowingMatrix() { *this = other; }
  GrowingMatrix(GrowingMatrix&& other) noexcept : GrowingMatrix() { Swap(other); }
  template <class Other> GrowingMatrix(const Eigen::DenseBase<Other>& other) : GrowingMatrix() { *this = other; }

  GrowingMatrix& operator=(const GrowingMatrix& other) {
    if (this != &other) {
      resize(other.rows(), other.cols());
      Base::operator=(other);
    }
    return *this;
  }
  GrowingMatrix& operator=(GrowingMatrix&& other) noexcept {
    if (this != &other) Swap(other);
    return *this;
  }
  // `other` must not read this object's entries when it has more (resizing may move them).
  template <class Other> GrowingMatrix& operator=(const Eigen::DenseBase<Other>& other) {
    resize(other.rows(), other.cols());
    Base::operator=(other.derived());
    return *this;
  }

  void resize(Eigen::Index rows, Eigen::Index cols) {
    const size_t size = size_t(rows * cols);
    if (storage_.size() < size) storage_.resize(size);
    new (static_cast<Base*>(this)) Base(storage_.data(), rows, cols);
  }
  void resize(Eigen::Index size) {
    static_assert(isVector, "resize(size) is for vectors");
    resize(Plain::RowsAtCompileTime == 1 ? 1 : size, Plain::RowsAtCompileTime == 1 ? size : 1);
  }
  using Base::setZero;
  GrowingMatrix& setZero(Eigen::Index rows, Eigen::Index cols) {
    resize(rows, cols);
    Base::setZero();
    return *this;
  }
  GrowingMatrix& setZero(Eigen::Index size) {
    resize(size);
    Base::setZero();
    return *this;
  }
  using Base::setConstant;
  GrowingMatrix& setConstant(Eigen::Index rows, Eigen::Index cols, const Scalar& value) {
    resize(rows, cols);
    Base::setConstant(value);
    return *this;
  }
  GrowingMatrix& setConstant(Eigen::Index size, const Scalar& value) {
    resize(size);
    Base::setConstant(value);
    return *this;
  }

 private:
  static constexpr Eigen::Index FixedOrZero(int size) { return size == Eigen::Dynamic ? 0 : size; }
  void Swap(GrowingMatrix& other) {
    const Eigen::Index rows = this->rows(), cols = this->cols();
    storage_.swap(other.storage_);  // the buffers change owners, their addresses stay
    new (static_cast<Base*>(this)) Base(storage_.data(), other.rows(), other.cols());
    new (static_cast<Base*>(&other)) Base(other.storage_.data(), rows, cols);
  }

  std::vector<Scalar> storage_;
};

}  // namespace multidyn
