#!/usr/bin/env bash
# Builds benchmarks/threadTeamVsOpenMP.cpp (the worker team against OpenMP, see there) and runs it on
# 2 threads with 2 CPUs and with 1 CPU (taskset -c 0: both threads share a core), for a small and a
# larger amount of work per thread and phase.   bash benchmarks/threadTeamVsOpenMP.sh
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(mktemp -d)/threadTeamVsOpenMP
g++ -O2 -march=native -std=c++17 -fopenmp -I. -I/usr/include/eigen3 benchmarks/threadTeamVsOpenMP.cpp \
    core/evaluation/WorkerThreads.cpp -o "$binary" -lpthread
for work in 500 5000; do
  echo "== 2 CPUs"; "$binary" 2 "$work" 20000
  echo "== 1 CPU (taskset -c 0)"; taskset -c 0 "$binary" 2 "$work" 2000
done
rm -rf "$(dirname "$binary")"
