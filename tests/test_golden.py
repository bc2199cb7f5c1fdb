"""Every number main gave before the code became the kurouge package, given again (``==``).

tests/golden/numbers.json was written by tests/golden/make_numbers.py on main 292a828 (see its docstring):
compute() over an option grid (every tokenizer, languages, stemming, sentence splitting, multi-reference
modes, detail, bootstrap, both engines, ROUGE-W/S/SU), per example and aggregated, rouge155= flag sets
and compare(). The same script runs here on today's metric.
"""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(HERE))

from make_numbers import make  # noqa: E402


@pytest.fixture(scope="module")
def today(metric_dir):
    return make(str(metric_dir))


@pytest.fixture(scope="module")
def golden():
    return json.loads((HERE / "numbers.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("part", ["compute", "rouge155", "compare"])
def test_every_number_is_what_it_was(today, golden, part):
    made = json.loads(json.dumps(today[part], ensure_ascii=False, sort_keys=True))
    assert len(made) == len(golden[part])
    for row, expected in zip(made, golden[part], strict=True):
        assert row == expected
