#include "objects/modules/ControlModule.h"

#include "core/MainSystem.h"
#include "objects/joints/ObjectJointRevolute2D.h"
#include "objects/joints/ObjectJointRevoluteZ.h"

namespace multidyn {

void ControlModule::CheckInputs(const MainSystem& system, const std::string& moduleName) const {
  for (const JointInput& input : Inputs()) {
    if (!input.joint.IsValid()) throw ValueError(moduleName + "." + input.link + " is not linked");
    const Object& joint = system.GetObject(input.joint.value);
    if (!dynamic_cast<const ObjectJointRevoluteZ*>(&joint) && !dynamic_cast<const ObjectJointRevolute2D*>(&joint))
      throw TypeError(moduleName + "." + input.link + ": object " + std::to_string(input.joint.value) + " is a " +
                      joint.TypeInfo().className + "; expected a revolute joint (ObjectJointRevoluteZ, "
                      "ObjectJointRevolute2D)");
  }
}

}  // namespace multidyn
