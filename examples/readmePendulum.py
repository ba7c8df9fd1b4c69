"""The README's example: a pendulum (a mass point on a distance constraint) swinging under gravity,
its position plotted. With --figure FILE it saves the plot (docs/images/readmePendulum.png is made so).
Checks the energy (closed form: m g y + m v^2 / 2 stays zero) and prints the largest deviation."""
import sys

import numpy as np

# --- the README's ten lines (tests/interface/test_docs.py checks that the README shows these) ---
import multidyn as exu
from multidyn.itemInterface import SensorBody

SC = exu.SystemContainer(); mbs = SC.AddSystem()
ground = mbs.CreateGround()
bob = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=2, gravity=[0, -9.81, 0])
mbs.CreateDistanceConstraint(itemNumbers=[ground, bob])
sensor = mbs.AddSensor(SensorBody(bodyNumber=bob, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
mbs.Assemble()
settings = exu.SimulationSettings(); settings.timeIntegration.endTime = 4; settings.timeIntegration.numberOfSteps = 2000
mbs.SolveDynamic(settings)
mbs.PlotSensor(sensor, components=[0, 1])
# --- end of the README's lines ---

if "--figure" in sys.argv:
    import matplotlib.pyplot as plt
    figure = plt.gcf()
    figure.set_size_inches(6, 3)
    figure.tight_layout()
    figure.savefig(sys.argv[sys.argv.index("--figure") + 1], dpi=80)

data = mbs.GetSensorStoredData(sensor)  # time, x, y, z
velocity = np.gradient(data[:, 1:3], data[:, 0], axis=0)
energy = 2 * 9.81 * data[:, 2] + 0.5 * 2 * (velocity ** 2).sum(axis=1)  # starts at rest at y = 0
length = np.linalg.norm(data[:, 1:3], axis=1)
print(f"largest |energy| {abs(energy[1:-1]).max():.2e} J (of m g L = {2 * 9.81:.2f} J), "
      f"largest |length - 1| {abs(length - 1).max():.1e} m")
