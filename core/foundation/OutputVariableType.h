// What an output or sensor reads, and in which configuration.
#pragma once

#include <string>
#include <vector>

namespace multidyn {

enum class OutputVariableType {
  _None,
  Distance,
  Position,
  Displacement,
  DisplacementLocal,
  Velocity,
  VelocityLocal,
  Acceleration,
  RotationMatrix,
  Rotation,
  AngularVelocity,
  AngularVelocityLocal,
  AngularAcceleration,
  Coordinates,
  Coordinates_t,
  Coordinates_tt,
  CoordinatesTotal,  // Coordinates plus the reference coordinates (Exudyn's)
  Force,
  ForceLocal,
  Torque,
  TorqueLocal,
  PotentialEnergy,
  KineticEnergy,
  AccelerationLocal,
  AngularAccelerationLocal,
  ConstraintEquation,
  // Parts of a contact force (ObjectContactExponentialSpring), in the contact plane's frame.
  NormalForceElastic,
  NormalForceDamping,
  FrictionForceElastic,
  FrictionForceDamping,
  FrictionCoefficient,
  FrictionLimit,
  SlidingState,
  AnchorPoint,
  Activation,  // an actuator's activation (its internal first-order state)
  Control,  // an actuator's control after clamping to ctrlrange
  // A beam section's (ObjectANCFCable2D): slope vector r', axial strain and material curvature.
  Director1,
  StrainLocal,
  CurvatureLocal,
};

enum class ConfigurationType { Reference, Initial, Current, StartOfStep };

const std::vector<OutputVariableType>& AllOutputVariableTypes();
const char* OutputVariableTypeName(OutputVariableType type);
// Throws ValueError naming the text when no type has that name.
OutputVariableType OutputVariableTypeFromName(const std::string& name);

const char* ConfigurationTypeName(ConfigurationType type);

}  // namespace multidyn
