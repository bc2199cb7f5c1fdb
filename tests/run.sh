#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs lint and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
# Debian's Chromium for tests/test_app_browser.py, and CJK fonts so its screenshots show the text.
if ! command -v chromium >/dev/null || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq chromium fonts-noto-cjk >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq chromium fonts-noto-cjk; }
fi
ruff check .
ruff format --check .
python3 -m pytest -q "$@"
