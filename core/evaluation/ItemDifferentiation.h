// Exact item Jacobians by forward-mode differentiation: each item's kernel is evaluated with
// fixed-size AD scalars seeded on the [q; q_t] of the nodes it depends on, and the derivatives
// are scattered into the system Jacobian. Used by SystemEquations only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/evaluation/SystemEquations.h"
#include "core/foundation/Errors.h"
#include "core/model/MainSystem.h"

namespace multidyn {
namespace differentiation {

// The AD scalar of every item kernel. An item with more derivatives than it holds is
// differentiated in chunks of its width (SeededNodes: one evaluation of the item per chunk).
using AD = ADScalar16;

// Scratch memory of Jacobian evaluations, kept by SystemEquations between evaluations, so
// that an evaluation allocates nothing once the buffers have grown to their sizes.
struct JacobianWorkspace {
  // A node's seeded kinematics, computed once per evaluation for all items on the node.
  struct CachedNode {
    NodeKinematics<AD> kinematics;
    bool valid = false;
  };
  // Per node: its entry in a cache below (-1: none), and the last evaluation that asked for it
  // without one. A node gets an entry when a second item asks for it within one evaluation (an
  // entry takes 12 kB: a mass point, a chain's body or a node differentiated by one item alone
  // would only pay for it). Entries are kept between evaluations, so once every evaluation kind
  // has run, an evaluation allocates nothing; a deque, because an item holds pointers to the
  // entries of its nodes while more are made.
  std::vector<Index> singleNodeEntry, positionNodeEntry;
  std::vector<std::uint32_t> singleNodeAsked, positionNodeAsked;
  std::vector<Index> nodeCoordinates;  // per node: its number of ODE2 coordinates
  std::uint32_t evaluation = 1;
  // Seeded kinematics of single nodes, shared by the items on that node within one evaluation.
  std::deque<CachedNode> singleNodes;
  // Kinematics of single nodes seeded in q only at derivatives 0..n-1, shared by the
  // position-level items on them (constraints); an item that seeds the node from derivative k
  // on takes a copy shifted by k (PositionSeededCopy). They are the q-derivatives of
  // singleNodes (forward-mode derivatives do not mix), so each node is computed once.
  std::deque<CachedNode> positionNodes;
  void SetNodes(const std::vector<Index>& coordinatesPerNode) {
    const size_t numberOfNodes = coordinatesPerNode.size();
    nodeCoordinates = coordinatesPerNode;
    singleNodeEntry.assign(numberOfNodes, -1);
    positionNodeEntry.assign(numberOfNodes, -1);
    singleNodeAsked.assign(numberOfNodes, 0);
    positionNodeAsked.assign(numberOfNodes, 0);
    singleNodes.clear();
    positionNodes.clear();
  }
  // The node's cache entry, or nullptr: the caller computes the node itself.
  CachedNode* EntryOf(std::vector<Index>& entries, std::vector<std::uint32_t>& asked, std::deque<CachedNode>& cache,
                      Index node) {
    Index& entry = entries[node];
    if (entry < 0) {
      if (asked[node] != evaluation) {
        asked[node] = evaluation;
        return nullptr;
      }
      entry = Index(cache.size());
      cache.emplace_back();
      // storage for the node's coordinates now: an entry may be made in one evaluation and first
      // filled in a later one, which must not allocate
      NodeKinematics<AD>& kinematics = cache.back().kinematics;
      kinematics.coordinates.resize(nodeCoordinates[node]);  // kept by Reset()
      kinematics.coordinates_t.resize(nodeCoordinates[node]);
      kinematics.Reset();
    }
    return &cache[entry];
  }
  CachedNode* SingleNode(Index node) { return EntryOf(singleNodeEntry, singleNodeAsked, singleNodes, node); }
  CachedNode* PositionNode(Index node) { return EntryOf(positionNodeEntry, positionNodeAsked, positionNodes, node); }
  // At the start of an evaluation: the node states may have changed.
  void Invalidate() {
    ++evaluation;
    for (CachedNode& c : singleNodes) c.valid = false;
    for (CachedNode& c : positionNodes) c.valid = false;
  }
  // The seeded nodes and the marker data, marker pointers and loads of one item.
  struct Buffers {
    std::vector<Index> offsets, columns;
    std::vector<NodeKinematics<AD>> kinematics, gathered;
    std::vector<const NodeKinematics<AD>*> kinematicsOf;  // per seeded node
    std::vector<MarkerData<AD>> markers;
    std::vector<const MarkerData<AD>*> pointers;
    std::vector<MarkerLoad<AD>> loads;
    std::vector<CachedNode*> positionCached;  // per seeded node, its q-seeded cache entry
  };
  Buffers buffers;
  // Small index lists and vectors of the node and constraint Jacobians.
  std::vector<Index> singleNode, rows;
  // Vectors handed to item kernels as `const VectorX&` (multipliers, accelerations), one per
  // size, so that items of different sizes in turn never make a buffer reallocate.
  std::vector<VectorX> lambdaBySize, q_ttBySize;
  static VectorX& OfSize(std::vector<VectorX>& pool, Index size) {
    if (Index(pool.size()) <= size) pool.resize(size + 1);
    if (pool[size].size() != size) pool[size].resize(size);
    return pool[size];
  }
  // The multipliers state.ae[start, start + size) in a buffer of that size.
  const VectorX& Lambda(const SystemState& state, Index start, Index size) {
    VectorX& lambda = OfSize(lambdaBySize, size);
    lambda = state.ae.segment(start, size);
    return lambda;
  }
};

// One Jacobian evaluation's inputs and output.
struct JacobianTarget {
  const MainSystem& system;
  const CompiledSystem& compiled;
  const VectorX& qTotal;
  const SystemState& state;
  const JacobianFactors& factors;
  SystemMatrix& matrix;
  Index aeOffset;  // first AE row/column: [ODE2 | ODE1 | AE]
  JacobianWorkspace& workspace;
};

// Kinematics of a set of nodes whose [q; q_t] are the independent variables; derivative
// d < n is d/dq, n <= d < 2n is d/dq_t (the rest of the fixed-size vector stays zero). An item
// with more derivatives than the AD scalar holds is differentiated in chunks: SeededNodes for
// chunk [firstDerivative, firstDerivative + width) seeds only the derivatives in it (the others
// enter as values), and the Add... functions take the derivatives of that chunk; the callers loop
// `for (first = 0; ; first += width)` until MoreChunks() is false. With
// Seeds::Positions only q is seeded (q_t enters as values, internal states follow at d = n):
// for terms that do not depend on q_t, such as position-level constraints, which then fit in
// half the derivatives. Its storage is the workspace's buffers: one SeededNodes at a time.
// Items that differentiate their nodes' raw coordinates only (SeededCoordinates) ask for
// NodeData::ColumnsOnly: the seeded node kinematics are then not computed (KinematicsOf is not
// available).
enum class Seeds { PositionsAndVelocities, Positions };
enum class NodeData { Kinematics, ColumnsOnly };
// Derivatives of an item on numberOfCoordinates coordinates with `seeds`, plus its internal states.
inline Index SeededDerivatives(Seeds seeds, Index numberOfCoordinates, Index internalStates = 0) {
  return (seeds == Seeds::Positions ? 1 : 2) * numberOfCoordinates + internalStates;
}
class SeededNodes {
 public:
  // internalStates first-order states of the item itself (derivatives 2n .. 2n+m-1, or
  // n .. n+m-1 with Seeds::Positions), whose columns in the Newton matrix start at internalColumn.
  SeededNodes(const JacobianTarget& t, const std::vector<Index>& nodes, Index firstDerivative, Index internalStates = 0,
              Index internalColumn = -1, Seeds seeds = Seeds::PositionsAndVelocities,
              NodeData nodeData = NodeData::Kinematics)
      : nodes_(nodes), buffers_(t.workspace.buffers), first_(firstDerivative), internal_(internalStates),
        internalColumn_(internalColumn), seeds_(seeds) {
    buffers_.offsets.clear();
    buffers_.columns.clear();
    for (Index node : nodes_) {
      buffers_.offsets.push_back(size_);
      const Index start = t.compiled.nodeODE2Start[node];
      const Index n = t.system.GetNode(node).NumberOfODE2Coordinates();
      for (Index k = 0; k < n; ++k) buffers_.columns.push_back(start + k);
      size_ += n;
    }
    if (nodeData == NodeData::ColumnsOnly) return;
    // grown, never shrunk: an element destroyed would give up its storage (GrowingMatrix)
    if (buffers_.kinematics.size() < nodes_.size()) buffers_.kinematics.resize(nodes_.size());
    buffers_.kinematicsOf.resize(nodes_.size());
    // The shared kinematics are seeded for the first chunk (the single node's q and q_t from 0);
    // items of one chunk use them, the later chunks of a larger item seed their own.
    {
      JacobianWorkspace::CachedNode* cached =
          nodes_.size() == 1 && SeedsVelocities() && first_ == 0 ? t.workspace.SingleNode(nodes_[0]) : nullptr;
      if (cached) {  // the same seeds for every item on this node: compute once
        if (!cached->valid) {
          ComputeNode(t, 0, cached->kinematics, 0, size_);
          cached->valid = true;
        }
        buffers_.kinematicsOf[0] = &cached->kinematics;
        return;
      }
      // q seeds only: from the node's [q; q_t]-seeded kinematics (when [q; q_t] of each node fits
      // the derivative vector), shifted copies
      bool shared = !SeedsVelocities() && first_ == 0 && !MoreChunks() &&
                    std::all_of(nodes_.begin(), nodes_.end(), [&](Index node) {
                      return 2 * t.system.GetNode(node).NumberOfODE2Coordinates() <= Capacity();
                    });
      auto& positionCached = buffers_.positionCached;
      positionCached.clear();
      for (size_t i = 0; shared && i < nodes_.size(); ++i) {
        positionCached.push_back(t.workspace.PositionNode(nodes_[i]));
        shared = positionCached.back() != nullptr;
      }
      if (shared) {
        for (size_t i = 0; i < nodes_.size(); ++i) {
          const Index node = nodes_[i];
          const Index n = t.system.GetNode(node).NumberOfODE2Coordinates();
          JacobianWorkspace::CachedNode& cached = *positionCached[i];
          if (!cached.valid) {
            JacobianWorkspace::CachedNode* seeded = t.workspace.SingleNode(node);
            NodeKinematics<AD>& seededKinematics = seeded ? seeded->kinematics : buffers_.kinematics[i];
            if (!seeded || !seeded->valid) {
              ComputeNode(t, i, seededKinematics, 0, n);
              if (seeded) seeded->valid = true;
            }
            PositionSeededCopy(seededKinematics, n, 0, cached.kinematics);
            cached.valid = true;
          }
          if (buffers_.offsets[i] == 0) {
            buffers_.kinematicsOf[i] = &cached.kinematics;
          } else {
            PositionSeededCopy(cached.kinematics, n, buffers_.offsets[i], buffers_.kinematics[i]);
            buffers_.kinematicsOf[i] = &buffers_.kinematics[i];
          }
        }
        return;
      }
    }
    for (size_t i = 0; i < nodes_.size(); ++i) {
      ComputeNode(t, i, buffers_.kinematics[i], buffers_.offsets[i],
                  SeedsVelocities() ? size_ + buffers_.offsets[i] : -1);
      buffers_.kinematicsOf[i] = &buffers_.kinematics[i];
    }
  }

  // The kinematics of `nodeList` (a subset of the seeded nodes) as a contiguous array.
  const NodeKinematics<AD>* KinematicsOf(const std::vector<Index>& nodeList) const {
    auto position = [&](Index node) { return std::find(nodes_.begin(), nodes_.end(), node) - nodes_.begin(); };
    if (nodeList.size() == 1) return buffers_.kinematicsOf[position(nodeList[0])];
    if (buffers_.gathered.size() < nodeList.size()) buffers_.gathered.resize(nodeList.size());
    for (size_t i = 0; i < nodeList.size(); ++i) buffers_.gathered[i] = *buffers_.kinematicsOf[position(nodeList[i])];
    return buffers_.gathered.data();
  }

  Index Size() const { return size_; }
  // Length of the derivative vectors (the chunk width).
  static constexpr Index Capacity() { return AD::DerType::RowsAtCompileTime; }
  // Whether the item has derivatives beyond this chunk.
  bool MoreChunks() const { return first_ + Capacity() < SeededDerivatives(seeds_, size_, internal_); }
  Index InternalStates() const { return internal_; }
  Index InternalColumn() const { return internalColumn_; }
  // A value seeded as derivative d (numbered over the whole item) if d is in this chunk, else a constant.
  AD Seed(double value, Index d) const {
    const Index local = d - first_;
    return local >= 0 && local < Capacity() ? AD(value, Capacity(), local) : AD(value);
  }
  // The AD value of internal state i (seeded).
  AD InternalState(double value, Index i) const { return Seed(value, InternalOffset() + i); }
  // Whether derivative d is in this chunk, and d(x)/d(derivative d) if it is (else 0).
  bool Covers(Index d) const { return d >= first_ && d < first_ + Capacity(); }
  double Derivative(const AD& x, Index d) const { return Covers(d) ? x.derivatives()(d - first_) : 0.; }
  Index Column(Index derivative) const { return buffers_.columns[derivative % size_]; }

  // Adds sign*d(f)/d[q, q_t] into the rows `rows`, weighted by the factors. Every entry the
  // item can touch is written, zero or not, so that the sparsity pattern does not depend on values.
  void AddDerivatives(const VecX<AD>& f, const std::vector<Index>& rows, double sign, const JacobianFactors& factors,
                      SystemMatrix& matrix) const {
    for (Index r = 0; r < f.size(); ++r) {
      for (Index d = 0; d < size_; ++d) {
        if (!Covers(d) && !(SeedsVelocities() && Covers(size_ + d))) continue;
        matrix.Add(rows[r], buffers_.columns[d],
                   sign * (factors.stiffness * Derivative(f(r), d) +
                           (SeedsVelocities() ? factors.damping * Derivative(f(r), size_ + d) : 0.)));
      }
      for (Index d = 0; d < internal_; ++d)  // ODE2 forces depending on the item's first-order states
        if (Covers(InternalOffset() + d))
          matrix.Add(rows[r], internalColumn_ + d, sign * factors.ode2ODE1 * Derivative(f(r), InternalOffset() + d));
    }
  }

  // Rows of r1 = y_t - rate for the item's internal states: -d(rate)/d[q, q_t, y], weighted.
  void AddRateDerivatives(const VecX<AD>& rate, const JacobianFactors& factors, SystemMatrix& matrix) const {
    for (Index r = 0; r < rate.size(); ++r) {
      const Index row = internalColumn_ + r;
      for (Index d = 0; d < size_; ++d) {
        if (!Covers(d) && !(SeedsVelocities() && Covers(size_ + d))) continue;
        matrix.Add(row, buffers_.columns[d],
                   -(factors.ode1Stiffness * Derivative(rate(r), d) +
                     (SeedsVelocities() ? factors.ode1Damping * Derivative(rate(r), size_ + d) : 0.)));
      }
      for (Index d = 0; d < internal_; ++d)
        if (Covers(InternalOffset() + d))
          matrix.Add(row, internalColumn_ + d, -factors.ode1Stiffness * Derivative(rate(r), InternalOffset() + d));
    }
  }

 private:
  // Node i's kinematics with its q seeded from derivative `offset` on, its q_t from
  // `velocityOffset` on (< 0: q_t not seeded).
  void ComputeNode(const JacobianTarget& t, size_t i, NodeKinematics<AD>& kinematics, Index offset,
                   Index velocityOffset) const {
    const Index node = nodes_[i];
    const Index n = t.system.GetNode(node).NumberOfODE2Coordinates();
    const Index start = t.compiled.nodeODE2Start[node];
    VecX<AD> q(n), q_t(n);
    // The buffer held another node's kinematics before: start from the defaults, so that fields
    // a node leaves at their default (e.g. positionCoordinates) are not taken over.
    kinematics.Reset();
    for (Index k = 0; k < n; ++k) {
      q(k) = Seed(t.qTotal(start + k), offset + k);
      q_t(k) =
          velocityOffset >= 0 ? Seed(t.state.ode2_t(start + k), velocityOffset + k) : AD(t.state.ode2_t(start + k));
    }
    t.system.GetNode(node).ComputeKinematics(NodeCoordinates<AD>{q, q_t}, kinematics);
  }

  // `to` = `from` with the derivatives 0..n-1 (by q) moved to offset..offset+n-1 and all others
  // zero. Every field of NodeKinematics that carries derivatives must be listed here; the item
  // Jacobian tests (against finite differences, items on two nodes) fail if one is missing.
  static void PositionSeededCopy(const NodeKinematics<AD>& from, Index n, Index offset, NodeKinematics<AD>& to) {
    to = from;
    auto shift = [n, offset](auto& matrix) {
      for (Index i = 0; i < Index(matrix.size()); ++i) {
        auto& derivatives = matrix.data()[i].derivatives();
        for (Index d = n - 1; d >= 0; --d) derivatives(offset + d) = derivatives(d);
        derivatives.head(offset).setZero();
        derivatives.tail(derivatives.size() - offset - n).setZero();
      }
    };
    shift(to.position);
    shift(to.velocity);
    shift(to.rotation);
    shift(to.angularVelocityLocal);
    shift(to.G);
    shift(to.Glocal);
    shift(to.Glocal_tTheta_t);
    shift(to.coordinates);
    shift(to.coordinates_t);
  }

  bool SeedsVelocities() const { return seeds_ == Seeds::PositionsAndVelocities; }
  // The internal states' derivatives follow the seeded coordinates'.
  Index InternalOffset() const { return SeededDerivatives(seeds_, size_); }

  const std::vector<Index>& nodes_;
  JacobianWorkspace::Buffers& buffers_;
  Index first_ = 0;  // the chunk's first derivative
  Index size_ = 0;
  Index internal_ = 0;
  Index internalColumn_ = -1;
  Seeds seeds_ = Seeds::PositionsAndVelocities;
};

template <class S> VecX<S> GeneralizedLoad(const MarkerData<S>& data, const MarkerLoad<S>& load) {
  // a coordinate-vector marker's load is the generalized force (its Jacobian is the identity)
  if (load.coordinateVectorForce.size() > 0) return load.coordinateVectorForce;
  VecX<S> generalized =
      data.positionJacobian.transpose() * load.force + data.rotationJacobian.transpose() * load.torque;
  if (data.coordinateJacobian.cols() == 0) return generalized;
  if (generalized.size() == 0) return data.coordinateJacobian.transpose() * load.coordinateForce;
  return generalized + data.coordinateJacobian.transpose() * load.coordinateForce;
}

// The marker's data into `data`, a buffer of the workspace (its storage is kept between evaluations).
inline void SeededMarkerData(const JacobianTarget& t, const SeededNodes& seeds, Index marker, MarkerData<AD>& data,
                             bool withJacobians = true) {
  const Marker& m = t.system.GetMarker(marker);
  const Body* body =
      m.BodyNumber().IsValid() ? static_cast<const Body*>(&t.system.GetObject(m.BodyNumber().value)) : nullptr;
  data.Reset();
  data.withJacobians = withJacobians;
  m.ComputeMarkerData(body, seeds.KinematicsOf(t.compiled.markerNodes[marker]), data);
}

// The workspace's marker data and loads for `count` markers, reset (storage kept).
inline void PrepareMarkerBuffers(JacobianWorkspace::Buffers& buffers, size_t count) {
  if (buffers.markers.size() < count) buffers.markers.resize(count);
  if (buffers.loads.size() < count) buffers.loads.resize(count);
  buffers.pointers.resize(count);
  for (size_t k = 0; k < count; ++k) {
    buffers.pointers[k] = &buffers.markers[k];
    buffers.loads[k] = MarkerLoad<AD>();
  }
}

inline void AddMarkerLoad(const JacobianTarget& t, const SeededNodes& seeds, Index marker, const MarkerData<AD>& data,
                          const MarkerLoad<AD>& load) {
  const auto& indices = t.compiled.markerODE2Indices[marker];
  if (!indices.empty()) seeds.AddDerivatives(GeneralizedLoad(data, load), indices, -1., t.factors, t.matrix);
}

// Constraint rows (dg/dq, or dg_t/dq_t at velocity level) and, if asked, the multiplier
// columns dg/dq^T.
inline void AddConstraintBlocks(const JacobianTarget& t, const SeededNodes& seeds, const VecX<AD>& g,
                                const VecX<AD>& g_t, Index aeStart, bool multiplierColumnsFromG) {
  for (Index r = 0; r < g.size(); ++r) {
    const Index row = t.aeOffset + aeStart + r;
    for (Index d = 0; d < seeds.Size(); ++d) {
      if (!seeds.Covers(d)) continue;
      const double value = seeds.Derivative(g(r), d);
      if (multiplierColumnsFromG) t.matrix.Add(seeds.Column(d), row, t.factors.multiplierColumns * value);
      if (!t.factors.velocityLevelConstraints) t.matrix.Add(row, seeds.Column(d), t.factors.constraintRows * value);
    }
    if (t.factors.velocityLevelConstraints)
      for (Index d = seeds.Size(); d < 2 * seeds.Size(); ++d)
        if (seeds.Covers(d)) t.matrix.Add(row, seeds.Column(d), t.factors.constraintRows * seeds.Derivative(g_t(r), d));
  }
}

// Rows of a constraint on velocities, g_v(q, q_t): dg_v/dq_t and dg_v/dq with their weights.
inline void AddVelocityConstraintRows(const JacobianTarget& t, const SeededNodes& seeds, const VecX<AD>& g_v,
                                      Index aeStart) {
  for (Index r = 0; r < g_v.size(); ++r) {
    const Index row = t.aeOffset + aeStart + r;
    for (Index d = 0; d < 2 * seeds.Size(); ++d) {
      if (!seeds.Covers(d)) continue;
      const double weight =
          d < seeds.Size() ? t.factors.velocityConstraintPositionRows : t.factors.velocityConstraintRows;
      t.matrix.Add(row, seeds.Column(d), weight * seeds.Derivative(g_v(r), d));
    }
  }
}

// Each of the following evaluates one item once per chunk of its derivatives (once for all but
// items with more derivatives than the AD scalar holds).
inline void BodyJacobian(const JacobianTarget& t, const Body& body, const EvaluationContext& context,
                         const std::vector<Index>& bodyNodes, const std::vector<Index>& indices) {
  VectorX& q_ttLocal = JacobianWorkspace::OfSize(t.workspace.q_ttBySize, Index(indices.size()));
  for (size_t i = 0; i < indices.size(); ++i) q_ttLocal(i) = t.state.ode2_tt(indices[i]);
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, bodyNodes, first);
    VecX<AD> lhs;
    body.ComputeODE2LHS(context, seeds.KinematicsOf(bodyNodes), q_ttLocal, lhs);
    seeds.AddDerivatives(lhs, indices, 1., t.factors, t.matrix);
    if (!seeds.MoreChunks()) break;
  }
}

// The node's own algebraic equations use its raw coordinates, seeded like its kinematics.
inline void SeededCoordinates(const JacobianTarget& t, const SeededNodes& seeds, Index node, VecX<AD>& q,
                              VecX<AD>& q_t) {
  const Index start = t.compiled.nodeODE2Start[node];
  const Index size = t.system.GetNode(node).NumberOfODE2Coordinates();
  q.resize(size);
  q_t.resize(size);
  for (Index k = 0; k < size; ++k) {
    q(k) = seeds.Seed(t.qTotal(start + k), k);
    q_t(k) = seeds.Seed(t.state.ode2_t(start + k), size + k);
  }
}

inline void NodeAlgebraicJacobian(const JacobianTarget& t, Index node) {
  const Node& n = t.system.GetNode(node);
  t.workspace.singleNode.assign(1, node);
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, t.workspace.singleNode, first, 0, -1, Seeds::PositionsAndVelocities,
                            NodeData::ColumnsOnly);
    VecX<AD> q, q_t, forces, g, g_t;
    SeededCoordinates(t, seeds, node, q, q_t);
    if (t.factors.constraintForces) {
      const VectorX& lambda = t.workspace.Lambda(t.state, t.compiled.nodeAEStart[node], n.NumberOfAlgebraicEquations());
      n.ComputeAlgebraicForces(NodeCoordinates<AD>{q, q_t}, lambda, forces);
      std::vector<Index>& rows = t.workspace.rows;
      rows.resize(q.size());
      for (Index k = 0; k < q.size(); ++k) rows[k] = t.compiled.nodeODE2Start[node] + k;
      seeds.AddDerivatives(forces, rows, 1., t.factors, t.matrix);
    }
    n.ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, false, g);
    if (t.factors.velocityLevelConstraints) n.ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, true, g_t);
    AddConstraintBlocks(t, seeds, g, g_t, t.compiled.nodeAEStart[node], true);
    if (!seeds.MoreChunks()) break;
  }
}

// Where no q_t column is weighted (the static solver: damping and ode1Damping factors 0), the
// velocity seeds would only add zeros: q alone, in half the derivatives, gives the same bits.
inline Seeds ForceSeeds(const JacobianFactors& factors) {
  return factors.damping == 0. && factors.ode1Damping == 0. ? Seeds::Positions : Seeds::PositionsAndVelocities;
}

// Loads of a connector on any number of markers, and the rates of its internal states.
inline void ConnectorJacobian(const JacobianTarget& t, const Connector& connector, const EvaluationContext& context,
                              const std::vector<Index>& markers, const std::vector<Index>& nodes, Index internalStart) {
  const Index nODE2 = t.compiled.numberOfODE2;
  const Index internalStates = connector.NumberOfInternalStates();
  auto& buffers = t.workspace.buffers;
  const size_t n = markers.size();
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, nodes, first, internalStates, internalStart >= 0 ? nODE2 + internalStart : -1,
                            ForceSeeds(t.factors));
    PrepareMarkerBuffers(buffers, n);
    for (size_t k = 0; k < n; ++k) SeededMarkerData(t, seeds, markers[k], buffers.markers[k]);
    VecX<AD> internal(internalStates), rate;
    for (Index i = 0; i < internalStates; ++i) internal(i) = seeds.InternalState(t.state.ode1(internalStart + i), i);
    connector.ComputeConnector(context, buffers.pointers.data(), internal, buffers.loads.data(), rate);
    for (size_t k = 0; k < n; ++k) AddMarkerLoad(t, seeds, markers[k], buffers.markers[k], buffers.loads[k]);
    if (internalStates > 0) seeds.AddRateDerivatives(rate, t.factors, t.matrix);
    if (!seeds.MoreChunks()) break;
  }
}

// Constraint loads lambda*dg/dq and position-level g do not depend on q_t: only velocity-level
// rows (and constraints on velocities) need the velocity seeds.
inline Seeds ConstraintSeeds(const JacobianFactors& factors, bool velocityLevelConstraint) {
  return factors.velocityLevelConstraints || velocityLevelConstraint ? Seeds::PositionsAndVelocities : Seeds::Positions;
}

// Derivatives of the constraint loads (K block) and the constraint rows.
// The exact constraint blocks (timeIntegration.computeConstraintForcesJacobian): d(C_q^T lambda)/dq
// and the rows dg/dq (or dg_t/dq_t). Exudyn's matrix takes neither from here (SystemEquations).
inline void ConstraintJacobian(const JacobianTarget& t, const Constraint& constraint, const EvaluationContext& context,
                               Index aeStart, const std::vector<Index>& markers, const std::vector<Index>& nodes) {
  const bool onVelocities = constraint.IsVelocityLevel();
  const VectorX& lambda = t.workspace.Lambda(t.state, aeStart, constraint.NumberOfAlgebraicEquations());
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, nodes, first, 0, -1, ConstraintSeeds(t.factors, onVelocities));
    auto& buffers = t.workspace.buffers;
    PrepareMarkerBuffers(buffers, 2);
    SeededMarkerData(t, seeds, markers[0], buffers.markers[0]);
    SeededMarkerData(t, seeds, markers[1], buffers.markers[1]);
    const MarkerData<AD>& m0 = buffers.markers[0];
    const MarkerData<AD>& m1 = buffers.markers[1];
    MarkerLoad<AD>* loads = buffers.loads.data();
    constraint.ComputeConstraintLoads(context, m0, m1, lambda, loads);
    AddMarkerLoad(t, seeds, markers[0], m0, loads[0]);
    AddMarkerLoad(t, seeds, markers[1], m1, loads[1]);
    VecX<AD> g, g_t;
    if (onVelocities) {
      constraint.ComputeAlgebraicEquations(context, m0, m1, true, g_t);
      AddVelocityConstraintRows(t, seeds, g_t, aeStart);
    } else {
      constraint.ComputeAlgebraicEquations(context, m0, m1, false, g);
      if (t.factors.velocityLevelConstraints) constraint.ComputeAlgebraicEquations(context, m0, m1, true, g_t);
      AddConstraintBlocks(t, seeds, g, g_t, aeStart, false);
    }
    if (!seeds.MoreChunks()) break;
  }
}

inline void LoadJacobian(const JacobianTarget& t, const Load& load, const Vector3& loadVector) {
  const Index marker = load.MarkerNumber().value;
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, t.compiled.markerNodes[marker], first);
    auto& buffers = t.workspace.buffers;
    PrepareMarkerBuffers(buffers, 1);
    SeededMarkerData(t, seeds, marker, buffers.markers[0]);
    const MarkerData<AD>& data = buffers.markers[0];
    MarkerLoad<AD>& markerLoad = buffers.loads[0];
    load.ComputeMarkerLoad(data, loadVector, markerLoad);
    AddMarkerLoad(t, seeds, marker, data, markerLoad);
    if (!seeds.MoreChunks()) break;
  }
}

// h += d(g_t)/dq * q_t for the rows of g_t starting at aeStart.
inline void AccumulateAccelerationTerm(const SeededNodes& seeds, const VecX<AD>& g_t, Index aeStart,
                                       const SystemState& state, VectorX& h) {
  for (Index r = 0; r < g_t.size(); ++r)
    for (Index d = 0; d < seeds.Size(); ++d)
      if (seeds.Covers(d)) h(aeStart + r) += seeds.Derivative(g_t(r), d) * state.ode2_t(seeds.Column(d));
}

inline void NodeAccelerationTerm(const JacobianTarget& t, Index node, VectorX& h) {
  t.workspace.singleNode.assign(1, node);
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, t.workspace.singleNode, first, 0, -1, Seeds::PositionsAndVelocities,
                            NodeData::ColumnsOnly);
    VecX<AD> q, q_t, g_t;
    SeededCoordinates(t, seeds, node, q, q_t);
    t.system.GetNode(node).ComputeAlgebraicEquations(NodeCoordinates<AD>{q, q_t}, true, g_t);
    AccumulateAccelerationTerm(seeds, g_t, t.compiled.nodeAEStart[node], t.state, h);
    if (!seeds.MoreChunks()) break;
  }
}

inline void ConstraintAccelerationTerm(const JacobianTarget& t, const Constraint& constraint,
                                       const EvaluationContext& context, Index aeStart,
                                       const std::vector<Index>& markers, const std::vector<Index>& nodes, VectorX& h) {
  for (Index first = 0;; first += SeededNodes::Capacity()) {
    const SeededNodes seeds(t, nodes, first, 0, -1, Seeds::Positions);  // d(g_t)/dq only
    auto& buffers = t.workspace.buffers;
    PrepareMarkerBuffers(buffers, 2);
    SeededMarkerData(t, seeds, markers[0], buffers.markers[0], false);
    SeededMarkerData(t, seeds, markers[1], buffers.markers[1], false);
    const MarkerData<AD>& m0 = buffers.markers[0];
    const MarkerData<AD>& m1 = buffers.markers[1];
    VecX<AD> g_t;
    constraint.ComputeAlgebraicEquations(context, m0, m1, true, g_t);
    AccumulateAccelerationTerm(seeds, g_t, aeStart, t.state, h);
    if (!seeds.MoreChunks()) break;
  }
}

}  // namespace differentiation
}  // namespace multidyn
