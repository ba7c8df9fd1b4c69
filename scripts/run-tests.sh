#!/usr/bin/env bash
# Installs what is missing, builds multidyn (with its GoogleTest executables) into the project's
# virtual environment .venv (or the Python given as PYTHON=...), and runs every test: GoogleTest
# (ctest), pytest, the testModels against their stored references, and the examples (one line
# each: its name and its result), after the lint of the Python code (ruff). In CI (CI=true) or with
# MULTIDYN_TEST_SETUP=1 it also checks the set-up itself in a temporary clone (scripts/test-setup.sh). Ends with one summary line;
# exits 1 if anything failed. Temporary files go to a folder that is removed at the end.
set -euo pipefail
userDirectory=$PWD
cd "$(dirname "$0")/.."
export MULTIDYN_BUILD_TESTS=1
source scripts/setup.sh
repository=$PWD
export MPLBACKEND=Agg
workDirectory=$(mktemp -d)
trap 'rm -rf "$workDirectory"' EXIT
summary=""
anyFailed=0

Count() {  # the number in front of the word $1 in the line $2 (0 if absent)
  local found
  found=$(grep -Eo "[0-9]+ $1" <<<"$2" | tail -n 1 | cut -d' ' -f1 || true)
  echo "${found:-0}"
}

Report() {  # Report SUITE PASSED FAILED [NOTE]: adds "SUITE n passed[ (NOTE)][, m FAILED]" to the summary
  local entry="$1 $2 passed"
  [ -n "${4:-}" ] && entry="$entry ($4)"
  if [ "$3" != 0 ]; then entry="$entry, $3 FAILED"; anyFailed=1; fi
  summary="${summary:+$summary, }$entry"
}

echo "== lint (ruff check; its rules in pyproject.toml)"
# ruff is a test tool, installed into the environment here (not by setup.sh: run-example.sh needs none)
"$python" -m ruff --version >/dev/null 2>&1 || "$python" -m pip install -q "ruff>=0.5"
lintStatus=0
"$python" -m ruff check --no-cache pythonInterface examples benchmarks scripts testModels docs || lintStatus=$?
if [ "$lintStatus" -eq 0 ]; then
  summary="lint clean"
else
  summary="lint FAILED"
  anyFailed=1
fi

echo "== layers (scripts/check-layers.py: each folder includes only the layers below it)"
if "$python" scripts/check-layers.py; then
  summary="$summary, layers clean"
else
  summary="$summary, layers FAILED"
  anyFailed=1
fi

echo "== format (scripts/check-format.sh --all: every C++ file as .clang-format wants it)"
if bash scripts/check-format.sh --all >"$workDirectory/format.log" 2>&1; then
  summary="$summary, format clean"
else
  cat "$workDirectory/format.log"
  summary="$summary, format FAILED"
  anyFailed=1
fi

echo "== GoogleTest (ctest)"
ctestStatus=0
ctest --test-dir build/python --output-on-failure -j2 >"$workDirectory/ctest.log" 2>&1 || ctestStatus=$?
ctestLine=$(grep -E '% tests passed' "$workDirectory/ctest.log" || true)  # "100% tests passed, 0 tests failed out of 85"
ctestTotal=$(grep -Eo '[0-9]+$' <<<"$ctestLine" || echo 0)
ctestFailed=$(Count "tests failed" "$ctestLine")
if [ "$ctestStatus" -ne 0 ] || [ "$ctestTotal" -eq 0 ]; then
  cat "$workDirectory/ctest.log"
  [ "$ctestFailed" -eq 0 ] && ctestFailed=1  # ctest failed before running tests
else
  echo "$ctestLine"
fi
ctestPassed=$((ctestTotal - ctestFailed))
Report ctest $((ctestPassed > 0 ? ctestPassed : 0)) "$ctestFailed"

# The viewer's browser tests (pythonInterface/tests/viewer) drive Debian's Chromium through Playwright
# (its Python package only: the system browser is used, nothing else is downloaded); ConvertImages2Video's
# test encodes the recorded images with Debian's ffmpeg.
InstallDebianPackages chromium ffmpeg
"$python" -c 'import playwright' 2>/dev/null || "$python" -m pip install -q "playwright>=1.40"

echo "== pytest"
set +e
"$python" -m pytest -q -p no:cacheprovider pythonInterface/tests 2>&1 | tee "$workDirectory/pytest.log"
pytestStatus=${PIPESTATUS[0]}
set -e
pytestLine=$(tail -n 1 "$workDirectory/pytest.log")
pytestFailed=$(( $(Count failed "$pytestLine") + $(Count error "$pytestLine") + $(Count errors "$pytestLine") ))
[ "$pytestStatus" -ne 0 ] && [ "$pytestFailed" -eq 0 ] && pytestFailed=1
pytestSkipped=$(Count skipped "$pytestLine")
Report pytest "$(Count passed "$pytestLine")" "$pytestFailed" "$([ "$pytestSkipped" -gt 0 ] && echo "$pytestSkipped skipped" || true)"

echo "== fuzz (bounded; the long run is scripts/fuzz.sh)"
set +e
MULTIDYN_FUZZ_CASES=${MULTIDYN_FUZZ_CASES:-2000} "$python" -m pytest -q -p no:cacheprovider pythonInterface/fuzz 2>&1 |
  tee "$workDirectory/fuzz.log"
fuzzStatus=${PIPESTATUS[0]}
set -e
fuzzLine=$(tail -n 1 "$workDirectory/fuzz.log")
fuzzFailed=$(( $(Count failed "$fuzzLine") + $(Count error "$fuzzLine") + $(Count errors "$fuzzLine") ))
[ "$fuzzStatus" -ne 0 ] && [ "$fuzzFailed" -eq 0 ] && fuzzFailed=1
Report fuzz "$(Count passed "$fuzzLine")" "$fuzzFailed"

echo "== testModels"
testModelsStatus=0
"$python" testModels/runTestModels.py >"$workDirectory/testModels.log" 2>&1 || testModelsStatus=$?
testModelsLine=$(tail -n 1 "$workDirectory/testModels.log")
testModelsFailed=$(Count failed "$testModelsLine")
if [ "$testModelsStatus" -ne 0 ]; then
  cat "$workDirectory/testModels.log"
  [ "$testModelsFailed" -eq 0 ] && testModelsFailed=1
else
  echo "$testModelsLine"
fi
Report testModels "$(Count passed "$testModelsLine")" "$testModelsFailed"

echo "== examples"
examplesPassed=0
examplesFailed=0
for example in examples/*.py; do
  name=$(basename "$example" .py)
  mkdir "$workDirectory/$name"  # the example's working directory: the files it writes go there
  if (cd "$workDirectory/$name" && "$python" "$repository/$example") >"$workDirectory/$name.log" 2>&1; then
    echo "$name: $(tail -n 1 "$workDirectory/$name.log")"
    examplesPassed=$((examplesPassed + 1))
  else
    cat "$workDirectory/$name.log"
    echo "$name: FAILED"
    examplesFailed=$((examplesFailed + 1))
  fi
done
Report examples "$examplesPassed" "$examplesFailed"

if [ "${CI:-}" = true ] || [ "${MULTIDYN_TEST_SETUP:-0}" = 1 ]; then
  echo "== set-up check (scripts/test-setup.sh)"
  if bash scripts/test-setup.sh; then
    summary="$summary, set-up check passed"
  else
    summary="$summary, set-up check FAILED"
    anyFailed=1
  fi
fi

if [ "$anyFailed" -eq 0 ]; then
  echo "== all passed: $summary"
else
  echo "== FAILED: $summary"
  exit 1
fi
