// The multibody system as a DAESystem: residuals, Jacobians and the post-step update of an
// assembled MainSystem. Node and marker kinematics are computed once per evaluation and
// shared by every item on them; all scratch memory lives in this object (allocated on the
// first evaluation, reused afterwards), so an evaluation without Python user functions
// allocates nothing in steady state. With SetParallel, the residuals' item loops (kinematics,
// bodies, connectors, constraints, loads) run on several threads, each on a fixed contiguous
// part of every list with its own scratch memory and ODE2 residual, summed in thread order; so
// do the item blocks of a sparse Newton matrix, each part into a matrix of its own.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/WorkerThreads.h"
#include "core/items/BodyLHSJacobian.h"
#include "core/items/BodyNewtonBlock.h"
#include "core/items/DirectBody.h"
#include "core/model/MainSystem.h"

namespace multidyn {

class UnitConstraintLoads;

namespace differentiation {
struct JacobianWorkspace;
}

class SystemEquations : public DAESystem {
 public:
  explicit SystemEquations(const MainSystem& system);  // throws NotAssembledError
  ~SystemEquations() override;

  Index NumberOfODE2() const override { return compiled_.numberOfODE2; }
  Index NumberOfODE1() const override { return compiled_.numberOfODE1; }
  Index NumberOfAE() const override { return compiled_.numberOfAE; }
  const MainSystem& System() const { return system_; }
  // Steps of the numerical derivatives of user functions (kept by pointer; nullptr: defaults).
  void SetNumericalDifferentiation(const NumericalDifferentiationSettings* settings) {
    numericalDifferentiation_ = settings;
  }
  void SetTrapezoidalStepSize(double h) override { trapezoidalStepSize_ = h; }
  void SetLoadFactor(double factor) override { loadFactor_ = factor; }
  // Residuals on min(numberOfThreads, cores) threads if the system has more than minimumItems
  // bodies, connectors, constraints and loads and no Python user function (Python is called on
  // the caller's thread only); serially otherwise. Results differ from the serial ones only by
  // the order of the sums of the ODE2 residual (roundoff), the same for the same thread count.
  void SetParallel(Index numberOfThreads, Index minimumItems);
  Index NumberOfThreadsInUse() const { return Index(parts_.size()); }

  void ComputeODE2Residual(const SystemState& state, VectorX& residual) override;
  void ComputeODE2ResidualAtZeroAcceleration(const SystemState& state, VectorX& residual) override;
  // r1 = y_t - f_FO(y, t) from state.ode1 (stored, plus reference) and state.ode1_t.
  void ComputeODE1Residual(const SystemState& state, VectorX& residual) override;
  void ComputeAlgebraicResidual(const SystemState& state, bool velocityLevel, VectorX& residual) override;
  void ComputeResiduals(const SystemState& state, bool velocityLevel, VectorX& ode2Residual, VectorX& ode1Residual,
                        VectorX& algebraicResidual) override;
  void ComputeJacobian(const SystemState& state, const JacobianFactors& factors, SystemMatrix& matrix) override;
  void ComputeMassMatrix(const SystemState& state, SystemMatrix& matrix) override;
  bool MassMatrixIsConstant() const override;
  // When every ODE2 coordinate belongs to exactly one body and all of them solve their own mass
  // matrix (DirectBody::SolvesMassMatrix: kinematic trees), M is block diagonal and each block is
  // solved by its body.
  bool SolvesMassMatrix() const override { return solvesMassMatrix_; }
  void SolveMassMatrix(const SystemState& state, VectorX& rhsToSolution) override;
  void ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h) override;
  double PostNewtonStep(SystemState& state, const SystemState& startOfStep, double& recommendedStepSize) override;
  void PreNewtonResidual(const SystemState& state, Index newtonIteration, Index discontinuousIteration) override;
  bool HasPostNewtonItems() const override {
    return !compiled_.postNewtonObjects.empty() || system_.PostNewtonUserFunction() != nullptr;
  }
  void CoordinatesFixedByConstraints(std::vector<Index>& ode2Coordinates, std::string& why) const override;
  std::string DescribeVelocityLevelConstraints() const override;
  void AlgebraicEquationKinds(std::vector<AlgebraicEquationKind>& kinds) const override;
  void ComputeConstraintForces(const SystemState& state, const VectorX& mu, VectorX& forces) override;
  std::string DescribeUnknown(Index row) const override;

  // Convenience for tests: the Jacobian as a dense matrix.
  MatrixX JacobianDense(const SystemState& state, const JacobianFactors& factors);

 private:
  // Node kinematics of all nodes, then marker data of all markers (once per evaluation). Without
  // Jacobians, markers may leave them out (residuals use the compact form of rigid frames).
  void UpdateKinematics(const SystemState& state, bool withJacobians = true);
  // The part of UpdateKinematics of one thread (nodes, then, after all threads' nodes, markers).
  void KinematicsOfPart(Index thread, const SystemState& state, bool withJacobians);
  // One contiguous part of each item list, evaluated by one thread.
  struct Range {
    Index begin = 0, end = 0;
  };
  struct ThreadPart {
    Range nodes, markers, bodies, nodesWithAE, connectors, constraints, loads;
  };
  // Scratch memory of one thread.
  struct Scratch {
    VecX<double> local, internal, internalRate;
    std::vector<MarkerLoad<double>> markerLoads;
    std::vector<MarkerLoad<double>> unitConstraintLoads;  // the loads of unit multipliers, two per multiplier
    // per size, up to the largest of the plan's items (see JacobianWorkspace)
    std::vector<VectorX> lambdaBySize, q_ttBySize;
    VectorX residual;  // threads > 0: their part of the ODE2 residual
    // A body's block of the Newton matrix and what it is computed from.
    MatrixX bodyBlock, lhs_q, lhs_q_t;
    VectorX bodyQ, bodyQ_t, bodyQ_tt;
    LocalEntries newtonBlockEntries;  // of bodies that write their block (BodyNewtonBlock)
    SystemMatrix partMatrix;  // threads > 0: their part of the Newton matrix (sparse)
  };
  // task(thread) for each part, on the worker threads if there are several.
  template <class Task> void ForEachPart(Task&& task) {
    if (threads_)
      threads_->Run(task);
    else
      task(Index(0));
  }
  // Within a task of ForEachPart: waits for the other parts to get here.
  void Synchronize() {
    if (threads_) threads_->Barrier();
  }
  // The kinematics (without the markers' Jacobians unless asked for), then task(thread) for
  // each part, in one parallel run.
  template <class Task> void AfterKinematics(const SystemState& state, Task&& task, bool withJacobians = false) {
    SetTotalCoordinates(state);
    ForEachPart([&](Index thread) {
      KinematicsOfPart(thread, state, withJacobians);
      Synchronize();  // items read the markers of other parts
      task(thread);
    });
  }
  void SetTotalCoordinates(const SystemState& state);  // qTotal_ = reference + state.ode2
  // Kinematics, then the ODE2 residual (and connectors' internal rates into ode1Residual, if
  // given) and the algebraic residual (if given) of all parts, in one parallel run when there
  // are several.
  // zeroAcceleration: state.ode2_tt is zero, and the bodies whose LHS is M q_tt are skipped.
  void AddItemResiduals(const SystemState& state, VectorX& ode2Residual, VectorX* ode1Residual, bool velocityLevel,
                        VectorX* algebraicResidual, bool zeroAcceleration = false);
  // The kinematics of a list of nodes as a contiguous array (a pointer into the node table for
  // a single node; a gathered copy in `slot` otherwise).
  const NodeKinematics<double>* NodesOf(const std::vector<Index>& nodes,
                                        std::vector<NodeKinematics<double>>& slot) const;
  // Bodies, node constraint forces, connectors (and their internal rates into ode1Residual if
  // given), constraint loads and loads, into residual; kinematics must be up to date.
  void AddODE2Terms(const ThreadPart& part, Scratch& scratch, const SystemState& state, VectorX& residual,
                    VectorX* ode1Residual, bool zeroAcceleration);
  void AddODE1Rates(const SystemState& state, VectorX& residual);  // first-order objects
  // Into residual, sized NumberOfAE() by the caller.
  void AlgebraicResidual(const ThreadPart& part, Scratch& scratch, const SystemState& state, bool velocityLevel,
                         VectorX& residual);
  void AddGeneralizedLoad(Index marker, const MarkerLoad<double>& load, double sign, VectorX& residual) const;
  void AddMassMatrix(const SystemState& state, double factor, SystemMatrix& matrix);
  EvaluationContext Context(Index object, const SystemState& state) const;
  Triplets systemJacobianEntries_;  // of the systemJacobianUserFunction
  // Load `number`'s vector at the state's time (evaluates its user function, if any), times the
  // load factor if it has none.
  Vector3 LoadVectorAt(const Load& load, Index number, const SystemState& state) const;
  // function(o, object, indices, yLocal) for each active ODE1 object o: indices its ODE1
  // coordinates, yLocal their total values in its local order.
  template <class Function> void ForEachActiveODE1Object(const SystemState& state, Function&& function);
  // The multipliers state.ae[start, start + size) in a scratch buffer of that size.
  static const VectorX& Lambda(Scratch& scratch, const SystemState& state, Index start, Index size);

  // The residual's items and what they read, as pointers, built once in the constructor (the
  // structure is locked while a solve runs), so that the evaluation loops ask neither the system
  // nor the compiled maps. A `nodes` pointer is the kinematics of an item's single node or of its
  // consecutive nodes (in the node table); nullptr: other nodes, gathered per evaluation by NodesOf.
  struct NodeEntry {
    const Node* node;
    NodeKinematics<double>* kinematics;
    Index start, size;
  };
  // ODE2 coordinates of an item: indices[0, size), which are [start, start + size) if start >= 0.
  struct CoordinateRange {
    const Index* indices;
    Index size, start;
  };
  struct MarkerEntry {
    const Marker* marker;
    const Body* body;
    const NodeKinematics<double>* nodes;
    CoordinateRange coordinates;
  };
  struct BodyEntry {
    Index object;
    const Body* body;
    const NodeKinematics<double>* nodes;
    const BodyLHSJacobian* lhsJacobian;  // nullptr: the Jacobian differentiates ComputeODE2LHS
    const BodyNewtonBlock* newtonBlock;  // non-null: the body writes its whole block
    const DirectBody* direct;  // non-null: the body evaluates directly (contiguous coordinates)
    CoordinateRange coordinates;
  };
  struct NodeAEEntry {
    const Node* node;
    Index start, size;  // ODE2 coordinates
    Index aeStart, aeSize;  // algebraic equations
  };
  struct ConstraintEntry {
    Index object;
    const Constraint* constraint;
    const UnitConstraintLoads* unitLoads;  // the constraint's, if it offers them at once (else null)
    Index aeStart, size;
    Index marker0, marker1;
    bool velocityLevel;  // Constraint::IsVelocityLevel
  };
  struct ConnectorEntry {
    Index object;
    const Connector* connector;
    Index firstMarker, numberOfMarkers;  // in connectorMarkers_ / connectorMarkerData_
    Index internalStart, internalStates;
  };
  struct LoadEntry {
    Index number;
    const Load* load;
    Index marker;
  };
  void BuildEvaluationPlan();
  static CoordinateRange RangeOf(const std::vector<Index>& indices);
  // A body's block of the Newton matrix: factors.mass M, plus d(lhs)/d[q, q_t] weighted by the
  // factors if the body computes them (BodyLHSJacobian; the others' follow by generic AD).
  void AddBodyJacobian(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                       const JacobianFactors& factors, SystemMatrix& matrix);
  // The block of a body that writes it (BodyNewtonBlock), its entries mapped to the system's.
  void AddBodyNewtonBlock(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                          const JacobianFactors& factors, SystemMatrix& matrix);
  // The block of a body that evaluates directly (DirectBody).
  void AddDirectNewtonBlock(const BodyEntry& entry, Scratch& scratch, const SystemState& state,
                            const JacobianFactors& factors, SystemMatrix& matrix);
  // The Newton-matrix blocks of the bodies, nodes with algebraic equations, connectors,
  // constraints (and loads, if the factors include them) of one part, into matrix.
  void AddPartJacobian(const ThreadPart& part, Scratch& scratch, differentiation::JacobianWorkspace& workspace,
                       const SystemState& state, const JacobianFactors& factors, SystemMatrix& matrix);
  ThreadPart WholeLists() const;  // a part with every item, for serial evaluations
  differentiation::JacobianWorkspace& WorkspaceOf(Index thread);
  std::unique_ptr<differentiation::JacobianWorkspace> NewJacobianWorkspace() const;
  void EvaluateConnector(const ConnectorEntry& entry, Scratch& scratch, const SystemState& state, VectorX* ode2Residual,
                         VectorX* ode1Residual);
  bool HasPythonUserFunction() const;
  static bool HasUserFunction(const Item& item);

  const MainSystem& system_;
  const CompiledSystem& compiled_;
  std::vector<NodeEntry> nodeEntries_;
  std::vector<MarkerEntry> markerEntries_;
  std::vector<BodyEntry> bodyEntries_;
  std::vector<NodeAEEntry> nodeAEEntries_;
  std::vector<ConstraintEntry> constraintEntries_;
  std::vector<ConnectorEntry> connectorEntries_, internalStateEntries_;
  std::vector<Index> connectorMarkers_;
  std::vector<const MarkerData<double>*> connectorMarkerData_;
  std::vector<LoadEntry> loadEntries_;
  const NumericalDifferentiationSettings* numericalDifferentiation_ = nullptr;
  double trapezoidalStepSize_ = 0.;
  double loadFactor_ = 1.;
  std::vector<char> loadScaledByLoadFactor_;  // per load: it has no user function
  Index largestConstraint_ = 0;  // the most algebraic equations of one item
  Index largestBody_ = 0;  // the most ODE2 coordinates of one body (not evaluated directly)
  bool solvesMassMatrix_ = false;
  std::vector<ThreadPart> parts_;  // one per thread; one part with whole lists when serial
  std::unique_ptr<WorkerThreads> threads_;  // nullptr when serial
  // Workspace.
  std::vector<Scratch> scratch_;  // per thread
  VectorX qTotal_, yLocal_, f_;
  MatrixX localMatrix_;  // the mass matrix's and the ODE1 Jacobian's blocks (serial)
  std::vector<NodeKinematics<double>> nodeKinematics_;
  std::vector<MarkerData<double>> markerData_;
  std::vector<std::vector<NodeKinematics<double>>> markerNodeSlots_, objectNodeSlots_;
  std::unique_ptr<differentiation::JacobianWorkspace> jacobianWorkspace_;  // thread 0's
  std::vector<std::unique_ptr<differentiation::JacobianWorkspace>> partWorkspaces_;  // threads 1, 2, ...
};

}  // namespace multidyn
