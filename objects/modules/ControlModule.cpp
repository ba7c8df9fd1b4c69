#include "objects/modules/ControlModule.h"

#include "core/items/SystemView.h"
#include "objects/common/RevoluteJointFrames.h"

namespace multidyn {

void ControlModule::CheckInputs(const SystemView& system, const std::string& moduleName) const {
  for (const JointInput& input : Inputs()) {
    if (!input.joint.IsValid()) throw ValueError(moduleName + "." + input.link + " is not linked");
    ResolveRevoluteJoint(system, input.joint.value, moduleName + "." + input.link);
  }
}

}  // namespace multidyn
