#!/usr/bin/env bash
# Checks the C++ formatting against .clang-format (Debian's clang-format, installed if missing).
#   bash scripts/check-format.sh            # the C++ files changed since main (committed or not)
#   bash scripts/check-format.sh BASE       # ... since the commit BASE (e.g. origin/main)
#   bash scripts/check-format.sh --all      # every tracked C++ file
#   bash scripts/check-format.sh --fix ...  # rewrites those files instead of checking them
# Prints the files that differ with clang-format's first complaints; exits 1 if any differs.
# run-tests.sh (so CI) checks every file (--all).
set -euo pipefail
cd "$(dirname "$0")/.."

fix=0
if [ "${1:-}" = --fix ]; then fix=1; shift; fi
if ! command -v clang-format >/dev/null; then
  echo "== installing Debian's clang-format"
  if [ "$(id -u)" -eq 0 ]; then asRoot=(); else asRoot=(sudo); fi
  "${asRoot[@]}" apt-get update -qq
  "${asRoot[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-format >/dev/null
fi

if [ "${1:-}" = --all ]; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  base=${1:-main}
  mapfile -t files < <({ git diff --name-only --diff-filter=ACMR "$(git merge-base "$base" HEAD)" -- '*.cpp' '*.h'
                         git ls-files --others --exclude-standard -- '*.cpp' '*.h'; } | sort -u)
fi
if [ "${#files[@]}" -eq 0 ]; then
  echo "== format: no C++ files to check"
  exit 0
fi
if [ "$fix" = 1 ]; then
  clang-format --style=file -i "${files[@]}"
  echo "== format: ${#files[@]} C++ files formatted"
  exit 0
fi
differing=0
for file in "${files[@]}"; do
  if ! clang-format --style=file --dry-run --Werror "$file" >/dev/null 2>&1; then
    differing=$((differing + 1))
    echo "$file:"
    clang-format --style=file --dry-run "$file" 2>&1 | grep -E '^[^ ].*(warning|error):' | head -n 3 || true
  fi
done
if [ "$differing" -gt 0 ]; then
  echo "== format: $differing of ${#files[@]} C++ files differ from .clang-format (bash scripts/check-format.sh --fix reformats them)"
  exit 1
fi
echo "== format: ${#files[@]} C++ files as .clang-format wants them"
