// Compiles the index maps of a system's items as they are: where each node's coordinates sit in
// the system vectors [ODE2 | ODE1 | AE | data], which coordinates each object and marker depends
// on, and the reference coordinates (Assemble's first part; reference outputs of a system that
// is not assembled use it too). It reads the items through the view and changes nothing.
#pragma once

#include <memory>

#include "core/foundation/CompiledSystem.h"
#include "core/items/SystemView.h"

namespace multidyn {

class SystemCompiler {
 public:
  // The items' references must be valid (MainSystem checks them first).
  explicit SystemCompiler(const SystemView& system) : system_(system) {}
  // Throws ValueError naming the item when an item depends on more coordinates than a kernel
  // takes, or its internal states cannot be placed.
  std::unique_ptr<CompiledSystem> Compile() const;

 private:
  void NumberNodeCoordinates(CompiledSystem& c) const;
  void MapObjects(CompiledSystem& c) const;
  void MapMarkers(CompiledSystem& c) const;
  void PlaceInternalStates(CompiledSystem& c) const;
  void CheckKernelSizes(CompiledSystem& c) const;
  void StoreReferenceCoordinates(CompiledSystem& c) const;
  // Appends the ODE2 indices of a node to `indices`.
  void AppendNodeIndices(const CompiledSystem& c, Index node, std::vector<Index>& indices) const;

  const SystemView& system_;
};

}  // namespace multidyn
