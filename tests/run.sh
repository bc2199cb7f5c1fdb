#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs lint and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
ruff check .
ruff format --check .
python3 -m pytest -q "$@"
