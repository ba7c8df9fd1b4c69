#include "core/foundation/OutputVariableType.h"

#include <utility>

#include "core/foundation/Errors.h"

namespace multidyn {
namespace {
const std::vector<std::pair<OutputVariableType, const char*>>& NameTable() {
  using T = OutputVariableType;
  static const std::vector<std::pair<OutputVariableType, const char*>> table = {
      {T::_None, "_None"},
      {T::Distance, "Distance"},
      {T::Position, "Position"},
      {T::Displacement, "Displacement"},
      {T::DisplacementLocal, "DisplacementLocal"},
      {T::Velocity, "Velocity"},
      {T::VelocityLocal, "VelocityLocal"},
      {T::Acceleration, "Acceleration"},
      {T::RotationMatrix, "RotationMatrix"},
      {T::Rotation, "Rotation"},
      {T::AngularVelocity, "AngularVelocity"},
      {T::AngularVelocityLocal, "AngularVelocityLocal"},
      {T::AngularAcceleration, "AngularAcceleration"},
      {T::Coordinates, "Coordinates"},
      {T::Coordinates_t, "Coordinates_t"},
      {T::Coordinates_tt, "Coordinates_tt"},
      {T::CoordinatesTotal, "CoordinatesTotal"},
      {T::Force, "Force"},
      {T::ForceLocal, "ForceLocal"},
      {T::Torque, "Torque"},
      {T::TorqueLocal, "TorqueLocal"},
      {T::PotentialEnergy, "PotentialEnergy"},
      {T::KineticEnergy, "KineticEnergy"},
      {T::AccelerationLocal, "AccelerationLocal"},
      {T::AngularAccelerationLocal, "AngularAccelerationLocal"},
      {T::ConstraintEquation, "ConstraintEquation"},
      {T::NormalForceElastic, "NormalForceElastic"},
      {T::NormalForceDamping, "NormalForceDamping"},
      {T::FrictionForceElastic, "FrictionForceElastic"},
      {T::FrictionForceDamping, "FrictionForceDamping"},
      {T::FrictionCoefficient, "FrictionCoefficient"},
      {T::FrictionLimit, "FrictionLimit"},
      {T::SlidingState, "SlidingState"},
      {T::AnchorPoint, "AnchorPoint"},
      {T::Activation, "Activation"},
      {T::Control, "Control"},
      {T::Director1, "Director1"},
      {T::StrainLocal, "StrainLocal"},
      {T::CurvatureLocal, "CurvatureLocal"},
  };
  return table;
}
}  // namespace

const std::vector<OutputVariableType>& AllOutputVariableTypes() {
  static const std::vector<OutputVariableType> all = [] {
    std::vector<OutputVariableType> list;
    for (const auto& entry : NameTable()) list.push_back(entry.first);
    return list;
  }();
  return all;
}

const char* OutputVariableTypeName(OutputVariableType type) {
  for (const auto& entry : NameTable())
    if (entry.first == type) return entry.second;
  return "?";
}

OutputVariableType OutputVariableTypeFromName(const std::string& name) {
  for (const auto& entry : NameTable())
    if (name == entry.second) return entry.first;
  throw ValueError("unknown OutputVariableType '" + name + "'");
}

const char* ConfigurationTypeName(ConfigurationType type) {
  switch (type) {
    case ConfigurationType::Reference: return "Reference";
    case ConfigurationType::Initial: return "Initial";
    case ConfigurationType::Current: return "Current";
    case ConfigurationType::StartOfStep: return "StartOfStep";
  }
  return "?";
}

}  // namespace multidyn
