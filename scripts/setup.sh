#!/usr/bin/env bash
# Installs what is missing (Debian packages, Python packages), then builds and installs
# multidyn with pip. Sourced by run-example.sh and run-tests.sh; MULTIDYN_BUILD_TESTS=1 also
# builds the GoogleTest executables in the same CMake tree (build/python).
set -euo pipefail
cd "$(dirname "$0")/.."

debianPackages="libeigen3-dev libsundials-dev nlohmann-json3-dev libgtest-dev ccache cmake ninja-build g++"
missing=""
for package in $debianPackages; do
  dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "== installing Debian packages:$missing"
  sudoCommand=""
  [ "$(id -u)" -ne 0 ] && sudoCommand="sudo"
  $sudoCommand apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudoCommand apt-get install -y -qq $missing >/dev/null
fi

python3 -m pip --version >/dev/null
pythonMissing=$(python3 - <<'PY'
import importlib.util
wanted = {"numpy": "numpy", "scipy": "scipy>=1.8", "pytest": "pytest", "matplotlib": "matplotlib",
          "pybind11": "pybind11>=2.11", "setuptools": "setuptools>=64", "wheel": "wheel", "hypothesis": "hypothesis>=6"}
print(" ".join(spec for module, spec in wanted.items() if importlib.util.find_spec(module) is None))
PY
)
if [ -n "$pythonMissing" ]; then
  echo "== installing Python packages: $pythonMissing"
  python3 -m pip install -q $pythonMissing
fi

# ccache: hits across clones in other folders
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
echo "== building and installing multidyn"
python3 -m pip install -q --no-build-isolation --no-deps .
