#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs lint and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian packages: libxml-dom-perl for ROUGE-1.5.5.pl (the oracle of tests/test_rouge_family.py),
# chromium for tests/test_app_browser.py, fonts-noto-cjk so its screenshots show CJK text.
missing=()
for package in libxml-dom-perl chromium fonts-noto-cjk; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
        || { $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}"; }
fi
python3 -m pip install -q -r requirements-dev.txt
python3 -m pip install -q --no-deps -r requirements-lighteval.txt  # why --no-deps: see the file
ruff check .
ruff format --check .
python3 -m pytest -q "$@"
# The metric alone: requirements-metric.txt and pytest in a fresh virtualenv, where the optional
# backends are really missing, and the tests of tests/test_light_install.py. Only for the whole
# suite (no arguments); about 2 minutes with pip's cache.
if [ "$#" -eq 0 ]; then
    light="$(mktemp -d)"
    trap 'rm -rf "$light"' EXIT
    python3 -m venv "$light/venv"
    "$light/venv/bin/python" -m pip install -q -r requirements-metric.txt pytest
    KURENAI_ROUGE_LIGHT=1 "$light/venv/bin/python" -m pytest -q -p no:randomly tests/test_light_install.py
fi
