"""multidyn.processing on MPI ranks (mpi4py's MPIPoolExecutor): a parameter variation of a mass on a spring,
solved statically on the worker ranks, against the closed form m g / k. Needs MPI (Debian: openmpi-bin,
libopenmpi-dev) and mpi4py (pip); not part of the test run, which installs neither:

    mpiexec -n 3 .venv/bin/python -m mpi4py.futures scripts/checkProcessingWithMPI.py
    (as root, Open MPI also wants OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
"""
import numpy as np
from mpi4py.futures import MPIPoolExecutor
from multidyn.processing import ParameterVariation


def StaticDeflection(p):
    """a mass on a spring under gravity, solved statically: deflection m g / k"""
    import multidyn as exu
    from multidyn.itemInterface import Mass1D, Node1D, CoordinateSpringDamper, MarkerNodeCoordinate, LoadCoordinate
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(Node1D(referenceCoordinates=[0.]))
    mbs.AddObject(Mass1D(nodeNumber=n, physicsMass=2.))
    g = mbs.AddNode(exu.itemInterface.NodePointGround())
    mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    mn = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mg, mn], stiffness=p['k']))
    mbs.AddLoad(LoadCoordinate(markerNumber=mn, load=-2. * 9.81))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.solution.file.write = False
    mbs.SolveStatic(s)
    return float(mbs.GetNodeOutput(n, exu.OutputVariableType.Coordinates))


if __name__ == '__main__':
    with MPIPoolExecutor() as executor:
        parameters, values = ParameterVariation(StaticDeflection, {'k': (100., 500., 5)}, executor=executor,
                                                showProgress=False)
    expected = -2. * 9.81 / np.linspace(100., 500., 5)
    print('values', values, 'expected', expected)
    assert np.allclose(values, expected, rtol=1e-10)
    print('MPI study ok')
