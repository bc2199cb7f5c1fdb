#!/usr/bin/env bash
# Installs everything the tests need into a fresh virtualenv, then runs lint and the test suite; with no
# arguments, then the package alone (its wheel, no extras) in a second fresh virtualenv.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
# Debian packages: libxml-dom-perl for ROUGE-1.5.5.pl (the oracle of tests/test_rouge_family.py),
# chromium for tests/test_app_browser.py, and fonts so that its screenshots show CJK and Thai text and
# the title's emoji (fonts-noto-cjk, fonts-thai-tlwg, fonts-noto-color-emoji).
missing=()
for package in libxml-dom-perl chromium fonts-noto-cjk fonts-thai-tlwg fonts-noto-color-emoji; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
        || { $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}"; }
fi
# A fresh virtualenv each run, so that a package this machine happens to have hides no install step.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
export PATH="$work/venv/bin:$PATH" VIRTUAL_ENV="$work/venv"
python -m pip install -q --upgrade pip
python -m pip install -q -e ".[all,space,cluster]" -r requirements-dev.txt
python -m pip install -q --no-deps -r requirements-lighteval.txt -r requirements-peers.txt  # why --no-deps: see the files
ruff check .
ruff format --check .
python -m pytest -q "$@"
# The package alone: its wheel without extras in another fresh virtualenv, the tests of
# tests/test_light_install.py run from an empty folder, so that only the installed package can be
# imported. Only for the whole suite (no arguments).
if [ "$#" -eq 0 ]; then
    python -m pip wheel -q --no-deps --no-build-isolation -w "$work/dist" .
    python3 -m venv "$work/light"
    "$work/light/bin/python" -m pip install -q --upgrade pip
    "$work/light/bin/python" -m pip install -q "$work"/dist/kurenai_rouge-*.whl pytest
    mkdir "$work/empty"
    cd "$work/empty"
    PATH="$work/light/bin:$PATH" KURENAI_ROUGE_LIGHT=1 "$work/light/bin/python" -m pytest -q \
        -c "$repo/pytest.ini" --rootdir "$repo" "$repo/tests/test_light_install.py"
fi
