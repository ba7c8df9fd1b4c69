#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main example (the torsional oscillator).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
python3 examples/torsionalSpringDamperMiniExample.py
