// The editable container the user fills with items, plus the data a solve produces.
// Assemble() validates the items and compiles the index maps; states are kept apart from
// the items so that solvers read the model and write only states.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/foundation/CompiledSystem.h"
#include "core/foundation/Json.h"
#include "core/foundation/ScriptFunction.h"
#include "core/foundation/SystemState.h"
#include "core/items/Body.h"
#include "core/items/Connector.h"
#include "core/items/Constraint.h"
#include "core/items/Load.h"
#include "core/items/Marker.h"
#include "core/items/Node.h"
#include "core/items/Sensor.h"
#include "core/items/SystemBuilder.h"
#include "core/model/SensorRecord.h"

namespace multidyn {

// The one implementation of the view items get (SystemView) and of what their test instances may
// do (SystemBuilder).
class MainSystem : public SystemBuilder {
 public:
  MainSystem() = default;
  MainSystem(const MainSystem&) = delete;
  MainSystem& operator=(const MainSystem&) = delete;

  // ---- items -------------------------------------------------------------------------
  // Adds an item whose fields are set; checks its references and the item's own check.
  // Throws (naming the item and parameter) and leaves the system unchanged on error.
  Index AddItem(std::unique_ptr<Item> item) override;
  // Removes the items of `category` numbered `count` and above: a Create function's rollback of
  // the items it added when a later one is refused (nothing else refers to them). Refused
  // during a solve.
  void RemoveItemsFrom(ItemCategory category, Index count);
  // Exudyn's mbs.DeleteNode/Object/Marker/Load/Sensor: removes item `index` of `category`. The later
  // items of the category move down by one and every reference to them (any index field of any
  // item, found through the field tables) follows; references to the deleted item become -1
  // (invalid: Assemble() then refuses the items that need one). With `deleteDependents` the items
  // the deleted one uses are deleted after it, as Exudyn does: an object's nodes and markers, a
  // load's marker. Returns one warning per reference made invalid. Refused during a solve;
  // IndexError for a number out of range; the system is unchanged then. Assemble() is needed again.
  std::vector<std::string> DeleteItem(ItemCategory category, Index index, bool deleteDependents);
  Index NumberOfItems(ItemCategory category) const override;
  const Item& GetItem(ItemCategory category, Index index) const override;  // throws IndexError
  // Typed access, inline: evaluations call these for every item in every evaluation.
  const Node& GetNode(Index index) const { return static_cast<const Node&>(ItemAt(nodes_, ItemCategory::Node, index)); }
  const Object& GetObject(Index index) const {
    return static_cast<const Object&>(ItemAt(objects_, ItemCategory::Object, index));
  }
  const Marker& GetMarker(Index index) const {
    return static_cast<const Marker&>(ItemAt(markers_, ItemCategory::Marker, index));
  }
  const Load& GetLoad(Index index) const { return static_cast<const Load&>(ItemAt(loads_, ItemCategory::Load, index)); }
  const Sensor& GetSensor(Index index) const {
    return static_cast<const Sensor&>(ItemAt(sensors_, ItemCategory::Sensor, index));
  }
  // "object 3 (ObjectRigidBody 'arm')"
  std::string ItemDescription(ItemCategory category, Index index) const override;
  static std::string ItemDescription(const Item& item, Index index);

  // ---- parameters by name --------------------------------------------------------------
  Json GetItemParameter(ItemCategory category, Index index, const std::string& name) const;
  // Validates on a copy, then sets the value in the item itself (so a running solve keeps
  // valid references and sees the value at its next evaluation); leaves the item unchanged on
  // error. Structural parameters and user functions are refused during a solve. Returns true
  // if the field is deprecated and was set to another value than its default (the caller warns).
  bool SetItemParameter(ItemCategory category, Index index, const std::string& name, const Json& value);
  ScriptFunctionPtr GetItemUserFunction(ItemCategory category, Index index, const std::string& name) const;
  void SetItemUserFunction(ItemCategory category, Index index, const std::string& name, ScriptFunctionPtr function);
  // Whole item as a dict/JSON object (type key first, then every field; user functions as 0).
  Json ItemToJson(ItemCategory category, Index index) const;
  // Replaces an item by a new one (same category), checked like AddItem.
  void ModifyItem(ItemCategory category, Index index, std::unique_ptr<Item> item);

  // ---- assembly ------------------------------------------------------------------------
  void Assemble();
  bool IsAssembled() const { return compiled_ && compiled_->assembledRevision == revision_; }
  const CompiledSystem& Compiled() const override;  // throws NotAssembledError if out of date
  size_t StructuralRevision() const { return revision_; }

  // ---- states --------------------------------------------------------------------------
  SystemState& CurrentState() { return current_; }
  const SystemState& CurrentState() const override { return current_; }
  SystemState& StartOfStepState() { return startOfStep_; }
  const SystemState& InitialState() const { return initial_; }
  SystemState& InitialState() { return initial_; }
  const SystemState& State(ConfigurationType configuration) const override;
  // Exudyn's semantics of a new solve: start from the initial state, unless the caller
  // keeps the results as new initial values (updateInitialValues).
  void ResetCurrentToInitial() {
    Compiled();
    current_ = initial_;
  }
  void StoreCurrentAsInitial() {
    Compiled();
    initial_ = current_;
  }

  // ---- evaluation helpers shared by outputs and the system equations --------------------
  // Total coordinates (reference + displacement) of a node in a state.
  void NodeTotalCoordinates(Index node, const SystemState& state, VectorX& q, VectorX& q_t) const override;
  NodeKinematics<double> NodeKinematicsOf(Index node, const SystemState& state) const override;
  MarkerData<double> MarkerDataOf(Index marker, const SystemState& state) const override;
  EvaluationContext ContextOf(Index object, const SystemState& state) const override;
  // The number of an item of this system (outputs of items that need their own number).
  Index ItemNumberOf(ItemCategory category, const Item& item) const override;
  // Sets an object's own data coordinates from the configuration in `state` (e.g. puts a
  // contact's anchor point at the station's projection); TypeError if it has none.
  void InitializeDataCoordinates(Index object, SystemState& state) const;
  // The same on the initial and the current state (the next solve starts from the initial one);
  // refused during a solve (`call` names the user's call in the message).
  void ResetDataCoordinates(Index object, const std::string& call);

  // ---- outputs -------------------------------------------------------------------------
  // Outputs in the reference configuration are available before Assemble() too (as in Exudyn:
  // scripts place markers from them); the others need an assembled system.
  VectorX GetNodeOutput(Index node, OutputVariableType type, ConfigurationType configuration) const override;
  VectorX GetObjectOutput(Index object, OutputVariableType type, ConfigurationType configuration) const override;
  VectorX GetObjectOutputBody(Index object, OutputVariableType type, const Vector3& localPosition,
                              ConfigurationType configuration) const override;
  VectorX GetMarkerOutput(Index marker, OutputVariableType type, ConfigurationType configuration) const override;
  VectorX GetLoadValues(Index load) const override;  // Load::NumberOfLoadValues() components

  // ---- sensors -------------------------------------------------------------------------
  std::vector<SensorRecord>& SensorRecords() { return sensorRecords_; }
  const std::vector<SensorRecord>& SensorRecords() const { return sensorRecords_; }

  // ---- solving ---------------------------------------------------------------------------
  // A solve in progress: set by SolveDynamic for its duration (RAII). While it is set, reading
  // anything and setting run-time parameters (in place) are allowed; structural changes throw
  // SolveInProgressError naming the call and the user function it came from.
  class SolveInProgress {
   public:
    // Throws SolveInProgressError (naming `call`, e.g. "mbs.SolveDynamic()") if one runs already.
    SolveInProgress(MainSystem& system, const std::string& call);
    ~SolveInProgress() { system_.solving_ = false; }
    SolveInProgress(const SolveInProgress&) = delete;
    SolveInProgress& operator=(const SolveInProgress&) = delete;

   private:
    MainSystem& system_;
  };
  bool IsBeingSolved() const { return solving_; }
  // The step the running (or last) time integration works on: its end time [s] and size h [s],
  // as Exudyn's solver.it.currentTime and currentStepSize (set by the solver driver).
  struct SolverStep {
    double time = 0.;
    double stepSize = 0.;
  };
  const SolverStep& CurrentSolverStep() const { return solverStep_; }
  void SetCurrentSolverStep(double time, double stepSize) { solverStep_ = {time, stepSize}; }
  // The state an evaluation of the system's equations works on (a Newton iterate, a Runge-Kutta
  // stage), for its duration (RAII, set by SystemEquations): meanwhile the Current configuration
  // that outputs, sensors and so user functions read is that state, as in Exudyn.
  class EvaluatedState {
   public:
    EvaluatedState(const MainSystem& system, const SystemState& state)
        : system_(system), previous_(system.evaluated_), previousWritable_(system.evaluatedWritable_) {
      system.evaluated_ = &state;
      system.evaluatedWritable_ = nullptr;
    }
    // The same, and writes to the Current configuration (mbs.systemData.SetDataCoordinates, ...)
    // go into `state`: for the post-Newton user function, which switches the solver's data
    // coordinates as Exudyn's does.
    EvaluatedState(const MainSystem& system, SystemState& state) : EvaluatedState(system, std::as_const(state)) {
      system.evaluatedWritable_ = &state;
    }
    ~EvaluatedState() {
      system_.evaluated_ = previous_;
      system_.evaluatedWritable_ = previousWritable_;
    }
    EvaluatedState(const EvaluatedState&) = delete;
    EvaluatedState& operator=(const EvaluatedState&) = delete;

   private:
    const MainSystem& system_;
    const SystemState* previous_;
    SystemState* previousWritable_;
  };
  // The state writes to the Current configuration go to: the current state, or the one an
  // EvaluatedState made writable.
  SystemState& WritableCurrentState() { return evaluatedWritable_ ? *evaluatedWritable_ : current_; }
  // Throws SolveInProgressError if a solve runs; `call` as the user wrote it ("mbs.Assemble()"),
  // `reason` says why it is structural if that is not obvious ("a structural parameter").
  void CheckNotSolving(const std::string& call, const std::string& reason = "") const;

  // Exudyn's mbs.SetPreNewtonResidualUserFunction: f(mbs, t, newtonIt, discontinuousIt), its
  // result ignored, called by the implicit time integrators and the static solver before every
  // residual of their Newton iteration (not for Jacobians, initial accelerations or explicit
  // solvers); it may set run-time parameters. Null removes it. Refused during a solve.
  void SetPreNewtonResidualUserFunction(ScriptFunctionPtr function);
  const ScriptFunctionPtr& PreNewtonResidualUserFunction() const { return preNewtonResidualUserFunction_; }
  // Exudyn's mbs.SetSystemJacobianUserFunction: f(mbs, t, factorODE2, factorODE2_t, factorODE1) ->
  // MatrixContainer, added to the Newton matrix of the same solvers whenever it is computed
  // (docs/theory/SystemUserFunctions.md: factors and signs). Null removes it. Refused during a solve.
  void SetSystemJacobianUserFunction(ScriptFunctionPtr function);
  const ScriptFunctionPtr& SystemJacobianUserFunction() const { return systemJacobianUserFunction_; }
  // Exudyn's mbs.SetPostNewtonUserFunction: f(mbs, t) -> [discontinuousError, recommendedStepSize],
  // called after every converged Newton solve of the implicit time integrators (and the static
  // solver) with the iterate as the Current configuration, which it may change (data
  // coordinates); its error enters the discontinuous iteration as the items' PostNewtonStep
  // errors do (docs/theory/SystemUserFunctions.md). Null removes it. Refused during a solve.
  void SetPostNewtonUserFunction(ScriptFunctionPtr function);
  const ScriptFunctionPtr& PostNewtonUserFunction() const { return postNewtonUserFunction_; }

  // Exudyn's mbs.SetPreStepUserFunction: f(mbs, t) -> bool, called at the start of every time
  // step; False stops the simulation. Null removes it. Refused during a solve.
  void SetPreStepUserFunction(ScriptFunctionPtr function);
  const ScriptFunctionPtr& PreStepUserFunction() const { return preStepUserFunction_; }
  // Exudyn's mbs.SetPostStepUserFunction: f(mbs, t) -> bool, called for the initial state and
  // after every accepted step, before sensors and the solution file are written (coordinates it
  // sets are those the next step starts from); False stops the simulation after that step.
  void SetPostStepUserFunction(ScriptFunctionPtr function);
  const ScriptFunctionPtr& PostStepUserFunction() const { return postStepUserFunction_; }

  // ---- files ---------------------------------------------------------------------------
  Json ToJson() const;  // items only; user functions are refused (ValueError naming them)
  // Replaces all items by those in `json`; on any error the system is left as it was.
  void LoadJson(const Json& json);
  // Parses a system file's text (UTF-8 JSON, nesting limited) and loads it as LoadJson does;
  // ValueError for text that is not such a file, the system unchanged.
  void LoadJsonText(const std::string& text);
  // Items of each category in order: nodes, objects, markers, loads, sensors (ItemCategory's numbers).
  using ItemLists = std::array<std::vector<std::unique_ptr<Item>>, 5>;
  // Replaces all items by `items` (mbs.Load, mbs.SetDictionary): they are checked together, as an
  // item may refer to one later in its list or in another list (a joint before its markers); on any
  // error the system is left as it was. The step user functions are kept. `call` names the user's
  // call ("mbs.SetDictionary()") in the refusal during a solve.
  void ReplaceItems(ItemLists items, const std::string& call);
  void Reset();  // removes all items (and the pre-step user function)

 private:
  static const Item& ItemAt(const std::vector<std::unique_ptr<Item>>& items, ItemCategory category, Index index) {
    if (index < 0 || index >= static_cast<Index>(items.size())) ThrowNoSuchItem(category, index, items.size());
    return *items[index];
  }
  [[noreturn]] static void ThrowNoSuchItem(ItemCategory category, Index index, size_t numberOfItems);
  std::vector<std::unique_ptr<Item>>& Items(ItemCategory category);
  const std::vector<std::unique_ptr<Item>>& Items(ItemCategory category) const;
  // Index existence and the item's own check; throws with the item's description.
  void CheckItem(const Item& item, ItemCategory category, Index index) const;
  void CheckReferences(const Item& item) const;
  void CheckAllItems() const;  // CheckItem of every item: the references are valid afterwards
  // Items are checked when added, but a deletion can leave references at -1 (or, in principle, out of
  // range); the index maps use the numbers unchecked, so CompileStructure checks them first.
  void CheckReferencesResolved() const;
  // Removes one item and renumbers the references to its category (DeleteItem's step per item);
  // `call` starts the warnings.
  void RemoveAndRenumber(ItemCategory category, Index index, const std::string& call,
                         std::vector<std::string>& warnings);
  // Index maps and reference coordinates of the items as they are (Assemble's first part).
  std::unique_ptr<CompiledSystem> CompileStructure() const;

  // Reference outputs of a system that is not assembled: while a scope is active, Compiled()
  // and State(Reference) answer from a compilation of the items as they are, cached per
  // structural revision; the assembled maps and the states are not touched.
  struct ReferenceOutputCache {
    CompiledSystem compiled;
    SystemState state;
  };
  class ReferenceOutputScope {
   public:
    ReferenceOutputScope(const MainSystem& system, ConfigurationType configuration);
    ~ReferenceOutputScope();
    ReferenceOutputScope(const ReferenceOutputScope&) = delete;
    ReferenceOutputScope& operator=(const ReferenceOutputScope&) = delete;

   private:
    const MainSystem& system_;
    bool active_ = false;
  };

  std::vector<std::unique_ptr<Item>> nodes_, objects_, markers_, loads_, sensors_;
  size_t revision_ = 1;
  std::unique_ptr<CompiledSystem> compiled_;
  SystemState reference_, initial_, current_, startOfStep_;
  mutable std::unique_ptr<ReferenceOutputCache> referenceOutputCache_;
  mutable const ReferenceOutputCache* referenceOutput_ = nullptr;  // set by a ReferenceOutputScope
  std::vector<SensorRecord> sensorRecords_;
  ScriptFunctionPtr preNewtonResidualUserFunction_;
  ScriptFunctionPtr systemJacobianUserFunction_;
  ScriptFunctionPtr postNewtonUserFunction_;
  ScriptFunctionPtr preStepUserFunction_;
  ScriptFunctionPtr postStepUserFunction_;
  bool solving_ = false;
  SolverStep solverStep_;
  mutable const SystemState* evaluated_ = nullptr;  // see EvaluatedState
  mutable SystemState* evaluatedWritable_ = nullptr;
};

}  // namespace multidyn
