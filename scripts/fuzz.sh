#!/usr/bin/env bash
# The long fuzz of issue 10: (1) the Python API fuzzer (Hypothesis cases in a worker process
# that is restarted after a crash or hang; pythonInterface/fuzz), (2) the libFuzzer target of the
# C++ JSON loader under AddressSanitizer and UBSan (Debian's clang).
#   scripts/fuzz.sh [--cases N] [--seconds S] [--libfuzzer-seconds S]
# Defaults: 100000 Python cases (no time limit), 600 s of libFuzzer. Reports with one
# reproducing script per finding go to build/fuzz-report/. Exit status 1 if anything was found.
set -uo pipefail
cd "$(dirname "$0")/.."
cases=100000
seconds=inf
libfuzzerSeconds=600
while [ $# -gt 0 ]; do
  case "$1" in
    --cases) cases="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --libfuzzer-seconds) libfuzzerSeconds="$2"; shift 2 ;;
    *) echo "usage: $0 [--cases N] [--seconds S] [--libfuzzer-seconds S]"; exit 2 ;;
  esac
done
status=0
mkdir -p build/fuzz-report
export MPLBACKEND=Agg

echo "== Python API fuzz: $cases cases (time limit $seconds s)"
python3 pythonInterface/fuzz/fuzzRunner.py --cases "$cases" --seconds "$seconds" \
  --report build/fuzz-report/python.txt || status=1

echo "== libFuzzer: the C++ JSON loader, $libfuzzerSeconds s (clang, AddressSanitizer, UBSan)"
if ! command -v clang++ >/dev/null; then
  echo "clang++ not found: apt-get install clang libomp-14-dev"
  exit 1
fi
sanitize="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B build/libfuzzer -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DMULTIDYN_BUILD_PYTHON=OFF -DMULTIDYN_BUILD_TESTS=OFF -DMULTIDYN_BUILD_FUZZER=ON \
  -DCMAKE_CXX_FLAGS="$sanitize" >/dev/null || {
  echo "configuring with clang failed (SUNDIALS needs OpenMP for clang: apt-get install libomp-14-dev)"; exit 1; }
cmake --build build/libfuzzer --target multidyn_loadjson_fuzzer -j2 || exit 1
# Seeds (valid files) and a dictionary of every item type and parameter name, from the field tables.
mkdir -p build/libfuzzer/corpus build/libfuzzer/seeds
python3 - <<'PYTHON'
import json, sys
sys.path.insert(0, "pythonInterface/fuzz")
import multidyn as exu
from fuzzCases import _ValidFile
valid = _ValidFile()
valid.pop("simulationSettings")
open("build/libfuzzer/seeds/valid.json", "w").write(json.dumps(valid))
words = {"multidyn.system", "format", "version", "nodes", "objects", "markers", "loads", "sensors"}
for info in exu._multidyn.ItemTypes():
    words |= {info["typeKey"], info["typeName"]} | {f["key"] for f in info["fields"]}
for i, info in enumerate(exu._multidyn.ItemTypes()):
    item = {info["typeKey"]: info["typeName"]}
    one = {"format": "multidyn.system", ["nodes", "objects", "markers", "loads", "sensors"][info["category"]]: [item]}
    open(f"build/libfuzzer/seeds/item{i}.json", "w").write(json.dumps(one))
with open("build/libfuzzer/items.dict", "w") as d:
    for word in sorted(words):
        d.write(json.dumps(json.dumps(word)) + "\n")
PYTHON
UBSAN_OPTIONS=print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  build/libfuzzer/multidyn_loadjson_fuzzer -max_total_time="$libfuzzerSeconds" -max_len=8192 -timeout=10 \
  -rss_limit_mb=1024 -dict=build/libfuzzer/items.dict -artifact_prefix=build/fuzz-report/ -print_final_stats=1 \
  build/libfuzzer/corpus build/libfuzzer/seeds 2>&1 | tee build/fuzz-report/libfuzzer.txt | grep -E "^#|ERROR|SUMMARY|stat::" | tail -15
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
echo "== fuzz: $([ $status -eq 0 ] && echo 'nothing found' || echo 'FINDINGS: see build/fuzz-report/')"
exit $status
