#!/usr/bin/env bash
# Compiles multidyn's SUNDIALS code against SUNDIALS 7 and runs the SUNDIALS C++ tests with it
# (not in CI: Debian 12 has SUNDIALS 6, which the normal build uses). Needs a finished build with
# C++ tests (MULTIDYN_BUILD_TESTS=1 bash scripts/run-example.sh): its test objects and libraries are
# reused, only the files that include SUNDIALS headers are compiled again.
#   SUNDIALS7_PREFIX  where SUNDIALS 7 is (or is to be) installed   (default /tmp/sundials7)
#   SUNDIALS7_SOURCE  a SUNDIALS 7 source tree to build it from when SUNDIALS7_PREFIX has none
#                     (default: a shallow clone of v7.5.0 from github.com/LLNL/sundials into /tmp)
# Builds only what multidyn uses: IDA, CVODE, serial vectors, dense matrix and solver.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
build=$repository/build/python
prefix=${SUNDIALS7_PREFIX:-/tmp/sundials7}
work=$(mktemp -d /tmp/multidyn-sundials7.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ ! -f "$prefix/include/sundials/sundials_config.h" ]; then
  source=${SUNDIALS7_SOURCE:-}
  if [ -z "$source" ]; then
    source=$work/sundials-src
    git clone --quiet --depth 1 --branch v7.5.0 https://github.com/LLNL/sundials "$source"
  fi
  cmake -S "$source" -B "$work/sundials-build" -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_ARKODE=OFF -DBUILD_CVODES=OFF -DBUILD_IDAS=OFF -DBUILD_KINSOL=OFF -DBUILD_CVODE=ON -DBUILD_IDA=ON \
    -DBUILD_STATIC_LIBS=OFF -DEXAMPLES_ENABLE_C=OFF -DEXAMPLES_ENABLE_CXX=OFF -DEXAMPLES_INSTALL=OFF \
    -DBUILD_TESTING=OFF > "$work/sundials-cmake.log"
  nice -n 5 cmake --build "$work/sundials-build" -j 2 --target install > "$work/sundials-build.log"
fi
version=$(sed -n 's/#define SUNDIALS_VERSION "\(.*\)"/\1/p' "$prefix/include/sundials/sundials_config.h")
case $version in 7.*) ;; *) echo "$prefix has SUNDIALS $version, not 7" >&2; exit 1 ;; esac
echo "== SUNDIALS $version in $prefix"

if [ ! -f "$build/libmultidyn_solvers.a" ] || [ ! -d "$build/CMakeFiles/multidyn_solvers_tests.dir" ]; then
  echo "no build with C++ tests in $build: run MULTIDYN_BUILD_TESTS=1 bash scripts/run-example.sh first" >&2
  exit 1
fi

# The sources whose objects include SUNDIALS headers (ninja's dependency records), compiled
# against SUNDIALS 7; their objects come before libmultidyn_solvers.a at the link, so its
# SUNDIALS-6 members of the same names are not taken.
sources=$(cd "$build" && ninja -t deps | awk '/^CMakeFiles\/multidyn_solvers\.dir\/.*\.o:/{o=$1}
  /\/(sundials|ida|cvode|nvector|sunlinsol|sunmatrix|sunnonlinsol)\/[a-z_]+\.h/{print o}' | sort -u |
  sed 's#^CMakeFiles/multidyn_solvers.dir/##; s#\.o:$##')
[ -n "$sources" ] || { echo "found no sources that include SUNDIALS headers" >&2; exit 1; }
objects=()
for source in $sources; do
  object=$work/$(echo "$source" | tr / _).o
  echo "   compiling $source"
  nice -n 5 c++ -std=gnu++17 -O2 -DNDEBUG -fPIE -I"$prefix/include" -I"$repository" -isystem /usr/include/eigen3 \
    -c "$repository/$source" -o "$object"
  objects+=("$object")
done
tests=$(ls "$build"/CMakeFiles/multidyn_solvers_tests.dir/solvers/test/*.o)
libraries="-L$prefix/lib -Wl,-rpath,$prefix/lib -lsundials_ida -lsundials_cvode -lsundials_nvecserial
  -lsundials_sunmatrixdense -lsundials_sunlinsoldense -lsundials_sunnonlinsolnewton -lsundials_sunnonlinsolfixedpoint
  -lsundials_core"
# shellcheck disable=SC2086
nice -n 5 c++ -O2 $tests "${objects[@]}" "$build/libmultidyn_objects.a" "$build/libmultidyn_solvers.a" \
  "$build/libmultidyn_centroidal.a" /usr/lib/x86_64-linux-gnu/libgtest_main.a "$build/libmultidyn_core.a" \
  $libraries /usr/lib/x86_64-linux-gnu/libgtest.a -lpthread -o "$work/multidyn_solvers_tests_sundials7"
if ldd "$work/multidyn_solvers_tests_sundials7" | grep -q "libsundials.*\.so\.6"; then
  echo "the test binary still links SUNDIALS 6" >&2
  exit 1
fi
ldd "$work/multidyn_solvers_tests_sundials7" | grep sundials_ida
"$work/multidyn_solvers_tests_sundials7" --gtest_filter='*Sundials*:*Pendulum*:*Analytic*' "$@"
