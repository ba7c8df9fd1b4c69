#!/usr/bin/env bash
# Installs what is missing, builds multidyn into the project's virtual environment .venv (or the
# Python given as PYTHON=...), and runs the main example (the torsional oscillator).
set -euo pipefail
userDirectory=$PWD
cd "$(dirname "$0")/.."
source scripts/setup.sh
repository=$PWD
exampleDirectory=$(mktemp -d)  # the example writes its solution files into the working directory
trap 'rm -rf "$exampleDirectory"' EXIT
(cd "$exampleDirectory" && "$python" "$repository/examples/torsionalSpringDamperMiniExample.py")
