// MainSystem: assembly (compiling the index maps, the initial state) and the states it serves.
#include "core/model/MainSystem.h"

#include "core/foundation/Errors.h"
#include "core/model/ItemCategories.h"
#include "core/model/SystemCompiler.h"

namespace multidyn {

// ---- assembly ------------------------------------------------------------------------

void MainSystem::CheckAllItems() const {
  for (ItemCategory category : allItemCategories)
    for (Index i = 0; i < NumberOfItems(category); ++i) CheckItem(GetItem(category, i), category, i);
}

std::unique_ptr<CompiledSystem> MainSystem::CompileStructure() const {
  CheckReferencesResolved();
  auto compiled = SystemCompiler(*this).Compile();
  compiled->assembledRevision = revision_;
  return compiled;
}

namespace {
// The reference configuration: every stored coordinate zero (the positions are the reference ones).
SystemState ReferenceState(const CompiledSystem& c) {
  SystemState state;
  state.ode2.setZero(c.numberOfODE2);
  state.ode2_t.setZero(c.numberOfODE2);
  state.ode2_tt.setZero(c.numberOfODE2);
  state.ode1.setZero(c.numberOfODE1);
  state.ode1_t.setZero(c.numberOfODE1);
  state.ae.setZero(c.numberOfAE);
  state.data.setZero(c.numberOfData);
  return state;
}
}  // namespace

void MainSystem::Assemble() {
  CheckNotSolving("mbs.Assemble()");
  CheckAllItems();

  std::unique_ptr<CompiledSystem> compiled = CompileStructure();
  const CompiledSystem& c = *compiled;
  SystemState initial = ReferenceState(c);
  for (Index i = 0; i < NumberOfItems(ItemCategory::Node); ++i) {
    const Node& node = GetNode(i);
    const Index n = node.NumberOfODE2Coordinates();
    if (n > 0) {
      initial.ode2.segment(c.nodeODE2Start[i], n) = node.InitialCoordinates();
      initial.ode2_t.segment(c.nodeODE2Start[i], n) = node.InitialVelocities();
    }
    if (node.NumberOfODE1Coordinates() > 0)
      initial.ode1.segment(c.nodeODE1Start[i], node.NumberOfODE1Coordinates()) = node.InitialODE1Coordinates();
    if (node.NumberOfDataCoordinates() > 0)
      initial.data.segment(c.nodeDataStart[i], node.NumberOfDataCoordinates()) = node.InitialDataCoordinates();
  }
  for (Index i : c.internalStateObjects)
    if (!GetObject(i).InternalStatesNode().IsValid())  // else the node's initial values
      initial.ode1.segment(c.objectInternalStart[i], GetObject(i).NumberOfInternalStates()) =
          GetObject(i).InitialInternalStates();

  compiled_ = std::move(compiled);
  reference_ = ReferenceState(*compiled_);
  initial_ = initial;
  // Objects' own data coordinates start from the initial configuration (e.g. a contact's anchor
  // at the station's projection); this needs the compiled maps, hence after them.
  for (Index i = 0; i < NumberOfItems(ItemCategory::Object); ++i) {
    const Object& object = GetObject(i);
    if (object.NumberOfDataCoordinates() == 0) continue;
    initial_.data.segment(compiled_->objectDataStart[i], object.NumberOfDataCoordinates()) =
        object.InitialDataCoordinates();
    InitializeDataCoordinates(i, initial_);
  }
  current_ = initial_;
  startOfStep_ = initial_;
  sensorRecords_.assign(NumberOfItems(ItemCategory::Sensor), SensorRecord());
}

const CompiledSystem& MainSystem::Compiled() const {
  if (referenceOutput_) return referenceOutput_->compiled;
  if (!compiled_)
    throw NotAssembledError("the system has not been assembled: call mbs.Assemble() before solving or reading outputs");
  if (compiled_->assembledRevision != revision_)
    throw NotAssembledError(
        "the system changed (items added or structural parameters set) since the last "
        "mbs.Assemble(); call mbs.Assemble() again");
  return *compiled_;
}

const SystemState& MainSystem::State(ConfigurationType configuration) const {
  if (referenceOutput_) {  // a reference output of a system that is not assembled
    if (configuration == ConfigurationType::Reference) return referenceOutput_->state;
    throw NotAssembledError(std::string("the system has not been assembled: call mbs.Assemble() before reading "
                                        "outputs in the ") +
                            ConfigurationTypeName(configuration) + " configuration");
  }
  Compiled();
  switch (configuration) {
    case ConfigurationType::Reference: return reference_;
    case ConfigurationType::Initial: return initial_;
    case ConfigurationType::Current: return evaluated_ ? *evaluated_ : current_;
    case ConfigurationType::StartOfStep: return startOfStep_;
  }
  return current_;
}

MainSystem::ReferenceOutputScope::ReferenceOutputScope(const MainSystem& system, ConfigurationType configuration)
    : system_(system) {
  if (configuration != ConfigurationType::Reference || system.IsAssembled() || system.referenceOutput_) return;
  auto& cache = system.referenceOutputCache_;
  if (!cache || cache->compiled.assembledRevision != system.revision_) {
    std::unique_ptr<CompiledSystem> compiled = system.CompileStructure();
    SystemState state = ReferenceState(*compiled);
    cache.reset(new ReferenceOutputCache{std::move(*compiled), std::move(state)});
  }
  system.referenceOutput_ = cache.get();
  active_ = true;
}

MainSystem::ReferenceOutputScope::~ReferenceOutputScope() {
  if (active_) system_.referenceOutput_ = nullptr;
}

}  // namespace multidyn
