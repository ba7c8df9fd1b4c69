#!/usr/bin/env bash
# Builds and runs benchmarks/sparseLuVsKlu.cpp (multidyn's sparse LU against SuiteSparse's KLU; see
# there) with the libraries of the last build (bash scripts/run-example.sh) and Debian's libklu
# (libsuitesparse-dev, installed here if missing).   bash benchmarks/sparseLuVsKlu.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f /usr/include/suitesparse/klu.h ]; then
  apt-get install -y -qq libsuitesparse-dev >/dev/null
fi
build=build/python
binary=$(mktemp -d)/sparseLuVsKlu
g++ -O2 -std=c++17 -DNDEBUG -I. -I/usr/include/eigen3 -I/usr/include/suitesparse benchmarks/sparseLuVsKlu.cpp \
    "$build/libmultidyn_solvers.a" "$build/libmultidyn_core.a" -lklu -o "$binary"
"$binary"
rm -rf "$(dirname "$binary")"
