"""A persistent worker that runs fuzz case scripts: reads one JSON line {"script": ...} at a
time from stdin, runs the script in a fresh namespace inside a scratch directory, and answers
one JSON line {"problems": [...], "errors": [...]} on the protocol descriptor. Whatever the
case prints goes to /dev/null. A crash kills only this process; the runner restarts it."""
import json
import os
import sys
import tempfile
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
protocol = os.fdopen(os.dup(1), "w", buffering=1)
devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 1)
sys.stdout = open(os.devnull, "w")
sys.setrecursionlimit(2000)

import fuzzHelpers  # noqa: E402  (after the descriptors are set up)

os.chdir(tempfile.mkdtemp(prefix="multidynFuzz"))
protocol.write(json.dumps({"ready": True}) + "\n")
for line in sys.stdin:
    case = json.loads(line)
    fuzzHelpers.problems.clear()
    fuzzHelpers.errors.clear()
    namespace = {"__name__": "__fuzzcase__"}
    try:
        exec("from fuzzHelpers import *\n", namespace)
        exec(compile(case["script"], "<case>", "exec"), namespace)
    except BaseException as error:  # noqa: BLE001  (the case script itself must not raise)
        fuzzHelpers.problems.append(("script raised", "".join(traceback.format_exception(error))[-2000:]))
    protocol.write(json.dumps({"problems": fuzzHelpers.problems, "errors": fuzzHelpers.errors}) + "\n")
