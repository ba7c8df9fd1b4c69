#!/usr/bin/env bash
# Checks the set-up as a new user meets it, in a temporary clone of this repository's committed
# state (HEAD), with PATH reduced to Debian's (/usr/bin:/bin) and so Debian's python3:
#   1. the README's example command creates .venv, builds, installs and runs the example;
#   2. after a one-file change (as after a pull) it rebuilds only what that file touches;
#   3. `pip install .` twice in a fresh virtual environment (with pip's build isolation; before the
#      second, the kept tree names a build program that is gone, as after an earlier isolated
#      build), and multidyn imports;
#   4. `pip wheel .`, that wheel installed into another fresh virtual environment, and the example
#      run with it after the clone's build tree is deleted.
# The compiler runs through ccache with paths relative to the clone, so the objects the main
# build made are reused; the line of step 1 says how many compilations were cache hits.
# Prints one line per step; on a failure the end of that step's log. Run by run-tests.sh in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
checkDirectory=$(mktemp -d)
trap 'rm -rf "$checkDirectory"' EXIT
clone=$checkDirectory/multidyn
git clone --quiet "$repository" "$clone"
debianPython=/usr/bin/python3
# the environment of a user with only Debian's tools (no PYTHON, no active virtual environment)
userEnvironment=(env -u PYTHON -u VIRTUAL_ENV -u PYTHONPATH -u PYTHONHOME -u MULTIDYN_BUILD_TESTS
                 -u MULTIDYN_BUILD_DIR -u MULTIDYN_CMAKE -u CCACHE_BASEDIR PATH=/usr/bin:/bin
                 CCACHE_STATSLOG="$checkDirectory/ccache-stats.log")

Step() {  # Step LOG DESCRIPTION COMMAND...: runs COMMAND, its output into LOG; one line with the time
  local log=$checkDirectory/$1 description=$2 start=$SECONDS
  shift 2
  if "$@" >"$log" 2>&1; then
    echo "set-up check: $description: ok ($((SECONDS - start)) s)"
  else
    echo "set-up check: $description: FAILED; the end of its output:"
    tail -n 40 "$log"
    exit 1
  fi
}

Expect() {  # Expect LOG TEXT WHAT: fails unless LOG contains the line part TEXT
  grep -qF -- "$2" "$checkDirectory/$1" || { echo "set-up check: $3: '$2' not in the output"; tail -n 20 "$checkDirectory/$1"; exit 1; }
}

InDirectory() {  # InDirectory DIRECTORY COMMAND...: runs COMMAND there, in the user's environment
  (cd "$1" && shift && "${userEnvironment[@]}" "$@")
}

ImportFrom() {  # ImportFrom PYTHON: multidyn imports in PYTHON, from PYTHON's environment (not the clone)
  InDirectory "$checkDirectory" "$1" -c 'import multidyn, sys
assert multidyn.__file__.startswith(sys.prefix), multidyn.__file__
print("multidyn from", multidyn.__file__)'
}

Step example1.log "bash scripts/run-example.sh with PATH=/usr/bin:/bin (creates .venv with $debianPython, builds)" \
  "${userEnvironment[@]}" bash "$clone/scripts/run-example.sh"
Expect example1.log "== multidyn is installed into the virtual environment" "run-example.sh"
Expect example1.log "rotation after 1 s" "run-example.sh"
[ "$("$clone/.venv/bin/python" -c 'import sys; print(sys.base_prefix)')" = /usr ] ||
  { echo "set-up check: .venv is not made from Debian's Python"; exit 1; }
hits=$("${userEnvironment[@]}" ccache --show-log-stats | grep -E '^ *Hits:' | head -n 1 | tr -s ' ' || true)
misses=$("${userEnvironment[@]}" ccache --show-log-stats | grep -E '^ *Misses:' | head -n 1 | tr -s ' ' || true)
echo "set-up check: ccache in the clone:${hits:- no hits line};${misses:- no misses line}"

touch "$clone/core/model/MainSystem.cpp"  # as after a pull that changed one file
Step example2.log "run-example.sh again after a one-file change" "${userEnvironment[@]}" bash "$clone/scripts/run-example.sh"
Expect example2.log "rotation after 1 s" "run-example.sh, second run"
rebuildSteps=$(grep -Eo '^ *\[[0-9]+/[0-9]+\] ' "$clone/build/install.log" | tail -n 1 | grep -Eo '/[0-9]+' | tr -d / || true)
rebuildSteps=${rebuildSteps:-0}
if [ "$rebuildSteps" -eq 0 ] || [ "$rebuildSteps" -gt 6 ]; then
  echo "set-up check: the rebuild after a one-file change took $rebuildSteps build steps, expected 1 to 6"
  exit 1
fi
echo "set-up check: incremental rebuild: $rebuildSteps build steps"

venvA=$checkDirectory/venvA
Step venvA.log "a fresh virtual environment" "${userEnvironment[@]}" "$debianPython" -m venv "$venvA"
Step pipInstall1.log "pip install . in it" InDirectory "$clone" "$venvA/bin/python" -m pip install -q .
Step importA1.log "import multidyn from it" ImportFrom "$venvA/bin/python"
# as a tree left by an earlier build whose build program lay in pip's deleted temporary environment
sed -i 's|^CMAKE_MAKE_PROGRAM:[A-Z]*=.*|CMAKE_MAKE_PROGRAM:FILEPATH=/tmp/pip-build-env-gone/overlay/bin/ninja|' \
  "$clone/build/python/CMakeCache.txt"
Step pipInstall2.log "pip install . again in it (the tree's build program gone)" \
  InDirectory "$clone" "$venvA/bin/python" -m pip install -v .
Expect pipInstall2.log "configuring $clone/build/python afresh: CMAKE_MAKE_PROGRAM" "pip install . again"
Step importA2.log "import multidyn from it" ImportFrom "$venvA/bin/python"

Step wheel.log "pip wheel ." InDirectory "$clone" "$venvA/bin/python" -m pip wheel -q --no-deps -w "$checkDirectory/wheels" .
wheel=$(ls "$checkDirectory"/wheels/multidyn-*.whl)
venvB=$checkDirectory/venvB
Step venvB.log "another fresh virtual environment" "${userEnvironment[@]}" "$debianPython" -m venv "$venvB"
Step wheelInstall.log "the wheel $(basename "$wheel") installed into it" "${userEnvironment[@]}" "$venvB/bin/python" -m pip install -q "$wheel"
rm -rf "$clone/build"
Step importB.log "import multidyn from it without the build tree" ImportFrom "$venvB/bin/python"
Step exampleB.log "the example with it" InDirectory "$checkDirectory" "$venvB/bin/python" "$clone/examples/torsionalSpringDamperMiniExample.py"
Expect exampleB.log "rotation after 1 s" "the example with the wheel"
