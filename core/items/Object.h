// Base of objects: ground, bodies, connectors (penalty forces), constraints (Lagrange multipliers)
// and first-order systems (equations for ODE1 coordinates).
#pragma once

#include <vector>

#include "core/foundation/Kinematics.h"
#include "core/items/Item.h"

namespace multidyn {

struct SystemState;

enum class ObjectKind { Ground, Body, Connector, Constraint, FirstOrder };

// What an object's kernels may read besides coordinates: time, the system (for user
// functions), its own number, and its data coordinates (discrete state between steps).
struct NumericalDifferentiationSettings;

struct EvaluationContext {
  double time = 0.;
  const SystemView* system = nullptr;
  Index itemNumber = invalidIndex;
  const double* data = nullptr;  // the object's data coordinates (its own or its data node's)
  // Steps of numerical derivatives (core/items/NumericalDifferentiation.h); nullptr: the defaults.
  const NumericalDifferentiationSettings* numericalDifferentiation = nullptr;
  // Step size h [s] of the trapezoidal rule by which the solver integrates the ODE1 coordinates
  // in this evaluation (the generalized-alpha family); 0 for other solvers and for outputs. An
  // item may choose its rates so that the trapezoidal step is exact (filterexact actuators).
  double trapezoidalStepSize = 0.;
  // Set for outputs (GetObjectOutput; kernels get their states as arguments): the object's
  // internal first-order states and the whole state, e.g. for markers beyond the first two.
  const double* internal = nullptr;
  const SystemState* state = nullptr;
  // Set for PostNewtonStep: the object's data coordinates at the start of the step.
  const double* startOfStepData = nullptr;
};

class Object : public Item {
 public:
  virtual ObjectKind Kind() const = 0;
  // Nodes whose coordinates the object owns (bodies) or whose data it keeps (connectors).
  virtual std::vector<NodeIndex> NodeNumbers() const { return {}; }
  virtual std::vector<MarkerIndex> MarkerNumbers() const { return {}; }
  virtual Index NumberOfAlgebraicEquations() const { return 0; }
  virtual bool IsActive() const { return true; }
  // First-order states of the object's own (e.g. an actuator's activation): ODE1 unknowns
  // numbered after those of the nodes, with rates from the object's kernel (see Connector).
  virtual Index NumberOfInternalStates() const { return 0; }
  virtual VectorX InitialInternalStates() const { return VectorX::Zero(NumberOfInternalStates()); }
  // A node whose ODE1 coordinates are the internal states instead (Exudyn keeps a hydraulic
  // actuator's pressures in a NodeGenericODE1, so scripts read and set them there); the node's
  // initial values are the states' initial values, and its reference values must be zero, as the
  // kernels get the stored values. Invalid (the default): states of the object's own.
  virtual NodeIndex InternalStatesNode() const { return NodeIndex(); }

  // First-order equations y_t = f_FO(y, t) for the ODE1 coordinates of NodeNumbers() (in node
  // order). y holds total values (reference + stored). Objects provide f_FO and its Jacobian
  // df_FO/dy; ODE2 coordinates do not enter (ODE1-ODE2 coupling is not modelled, as in Exudyn).
  virtual bool HasODE1Equations() const { return false; }
  virtual void ComputeODE1RightHandSide(const EvaluationContext& context, const VectorX& y, VectorX& f) const {}
  virtual void ComputeODE1Jacobian(const EvaluationContext& context, const VectorX& y, MatrixX& dfdy) const {}
  // Data coordinates of the object's own (discrete state kept between steps, e.g. a contact's
  // anchor point), numbered after those of the nodes; the kernels see them in context.data.
  virtual Index NumberOfDataCoordinates() const { return 0; }
  virtual VectorX InitialDataCoordinates() const { return VectorX::Zero(NumberOfDataCoordinates()); }
  // Sets the object's own data coordinates from the state the markers describe: called by
  // Assemble() on the initial state and by MainSystem::ResetDataCoordinates (two markers).
  virtual void InitializeDataCoordinates(const EvaluationContext& context, const MarkerData<double>& m0,
                                         const MarkerData<double>& m1, double* data) const {}
  // Connectors with discrete state update it after each converged step; returns the size of
  // the switching error (0: nothing switched). recommendedStepSize [s] comes in as -1 (none); an
  // item may set a step size >= 0 that would meet its switching point (Exudyn's rule: the
  // solver reduces the step to at most that when the switching error is too large).
  virtual bool HasPostNewtonStep() const { return false; }
  virtual double PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                const MarkerData<double>& m1, double* data, double& recommendedStepSize) const {
    return 0.;
  }
  // Scalar outputs of connectors and constraints (GetObjectOutput); false if not provided.
  virtual bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                         const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
    return false;
  }
};

}  // namespace multidyn
