# Sourced (from the repository's root) by run-example.sh and run-tests.sh: installs what is
# missing (Debian packages, the virtual environment .venv, Python packages), builds multidyn and
# installs it with pip, then sets $python to the interpreter that has multidyn.
#
#   PYTHON=/path/to/python   use that Python and its environment (e.g. a virtual environment of
#                            your own) instead of the project's .venv
#   MULTIDYN_BUILD_TESTS=1   also build the GoogleTest executables (same CMake tree, build/python)
#
# The full output of the build is kept in build/install.log; the terminal shows the compiler's
# progress lines.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

AsRoot() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

InstallDebianPackages() {  # installs those of the given Debian packages that are missing
  local missing="" package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
  done
  [ -z "$missing" ] && return 0
  echo "== installing Debian packages:$missing"
  AsRoot apt-get update -qq
  AsRoot env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
}

IsDebianPython() {  # the Python $1 is Debian's own (installed under /usr by apt)
  [ "$("$1" -c 'import sys; print(sys.base_prefix)')" = /usr ] && [ -x /usr/bin/dpkg-query ]
}

InstallDebianPackages libeigen3-dev libsundials-dev nlohmann-json3-dev libgtest-dev ccache cmake ninja-build g++

if [ -n "${PYTHON:-}" ]; then
  case "$PYTHON" in  # a relative path is meant from the user's directory
    /*) ;;
    */*) PYTHON=${userDirectory:-$PWD}/$PYTHON ;;
  esac
  python=$(command -v "$PYTHON") || { echo "PYTHON=$PYTHON: no such Python" >&2; exit 1; }
  if "$python" -c 'import os, sys, sysconfig
sys.exit(0 if sys.prefix == sys.base_prefix and os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'; then
    echo "PYTHON=$PYTHON is managed by the system's package manager (PEP 668), pip cannot install into it: give" \
         "the python of a virtual environment (python3 -m venv myenv; PYTHON=myenv/bin/python), or leave PYTHON" \
         "unset to use the project's .venv" >&2
    exit 1
  fi
  installedWhere="for $python (PYTHON): run your scripts with $python my_script.py"
else
  basePython=$(command -v python3) || { InstallDebianPackages python3; basePython=/usr/bin/python3; }
  if ! .venv/bin/python -c '' 2>/dev/null; then  # missing, or its Python is gone
    rm -rf .venv
    echo "== creating the virtual environment .venv with $basePython"
    if ! "$basePython" -m venv .venv >/dev/null 2>&1; then
      rm -rf .venv
      if IsDebianPython "$basePython"; then
        InstallDebianPackages python3-venv
      fi
      "$basePython" -m venv .venv
    fi
  fi
  python=$PWD/.venv/bin/python
  venvShown=$PWD/.venv
  [ "${userDirectory:-}" = "$PWD" ] && venvShown=.venv
  installedWhere="into the virtual environment $venvShown: run your scripts with $venvShown/bin/python my_script.py, or after source $venvShown/bin/activate"
fi

if ! "$python" -c 'import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)'; then
  if IsDebianPython "$python"; then
    InstallDebianPackages python3-dev
  else
    echo "$python has no C headers (Python.h): install its development files" >&2
    exit 1
  fi
fi

"$python" -m pip --version >/dev/null 2>&1 || { echo "$python has no pip: python -m ensurepip, or use a virtual environment" >&2; exit 1; }
pythonMissing=$("$python" - <<'PY'
import importlib.util
wanted = {"numpy": "numpy", "scipy": "scipy>=1.8", "pytest": "pytest", "matplotlib": "matplotlib",
          "pybind11": "pybind11>=2.11", "setuptools": "setuptools>=64", "wheel": "wheel", "hypothesis": "hypothesis>=6",
          # parameter studies (multidyn.processing; the extra multidyn[studies])
          "tqdm": "tqdm", "pandas": "pandas", "optuna": "optuna>=3.2", "cmaes": "cmaes", "distributed": "dask[distributed]",
          "viser": "viser>=1.1.1,<1.2"}  # viser: the browser viewer (multidyn[viewer]); the version range tested
print(" ".join(spec for module, spec in wanted.items() if importlib.util.find_spec(module) is None))
PY
)
if [ -n "$pythonMissing" ]; then
  echo "== installing Python packages: $pythonMissing"
  "$python" -m pip install -q $pythonMissing
fi

# Debian's CMake (installed above), whatever else is on PATH: the same compile commands in every clone,
# so that ccache (paths relative to the clone) serves the objects another clone compiled.
export MULTIDYN_CMAKE=${MULTIDYN_CMAKE:-/usr/bin/cmake}
echo "== building multidyn (CMake tree build/python; full log in build/install.log)"
mkdir -p build
set +e
"$python" -m pip install -v --no-build-isolation --no-deps . 2>&1 | tee build/install.log |
  { grep --line-buffered -E '^ *(\[[0-9]+/[0-9]+\] |\[ *[0-9]+%\] |multidyn build: |ninja: no work to do)' | sed -u 's/^ *//' || true; }
installStatus=${PIPESTATUS[0]}
set -e
if [ "$installStatus" -ne 0 ]; then
  echo "== the build failed; the end of build/install.log:" >&2
  tail -n 60 build/install.log >&2
  exit "$installStatus"
fi
echo "== multidyn is installed $installedWhere"
