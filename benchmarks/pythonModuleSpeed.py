"""Cost of a control module written in Python (multidyn.modules.PythonModule): a PD servo on a
hinge (RigidBody2D of inertia 0.5 on a RevoluteJoint2D), torque -kp (q - target) - kd q_t, once as
the C++ ActuatorPosition (the same law: gain kp on the control, bias -kp q - kv q_t) and once as
a PythonModule driving an ActuatorMotor. Generalized-alpha, h = 1 ms, no solution file. Prints
the best of 3 runs in microseconds per step, the UpdateState calls per step and the difference of
the final angles (the same law: equal to Newton's tolerance).

    python3 benchmarks/pythonModuleSpeed.py [--steps N] [--runs R]
"""
import argparse
import time

from sideBySide import BestOf, QuietSettings, ScratchDirectory

import multidyn as exu
from multidyn import modules
from multidyn.itemInterface import (ActuatorMotor, ActuatorPosition, MarkerBodyPosition, ObjectGround,
                                    RevoluteJoint2D, Rigid2D, RigidBody2D)

KP, KD, TARGET, INERTIA = 8., 0.4, 0.1, 0.5  # damping ratio 0.1: still moving after 5 s


class PDServo(modules.PythonModule):
    inputMessages = {"angleInMsg": modules.JointStateMessage, "rateInMsg": modules.JointStateDotMessage}
    outputMessages = ["torqueOutMsg"]
    parameters = {"kp": 0., "kd": 0., "target": 0.}
    calls = 0

    def UpdateState(self, t):
        PDServo.calls += 1
        self.torqueOutMsg.write(-self.kp * (self.angleInMsg.read() - self.target) - self.kd * self.rateInMsg.read())


def TimeOnce(python, steps):
    """Seconds in mbs.SolveDynamic, (final angle, UpdateState calls)."""
    mbs = exu.SystemContainer().AddSystem()
    node = mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, 0, 0.3]))
    body = mbs.AddObject(RigidBody2D(nodeNumber=node, physicsMass=3., physicsInertia=INERTIA))
    ground = mbs.AddObject(ObjectGround())
    joint = mbs.AddObject(RevoluteJoint2D(markerNumbers=[mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)),
                                                         mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))]))
    if python:
        servo = PDServo()
        servo.kp, servo.kd, servo.target = KP, KD, TARGET
        servo.angleInMsg.subscribeTo(modules.JointStateMessage(mbs, joint))
        servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(mbs, joint))
        servo.torqueOutMsg.linkTo(mbs.AddObject(ActuatorMotor(jointNumber=joint)))
        mbs.AddModule(servo)
    else:
        mbs.AddObject(ActuatorPosition(jointNumber=joint, kp=KP, kv=KD, control=TARGET))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = steps * 1e-3
    PDServo.calls = 0
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    return seconds, (mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)[2], PDServo.calls)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    with ScratchDirectory():
        cpp, (angleCpp, _) = BestOf(arguments.runs, TimeOnce, False, arguments.steps)
        python, (anglePython, calls) = BestOf(arguments.runs, TimeOnce, True, arguments.steps)
    perStep = lambda seconds: 1e6 * seconds / arguments.steps  # noqa: E731
    print(f"{arguments.steps} steps of 1 ms, best of {arguments.runs}")
    print(f"  C++ ActuatorPosition:     {perStep(cpp):8.2f} us/step")
    print(f"  PythonModule PD servo:    {perStep(python):8.2f} us/step ({python / cpp:.1f} x), "
          f"{calls / arguments.steps:.2f} UpdateState calls per step")
    print(f"  final angles differ by {abs(angleCpp - anglePython):.2e} rad ({anglePython:.9f} rad)")


if __name__ == "__main__":
    main()
