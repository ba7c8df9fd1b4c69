#!/usr/bin/env python3
"""Runs the same ObjectContactSphereSphere and ObjectContactSphereTriangle models on multidyn and on
the exudyn wheel (when it is installed) and prints the largest differences of their sensors (a
developer check; the product never imports exudyn). The models: a ball bouncing between two fixed
spheres with each impact model; the adhesive elasto-plastic model driven through a
loading-unloading cycle; a spinning ball with friction falling on a sphere off its centre; a ball
with friction rolling inside a hollow sphere; a spinning ball bouncing on a tilted triangle and
rolling over its edge (with and without edge contact); a ball hitting a spinning triangle. Fixed step
sizes (adaptiveStep off) and one discontinuous iteration per step (the
contact state switches at the step after the one that crosses it), so that both engines take the
same steps: Exudyn's own test models let the step size follow the contact, and there the two step
size controls differ.

    .venv/bin/python scripts/compareSphereContactsWithExudyn.py
"""
import numpy as np

import multidyn


def Build(exu, model):
    """the model in engine exu; returns (mbs, simulationSettings, sensors)"""
    from importlib import import_module
    items = import_module(exu.__name__ + '.itemInterface')
    utilities = import_module(exu.__name__ + '.utilities')
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    radius, mass = 0.1, 1.6
    inertia = utilities.InertiaSphere(mass, radius)
    settings = exu.SimulationSettings()
    settings.timeIntegration.adaptiveStep = False
    settings.timeIntegration.discontinuous.iterationTolerance = 1e10  # one discontinuous iteration per step
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.write = False
    contact = dict(spheresRadii=[radius, radius], contactStiffness=1e6)

    def Ground(position):
        node = mbs.AddNode(items.NodePointGround(referenceCoordinates=position))
        return mbs.AddMarker(items.MarkerNodeRigid(nodeNumber=node))

    def Data(gap):
        return mbs.AddNode(items.NodeGenericData(initialCoordinates=[gap, 0, 0, 0], numberOfDataCoordinates=4))

    def Ball(position, velocity, angularVelocity=[0, 0, 0], gravity=[0, 0, 0]):
        return mbs.CreateRigidBody(referencePosition=position, initialVelocity=velocity,
                                   initialAngularVelocity=angularVelocity, inertia=inertia, gravity=gravity)

    if model.startswith('bounce'):
        impactModel = int(model[-1])
        ball = Ball([0, 0.5, 0], [0, 10, 0])
        marker = mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=ball))
        for y in [-2 * radius, 1 + 2 * radius]:
            mbs.AddObject(items.ObjectContactSphereSphere(
                markerNumbers=[Ground([0, y, 0]), marker], nodeNumber=Data(0.1), impactModel=impactModel,
                restitutionCoefficient=0.7, contactDamping=200. if impactModel == 0 else 0., **contact))
        tEnd, h = 0.5, 2e-6
    elif model == 'adhesive elasto-plastic':
        ball = Ball([0, 2 * radius, 0], [0, 0, 0])
        marker = mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=ball))
        ground = Ground([0, 0, 0])
        tMove, depth = 0.05, 0.002

        def Drive(mbs, t, itemNumber, u, v, k, d, f0):  # a spring pulling the ball in and out again
            target = 2 * radius - depth * (t / tMove if t < tMove else 2 - t / tMove)
            return (u - target) * 1e5
        mbs.AddObject(items.ObjectConnectorSpringDamper(markerNumbers=[ground, marker], referenceLength=0,
                                                        springForceUserFunction=Drive))
        mbs.AddObject(items.ObjectContactSphereSphere(
            markerNumbers=[ground, marker], nodeNumber=Data(0.), spheresRadii=[radius, radius], contactStiffness=1e5,
            contactStiffnessExponent=2, contactDamping=1e-3, contactPlasticityRatio=0.6, constantPullOffForce=0.01,
            adhesionCoefficient=4e4, adhesionExponent=2))
        tEnd, h = 2 * tMove, 1e-5
    elif model == 'friction':
        ball = Ball([0.03, 2.2 * radius, 0.01], [0.5, 0, 0], angularVelocity=[3, -2, 40], gravity=[0, -9.81, 0])
        marker = mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=ball))
        mbs.AddObject(items.ObjectContactSphereSphere(
            markerNumbers=[Ground([0, 0, 0]), marker], nodeNumber=Data(0.02), dynamicFriction=0.3,
            frictionProportionalZone=1e-3, contactDamping=500., **contact))
        tEnd, h = 0.2, 1e-5
    elif model.startswith('triangle'):
        ball = Ball([0.2, 0.3, 0.25], [0.5, -1, -0.3], angularVelocity=[2, 5, -3], gravity=[0, -9.81, 0])
        marker = mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=ball))
        includeEdges = 0 if model.endswith('face only') else 7
        mbs.AddObject(items.ObjectContactSphereTriangle(
            markerNumbers=[marker, Ground([0, 0, 0])], nodeNumber=Data(0.1), sphereRadius=radius,
            trianglePoints=exu.Vector3DList([[0, 0, 0], [0.8, 0.05, 0.1], [0.1, 0.1, 0.7]]), includeEdges=includeEdges,
            contactStiffness=1e5, contactDamping=100., dynamicFriction=0.3, frictionProportionalZone=1e-2,
            impactModel=2, restitutionCoefficient=0.7, minimumImpactVelocity=0.01))
        tEnd, h = 0.8, 2e-5
    elif model == 'spinning triangle':
        ball = Ball([0.3, 0.5, 0.2], [0, -2, 0])
        marker = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=ball))
        plate = mbs.CreateRigidBody(referencePosition=[0, 0, 0], initialAngularVelocity=[0.5, 3, 0.2],
                                    inertia=utilities.InertiaCuboid(1000, [1, 0.1, 1]).Translated([0.2, 0, 0.1]))
        mbs.AddObject(items.ObjectContactSphereTriangle(
            markerNumbers=[marker, mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=plate, localPosition=[0.1, 0, 0]))],
            nodeNumber=Data(0.1), sphereRadius=radius,
            trianglePoints=exu.Vector3DList([[-0.5, 0, -0.5], [0.6, 0, -0.4], [0, 0.05, 0.7]]),
            contactStiffness=1e5, contactDamping=50., impactModel=1, restitutionCoefficient=0.8))
        tEnd, h = 0.4, 1e-4
    else:  # 'hollow sphere'
        ball = Ball([0.2, -0.35, 0.05], [0, 0, 1], angularVelocity=[0, 5, 0], gravity=[0, -9.81, 0])
        marker = mbs.AddMarker(items.MarkerBodyRigid(bodyNumber=ball))
        mbs.AddObject(items.ObjectContactSphereSphere(
            markerNumbers=[marker, Ground([0, 0, 0])], nodeNumber=Data(0.01), spheresRadii=[radius, 0.5],
            isHollowSphere1=True, contactStiffness=1e5, contactDamping=300., dynamicFriction=0.2,
            frictionProportionalZone=1e-2))
        tEnd, h = 0.5, 1e-4
    node = mbs.GetObject(ball)['nodeNumber']
    sensors = [mbs.AddSensor(items.SensorNode(nodeNumber=node, storeInternal=True, outputVariableType=variable))
               for variable in [exu.OutputVariableType.Position, exu.OutputVariableType.Velocity,
                                exu.OutputVariableType.AngularVelocity]]
    mbs.Assemble()
    settings.timeIntegration.numberOfSteps = int(round(tEnd / h))
    settings.timeIntegration.endTime = tEnd
    settings.solution.sensors.writePeriod = h
    return mbs, settings, sensors


def Run(exu, model):
    mbs, settings, sensors = Build(exu, model)
    mbs.SolveDynamic(settings)
    return [np.asarray(mbs.GetSensorStoredData(s)) for s in sensors]


def main():
    try:
        import exudyn
    except ImportError:
        exudyn = None
        print('exudyn is not installed: multidyn alone (pip install exudyn to compare)')
    print(f"{'model':26s} {'max |dp| [m]':>13s} {'max |dv| [m/s]':>15s} {'max |domega| [rad/s]':>21s}  final y: multidyn, exudyn")
    for model in ['bounce, impactModel 0', 'bounce, impactModel 1', 'bounce, impactModel 2', 'adhesive elasto-plastic',
                  'friction', 'hollow sphere', 'triangle', 'triangle, face only', 'spinning triangle']:
        ours = Run(multidyn, model)
        if exudyn is None:
            print(f'{model:26s} final y {ours[0][-1, 2]:.12g}')
            continue
        theirs = Run(exudyn, model)
        differences = [np.abs(a[:, 1:] - b[:, 1:]).max() for a, b in zip(ours, theirs)]
        print(f'{model:26s} {differences[0]:13.3e} {differences[1]:15.3e} {differences[2]:21.3e}  '
              f'{ours[0][-1, 2]:.12g}, {theirs[0][-1, 2]:.12g}')


if __name__ == '__main__':
    main()
