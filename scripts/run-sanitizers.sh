#!/usr/bin/env bash
# Builds multidyn with AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize,
# RelWithDebInfo at -O1 with Eigen's assertions on, -fsanitize=address,undefined, any UB
# report fatal) and runs the GoogleTests,
# pytest and the testModels with the sanitized module. Python is not instrumented: libasan is
# preloaded and leak detection is off for the Python runs (the interpreter's own allocations
# at exit are not ours). Not part of CI: it takes long on 2 cores (see the duration it prints).
#   scripts/run-sanitizers.sh [pytest arguments]
# With --thread instead: ThreadSanitizer (build/tsan), the GoogleTests only (the residuals on
# several threads are tested there; Python is not instrumented), any report fatal.
#   scripts/run-sanitizers.sh --thread
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
if [ "${1:-}" = "--thread" ]; then
  build=build/tsan
  flags="-fsanitize=thread -fno-omit-frame-pointer"
  echo "== building with $flags in $build"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMULTIDYN_BUILD_TESTS=ON \
    -DMULTIDYN_BUILD_PYTHON=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" >/dev/null
  cmake --build "$build" --parallel 2
  echo "== GoogleTest (ctest) under ThreadSanitizer"
  TSAN_OPTIONS=halt_on_error=1 ctest --test-dir "$build" -j2 --output-on-failure
  echo "== thread sanitizer: clean ($(( $(date +%s) - start )) s)"
  exit 0
fi
build=build/sanitize
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
echo "== building with $flags in $build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMULTIDYN_BUILD_TESTS=ON \
  -DMULTIDYN_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$(command -v python3)" \
  -Dpybind11_DIR="$(python3 -c 'import pybind11; print(pybind11.get_cmake_dir())')" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
  -DCMAKE_MODULE_LINKER_FLAGS="$flags" >/dev/null
cmake --build "$build" --parallel 2

# The package from the sources with the sanitized module beside it.
package="$build/package/multidyn"
rm -rf "$build/package"
mkdir -p "$package"
for entry in pythonInterface/multidyn/*; do  # modules and subpackages (robotics/), not a copied module
  case "$entry" in *.so|*/__pycache__) ;; *) ln -s "$PWD/$entry" "$package/" ;; esac
done
ln -s "$PWD/$(ls "$build"/_multidyn*.so)" "$package/"

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
echo "== GoogleTest (ctest)"
ASAN_OPTIONS=detect_leaks=1 ctest --test-dir "$build" -j2 --output-on-failure

libasan=$(${CXX:-c++} -print-file-name=libasan.so)
libubsan=$(${CXX:-c++} -print-file-name=libubsan.so)
export PYTHONPATH="$PWD/$build/package${PYTHONPATH:+:$PYTHONPATH}"
export LD_PRELOAD="$libasan $libubsan"
export ASAN_OPTIONS=detect_leaks=0
export PYTHONMALLOC=malloc  # Python objects through malloc, so ASan sees their bounds
export MPLBACKEND=Agg
python3 -c "import multidyn, sys; assert '$build/package' in multidyn.__file__, multidyn.__file__" || {
  echo "the sanitized package is not the one imported"; exit 1; }
echo "== pytest (sanitized module)"
python3 -m pytest -q -p no:cacheprovider pythonInterface/tests "$@"
echo "== testModels (sanitized module)"
python3 testModels/runTestModels.py
echo "== sanitizers: clean ($(( $(date +%s) - start )) s)"
