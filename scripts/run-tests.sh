#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: GoogleTest (ctest), pytest, the
# testModels against their stored references, and the examples.
set -euo pipefail
cd "$(dirname "$0")/.."
MULTIDYN_BUILD_TESTS=1 bash scripts/setup.sh
export MPLBACKEND=Agg
echo "== GoogleTest (ctest)"
ctest --test-dir build/python --output-on-failure -j2
echo "== testModels"
python3 testModels/runTestModels.py
echo "== examples"
for example in examples/*.py; do
  (cd "$(mktemp -d)" && python3 "$OLDPWD/$example" >/dev/null) || { echo "example $example failed"; exit 1; }
done
echo "== pytest"
python3 -m pytest -q pythonInterface/tests
echo "== fuzz (bounded; the long run is scripts/fuzz.sh)"
MULTIDYN_FUZZ_CASES=${MULTIDYN_FUZZ_CASES:-2000} python3 -m pytest -q -p no:cacheprovider pythonInterface/fuzz
