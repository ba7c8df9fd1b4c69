"""What Exudyn's scripts read of the running time integration as mbs.sys['dynamicSolver'].it
(e.g. a post-Newton function that scales its recommended step size by the current one)."""


class SolverIterationData:
    """Live view of the step being computed: currentTime [s] (the step's end time, as Exudyn's
    it.currentTime) and currentStepSize [s]; after a solve, those of its last step."""

    def __init__(self, mbs):
        self._mbs = mbs

    @property
    def currentTime(self):
        return self._mbs._CurrentSolverStep()[0]

    @property
    def currentStepSize(self):
        return self._mbs._CurrentSolverStep()[1]

    def __repr__(self):
        return f"SolverIterationData(currentTime={self.currentTime!r}, currentStepSize={self.currentStepSize!r})"
