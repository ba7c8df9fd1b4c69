// A time step allocates nothing: malloc is interposed in this test executable (operator new and
// Eigen both end there) and counted while steps 2 to 101 of a solve run. Models without Python
// user functions, sensors or solution files, so that only the hot path is measured. Dense and
// sparse LU: a sparse Newton matrix is refactorized in the pivot order of its first
// factorization (our code, no allocation); only a factorization with pivoting (the first, or
// when the nonzero part grows or an old pivot becomes unstable) goes through Eigen's SparseLU,
// which allocates.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>

#include "core/evaluation/SystemEquations.h"
#include "core/items/FieldTable.h"
#include "core/model/MainSystem.h"
#include "core/symbolic/SymbolicScriptFunction.h"
#include "objects/test/TestSystems.h"
#include "solvers/driver/SolveDynamic.h"
#include "solvers/linear/LinearSolver.h"

// Under AddressSanitizer (scripts/run-sanitizers.sh) or ThreadSanitizer malloc is the
// sanitizer's: no interposition, and the tests skip.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MULTIDYN_MALLOC_INTERPOSED 0
#else
#define MULTIDYN_MALLOC_INTERPOSED 1
#endif

namespace {
std::atomic<bool> countingAllocations{false};
std::atomic<long> countedAllocations{0};

// A function to break on (gdb: break CountedAllocation) to see where an allocation comes from.
__attribute__((noinline)) void CountedAllocation() { countedAllocations.fetch_add(1); }
[[maybe_unused]] inline void Count() {
  if (countingAllocations.load(std::memory_order_relaxed)) CountedAllocation();
}
}  // namespace

#if MULTIDYN_MALLOC_INTERPOSED
extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* pointer, size_t size);
void* __libc_memalign(size_t alignment, size_t size);
void __libc_free(void* pointer);
}

extern "C" {
void* malloc(size_t size) {
  Count();
  return __libc_malloc(size);
}
void* calloc(size_t count, size_t size) {
  Count();
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, size_t size) {
  Count();
  return __libc_realloc(pointer, size);
}
void* memalign(size_t alignment, size_t size) {
  Count();
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** pointer, size_t alignment, size_t size) {
  Count();
  *pointer = __libc_memalign(alignment, size);
  return *pointer ? 0 : 12;  // ENOMEM
}
void* aligned_alloc(size_t alignment, size_t size) {
  Count();
  return __libc_memalign(alignment, size);
}
void free(void* pointer) { __libc_free(pointer); }
}
#endif

namespace multidyn {
namespace {

// Counts allocations from the end of step `first` to the end of step `last`.
class AllocationCounter : public SolverObserver {
 public:
  AllocationCounter(Index first, Index last) : first_(first), last_(last) {}
  void OnStepAccepted(const SystemState&, double, Index) override {
    ++steps_;
    if (steps_ == first_) {
      countedAllocations = 0;
      countingAllocations = true;
    }
    if (steps_ == last_) countingAllocations = false;
  }
  Index Steps() const { return steps_; }

 private:
  Index first_, last_, steps_ = 0;
};

SimulationSettings QuietSettings(Index steps, bool modifiedNewton) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = 0.001 * steps;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.verboseMode = 0;
  settings.timeIntegration.newton.useModifiedNewton = modifiedNewton;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsStoreAndWriteFiles = false;
  return settings;
}

// Seed 002's mini example: a RigidRxyz rotor on a revolute joint to ground with a torsional
// spring-damper and a torque.
std::unique_ptr<MainSystem> MiniExample() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  const Index node =
      AddFromJson(s, C::Node, {{"nodeType", "RigidBodyRxyz"}, {"referenceCoordinates", {0., 0., 0., 0., 0., 0.}}});
  const Index body = AddFromJson(
      s, C::Object,
      {{"objectType", "RigidBody"}, {"nodeNumber", node}, {"mass", 1.}, {"inertia", {1., 1., 1., 0., 0., 0.}}});
  const Index mBody = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", body}});
  const Index mGround = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", ground}});
  AddFromJson(s, C::Object, {{"objectType", "JointRevoluteZ"}, {"markerNumbers", {mGround, mBody}}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorTorsionalSpringDamper"},
               {"markerNumbers", {mGround, mBody}},
               {"stiffness", 2e3},
               {"damping", 20.}});
  AddFromJson(s, C::Load, {{"loadType", "TorqueVector"}, {"markerNumber", mBody}, {"loadVector", {0., 0., 1.}}});
  s.Assemble();
  return system;
}

// An ObjectKinematicTree of n links (revolute z and prismatic x joints in turn, gravity, PD control,
// joint ranges [0.02, 0.5] that the start q = 0 violates) with a spring-damper from the ground to a
// MarkerKinematicTreeRigid on its last link (withMarker; markers need trees of at most 64 links).
std::unique_ptr<MainSystem> KinematicTree(Index n, bool withMarker = true) {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  Json types = Json::array(), parents = Json::array(), rotations = Json::array(), offsets = Json::array(),
       inertias = Json::array(), coms = Json::array(), masses = Json::array(), zeros = Json::array(),
       gains = Json::array(), lower = Json::array(), upper = Json::array();
  for (Index i = 0; i < n; ++i) {
    types.push_back(i % 2 ? "PrismaticX" : "RevoluteZ");
    parents.push_back(i - 1);
    rotations.push_back({{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}});
    offsets.push_back({i ? 0.5 : 0., 0., 0.});
    inertias.push_back({{0.01, 0., 0.}, {0., 0.1, 0.}, {0., 0., 0.1}});
    coms.push_back({0.25, 0., 0.});
    masses.push_back(1.);
    zeros.push_back(0.);
    gains.push_back(10.);
    lower.push_back(0.02);
    upper.push_back(0.5);
  }
  const Index node = AddFromJson(s, C::Node,
                                 {{"nodeType", "GenericODE2"},
                                  {"numberOfODE2Coordinates", n},
                                  {"referenceCoordinates", zeros},
                                  {"initialCoordinates", zeros},
                                  {"initialCoordinates_t", zeros}});
  const Index tree = AddFromJson(s, C::Object,
                                 {{"objectType", "KinematicTree"},
                                  {"nodeNumber", node},
                                  {"jointTypes", types},
                                  {"linkParents", parents},
                                  {"jointTransformations", rotations},
                                  {"jointOffsets", offsets},
                                  {"linkInertiasCOM", inertias},
                                  {"linkCOMs", coms},
                                  {"linkMasses", masses},
                                  {"gravity", {0., -9.81, 0.}},
                                  {"jointPControlVector", gains},
                                  {"jointPositionOffsetVector", zeros},
                                  {"jointDControlVector", gains},
                                  {"jointVelocityOffsetVector", zeros},
                                  {"jointRangeLower", lower},
                                  {"jointRangeUpper", upper}});
  if (!withMarker) {
    s.Assemble();
    return system;
  }
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  const Index anchor = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", ground}, {"localPosition", {0.5 * n, 1., 0.}}});
  const Index tip = AddFromJson(s, C::Marker,
                                {{"markerType", "KinematicTreeRigid"},
                                 {"objectNumber", tree},
                                 {"linkNumber", n - 1},
                                 {"localPosition", {0.5, 0., 0.}}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorSpringDamper"},
               {"markerNumbers", {anchor, tip}},
               {"referenceLength", 0.8},
               {"stiffness", 100.},
               {"damping", 1.}});
  s.Assemble();
  return system;
}

long AllocationsInSteps(MainSystem& system, bool modifiedNewton, const std::string& linearSolver = "EXUdense",
                        Index threads = 1) {
  SimulationSettings settings = QuietSettings(120, modifiedNewton);
  settings.linearSolverType = linearSolver;
  settings.parallel.numberOfThreads = threads;
  settings.parallel.multithreadedLLimitResiduals = 0;
  AllocationCounter counter(1, 101);
  SolveDynamic(system, settings, &counter);
  EXPECT_EQ(counter.Steps(), 120);
  return countedAllocations.load();
}

// Two free RigidRxyz rotors: a torsional spring-damper from the ground to the first, a coordinate
// spring-damper between their z angles (MarkerNodeRotationCoordinate) and a torque on the second's
// x angle: no constraints, for the explicit solvers.
std::unique_ptr<MainSystem> FreeRotors() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  const Index mGround = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", ground}});
  Index nodes[2], bodies[2];
  for (Index i = 0; i < 2; ++i) {
    nodes[i] = AddFromJson(s, C::Node,
                           {{"nodeType", "RigidBodyRxyz"},
                            {"referenceCoordinates", {0., 0., 0., 0.1 * i, 0.2, 0.3}},
                            {"initialVelocities", {0., 0., 0., 1., -2., 3.}}});
    bodies[i] = AddFromJson(
        s, C::Object,
        {{"objectType", "RigidBody"}, {"nodeNumber", nodes[i]}, {"mass", 1.}, {"inertia", {1., 2., 3., 0., 0., 0.}}});
  }
  const Index mBody = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", bodies[0]}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorTorsionalSpringDamper"},
               {"markerNumbers", {mGround, mBody}},
               {"stiffness", 2e2},
               {"damping", 2.}});
  const Index m0 = AddFromJson(
      s, C::Marker, {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", nodes[0]}, {"rotationCoordinate", 2}});
  const Index m1 = AddFromJson(
      s, C::Marker, {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", nodes[1]}, {"rotationCoordinate", 2}});
  const Index m2 = AddFromJson(
      s, C::Marker, {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", nodes[1]}, {"rotationCoordinate", 0}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateSpringDamper"},
               {"markerNumbers", {m0, m1}},
               {"stiffness", 50.},
               {"damping", 0.5}});
  AddFromJson(s, C::Load, {{"loadType", "Coordinate"}, {"markerNumber", m2}, {"load", 1.}});
  s.Assemble();
  return system;
}

TEST(Allocation, AdaptiveExplicitStepsAllocateNothing) {
  // accepted and rejected steps of the automatic step size control
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  for (DynamicSolverType type : {DynamicSolverType::ODE23, DynamicSolverType::DOPRI5, DynamicSolverType::DVERK6}) {
    auto system = FreeRotors();
    SimulationSettings settings = QuietSettings(1, false);
    settings.timeIntegration.endTime = 1.;
    settings.timeIntegration.absoluteTolerance = settings.timeIntegration.relativeTolerance = 1e-10;
    AllocationCounter counter(1, 41);
    const SolverStatistics statistics = SolveDynamic(*system, settings, &counter, type);
    EXPECT_GT(counter.Steps(), 41);
    EXPECT_GT(statistics.rejectedSteps, 0);
    EXPECT_EQ(countedAllocations.load(), 0) << DynamicSolverTypeName(type);
  }
}

TEST(Allocation, MiniExampleStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = MiniExample();
  EXPECT_EQ(AllocationsInSteps(*system, false), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true), 0) << "modified Newton";
}

TEST(Allocation, ChainStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = MakeChain(10);
  EXPECT_EQ(AllocationsInSteps(*system, false, "EigenDense"), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true, "EigenDense"), 0) << "modified Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, false, "EigenDense", 2), 0) << "full Newton, residuals on 2 threads";
}

// The sparse Newton matrix assembled on 2 threads (each part into a matrix of its own, then added)
// allocates nothing once its patterns are known (a sparse solve's factorizations with pivoting
// would, so the assembly is counted on its own).
TEST(Allocation, ParallelSparseJacobianAllocatesNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = MakeChain(10);
  SystemEquations equations(*system);
  equations.SetParallel(2, 0);
  const SystemState state = system->CurrentState();
  const JacobianFactors factors;
  SystemMatrix matrix;
  auto assemble = [&] {
    matrix.Resize(equations.NumberOfUnknowns(), SystemMatrix::Storage::Sparse);
    matrix.SetZero();
    equations.ComputeJacobian(state, factors, matrix);
    matrix.Finalize();
  };
  assemble();  // the patterns
  countedAllocations = 0;
  countingAllocations = true;
  for (int i = 0; i < 5; ++i) assemble();
  countingAllocations = false;
  EXPECT_EQ(countedAllocations.load(), 0);
}

// A sparse Newton matrix with new values on its pattern is refactorized in the old pivot order
// without allocating (the chain's solves also pass through factorizations with pivoting, when its
// nonzero part grows or an old pivot becomes unstable, and Eigen's SparseLU allocates there).
TEST(Allocation, SparseRefactorizationAllocatesNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  const Index n = 300;
  Triplets t;  // diagonally dominant, nonsymmetric, with some fill
  for (Index i = 0; i < n; ++i) {
    t.emplace_back(i, i, 4. + 0.01 * (i % 7));
    if (i + 1 < n) t.emplace_back(i, i + 1, 1.), t.emplace_back(i + 1, i, -1.);
    if (i + 5 < n) t.emplace_back(i, i + 5, 0.5);
  }
  SystemMatrix matrix;
  matrix.SetFromTriplets(t, n, SystemMatrix::Storage::Sparse);
  LinearSolver solver("EigenSparse");
  solver.Factorize(matrix);  // with pivoting: allocates
  const VectorX rhs = VectorX::LinSpaced(n, -1., 1.);
  VectorX x(n);
  solver.Solve(rhs, x);
  countedAllocations = 0;
  countingAllocations = true;
  for (int k = 1; k <= 20; ++k) {  // values drifting by up to 40%
    matrix.SetZero();
    for (const auto& e : t) matrix.Add(e.row(), e.col(), e.value() * (1. + 0.02 * k * ((e.row() + e.col()) % 3)));
    matrix.Finalize();
    solver.Factorize(matrix);
    solver.Solve(rhs, x);
  }
  countingAllocations = false;
  EXPECT_EQ(countedAllocations.load(), 0);
  EXPECT_EQ(solver.NumberOfFactorizations(), 21);
  const Eigen::SparseMatrix<double>& a = matrix.Sparse();
  EXPECT_LE((a * x - rhs).norm(), 1e-12 * rhs.norm());  // solved with the last values
}

TEST(Allocation, KinematicTreeStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  for (Index links : {6, 12}) {  // derivatives of 16 and 32 fixed-size AD scalars
    auto system = KinematicTree(links);
    EXPECT_EQ(AllocationsInSteps(*system, false), 0) << links << " links, full Newton";
    system->ResetCurrentToInitial();
    EXPECT_EQ(AllocationsInSteps(*system, true), 0) << links << " links, modified Newton";
  }
}

// A tree beyond the kernels' 64 coordinates, evaluated by its own algorithms: generalized-alpha
// (Newton block from the analytic derivatives, dense LU) and RK44 (the articulated-body solve of M).
TEST(Allocation, LargeKinematicTreeStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = KinematicTree(100, false);
  EXPECT_EQ(AllocationsInSteps(*system, false, "EigenDense"), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true, "EigenDense"), 0) << "modified Newton";
  system->ResetCurrentToInitial();
  SimulationSettings settings = QuietSettings(120, false);
  AllocationCounter counter(1, 101);
  SolveDynamic(*system, settings, &counter, DynamicSolverType::RK44);
  EXPECT_EQ(counter.Steps(), 120);
  EXPECT_EQ(countedAllocations.load(), 0) << "RK44";
}

// A load on a link of a tree of more than maxItemCoordinates links: the marker's frame and
// Jacobians (3 x 100) are computed along the link's path to the base in storage kept from the
// first evaluation.
TEST(Allocation, LoadOnALargeKinematicTreeStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = KinematicTree(100, false);
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index link = AddFromJson(s, C::Marker,
                                 {{"markerType", "KinematicTreeRigid"},
                                  {"objectNumber", 0},
                                  {"linkNumber", 90},
                                  {"localPosition", {0.5, 0.1, 0.}}});
  AddFromJson(s, C::Load, {{"loadType", "ForceVector"}, {"markerNumber", link}, {"loadVector", {0., -20., 0.}}});
  s.Assemble();
  EXPECT_EQ(AllocationsInSteps(*system, false, "EigenDense"), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true, "EigenDense"), 0) << "modified Newton";
}

// A pendulum on the quadratic terms of a CoordinateVectorConstraint (MarkerNodeCoordinates) and a
// second mass point tied to it by the linear terms (MarkerObjectODE2Coordinates).
std::unique_ptr<MainSystem> CoordinateVectorPendulum() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index node = AddFromJson(s, C::Node, {{"nodeType", "Point2D"}, {"referenceCoordinates", {0.8, 0.}}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint2D"}, {"nodeNumber", node}, {"physicsMass", 2.}});
  const Index point = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", node}});
  AddFromJson(s, C::Load, {{"loadType", "ForceVector"}, {"markerNumber", point}, {"loadVector", {0., -9.81, 0.}}});
  const Index other = AddFromJson(s, C::Node, {{"nodeType", "Point2D"}, {"referenceCoordinates", {1.1, 0.2}}});
  const Index body =
      AddFromJson(s, C::Object, {{"objectType", "MassPoint2D"}, {"nodeNumber", other}, {"physicsMass", 1.}});
  const Index ground = AddFromJson(
      s, C::Marker,
      {{"markerType", "NodeCoordinates"}, {"nodeNumber", AddFromJson(s, C::Node, {{"nodeType", "PointGround"}})}});
  const Index m0 = AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinates"}, {"nodeNumber", node}});
  const Index m1 = AddFromJson(s, C::Marker, {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", body}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateVector"},
               {"markerNumbers", {ground, m0}},
               {"quadraticTermMarker1", {{1., 1.}}},
               {"offset", {0.64}}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateVector"},
               {"markerNumbers", {m0, m1}},
               {"scalingMarker0", {{1., 0.}, {0., 1.}}},
               {"scalingMarker1", {{1., 0.}, {0., 1.}}},
               {"offset", {0.3, 0.2}}});
  s.Assemble();
  return system;
}

TEST(Allocation, CoordinateVectorConstraintStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = CoordinateVectorPendulum();
  EXPECT_EQ(AllocationsInSteps(*system, false), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true), 0) << "modified Newton";
}

// A chain of 20 NodePoint masses (60 coordinates, beyond the fixed-size AD scalars) in one
// ObjectGenericODE2: a banded stiffness (springs between neighbours, to ground at the first), a
// banded mass matrix, Rayleigh damping and a constant force.
std::unique_ptr<MainSystem> GenericODE2Chain() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index points = 20, n = 3 * points;
  Json nodes = Json::array();
  for (Index i = 0; i < points; ++i)
    nodes.push_back(AddFromJson(s, C::Node,
                                {{"nodeType", "Point"},
                                 {"referenceCoordinates", {0.1 * i, 0., 0.}},
                                 {"initialCoordinates", {0., 0.001 * (i % 3), -0.002 * (i % 2)}}}));
  MatrixX K = MatrixX::Zero(n, n), M = MatrixX::Zero(n, n);
  for (Index i = 0; i < n; ++i) {
    K(i, i) = i < 3 ? 2e3 : 1e3;
    M(i, i) = 1.;
    if (i + 3 < n) {  // the same direction of the next point
      K(i, i + 3) += -1e3, K(i + 3, i) += -1e3, K(i + 3, i + 3) += 1e3;
      M(i, i + 3) = M(i + 3, i) = 0.1;
    }
  }
  const MatrixX D = 0.01 * M + 1e-4 * K;
  const auto rows = [](const MatrixX& A) { return FieldConverter<MatrixX>::ToJson(A); };
  Json force = Json::array();
  for (Index i = 0; i < n; ++i) force.push_back(i % 3 == 1 ? -1. : 0.);
  AddFromJson(s, C::Object,
              {{"objectType", "GenericODE2"},
               {"nodeNumbers", nodes},
               {"massMatrix", rows(M)},
               {"stiffnessMatrix", rows(K)},
               {"dampingMatrix", rows(D)},
               {"forceVector", force}});
  s.Assemble();
  return system;
}

TEST(Allocation, GenericODE2StepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = GenericODE2Chain();
  for (const char* solver : {"EXUdense", "EigenSparse"}) {
    system->ResetCurrentToInitial();
    EXPECT_EQ(AllocationsInSteps(*system, false, solver), 0) << solver << ", full Newton";
    system->ResetCurrentToInitial();
    EXPECT_EQ(AllocationsInSteps(*system, true, solver), 0) << solver << ", modified Newton";
  }
}

// A mass point on a CoordinateSpringDamper with a symbolic springForceUserFunction 0.1 k u + k u^3 + d v
// (exact partials from ADScalar16 in every Jacobian) and a LoadCoordinate with a symbolic load(t).
std::unique_ptr<MainSystem> SymbolicDuffing() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  using Kind = SymbolicScriptFunction::ArgumentKind;
  using Op = SymbolicOperation;
  const Index node = AddFromJson(
      s, C::Node,
      {{"nodeType", "Point"}, {"referenceCoordinates", {0.5, 0., 0.}}, {"initialCoordinates", {0.05, 0., 0.}}});
  const Index ground = AddFromJson(s, C::Node, {{"nodeType", "PointGround"}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node}, {"physicsMass", 1.6}});
  const Index m0 =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", ground}, {"coordinate", 0}});
  const Index m1 =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", node}, {"coordinate", 0}});
  const Index spring = AddFromJson(s, C::Object,
                                   {{"objectType", "ConnectorCoordinateSpringDamper"},
                                    {"markerNumbers", {m0, m1}},
                                    {"stiffness", 4e3},
                                    {"damping", 4.}});
  const Index load = AddFromJson(s, C::Load, {{"loadType", "Coordinate"}, {"markerNumber", m1}, {"load", 80.}});
  auto Variable = [](const char* name) { return std::make_shared<SymbolicVariable>(name, 0.); };
  auto V = [](const std::shared_ptr<SymbolicVariable>& v) { return SymbolicNode::Variable(v); };
  auto O = [](Op op, SymbolicNodePtr a, SymbolicNodePtr b = nullptr) { return SymbolicNode::Operation(op, a, b); };
  const auto t = Variable("t"), i = Variable("itemNumber"), u = Variable("u"), v = Variable("v"), k = Variable("k"),
             d = Variable("d"), offset = Variable("offset"), f = Variable("load");
  const SymbolicNodePtr force = O(Op::Add,
                                  O(Op::Add, O(Op::Multiply, O(Op::Multiply, SymbolicNode::Constant(0.1), V(k)), V(u)),
                                    O(Op::Multiply, V(k), O(Op::Power, V(u), SymbolicNode::Constant(3.)))),
                                  O(Op::Multiply, V(v), V(d)));
  std::vector<SymbolicScriptFunction::Argument> springArguments = {
      {"mbs", Kind::System, 0, 0, {}}, {"t", Kind::Scalar, 1, 1, {t}},          {"itemNumber", Kind::Scalar, 1, 1, {i}},
      {"u", Kind::Scalar, 1, 1, {u}},  {"v", Kind::Scalar, 1, 1, {v}},          {"k", Kind::Scalar, 1, 1, {k}},
      {"d", Kind::Scalar, 1, 1, {d}},  {"offset", Kind::Scalar, 1, 1, {offset}}};
  s.SetItemUserFunction(C::Object, spring, "springForceUserFunction",
                        std::make_shared<SymbolicScriptFunction>("springForce", springArguments, Kind::Scalar, 1, 1,
                                                                 std::vector<SymbolicNodePtr>{force}));
  const SymbolicNodePtr loadValue =
      O(Op::Multiply, V(f), O(Op::Sin, O(Op::Multiply, SymbolicNode::Constant(60.), V(t))));
  std::vector<SymbolicScriptFunction::Argument> loadArguments = {
      {"mbs", Kind::System, 0, 0, {}}, {"t", Kind::Scalar, 1, 1, {t}}, {"load", Kind::Scalar, 1, 1, {f}}};
  s.SetItemUserFunction(C::Load, load, "loadUserFunction",
                        std::make_shared<SymbolicScriptFunction>("load", loadArguments, Kind::Scalar, 1, 1,
                                                                 std::vector<SymbolicNodePtr>{loadValue}));
  s.Assemble();
  return system;
}

TEST(Allocation, SymbolicUserFunctionStepsAllocateNothing) {
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  auto system = SymbolicDuffing();
  EXPECT_EQ(AllocationsInSteps(*system, false), 0) << "full Newton";
  system->ResetCurrentToInitial();
  EXPECT_EQ(AllocationsInSteps(*system, true), 0) << "modified Newton";
}

TEST(Allocation, TheCounterSeesAllocations) {  // the test above cannot pass by counting nothing
  if (!MULTIDYN_MALLOC_INTERPOSED) GTEST_SKIP() << "malloc is the sanitizer's in this build";
  countedAllocations = 0;
  countingAllocations = true;
  auto* vector = new std::vector<double>(100);
  Eigen::VectorXd eigenVector(1000);
  eigenVector.setZero();
  countingAllocations = false;
  delete vector;
  EXPECT_GE(countedAllocations.load(), 3);
}

}  // namespace
}  // namespace multidyn
