"""Runs fuzz cases (fuzzCases.py) in a persistent worker process (fuzzWorker.py) so that a crash
or a hang is caught from outside: the worker is restarted after a crash (signal, abort) or when
it does not answer within the timeout (a hang).

Two modes:
  * failing (pytest, test_fuzz.py): the first failing case fails the test; Hypothesis shrinks
    it and the assertion shows the smallest reproducing script;
  * report (scripts/fuzz.sh, `python fuzzRunner.py --cases N --seconds S`): every case runs,
    failures are collected (one reproducer per distinct problem) and the figures printed.
"""
import argparse
import collections
import json
import os
import re
import selectors
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORKER = os.path.join(HERE, "fuzzWorker.py")


class Outcome:
    def __init__(self, kind, problems=(), errors=(), detail=""):
        self.kind = kind  # "ok", "problems", "crash", "hang"
        self.problems = list(problems)
        self.errors = list(errors)
        self.detail = detail

    @property
    def failed(self):
        return self.kind != "ok"

    def Describe(self):
        if self.kind == "crash":
            return f"CRASH of the worker: {self.detail}"
        if self.kind == "hang":
            return f"HANG: no answer within {self.detail}"
        return "\n".join(f"{kind}: {text}" for kind, text in self.problems)


class Worker:
    """One persistent worker process; restarted after a crash or a hang."""

    def __init__(self, timeout=20., recycleAfter=400):
        self.timeout = timeout
        self.recycleAfter = recycleAfter
        self.process = None
        self.casesRun = 0

    def _Start(self):
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen([sys.executable, WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr, text=True, env=dict(os.environ, MPLBACKEND="Agg"))
        self.casesRun = 0
        answer = self._Read(120.)
        if answer is None or not answer.get("ready"):
            raise RuntimeError("the fuzz worker did not start: " + self._StderrTail())

    def _Read(self, timeout):
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def _StderrTail(self):
        self.stderr.seek(0)
        return self.stderr.read()[-3000:].decode(errors="replace")

    def Stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def Run(self, script):
        if self.process is None or self.casesRun >= self.recycleAfter:
            self.Stop()
            self._Start()
        self.casesRun += 1
        try:
            self.process.stdin.write(json.dumps({"script": script}) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass
        answer = self._Read(self.timeout)
        if answer is None:
            returnCode = self.process.poll()
            if returnCode is None:  # alive but silent: a hang
                self.Stop()
                return Outcome("hang", detail=f"{self.timeout:g} s")
            detail = f"exit code {returnCode}" + (f" (signal {-returnCode})" if returnCode < 0 else "")
            tail = self._StderrTail()
            self.Stop()
            return Outcome("crash", detail=detail + "\n" + tail)
        if answer["problems"]:
            return Outcome("problems", answer["problems"], answer["errors"])
        return Outcome("ok", errors=answer["errors"])


def Reproducer(script):
    """The case as a standalone script."""
    return ("import sys\n"
            f"sys.path.insert(0, {HERE!r})\n"
            "from fuzzHelpers import *\n\n"
            f"{script}\n\n"
            "print('problems:', problems)\n")


def Signature(problem):
    """Problems that differ only in numbers, quoted names or file names count as one."""
    kind, text = problem
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"-?\d[\d.e+-]*", "#", text)
    return kind + ": " + text[:160]


def RunReport(cases, seconds, timeout, reportPath):
    from hypothesis import HealthCheck, given, settings

    from fuzzCases import CASE_KINDS
    worker = Worker(timeout=timeout)
    counts = collections.Counter()
    errorTypes = collections.Counter()
    findings = {}
    start = time.monotonic()
    done = 0
    chunk = 250

    def Record(script):
        nonlocal done
        outcome = worker.Run(script)
        done += 1
        counts[outcome.kind] += 1
        counts["cases"] += 1
        for errorType, _ in outcome.errors:
            errorTypes[errorType] += 1
        problems = outcome.problems if outcome.kind == "problems" else [(outcome.kind, outcome.detail)]
        if outcome.failed:
            for problem in problems:
                counts["problem:" + problem[0]] += 1
                key = Signature(problem)
                if key not in findings or len(script) < len(findings[key][1]):
                    findings[key] = (problem, script)

    def Write():
        """The figures and one reproducer per finding (rewritten after every chunk, so that an
        interrupted run still leaves its report)."""
        elapsed = time.monotonic() - start
        lines = [f"cases: {counts['cases']} in {elapsed:.0f} s ({counts['cases'] / max(elapsed, 1e-9):.1f} cases/s)",
                 f"crashes: {counts['crash']}", f"hangs: {counts['hang']}",
                 f"cases with problems: {counts['problems']}", f"generator errors: {counts['generator errors']}"]
        for key in sorted(k for k in counts if k.startswith("problem:")):
            lines.append(f"  {key[8:]}: {counts[key]}")
        lines.append(f"rejected calls (errors raised to the script): {sum(errorTypes.values())}")
        for errorType, count in errorTypes.most_common():
            lines.append(f"  {errorType}: {count}")
        lines.append(f"distinct findings: {len(findings)}")
        text = "\n".join(lines)
        with open(reportPath, "w") as report:
            report.write(text + "\n\n")
            for key, (problem, script) in sorted(findings.items()):
                report.write(f"==== {key}\n{problem[0]}: {problem[1]}\n---- reproducer\n{Reproducer(script)}\n")
        return text

    while done < cases and time.monotonic() - start < seconds:
        for _kind, strategy in CASE_KINDS.items():
            n = min(chunk, cases - done)
            if n <= 0 or time.monotonic() - start >= seconds:
                break

            @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck),
                      phases=["generate"])
            @given(strategy)
            def Generate(script):
                if time.monotonic() - start < seconds:
                    Record(script)
            try:
                Generate()
            except Exception as error:  # noqa: BLE001  (a generation problem is reported, the run goes on)
                counts["generator errors"] += 1
                findings.setdefault("generator: " + type(error).__name__, (("generator", str(error)[:2000]), ""))
            Write()
            print(f"[{time.monotonic() - start:7.0f} s] {done} cases: crashes {counts['crash']}, hangs "
                  f"{counts['hang']}, cases with problems {counts['problems']}", flush=True)
    worker.Stop()
    text = Write()
    print(text)
    print(f"report with one reproducer per finding: {reportPath}")
    return counts["crash"] + counts["hang"] + counts["problems"] + counts["generator errors"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=100000)
    parser.add_argument("--seconds", type=float, default=float("inf"))
    parser.add_argument("--timeout", type=float, default=20.)
    parser.add_argument("--report", default="fuzzReport.txt")
    arguments = parser.parse_args()
    sys.path.insert(0, HERE)
    failures = RunReport(arguments.cases, arguments.seconds, arguments.timeout, os.path.abspath(arguments.report))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
