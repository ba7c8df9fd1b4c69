"""The bounded fuzz of CI (issue 10): MULTIDYN_FUZZ_CASES cases (default 400) spread over the four
case kinds, each run in a persistent worker process so that a crash or hang is caught. The
first failing case fails the test after Hypothesis has shrunk it; the message is the smallest
reproducing script. The long run is scripts/fuzz.sh."""
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzzCases import CASE_KINDS  # noqa: E402
from fuzzRunner import Reproducer, Worker  # noqa: E402

CASES = int(os.environ.get("MULTIDYN_FUZZ_CASES", "400"))


@pytest.fixture(scope="module")
def worker():
    w = Worker(timeout=float(os.environ.get("MULTIDYN_FUZZ_TIMEOUT", "20")))
    yield w
    w.Stop()


@pytest.mark.parametrize("kind", list(CASE_KINDS))
def test_fuzz(kind, worker):
    @settings(max_examples=max(CASES // len(CASE_KINDS), 1), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(CASE_KINDS[kind])
    def Case(script):
        outcome = worker.Run(script)
        if outcome.failed:
            raise AssertionError(f"{outcome.Describe()}\n---- reproducer ----\n{Reproducer(script)}")
    Case()


def test_judgeMessageTellsJsonNullFromANameNull():
    """The long run's two findings were items named 'null': the name is shown in quotes."""
    import fuzzHelpers
    fuzzHelpers.problems.clear()
    fuzzHelpers.JudgeMessage(ValueError("load 0 (LoadTorqueVector 'null'): parameter 'markerNumber': a valid "
                                        "marker index is required, got -1 (none)"), names=['markerNumber'])
    assert fuzzHelpers.problems == []
    fuzzHelpers.JudgeMessage(ValueError("parameter 'stiffness': expected a number, got null"), names=['stiffness'])
    assert [kind for kind, _ in fuzzHelpers.problems] == ['unhelpful']
    fuzzHelpers.problems.clear()
