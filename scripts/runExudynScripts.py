#!/usr/bin/env python3
"""Runs Exudyn's own test scripts on multidyn and compares their results with Exudyn's stored
reference values (a developer tool; nothing of Exudyn's is copied into this repository).

Given a local copy of Exudyn's repository (a bare git directory, e.g. the one the `fetch` tool
returns, or a work tree), it extracts main/pythonDev/TestModels into a temporary directory,
replaces `exudyn` by `multidyn` in the import lines of the scripts there (nothing else), and runs
each mini example (TestModels/MiniExamples, the list in miniExamplesFileList.py), each test model
and each performance test named in runTestSuiteRefSol.py, in a subprocess of its own, as Exudyn's
runTestSuite.py does (useGraphics=False, performTests=True, the result in
exudynTestGlobals.testResult). It prints one row per script: pass (relative difference to the
reference <= 1e-7), differs (a different result where multidyn fixes an Exudyn defect on purpose,
documentedDifferences below), fail (a result, but a different one), error (an exception: its first line), or
timeout.

    python scripts/runExudynScripts.py /path/to/EXUDYN[.git] [--timeout 300] [--only NAME ...]
        [--skip-test-models] [--markdown]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

relativeTolerance = 1e-7
testModelsPath = 'main/pythonDev/TestModels'

# Scripts whose references carry an Exudyn defect that multidyn fixes on purpose (documented where named;
# each cause was shown by running the script with both packages). A different result of these is
# 'differs', counted apart from 'fail'; an equal one still passes.
documentedDifferences = {
    'rollingCoinTest.py': 'docs/solvers/GeneralizedAlpha.md, Initial accelerations: Exudyn leaves dg_v/dq q_t of '
                          'velocity constraints out, its contact forces alternate from step to step',
    'createRollingDiscTest.py': 'docs/solvers/GeneralizedAlpha.md, Initial accelerations: Exudyn leaves dg_v/dq q_t of '
                                'velocity constraints out (inconsistent initial accelerations)',
    'taskmanagerTest.py': 'docs/solvers/GeneralizedAlpha.md, ODE1 coordinates: Exudyn starts the trapezoidal rule with '
                          'rate 0, multidyn with f(y0) (the whole difference is in the ODE1 cases)',
}

# runs in the subprocess: Exudyn's runTestSuite.py protocol, result as one JSON line
driver = r'''
import json, sys, os, traceback
sys.path.insert(0, os.getcwd())
import modelUnitTests
from modelUnitTests import exudynTestGlobals
exudynTestGlobals.useGraphics = False
exudynTestGlobals.performTests = True
exudynTestGlobals.isPerformanceTest = %(isPerformance)r
exudynTestGlobals.testResult = None


def RunScript(fileName, testGlobals=exudynTestGlobals, json=json, traceback=traceback):
    # the script runs in the namespace of __main__, as runTestSuite.py runs it (exec(..., globals())), so that
    # pickle finds the functions it defines; the names used here are locals the script cannot rebind
    report = {}
    try:
        code = compile(open(fileName, encoding='utf8').read(), fileName, 'exec')
        namespace = sys.modules['__main__'].__dict__
        namespace['__file__'] = fileName
        exec(code, namespace)
        result = testGlobals.testResult
        if result is not None and getattr(result, 'size', 1) == 1 and hasattr(result, 'reshape'):
            result = result.reshape(-1)[0]  # a one-coordinate output (Exudyn's suite subtracts it as an array)
        report['result'] = None if result is None else float(result)
    except BaseException as error:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == fileName]
        where = ' (line %%d: %%s)' %% (frames[-1].lineno, (frames[-1].line or '').strip()) if frames else ''
        report['error'] = (type(error).__name__ + ': ' + str(error).strip().split('\n')[0])[:300] + where
        report['errorType'] = type(error).__name__
    print('RUNEXUDYNSCRIPTS ' + json.dumps(report), flush=True)


RunScript(%(fileName)r)
'''


def ExtractTestModels(source, target):
    """copies TestModels of a bare git dir or a work tree into target"""
    if os.path.isdir(os.path.join(source, testModelsPath)):
        shutil.copytree(os.path.join(source, testModelsPath), os.path.join(target, 'TestModels'))
        return
    archive = subprocess.run(['git', '--git-dir', source, 'archive', 'HEAD', testModelsPath], check=True,
                             capture_output=True).stdout
    subprocess.run(['tar', '-x', '-C', target], input=archive, check=True)
    shutil.move(os.path.join(target, testModelsPath), os.path.join(target, 'TestModels'))


importLine = re.compile(r'^\s*(import|from)\s+exudyn\b')


def ReplaceImports(directory):
    """exudyn -> multidyn in import lines only (import exudyn..., from exudyn... import ...)"""
    for root, _, files in os.walk(directory):
        for name in files:
            if not name.endswith('.py'):
                continue
            path = os.path.join(root, name)
            with open(path, encoding='utf8', errors='replace') as file:
                lines = file.readlines()
            changed = [re.sub(r'\bexudyn\b', 'multidyn', line) if importLine.match(line) else line for line in lines]
            with open(path, 'w', encoding='utf8') as file:
                file.writelines(changed)


def ReferenceSolutions(testModels):
    """the three dicts of runTestSuiteRefSol.py, read in a subprocess (with multidyn imported as exudyn's stand-in)"""
    code = ('import json, sys; sys.path.insert(0, %r); import runTestSuiteRefSol as r; '
            'print(json.dumps([r.MiniExamplesReferenceSolution(), r.TestExamplesReferenceSolution(), '
            'r.PerformanceTestsReferenceSolution()]))' % testModels)
    output = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, cwd=testModels)
    if output.returncode != 0:
        raise RuntimeError('reading runTestSuiteRefSol.py failed:\n' + output.stderr)
    return json.loads(output.stdout.strip().splitlines()[-1])


def RunOne(directory, fileName, isPerformance, timeout):
    start = time.time()
    try:
        process = subprocess.run([sys.executable, '-c', driver % {'fileName': fileName, 'isPerformance': isPerformance}],
                                 cwd=directory, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {'error': f'timeout after {timeout} s', 'errorType': 'Timeout'}, time.time() - start
    for line in reversed(process.stdout.splitlines()):
        if line.startswith('RUNEXUDYNSCRIPTS '):
            return json.loads(line[len('RUNEXUDYNSCRIPTS '):]), time.time() - start
    lastLine = (process.stderr.strip().splitlines() or ['(no output)'])[-1]
    return {'error': f'crashed (exit code {process.returncode}): {lastLine}', 'errorType': 'Crash'}, time.time() - start


def Classify(report, reference, scriptName):
    if 'error' in report:
        return 'error'
    if report.get('result') is None:
        return 'error'
    difference = abs(report['result'] - reference)
    if difference <= relativeTolerance * max(abs(reference), 1e-300) or difference == 0.:
        return 'pass'
    return 'differs' if scriptName in documentedDifferences else 'fail'


def Why(report, reference, scriptName):
    """a short reason: missing item, missing API, numerical difference, ..."""
    if 'error' not in report:
        if report.get('result') is None:
            return 'no testResult set'
        difference = abs(report['result'] - reference)
        why = f"numerical difference: relative {difference / max(abs(reference), 1e-300):.2e}"
        if scriptName in documentedDifferences:
            why += '; documented: ' + documentedDifferences[scriptName]
        return why
    text = report['error']
    missing = re.search(r'(\w+) is an Exudyn item that multidyn does not have yet', text)
    if missing:
        return 'missing item ' + missing.group(1)
    if report['errorType'] in ('AttributeError', 'ImportError', 'ModuleNotFoundError', 'NameError', 'TypeError'):
        return 'missing API: ' + text
    if report['errorType'] == 'NotImplementedError':
        return 'not implemented: ' + text
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('exudyn', help="Exudyn's repository: a bare git dir or a work tree")
    parser.add_argument('--timeout', type=float, default=300., help='seconds per script')
    parser.add_argument('--only', nargs='*', help='run only these scripts (file names)')
    parser.add_argument('--skip-test-models', action='store_true', help='only mini examples and performance tests')
    parser.add_argument('--markdown', action='store_true', help='print the table in Markdown')
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix='runExudynScripts')
    try:
        ExtractTestModels(arguments.exudyn, work)
        testModels = os.path.join(work, 'TestModels')
        ReplaceImports(testModels)
        os.makedirs(os.path.join(testModels, 'solution'), exist_ok=True)  # scripts write there; git keeps no empty folder
        miniReference, testReference, performanceReference = ReferenceSolutions(testModels)
        jobs = [('mini', os.path.join('MiniExamples', name), reference) for name, reference in miniReference.items()]
        jobs += [('perf', name, reference) for name, reference in performanceReference.items()]
        if not arguments.skip_test_models:
            jobs += [('test', name, reference) for name, reference in testReference.items()]
        if arguments.only:
            jobs = [job for job in jobs if os.path.basename(job[1]) in arguments.only]
        rows, counts = [], {'pass': 0, 'differs': 0, 'fail': 0, 'error': 0}
        for kind, fileName, reference in jobs:
            if not os.path.isfile(os.path.join(testModels, fileName)):
                report, seconds = {'error': 'script not found in TestModels', 'errorType': 'Missing'}, 0.
            else:
                report, seconds = RunOne(testModels, fileName, kind == 'perf', arguments.timeout)
            scriptName = os.path.basename(fileName)
            status = Classify(report, reference, scriptName)
            counts[status] += 1
            result = report.get('result')
            rows.append((kind, os.path.basename(fileName), status, '' if result is None else f'{result:.12g}',
                         f'{reference:.12g}', f'{seconds:.1f}', '' if status == 'pass' else Why(report, reference, scriptName)))
            print(f'{status:7s} {kind:4s} {os.path.basename(fileName)}', file=sys.stderr, flush=True)
        header = ('kind', 'script', 'status', 'result', 'reference', 'time [s]', 'why')
        if arguments.markdown:
            print('| ' + ' | '.join(header) + ' |')
            print('|' + '---|' * len(header))
            for row in rows:
                print('| ' + ' | '.join(cell.replace('|', '/') for cell in row) + ' |')
        else:
            widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header) - 1)]
            for row in [header] + rows:
                print('  '.join(str(c).ljust(w) for c, w in zip(row[:-1], widths)) + '  ' + row[-1])
        print(f"\n{counts['pass']} pass, {counts['differs']} differ (documented fixes of Exudyn defects), "
              f"{counts['fail']} fail, {counts['error']} error of {len(rows)} scripts (relative tolerance {relativeTolerance})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
