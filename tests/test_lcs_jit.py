"""rouge_lcs_jit's compiled kernel against lcs_length's Python blocks: equal lengths (==).

The kernel cuts the shorter side into blocks of 4,096 rows (64 words of 64 bits, in vectors of 8
words), so lengths are drawn around the boundaries of words, vectors and blocks, and small
vocabularies make the long carry ripples (through words of all ones) that cross them common.
"""

import random
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kurouge.engine import lcs as rouge_lcs
from kurouge.engine import lcs_jit as rouge_lcs_jit
from kurouge.engine.lcs import lcs_length
from kurouge.engine.lcs_jit import compiled_lcs_length

REPO = Path(__file__).resolve().parent.parent
BOUNDARIES = [1, 2, 63, 64, 65, 511, 512, 513, 4095, 4096, 4097, 8191, 8192, 8193, 12289]


def python_lcs_length(reference, prediction) -> int:
    """lcs_length without the compiled kernel."""
    with mock.patch.object(rouge_lcs, "COMPILED_CELLS", float("inf")):
        return lcs_length(reference, prediction)


@st.composite
def pairs(draw) -> tuple[list[int], list[int]]:
    """Token lists: one of up to 12,289 tokens, often at a boundary, the other of up to 300."""
    rows = draw(st.one_of(st.sampled_from(BOUNDARIES), st.integers(1, 12_289)))
    steps = draw(st.integers(1, 300))
    vocabulary = draw(st.sampled_from([1, 2, 3, 5, 40, 5000]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return [rng.randrange(vocabulary) for _ in range(rows)], [rng.randrange(vocabulary) for _ in range(steps)]


@settings(max_examples=80, deadline=None, derandomize=True)
@given(pair=pairs())
def test_the_kernel_equals_the_python_blocks(pair):
    rows, steps = pair
    assert compiled_lcs_length(rows, steps) == python_lcs_length(rows, steps)
    assert compiled_lcs_length(steps, rows) == python_lcs_length(steps, rows)


@pytest.mark.parametrize(
    ("rows", "steps"),
    [
        # A match in the lowest row, then carries rippling up through 9,000 rows of all ones.
        (["a"] + ["b"] * 9000, ["b"] * 10 + ["a"] + ["b"] * 5),
        (["b"] * 9000 + ["a"], ["a"] + ["b"] * 3),
        # Every row matches every step; nothing matches.
        (["a"] * 8192, ["a"] * 200),
        (["a"] * 4097, ["c"] * 50),
        # Alternations out of phase, across every block boundary.
        (["a", "b"] * 4500, ["b", "a"] * 150),
        (["a", "a", "b"] * 3000, ["b", "a", "a", "b"] * 70),
    ],
)
def test_the_kernel_on_carries_across_words_and_blocks(rows, steps):
    assert compiled_lcs_length(rows, steps) == python_lcs_length(rows, steps)


def test_lcs_length_runs_the_kernel_above_compiled_cells(monkeypatch):
    rng = random.Random(4)
    reference = [rng.randrange(30) for _ in range(5000)]
    prediction = [rng.randrange(30) for _ in range(300)]
    expected = python_lcs_length(reference, prediction)
    calls = []

    def spy(shorter, longer):
        calls.append((len(shorter), len(longer)))
        return compiled_lcs_length(shorter, longer)

    monkeypatch.setattr(rouge_lcs, "compiled_lcs_length", spy)
    assert lcs_length(reference, prediction) == expected
    assert calls == []
    monkeypatch.setattr(rouge_lcs, "COMPILED_CELLS", 1000)
    assert lcs_length(reference, prediction) == expected
    assert lcs_length(prediction, reference) == expected
    assert len(calls) == 2


def test_without_numba_lcs_length_stays_in_python(monkeypatch):
    rouge_lcs_jit._compiled.cache_clear()
    try:
        with mock.patch.dict(sys.modules, {"numba": None}):
            assert compiled_lcs_length([1, 2], [2]) is None
            monkeypatch.setattr(rouge_lcs, "COMPILED_CELLS", 0)
            assert lcs_length(list("abcab"), list("bacb")) == 3
    finally:
        rouge_lcs_jit._compiled.cache_clear()


def test_without_a_cache_directory_the_kernel_is_compiled_in_the_process(monkeypatch):
    from numba.core import caching

    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [])  # numba finds nowhere to write
    rouge_lcs_jit._compiled.cache_clear()
    try:
        assert compiled_lcs_length(list("abcab"), list("bacb")) == 3
    finally:
        rouge_lcs_jit._compiled.cache_clear()


def test_numba_is_imported_only_when_a_text_needs_the_kernel():
    code = (
        "import sys\n"
        "from kurouge.engine import lcs, lcs_jit\n"
        "assert lcs.lcs_length(list('abcab'), list('bacb')) == 3\n"
        "assert 'numba' not in sys.modules\n"
        "assert lcs_jit.compiled_lcs_length([1], [1]) == 1\n"
        "assert 'numba' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
