#include "core/evaluation/SystemEquations.h"
#include "core/evaluation/UsableCpus.h"

#include <algorithm>
#include <thread>

#include "core/evaluation/ItemDifferentiation.h"
#include "core/evaluation/SystemUserFunctions.h"
#include "core/foundation/Errors.h"
#include "core/items/FieldTable.h"
#include "core/items/UnitConstraintLoads.h"

namespace multidyn {

SystemEquations::SystemEquations(const MainSystem& system) : system_(system), compiled_(system.Compiled()) {
  const Index nNodes = system.NumberOfItems(ItemCategory::Node);
  const Index nMarkers = system.NumberOfItems(ItemCategory::Marker);
  nodeKinematics_.resize(nNodes);
  markerData_.resize(nMarkers);
  markerNodeSlots_.resize(nMarkers);
  objectNodeSlots_.resize(system.NumberOfItems(ItemCategory::Object));
  // Nodes without ODE2 coordinates (e.g. NodePointGround) have constant kinematics.
  const VectorX none;
  for (Index node = 0; node < nNodes; ++node)
    if (system.GetNode(node).NumberOfODE2Coordinates() == 0)
      system.GetNode(node).ComputeKinematics(NodeCoordinates<double>{none, none}, nodeKinematics_[node]);
  BuildEvaluationPlan();
  jacobianWorkspace_ = NewJacobianWorkspace();
}

void SystemEquations::BuildEvaluationPlan() {
  // one node, or consecutive nodes (a chain of beam elements): already contiguous in the node table
  auto singleNode = [&](const std::vector<Index>& nodes) -> const NodeKinematics<double>* {
    if (nodes.empty()) return nullptr;
    for (size_t i = 1; i < nodes.size(); ++i)
      if (nodes[i] != nodes[0] + Index(i)) return nullptr;
    return &nodeKinematics_[nodes[0]];
  };
  for (Index node : compiled_.ode2Nodes) {
    const Node& n = system_.GetNode(node);
    nodeEntries_.push_back({&n, &nodeKinematics_[node], compiled_.nodeODE2Start[node], n.NumberOfODE2Coordinates()});
  }
  for (Index marker = 0; marker < Index(markerData_.size()); ++marker) {
    const Marker& m = system_.GetMarker(marker);
    const Body* body =
        m.BodyNumber().IsValid() ? static_cast<const Body*>(&system_.GetObject(m.BodyNumber().value)) : nullptr;
    markerEntries_.push_back(
        {&m, body, singleNode(compiled_.markerNodes[marker]), RangeOf(compiled_.markerODE2Indices[marker])});
  }
  for (Index b : compiled_.bodies) {
    const Body* body = static_cast<const Body*>(&system_.GetObject(b));
    const auto* lhsJacobian = dynamic_cast<const BodyLHSJacobian*>(body);
    if (lhsJacobian && !lhsJacobian->ProvidesLHSJacobian(system_)) lhsJacobian = nullptr;
    const CoordinateRange coordinates = RangeOf(compiled_.objectODE2Indices[b]);
    const auto* direct = dynamic_cast<const DirectBody*>(body);
    if (direct && coordinates.start < 0 && coordinates.size > 0)
      throw ValueError(system_.ItemDescription(ItemCategory::Object, b) + ": its coordinates must be contiguous");
    bodyEntries_.push_back({b, body, singleNode(compiled_.objectNodes[b]), lhsJacobian,
                            dynamic_cast<const BodyNewtonBlock*>(body), direct, coordinates});
    if (!direct) largestBody_ = std::max(largestBody_, coordinates.size);
  }
  // M block diagonal with blocks the bodies solve: each ODE2 coordinate in exactly one body, all direct solvers
  std::vector<Index> owners(compiled_.numberOfODE2, 0);
  solvesMassMatrix_ = !bodyEntries_.empty();
  for (const BodyEntry& e : bodyEntries_) {
    solvesMassMatrix_ = solvesMassMatrix_ && e.direct && e.direct->SolvesMassMatrix();
    for (Index i = 0; i < e.coordinates.size; ++i) ++owners[e.coordinates.indices[i]];
  }
  for (Index count : owners) solvesMassMatrix_ = solvesMassMatrix_ && count == 1;
  for (Index node : compiled_.nodesWithAE) {
    const Node& n = system_.GetNode(node);
    nodeAEEntries_.push_back({&n, compiled_.nodeODE2Start[node], n.NumberOfODE2Coordinates(),
                              compiled_.nodeAEStart[node], n.NumberOfAlgebraicEquations()});
  }
  // The largest number of algebraic equations of an item: buffers of every size up to it.
  Index largest = 0;
  for (Index c : compiled_.constraints) largest = std::max(largest, system_.GetObject(c).NumberOfAlgebraicEquations());
  for (Index node : compiled_.nodesWithAE)
    largest = std::max(largest, system_.GetNode(node).NumberOfAlgebraicEquations());
  largestConstraint_ = largest;
  for (Index c : compiled_.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system_.GetObject(c));
    const Index size = constraint.NumberOfAlgebraicEquations();
    constraintEntries_.push_back({c, &constraint, dynamic_cast<const UnitConstraintLoads*>(&constraint),
                                  compiled_.objectAEStart[c], size, compiled_.objectMarkers[c][0],
                                  compiled_.objectMarkers[c][1], constraint.IsVelocityLevel()});
  }
  loadScaledByLoadFactor_.assign(system_.NumberOfItems(ItemCategory::Load), 0);
  for (Index l : compiled_.loads) {
    const Load& load = system_.GetLoad(l);
    loadEntries_.push_back({l, &load, load.MarkerNumber().value});
    loadScaledByLoadFactor_[l] = !HasUserFunction(load);
  }
  auto connectorEntry = [&](Index c) {
    const auto& connector = static_cast<const Connector&>(system_.GetObject(c));
    const auto& markers = compiled_.objectMarkers[c];
    const ConnectorEntry entry{c,
                               &connector,
                               Index(connectorMarkers_.size()),
                               Index(markers.size()),
                               compiled_.objectInternalStart[c],
                               connector.NumberOfInternalStates()};
    for (Index marker : markers) {
      connectorMarkers_.push_back(marker);
      connectorMarkerData_.push_back(&markerData_[marker]);
    }
    return entry;
  };
  for (Index c : compiled_.connectors) connectorEntries_.push_back(connectorEntry(c));
  for (Index c : compiled_.internalStateObjects) internalStateEntries_.push_back(connectorEntry(c));
  SetParallel(1, 0);
}

SystemEquations::CoordinateRange SystemEquations::RangeOf(const std::vector<Index>& indices) {
  const Index size = Index(indices.size());
  bool contiguous = size > 0;
  for (Index i = 1; i < size; ++i) contiguous = contiguous && indices[i] == indices[0] + i;
  return {indices.data(), size, contiguous ? indices[0] : -1};
}

bool SystemEquations::HasUserFunction(const Item& item) {
  for (const FieldDescriptor& field : item.TypeInfo().fields->fields)
    if (field.type == FieldType::UserFunction && field.getFunction(&item)) return true;
  return false;
}

bool SystemEquations::HasPythonUserFunction() const {
  for (ItemCategory category : {ItemCategory::Node, ItemCategory::Object, ItemCategory::Marker, ItemCategory::Load})
    for (Index i = 0; i < system_.NumberOfItems(category); ++i)
      if (HasUserFunction(system_.GetItem(category, i))) return true;
  return false;
}

void SystemEquations::SetParallel(Index numberOfThreads, Index minimumItems) {
  const Index items =
      Index(bodyEntries_.size() + connectorEntries_.size() + constraintEntries_.size() + loadEntries_.size());
  // never more threads than the CPUs this process may use (taskset, a container's cpuset): the
  // parts of a run wait for each other, so threads sharing a CPU only take turns
  Index threads = numberOfThreads > 1 ? std::min(numberOfThreads, UsableCpus()) : 1;
  if (threads > 1 && (items <= minimumItems || HasPythonUserFunction())) threads = 1;
  threads = std::max<Index>(threads, 1);
  if (threads == NumberOfThreadsInUse() && !scratch_.empty()) return;
  threads_.reset();
  if (threads > 1) threads_ = std::make_unique<WorkerThreads>(threads);
  // thread t: [size t / threads, size (t + 1) / threads) of each list
  auto range = [threads](size_t size, Index t) {
    return Range{Index(size * t / threads), Index(size * (t + 1) / threads)};
  };
  parts_.assign(threads, ThreadPart());
  for (Index t = 0; t < threads; ++t)
    parts_[t] = {range(nodeEntries_.size(), t),      range(markerEntries_.size(), t),
                 range(bodyEntries_.size(), t),      range(compiled_.nodesWithAE.size(), t),
                 range(connectorEntries_.size(), t), range(constraintEntries_.size(), t),
                 range(loadEntries_.size(), t)};
  scratch_.assign(threads, Scratch());
  for (Scratch& scratch : scratch_) {
    for (Index size = 0; size <= largestConstraint_; ++size)
      differentiation::JacobianWorkspace::OfSize(scratch.lambdaBySize, size);
    for (Index size = 0; size <= largestBody_; ++size)
      differentiation::JacobianWorkspace::OfSize(scratch.q_ttBySize, size);
    scratch.residual.setZero(compiled_.numberOfODE2);
  }
  // The Jacobian's caches of seeded node kinematics, per thread (thread 0 has jacobianWorkspace_).
  partWorkspaces_.clear();
  for (Index t = 1; t < threads; ++t) partWorkspaces_.push_back(NewJacobianWorkspace());
}

SystemEquations::~SystemEquations() = default;

const NodeKinematics<double>* SystemEquations::NodesOf(const std::vector<Index>& nodes,
                                                       std::vector<NodeKinematics<double>>& slot) const {
  if (nodes.size() == 1) return &nodeKinematics_[nodes[0]];
  slot.resize(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) slot[i] = nodeKinematics_[nodes[i]];
  return slot.data();
}

void SystemEquations::UpdateKinematics(const SystemState& state, bool withJacobians) {
  SetTotalCoordinates(state);
  ForEachPart([&](Index thread) { KinematicsOfPart(thread, state, withJacobians); });
}

void SystemEquations::SetTotalCoordinates(const SystemState& state) {
  // an element loop: Eigen's assignment of a sum spends more on its set-up than on a small model's elements
  const Index n = state.ode2.size();
  if (qTotal_.size() != n) qTotal_.resize(n);
  const double* __restrict reference = compiled_.ode2Reference.data();
  const double* __restrict q = state.ode2.data();
  double* __restrict total = qTotal_.data();
  for (Index i = 0; i < n; ++i) total[i] = reference[i] + q[i];
}

void SystemEquations::KinematicsOfPart(Index thread, const SystemState& state, bool withJacobians) {
  const Range& nodes = parts_[thread].nodes;
  for (Index i = nodes.begin; i < nodes.end; ++i) {
    const NodeEntry& e = nodeEntries_[i];
    e.node->ComputeKinematics(
        NodeCoordinates<double>{qTotal_.segment(e.start, e.size), state.ode2_t.segment(e.start, e.size)},
        *e.kinematics);
  }
  Synchronize();  // markers read the nodes of other parts
  const Range& markers = parts_[thread].markers;
  for (Index marker = markers.begin; marker < markers.end; ++marker) {
    const MarkerEntry& e = markerEntries_[marker];
    markerData_[marker].withJacobians = withJacobians;
    e.marker->ComputeMarkerData(e.body,
                                e.nodes ? e.nodes : NodesOf(compiled_.markerNodes[marker], markerNodeSlots_[marker]),
                                markerData_[marker]);
  }
}

namespace {
// dst[0, n) = src[0, n) and dst[0, n) += src[0, n), with the size fixed at compile time for the
// common items (7: a rigid node on Euler parameters, 5: a revolute joint's equations, 3: a point
// or 2D rigid node, 2: a 2D joint's equations, 1), where
// Eigen's loops of run-time size spend more on alignment and bounds than on the elements.
template <int n> using Elements = Eigen::Map<Eigen::Matrix<double, n, 1>>;
template <int n> using ConstElements = Eigen::Map<const Eigen::Matrix<double, n, 1>>;
void CopyElements(double* dst, const double* src, Index n) {
  if (n == 7)
    Elements<7>{dst} = ConstElements<7>{src};
  else if (n == 5)
    Elements<5>{dst} = ConstElements<5>{src};
  else if (n == 3)
    Elements<3>{dst} = ConstElements<3>{src};
  else if (n == 2)
    Elements<2>{dst} = ConstElements<2>{src};
  else if (n == 1)
    dst[0] = src[0];
  else
    Eigen::Map<VectorX>{dst, n} = Eigen::Map<const VectorX>{src, n};
}
void AddElements(double* dst, const double* src, Index n) {
  if (n == 7)
    Elements<7>{dst} += ConstElements<7>{src};
  else if (n == 3)
    Elements<3>{dst} += ConstElements<3>{src};
  else
    Eigen::Map<VectorX>{dst, n} += Eigen::Map<const VectorX>{src, n};
}
// A marker load set to zero in place (a default-constructed one assigned costs several times more).
void ClearMarkerLoad(MarkerLoad<double>& load) {
  load.force.setZero();
  load.torque.setZero();
  load.coordinateForce = 0.;
  load.coordinateVectorForce.resize(0);
}

// The compact generalized load of a rigid frame (decision 22) on the coordinates r of its node:
// force on the translations, G^T torque + Glocal^T momentLocal on the rotation parameters
// (momentLocal = b x A^T f, the moment of the force in node axes: RigidFrameJacobians); with the
// numbers of both known at compile time (3D rigid nodes), or at run time (Eigen::Dynamic).
template <int translations, int rotations> void AddToRigidNode(const NodeKinematics<double>& node, const Vector3& force,
                                                               const Vector3& torque, const Vector3& momentLocal,
                                                               Index n, double* r) {
  const Index nTranslations = translations == Eigen::Dynamic ? std::min(node.positionCoordinates, n) : translations;
  for (Index j = 0; j < nTranslations; ++j) r[j] += force(j);
  if (rotations == Eigen::Dynamic && !node.hasOrientation) return;
  const Index nRotations = rotations == Eigen::Dynamic ? node.G.cols() : rotations;
  double* rRotation = r + node.rotationStart;
  for (Index j = 0; j < nRotations; ++j)
    rRotation[j] += node.G.col(j).dot(torque) + node.Glocal.col(j).dot(momentLocal);
}
}  // namespace

inline void SystemEquations::AddGeneralizedLoad(Index marker, const MarkerLoad<double>& load, double sign,
                                                VectorX& residual) const {
  const CoordinateRange& c = markerEntries_[marker].coordinates;
  const Index* indices = c.indices;
  const MarkerData<double>& data = markerData_[marker];
  // sign (J_p^T f + J_r^T tau + J_c^T f_c), each part over the columns it has (one pass each,
  // without the per-component checks of GeneralizedLoadComponent)
  const Index n = c.size;
  if (n == 0) return;  // a marker on ground
  if (data.rigidNode) {  // a rigid frame of one node: the marker's coordinates are the node's, in one block
    const NodeKinematics<double>& node = *data.rigidNode;
    const Vector3 force = sign * load.force, torque = sign * load.torque;
    const Vector3 momentLocal = node.hasOrientation
                                    ? Vector3(data.rigidArmLocal.cross(node.rotation.transpose() * force))
                                    : Vector3(Vector3::Zero());
    double* r = residual.data() + c.start;
    const bool rigid3D = node.hasOrientation && node.positionCoordinates == 3 && node.rotationStart == 3;
    if (rigid3D && node.G.cols() == 4 && n == 7)
      AddToRigidNode<3, 4>(node, force, torque, momentLocal, n, r);
    else if (rigid3D && node.G.cols() == 3 && n == 6)
      AddToRigidNode<3, 3>(node, force, torque, momentLocal, n, r);
    else if (node.hasOrientation && node.positionCoordinates == 2 && node.rotationStart == 2 && node.G.cols() == 1 &&
             n == 3)
      AddToRigidNode<2, 1>(node, force, torque, momentLocal, n, r);  // a 2D rigid node
    else
      AddToRigidNode<Eigen::Dynamic, Eigen::Dynamic>(node, force, torque, momentLocal, n, r);
    return;
  }
  if (data.positionJacobian.cols() == 0 && data.rotationJacobian.cols() == 0) {
    // coordinate and coordinate-vector markers (sign is +-1, so sign * (J f) is exact either way)
    const Index coordinateColumns = std::min<Index>(n, data.coordinateJacobian.cols());
    const double coordinateForce = sign * load.coordinateForce;
    for (Index i = 0; i < coordinateColumns; ++i) residual(indices[i]) += data.coordinateJacobian(i) * coordinateForce;
    const Index coordinateVectorColumns = std::min<Index>(n, load.coordinateVectorForce.size());
    for (Index i = 0; i < coordinateVectorColumns; ++i) residual(indices[i]) += sign * load.coordinateVectorForce(i);
    return;
  }
  const Index positionColumns = std::min<Index>(n, data.positionJacobian.cols());
  const Index rotationColumns = std::min<Index>(n, data.rotationJacobian.cols());
  const Index coordinateColumns = std::min<Index>(n, data.coordinateJacobian.cols());
  const Vector3 force = sign * load.force, torque = sign * load.torque;
  for (Index i = 0; i < positionColumns; ++i) residual(indices[i]) += data.positionJacobian.col(i).dot(force);
  for (Index i = 0; i < rotationColumns; ++i) residual(indices[i]) += data.rotationJacobian.col(i).dot(torque);
  for (Index i = 0; i < coordinateColumns; ++i)
    residual(indices[i]) += sign * data.coordinateJacobian(i) * load.coordinateForce;
  const Index coordinateVectorColumns = std::min<Index>(n, load.coordinateVectorForce.size());
  for (Index i = 0; i < coordinateVectorColumns; ++i) residual(indices[i]) += sign * load.coordinateVectorForce(i);
}

inline EvaluationContext SystemEquations::Context(Index object, const SystemState& state) const {
  EvaluationContext context;
  context.time = state.time;
  context.system = &system_;
  context.itemNumber = object;
  context.numericalDifferentiation = numericalDifferentiation_;
  context.trapezoidalStepSize = trapezoidalStepSize_;
  if (compiled_.objectDataStart[object] >= 0) context.data = state.data.data() + compiled_.objectDataStart[object];
  return context;
}

template <class Function> void SystemEquations::ForEachActiveODE1Object(const SystemState& state, Function&& function) {
  // ODE1 objects see the stored coordinates y_s, without the reference values (as Exudyn's
  // ObjectGenericODE1: docs/theory/GenericODE1.md)
  if (compiled_.ode1Objects.empty()) return;
  for (Index o : compiled_.ode1Objects) {
    const Object& object = system_.GetObject(o);
    if (!object.IsActive()) continue;
    const auto& indices = compiled_.objectODE1Indices[o];
    yLocal_.resize(indices.size());
    for (size_t i = 0; i < indices.size(); ++i) yLocal_(i) = state.ode1(indices[i]);
    function(o, object, indices, yLocal_);
  }
}

inline const VectorX& SystemEquations::Lambda(Scratch& scratch, const SystemState& state, Index start, Index size) {
  VectorX& lambda = scratch.lambdaBySize[size];  // sized for every item of the plan
  CopyElements(lambda.data(), state.ae.data() + start, size);
  return lambda;
}

Vector3 SystemEquations::LoadVectorAt(const Load& load, Index number, const SystemState& state) const {
  EvaluationContext context;
  context.time = state.time;
  context.system = &system_;
  context.itemNumber = number;
  const Vector3 value = load.AppliedLoadVector(context);
  return loadFactor_ != 1. && loadScaledByLoadFactor_[number] ? Vector3(loadFactor_ * value) : value;
}

void SystemEquations::AddODE2Terms(const ThreadPart& part, Scratch& scratch, const SystemState& state,
                                   VectorX& residual, VectorX* ode1Residual, bool zeroAcceleration) {
  VecX<double>& local = scratch.local;
  for (Index b = part.bodies.begin; b < part.bodies.end; ++b) {
    const BodyEntry& e = bodyEntries_[b];
    // M 0 = +0 added to the residual's +0 (bodies come first): skipping it changes no bit
    if (zeroAcceleration && e.body->ODE2LHSIsMassTimesAcceleration()) continue;
    const CoordinateRange& c = e.coordinates;
    if (e.direct) {
      e.direct->AddDirectODE2LHS(Context(e.object, state), qTotal_.segment(c.start, c.size),
                                 state.ode2_t.segment(c.start, c.size), state.ode2_tt.segment(c.start, c.size),
                                 residual.segment(c.start, c.size));
      continue;
    }
    VectorX& q_ttLocal = scratch.q_ttBySize[c.size];
    if (c.start >= 0)
      CopyElements(q_ttLocal.data(), state.ode2_tt.data() + c.start, c.size);
    else
      for (Index i = 0; i < c.size; ++i) q_ttLocal(i) = state.ode2_tt(c.indices[i]);
    e.body->ComputeODE2LHS(Context(e.object, state),
                           e.nodes ? e.nodes : NodesOf(compiled_.objectNodes[e.object], objectNodeSlots_[e.object]),
                           q_ttLocal, local);
    if (c.start >= 0)
      AddElements(residual.data() + c.start, local.data(), c.size);
    else
      for (Index i = 0; i < c.size; ++i) residual(c.indices[i]) += local(i);
  }
  for (Index k = part.nodesWithAE.begin; k < part.nodesWithAE.end; ++k) {
    const NodeAEEntry& e = nodeAEEntries_[k];
    const VectorX& lambda = Lambda(scratch, state, e.aeStart, e.aeSize);
    e.node->ComputeAlgebraicForces(
        NodeCoordinates<double>{qTotal_.segment(e.start, e.size), state.ode2_t.segment(e.start, e.size)}, lambda,
        local);
    AddElements(residual.data() + e.start, local.data(), e.size);
  }
  for (Index c = part.connectors.begin; c < part.connectors.end; ++c)
    EvaluateConnector(connectorEntries_[c], scratch, state, &residual, ode1Residual);
  MarkerLoad<double> loads[2];
  for (Index c = part.constraints.begin; c < part.constraints.end; ++c) {
    const ConstraintEntry& e = constraintEntries_[c];
    if (!e.constraint->IsActive()) continue;
    const VectorX& lambda = Lambda(scratch, state, e.aeStart, e.size);
    loads[0] = loads[1] = MarkerLoad<double>();
    e.constraint->ComputeConstraintLoads(Context(e.object, state), markerData_[e.marker0], markerData_[e.marker1],
                                         lambda, loads);
    AddGeneralizedLoad(e.marker0, loads[0], -1., residual);
    AddGeneralizedLoad(e.marker1, loads[1], -1., residual);
  }
  for (Index l = part.loads.begin; l < part.loads.end; ++l) {
    const LoadEntry& e = loadEntries_[l];
    const Vector3 loadVector = LoadVectorAt(*e.load, e.number, state);
    MarkerLoad<double> markerLoad;
    e.load->ComputeMarkerLoad(markerData_[e.marker], loadVector, markerLoad);
    AddGeneralizedLoad(e.marker, markerLoad, -1., residual);
  }
}

void SystemEquations::EvaluateConnector(const ConnectorEntry& e, Scratch& scratch, const SystemState& state,
                                        VectorX* ode2Residual, VectorX* ode1Residual) {
  if (!e.connector->IsActive()) return;  // inactive: no loads, internal states frozen (y_t = 0)
  scratch.markerLoads.resize(e.numberOfMarkers);
  for (Index k = 0; k < e.numberOfMarkers; ++k) ClearMarkerLoad(scratch.markerLoads[k]);
  scratch.internal.resize(e.internalStates);
  for (Index i = 0; i < e.internalStates; ++i) scratch.internal(i) = state.ode1(e.internalStart + i);
  e.connector->ComputeConnector(Context(e.object, state), connectorMarkerData_.data() + e.firstMarker, scratch.internal,
                                scratch.markerLoads.data(), scratch.internalRate);
  if (ode2Residual)
    for (Index k = 0; k < e.numberOfMarkers; ++k)
      AddGeneralizedLoad(connectorMarkers_[e.firstMarker + k], scratch.markerLoads[k], -1., *ode2Residual);
  if (ode1Residual)  // each connector its own internal states: no two threads write the same entry
    for (Index i = 0; i < e.internalStates; ++i) (*ode1Residual)(e.internalStart + i) -= scratch.internalRate(i);
}

void SystemEquations::AddODE1Rates(const SystemState& state, VectorX& residual) {
  ForEachActiveODE1Object(state,
                          [&](Index o, const Object& object, const std::vector<Index>& indices, const VectorX& yLocal) {
                            object.ComputeODE1RightHandSide(Context(o, state), yLocal, f_);
                            for (size_t i = 0; i < indices.size(); ++i) residual(indices[i]) -= f_(i);
                          });
}

void SystemEquations::AddItemResiduals(const SystemState& state, VectorX& ode2Residual, VectorX* ode1Residual,
                                       bool velocityLevel, VectorX* algebraicResidual, bool zeroAcceleration) {
  AfterKinematics(state, [&](Index thread) {
    Scratch& scratch = scratch_[thread];
    VectorX& residual = thread == 0 ? ode2Residual : scratch.residual;
    if (thread > 0) residual.setZero();
    AddODE2Terms(parts_[thread], scratch, state, residual, ode1Residual, zeroAcceleration);
    if (algebraicResidual) AlgebraicResidual(parts_[thread], scratch, state, velocityLevel, *algebraicResidual);
  });
  for (Index thread = 1; thread < Index(parts_.size()); ++thread) ode2Residual += scratch_[thread].residual;
}

void SystemEquations::ComputeODE2Residual(const SystemState& state, VectorX& residual) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  residual.setZero(compiled_.numberOfODE2);
  AddItemResiduals(state, residual, nullptr, false, nullptr);
}

void SystemEquations::ComputeODE2ResidualAtZeroAcceleration(const SystemState& state, VectorX& residual) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  residual.setZero(compiled_.numberOfODE2);
  AddItemResiduals(state, residual, nullptr, false, nullptr, true);
}

void SystemEquations::ComputeODE1Residual(const SystemState& state, VectorX& residual) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  residual = state.ode1_t;
  AddODE1Rates(state, residual);
  if (compiled_.internalStateObjects.empty()) return;
  UpdateKinematics(state, false);
  for (const ConnectorEntry& e : internalStateEntries_) EvaluateConnector(e, scratch_[0], state, nullptr, &residual);
}

void SystemEquations::ComputeResiduals(const SystemState& state, bool velocityLevel, VectorX& ode2Residual,
                                       VectorX& ode1Residual, VectorX& algebraicResidual) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  // One kinematics update and one evaluation of each connector for all three parts.
  ode2Residual.setZero(compiled_.numberOfODE2);
  ode1Residual = state.ode1_t;
  algebraicResidual.setZero(compiled_.numberOfAE);
  AddItemResiduals(state, ode2Residual, &ode1Residual, velocityLevel, &algebraicResidual);
  AddODE1Rates(state, ode1Residual);
}

void SystemEquations::ComputeAlgebraicResidual(const SystemState& state, bool velocityLevel, VectorX& residual) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  residual.setZero(compiled_.numberOfAE);
  if (compiled_.numberOfAE == 0) return;
  AfterKinematics(state, [&](Index thread) {
    AlgebraicResidual(parts_[thread], scratch_[thread], state, velocityLevel, residual);
  });
}

void SystemEquations::AlgebraicResidual(const ThreadPart& part, Scratch& scratch, const SystemState& state,
                                        bool velocityLevel, VectorX& residual) {
  VecX<double>& local = scratch.local;
  for (Index k = part.nodesWithAE.begin; k < part.nodesWithAE.end; ++k) {
    const NodeAEEntry& e = nodeAEEntries_[k];
    e.node->ComputeAlgebraicEquations(
        NodeCoordinates<double>{qTotal_.segment(e.start, e.size), state.ode2_t.segment(e.start, e.size)}, velocityLevel,
        local);
    CopyElements(residual.data() + e.aeStart, local.data(), local.size());
  }
  for (Index c = part.constraints.begin; c < part.constraints.end; ++c) {
    const ConstraintEntry& e = constraintEntries_[c];
    if (!e.constraint->IsActive()) {
      residual.segment(e.aeStart, e.size) = state.ae.segment(e.aeStart, e.size);  // inactive: lambda = 0
      continue;
    }
    e.constraint->ComputeAlgebraicEquations(Context(e.object, state), markerData_[e.marker0], markerData_[e.marker1],
                                            velocityLevel || e.velocityLevel, local);
    CopyElements(residual.data() + e.aeStart, local.data(), e.size);
  }
}

void SystemEquations::AddMassMatrix(const SystemState& state, double factor, SystemMatrix& matrix) {
  for (const BodyEntry& e : bodyEntries_) {
    const Index b = e.object;
    const auto& indices = compiled_.objectODE2Indices[b];
    if (e.direct)
      e.direct->DirectMassMatrix(Context(b, state), qTotal_.segment(e.coordinates.start, e.coordinates.size),
                                 localMatrix_);
    else
      e.body->ComputeMassMatrix(Context(b, state), NodesOf(compiled_.objectNodes[b], objectNodeSlots_[b]),
                                localMatrix_);
    for (size_t j = 0; j < indices.size(); ++j)
      for (size_t i = 0; i < indices.size(); ++i) matrix.Add(indices[i], indices[j], factor * localMatrix_(i, j));
  }
}

void SystemEquations::AddBodyJacobian(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                                      const JacobianFactors& factors, SystemMatrix& matrix) {
  const auto& indices = compiled_.objectODE2Indices[entry.object];
  const NodeKinematics<double>* nodes =
      entry.nodes ? entry.nodes : NodesOf(compiled_.objectNodes[entry.object], objectNodeSlots_[entry.object]);
  MatrixX& block = scratch.bodyBlock;
  entry.body->ComputeMassMatrix(Context(entry.object, state), nodes, block);
  if (entry.lhsJacobian) {  // mass matrix and d(lhs)/d[q, q_t] in one block
    const Index n = Index(indices.size());
    scratch.bodyQ.resize(n);
    scratch.bodyQ_t.resize(n);
    scratch.bodyQ_tt.resize(n);
    for (Index i = 0; i < n; ++i) {
      scratch.bodyQ(i) = qTotal_(indices[i]);
      scratch.bodyQ_t(i) = state.ode2_t(indices[i]);
      scratch.bodyQ_tt(i) = state.ode2_tt(indices[i]);
    }
    entry.lhsJacobian->ComputeLHSJacobian(Context(entry.object, state), nodes, scratch.bodyQ, scratch.bodyQ_t,
                                          scratch.bodyQ_tt, scratch.lhs_q, scratch.lhs_q_t);
    // the sums of the generic path (SeededNodes::AddDerivatives after the mass matrix)
    block = factors.mass * block + (factors.stiffness * scratch.lhs_q + factors.damping * scratch.lhs_q_t);
  } else {
    block *= factors.mass;  // the derivatives of the LHS follow by generic AD
  }
  for (size_t j = 0; j < indices.size(); ++j)
    for (size_t i = 0; i < indices.size(); ++i) matrix.Add(indices[i], indices[j], block(i, j));
}

void SystemEquations::AddBodyNewtonBlock(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                                         const JacobianFactors& factors, SystemMatrix& matrix) {
  const NodeKinematics<double>* nodes =
      entry.nodes ? entry.nodes : NodesOf(compiled_.objectNodes[entry.object], objectNodeSlots_[entry.object]);
  LocalEntries& entries = scratch.newtonBlockEntries;
  entries.clear();
  entry.newtonBlock->ComputeNewtonBlock(Context(entry.object, state), nodes, factors.mass, factors.stiffness,
                                        factors.damping, entries);
  const Index* indices = entry.coordinates.indices;
  for (const Eigen::Triplet<double>& e : entries) matrix.Add(indices[e.row()], indices[e.col()], e.value());
}

void SystemEquations::AddDirectNewtonBlock(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                                           const JacobianFactors& factors, SystemMatrix& matrix) {
  const CoordinateRange& c = entry.coordinates;
  MatrixX& block = scratch.bodyBlock;
  entry.direct->DirectNewtonBlock(Context(entry.object, state), qTotal_.segment(c.start, c.size),
                                  state.ode2_t.segment(c.start, c.size), state.ode2_tt.segment(c.start, c.size),
                                  factors.mass, factors.stiffness, factors.damping, block);
  for (Index j = 0; j < c.size; ++j)
    for (Index i = 0; i < c.size; ++i) matrix.Add(c.start + i, c.start + j, block(i, j));
}

void SystemEquations::SolveMassMatrix(const SystemState& state, VectorX& rhsToSolution) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  SetTotalCoordinates(state);
  for (const BodyEntry& e : bodyEntries_) {
    const CoordinateRange& c = e.coordinates;
    e.direct->SolveDirectMassMatrix(Context(e.object, state), qTotal_.segment(c.start, c.size),
                                    rhsToSolution.segment(c.start, c.size));
  }
}

bool SystemEquations::MassMatrixIsConstant() const {
  return std::all_of(compiled_.bodies.begin(), compiled_.bodies.end(),
                     [&](Index b) { return static_cast<const Body&>(system_.GetObject(b)).HasConstantMassMatrix(); });
}

void SystemEquations::ComputeMassMatrix(const SystemState& state, SystemMatrix& matrix) {
  UpdateKinematics(state);
  AddMassMatrix(state, 1., matrix);
}

MatrixX SystemEquations::JacobianDense(const SystemState& state, const JacobianFactors& factors) {
  SystemMatrix matrix;
  matrix.Resize(NumberOfUnknowns(), SystemMatrix::Storage::Dense);
  matrix.SetZero();
  ComputeJacobian(state, factors, matrix);
  matrix.Finalize();
  return matrix.ToDense();
}

void SystemEquations::ComputeJacobian(const SystemState& state, const JacobianFactors& factors, SystemMatrix& matrix) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  const Index nODE2 = compiled_.numberOfODE2;
  // The items' blocks on the threads when there are several and the matrix is sparse (a dense
  // one per thread would cost n^2 to add): each part into a matrix of its own (thread 0: the
  // Newton matrix itself), the others then added to it in thread order. The sums are the serial
  // ones but for the entries that items of two parts share (a connector at a part boundary):
  // there they differ at round-off, the same in every run with the same number of threads.
  if (threads_ && matrix.GetStorage() == SystemMatrix::Storage::Sparse) {
    AfterKinematics(
        state,
        [&](Index thread) {
          SystemMatrix& part = thread == 0 ? matrix : scratch_[thread].partMatrix;
          if (thread > 0) {
            part.Resize(matrix.Size(), SystemMatrix::Storage::Sparse);
            part.SetZero();
          }
          AddPartJacobian(parts_[thread], scratch_[thread], WorkspaceOf(thread), state, factors, part);
          if (thread > 0) part.Finalize();
        },
        true);
    for (Index thread = 1; thread < NumberOfThreadsInUse(); ++thread)
      scratch_[thread].partMatrix.ForEachEntry(
          [&](Index row, Index column, double value) { matrix.Add(row, column, value); });
  } else {
    UpdateKinematics(state);
    AddPartJacobian(WholeLists(), scratch_[0], *jacobianWorkspace_, state, factors, matrix);
  }

  // ODE1 block: dr1/dy_t = I for every ODE1 coordinate, dr1/dy = -df_FO/dy from the objects.
  for (Index i = 0; i < compiled_.numberOfODE1; ++i) matrix.Add(nODE2 + i, nODE2 + i, factors.ode1Derivative);
  ForEachActiveODE1Object(
      state, [&](Index o, const Object& object, const std::vector<Index>& indices, const VectorX& yLocal) {
        object.ComputeODE1Jacobian(Context(o, state), yLocal, localMatrix_);
        for (size_t j = 0; j < indices.size(); ++j)
          for (size_t i = 0; i < indices.size(); ++i)
            matrix.Add(nODE2 + indices[i], nODE2 + indices[j], -factors.ode1Stiffness * localMatrix_(i, j));
      });
  AddSystemJacobianUserFunction(system_, state, factors, nODE2, compiled_.numberOfODE1, systemJacobianEntries_, matrix);
}

void SystemEquations::PreNewtonResidual(const SystemState& state, Index newtonIteration, Index discontinuousIteration) {
  CallPreNewtonResidualUserFunction(system_, state, newtonIteration, discontinuousIteration);
}

void SystemEquations::AddPartJacobian(const ThreadPart& part, Scratch& scratch,
                                      differentiation::JacobianWorkspace& workspace, const SystemState& state,
                                      const JacobianFactors& factors, SystemMatrix& matrix) {
  const Index aeOffset = compiled_.numberOfODE2 + compiled_.numberOfODE1;  // first AE row/column: [ODE2 | ODE1 | AE]
  using namespace differentiation;
  workspace.Invalidate();
  JacobianTarget target{system_, compiled_, qTotal_, state, factors, matrix, aeOffset, workspace};

  for (Index b = part.bodies.begin; b < part.bodies.end; ++b) {
    const BodyEntry& e = bodyEntries_[b];
    if (e.direct) {
      AddDirectNewtonBlock(e, scratch, state, factors, matrix);
      continue;
    }
    if (e.newtonBlock) {
      AddBodyNewtonBlock(e, scratch, state, factors, matrix);
      continue;
    }
    AddBodyJacobian(e, scratch, state, factors, matrix);
    if (e.lhsJacobian) continue;
    const auto& bodyNodes = compiled_.objectNodes[e.object];
    BodyJacobian(target, *e.body, Context(e.object, state), bodyNodes, compiled_.objectODE2Indices[e.object]);
  }

  for (Index k = part.nodesWithAE.begin; k < part.nodesWithAE.end; ++k) {
    const Index node = compiled_.nodesWithAE[k];
    NodeAlgebraicJacobian(target, node);
  }

  for (Index k = part.connectors.begin; k < part.connectors.end; ++k) {
    const ConnectorEntry& e = connectorEntries_[k];
    if (!e.connector->IsActive()) continue;
    const auto& nodes = compiled_.objectMarkerNodes[e.object];
    ConnectorJacobian(target, *e.connector, Context(e.object, state), compiled_.objectMarkers[e.object], nodes,
                      compiled_.objectInternalStart[e.object]);
  }

  for (Index k = part.constraints.begin; k < part.constraints.end; ++k) {
    const ConstraintEntry& e = constraintEntries_[k];
    const Constraint& constraint = *e.constraint;
    const Index aeStart = e.aeStart;
    const Index size = e.size;
    if (!constraint.IsActive()) {
      for (Index r = 0; r < size; ++r) matrix.Add(aeOffset + aeStart + r, aeOffset + aeStart + r, 1.);
      continue;
    }
    const auto& markers = compiled_.objectMarkers[e.object];
    const auto& nodes = compiled_.objectMarkerNodes[e.object];
    // Without d(C_q^T lambda)/dq (Exudyn's Newton matrix) the constraint rows are C_q as the
    // loads define it (the contract: generalized loads = -C_q^T lambda), from the marker
    // Jacobians, as Exudyn computes them; no differentiation needed. With Euler parameters they
    // differ from dg/dq only normal to the unit sphere, where the parameter constraint acts.
    const bool rowsFromLoads = !factors.constraintForces;
    const double rowFactor = e.velocityLevel ? factors.velocityConstraintRows : factors.constraintRows;
    if (!rowsFromLoads) ConstraintJacobian(target, constraint, Context(e.object, state), aeStart, markers, nodes);
    // Multiplier columns dr/dlambda from the constraint loads themselves: with Euler parameters
    // they differ from dg/dq in the direction normal to the unit sphere, and Newton needs the
    // derivative of the residual it solves.
    VectorX& unitLambda = JacobianWorkspace::OfSize(workspace.lambdaBySize, size);
    std::vector<MarkerLoad<double>>& unitLoads = scratch.unitConstraintLoads;  // 2 per multiplier, capacity kept
    if (Index(unitLoads.size()) < 2 * size) unitLoads.resize(size_t(2 * size));
    if (!e.unitLoads || !e.unitLoads->ComputeUnitConstraintLoads(Context(e.object, state), markerData_[markers[0]],
                                                                 markerData_[markers[1]], size, unitLoads.data()))
      for (Index k = 0; k < size; ++k) {
        unitLambda.setZero();
        unitLambda(k) = 1.;
        unitLoads[2 * k] = unitLoads[2 * k + 1] = MarkerLoad<double>();
        constraint.ComputeConstraintLoads(Context(e.object, state), markerData_[markers[0]], markerData_[markers[1]],
                                          unitLambda, &unitLoads[2 * k]);
      }
    for (Index k = 0; k < size; ++k) {
      for (int side = 0; side < 2; ++side) {
        const auto& indices = compiled_.markerODE2Indices[markers[side]];
        const MarkerData<double>& data = markerData_[markers[side]];
        for (size_t i = 0; i < indices.size(); ++i) {
          const double component = GeneralizedLoadComponent(data, unitLoads[2 * k + side], Index(i));  // -C_q(k, i)
          matrix.Add(indices[i], aeOffset + aeStart + k, -factors.multiplierColumns * component);
          if (rowsFromLoads) matrix.Add(aeOffset + aeStart + k, indices[i], -rowFactor * component);
        }
      }
    }
  }

  if (factors.includeLoads)
    for (Index k = part.loads.begin; k < part.loads.end; ++k) {
      const LoadEntry& e = loadEntries_[k];
      // its kernels are differentiated automatically, on at most maxItemCoordinates coordinates
      if (markerEntries_[e.marker].coordinates.size > maxItemCoordinates)
        throw ValueError(system_.ItemDescription(ItemCategory::Load, e.number) + ": its marker depends on " +
                         std::to_string(markerEntries_[e.marker].coordinates.size) +
                         " coordinates; the loads' Jacobian (timeIntegration.computeLoadsJacobian or "
                         "staticSolver.computeLoadsJacobian) takes at most " +
                         std::to_string(maxItemCoordinates) + "; set it to 0 (False) for this system");
      const Vector3 loadVector = LoadVectorAt(*e.load, e.number, state);
      LoadJacobian(target, *e.load, loadVector);
    }
}

SystemEquations::ThreadPart SystemEquations::WholeLists() const {
  auto all = [](size_t size) { return Range{0, Index(size)}; };
  return {all(nodeEntries_.size()),          all(markerEntries_.size()),    all(bodyEntries_.size()),
          all(compiled_.nodesWithAE.size()), all(connectorEntries_.size()), all(constraintEntries_.size()),
          all(loadEntries_.size())};
}

differentiation::JacobianWorkspace& SystemEquations::WorkspaceOf(Index thread) {
  return thread == 0 ? *jacobianWorkspace_ : *partWorkspaces_[thread - 1];
}

std::unique_ptr<differentiation::JacobianWorkspace> SystemEquations::NewJacobianWorkspace() const {
  auto workspace = std::make_unique<differentiation::JacobianWorkspace>();
  std::vector<Index> coordinatesPerNode(nodeKinematics_.size());
  for (size_t node = 0; node < coordinatesPerNode.size(); ++node)
    coordinatesPerNode[node] = system_.GetNode(Index(node)).NumberOfODE2Coordinates();
  workspace->SetNodes(coordinatesPerNode);
  // The multiplier buffers of every size (the constraint columns index the pool directly).
  for (Index size = 0; size <= largestConstraint_; ++size)
    differentiation::JacobianWorkspace::OfSize(workspace->lambdaBySize, size);
  return workspace;
}

void SystemEquations::ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  using namespace differentiation;
  h.setZero(compiled_.numberOfAE);
  if (compiled_.numberOfAE == 0) return;
  UpdateKinematics(state);
  SystemMatrix unused;
  const JacobianFactors factors;
  JacobianWorkspace& workspace = *jacobianWorkspace_;
  workspace.Invalidate();
  JacobianTarget target{system_, compiled_, qTotal_, state, factors, unused, 0, workspace};
  for (Index node : compiled_.nodesWithAE) NodeAccelerationTerm(target, node, h);
  for (const ConstraintEntry& e : constraintEntries_) {
    if (!e.constraint->IsActive()) continue;
    ConstraintAccelerationTerm(target, *e.constraint, Context(e.object, state), e.aeStart,
                               compiled_.objectMarkers[e.object], compiled_.objectMarkerNodes[e.object], h);
  }
}

// Exudyn's order and sums (CSolverBase::PostNewton, CSystem::PostNewtonStep): the user function
// first (its data coordinates are those the items then see), its |error| plus the largest of the
// items'; the smallest recommendation >= 0 wins.
double SystemEquations::PostNewtonStep(SystemState& state, const SystemState& startOfStep,
                                       double& recommendedStepSize) {
  recommendedStepSize = -1.;
  const double userError = CallPostNewtonUserFunction(system_, state, recommendedStepSize);
  const MainSystem::EvaluatedState evaluated(system_, state);
  if (compiled_.postNewtonObjects.empty()) return userError;
  UpdateKinematics(state);
  double error = 0.;
  for (Index o : compiled_.postNewtonObjects) {
    const Object& object = system_.GetObject(o);
    if (!object.IsActive()) continue;
    const auto& markers = compiled_.objectMarkers[o];
    EvaluationContext context = Context(o, state);
    double* data = const_cast<double*>(context.data);  // points into `state`, which we may change
    if (data && startOfStep.data.size() == state.data.size())
      context.startOfStepData = startOfStep.data.data() + compiled_.objectDataStart[o];
    double objectRecommendation = -1.;
    error = std::max(error, object.PostNewtonStep(context, markerData_[markers[0]], markerData_[markers[1]], data,
                                                  objectRecommendation));
    if (objectRecommendation >= 0. && (recommendedStepSize < 0. || objectRecommendation < recommendedStepSize))
      recommendedStepSize = objectRecommendation;
  }
  return userError + error;
}

void SystemEquations::CoordinatesFixedByConstraints(std::vector<Index>& ode2Coordinates, std::string& why) const {
  ode2Coordinates.clear();
  why.clear();
  for (Index node : compiled_.nodesWithAE) {
    why = "explicit solvers cannot solve algebraic equations: " + system_.ItemDescription(ItemCategory::Node, node) +
          " has " + std::to_string(system_.GetNode(node).NumberOfAlgebraicEquations()) +
          " (use rotation parameters without constraints, e.g. NodeRigidBodyRxyz, or an implicit solver)";
    return;
  }
  for (Index c : compiled_.constraints) {
    why = "explicit solvers cannot solve constraints: " + system_.ItemDescription(ItemCategory::Object, c) +
          " is a constraint (use an implicit solver such as GeneralizedAlpha)";
    return;
  }
}

std::string SystemEquations::DescribeVelocityLevelConstraints() const {
  std::string names;
  for (const ConstraintEntry& e : constraintEntries_)
    if (e.velocityLevel && e.constraint->IsActive())
      names += (names.empty() ? "" : ", ") + system_.ItemDescription(ItemCategory::Object, e.object);
  return names;
}

void SystemEquations::ComputeConstraintForces(const SystemState& state, const VectorX& mu, VectorX& forces) {
  const MainSystem::EvaluatedState evaluated(system_, state);
  forces.setZero(compiled_.numberOfODE2);
  if (compiled_.numberOfAE == 0) return;
  UpdateKinematics(state, false);
  Scratch& scratch = scratch_[0];
  VecX<double>& local = scratch.local;
  for (const NodeAEEntry& e : nodeAEEntries_) {
    VectorX& multipliers = scratch.lambdaBySize[e.aeSize];
    CopyElements(multipliers.data(), mu.data() + e.aeStart, e.aeSize);
    e.node->ComputeAlgebraicForces(
        NodeCoordinates<double>{qTotal_.segment(e.start, e.size), state.ode2_t.segment(e.start, e.size)}, multipliers,
        local);
    AddElements(forces.data() + e.start, local.data(), e.size);
  }
  MarkerLoad<double> loads[2];
  for (const ConstraintEntry& e : constraintEntries_) {
    if (!e.constraint->IsActive()) continue;
    VectorX& multipliers = scratch.lambdaBySize[e.size];
    CopyElements(multipliers.data(), mu.data() + e.aeStart, e.size);
    loads[0] = loads[1] = MarkerLoad<double>();
    e.constraint->ComputeConstraintLoads(Context(e.object, state), markerData_[e.marker0], markerData_[e.marker1],
                                         multipliers, loads);
    AddGeneralizedLoad(e.marker0, loads[0], -1., forces);
    AddGeneralizedLoad(e.marker1, loads[1], -1., forces);
  }
}

void SystemEquations::AlgebraicEquationKinds(std::vector<AlgebraicEquationKind>& kinds) const {
  kinds.assign(size_t(compiled_.numberOfAE), AlgebraicEquationKind::Position);  // nodes' equations: positions
  for (const ConstraintEntry& e : constraintEntries_) {
    const AlgebraicEquationKind kind = !e.constraint->IsActive() ? AlgebraicEquationKind::Inactive
                                       : e.velocityLevel         ? AlgebraicEquationKind::Velocity
                                                                 : AlgebraicEquationKind::Position;
    for (Index r = 0; r < e.size; ++r) kinds[size_t(e.aeStart + r)] = kind;
  }
}

std::string SystemEquations::DescribeUnknown(Index row) const {
  if (row < compiled_.numberOfODE2) {
    for (Index node : compiled_.ode2Nodes) {
      const Index start = compiled_.nodeODE2Start[node];
      const Index n = system_.GetNode(node).NumberOfODE2Coordinates();
      if (row >= start && row < start + n) {
        std::string text =
            "coordinate " + std::to_string(row - start) + " of " + system_.ItemDescription(ItemCategory::Node, node);
        for (Index b : compiled_.bodies)
          for (NodeIndex bodyNode : system_.GetObject(b).NodeNumbers())
            if (bodyNode.value == node) text += ", node of " + system_.ItemDescription(ItemCategory::Object, b);
        return text;
      }
    }
  }
  if (row >= compiled_.numberOfODE2 && row < compiled_.numberOfODE2 + compiled_.numberOfODE1) {
    const Index ode1 = row - compiled_.numberOfODE2;
    for (Index node : compiled_.ode1Nodes) {
      const Index start = compiled_.nodeODE1Start[node];
      if (ode1 >= start && ode1 < start + system_.GetNode(node).NumberOfODE1Coordinates())
        return "ODE1 coordinate " + std::to_string(ode1 - start) + " of " +
               system_.ItemDescription(ItemCategory::Node, node);
    }
  }
  const Index ae = row - compiled_.numberOfODE2 - compiled_.numberOfODE1;
  for (Index node : compiled_.nodesWithAE)
    if (ae >= compiled_.nodeAEStart[node] &&
        ae < compiled_.nodeAEStart[node] + system_.GetNode(node).NumberOfAlgebraicEquations())
      return "algebraic equation of " + system_.ItemDescription(ItemCategory::Node, node);
  for (Index c : compiled_.constraints)
    if (ae >= compiled_.objectAEStart[c] &&
        ae < compiled_.objectAEStart[c] + system_.GetObject(c).NumberOfAlgebraicEquations())
      return "algebraic equation " + std::to_string(ae - compiled_.objectAEStart[c]) + " of " +
             system_.ItemDescription(ItemCategory::Object, c);
  return "unknown " + std::to_string(row);
}

}  // namespace multidyn
