// A planar ANCF cable element (Bernoulli-Euler, large deformation) on two NodePoint2DSlope1
// (see docs/theory/ANCFCable2D.md). Its coordinates q = [r_0, r'_0, r_1, r'_1] in [m] and [1]
// are the totals of both nodes; along the axial reference coordinate x in [0, L] the axis is
// r(x) = S(x) q with cubic Hermite shape functions. Its LHS is M q_tt + Q_e(q, q_t), with the
// constant M = int rhoA S^T S dx and the elastic and viscous forces of the axial strain
// epsilon = |r'| - 1 and the material curvature K = (r' x r'') . e_z / |r'|^2, integrated by Gauss
// rules whose order useReducedOrderIntegration chooses, as Exudyn integrates them.
#pragma once

#include "core/foundation/ScriptFunction.h"
#include "core/items/Body.h"

namespace multidyn {

class ObjectANCFCable2D : public BodyKernels<ObjectANCFCable2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return nodeNumbers; }
  bool ProvidesOrientation() const override { return true; }  // the frame of the axis' tangent
  void Check(const SystemView& system) const override;
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                         MatrixX& massMatrix) const override;
  bool HasConstantMassMatrix() const override { return true; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  // The mass rhoA L at the middle of the straight reference axis; MarkerBodyMass takes the exact
  // mass-weighted frame (CenterOfMassFrame) instead.
  bool MassAndCenterOfMass(double& mass, Vector3& center) const override {
    mass = physicsMassPerLength * physicsLength;
    center = Vector3(0.5 * physicsLength, 0., 0.);
    return true;
  }
  bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;

  // The point [x, y] of the cable: p = r(x) + y n(x), n = e_z x t the normal of the tangent
  // t = r'/|r'|; the frame's axes are t, n and e_z, its angular velocity omega_z = (r' x r'_t) . e_z / |r'|^2.
  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const;
  // The center of mass with the mass-weighted Jacobian (1/L) int S dx: a mass-proportional load
  // b on it does int rhoA S^T b dx, the exact generalized force of a load per length.
  template <class S> void CenterOfMassFrame(const NodeKinematics<S>* nodes, MarkerData<S>& frame) const;
  // The context gives the user functions time, system and item number.
  template <class S> void ODE2LHSInContext(const EvaluationContext& context, const NodeKinematics<S>* nodes,
                                           const VectorX& q_tt, VecX<S>& lhs) const;

  double physicsLength = 0.;  // L [m]
  double physicsMassPerLength = 0.;  // rhoA [kg/m]
  double physicsBendingStiffness = 0.;  // EI [N*m^2]
  double physicsAxialStiffness = 0.;  // EA [N]
  double physicsBendingDamping = 0.;  // d_K [N*m^2*s]
  double physicsAxialDamping = 0.;  // d_epsilon [N*s]
  double physicsReferenceAxialStrain = 0.;  // epsilon_0 [1]
  double physicsReferenceCurvature = 0.;  // K_0 [1/m]
  double strainIsRelativeToReference = 0.;  // f_ref: share of the reference configuration's strains that is stress-free
  NodeIndexList nodeNumbers = {NodeIndex(), NodeIndex()};
  Index useReducedOrderIntegration = 0;  // 0: Gauss 9/5 (axial/bending), 1: Gauss 7/3, 2: Lobatto 3/Gauss 3
  // N and M_b of a section as Python functions of its strains (instead of the linear laws)
  ScriptFunctionPtr axialForceUserFunction;
  ScriptFunctionPtr bendingMomentUserFunction;
  bool visualizationShow = true;
  float drawHeight = 0.f;  // [m]
  Color4 color = {-1.f, -1.f, -1.f, -1.f};

  // Axial strain, its rate and the material curvature at x of the current configuration (outputs, tests).
  struct SectionStrains {
    double axialStrain = 0., axialStrain_t = 0., curvature = 0., curvature_t = 0.;
    double axialStrainReference = 0.,
           curvatureReference = 0.;  // the stress-free values epsilon_0 + f_ref epsilon_ref, ...
  };
  SectionStrains StrainsAt(const NodeKinematics<double>* nodes, double x) const;
  // N and M_b at x/L = xi from a section's strains: the linear laws or the user functions.
  double AxialForce(const EvaluationContext& context, double xi, const SectionStrains& strains) const;
  double BendingMoment(const EvaluationContext& context, double xi, const SectionStrains& strains) const;
};

}  // namespace multidyn
