"""ROUGE-W's numpy weighted-LCS table against ROUGE-1.5.5's table filled cell by cell.

The reference below is the straightforward dynamic programme of ROUGE-1.5.5.pl's ``wlcs`` (one
table per sentence pair, one Python float per cell, the walk back by its tie rule), and the scoring
rouge_family.score_wlcs did with it before the tables moved to numpy. Scores must be equal (``==``,
not within a tolerance): the walk back compares floats, so a value off by one ulp could move the path.
"""

import random
import tracemalloc
from collections import Counter
from unittest.mock import patch

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kurouge import score
from kurouge.engine import family as rouge_family
from kurouge.engine.family import _column_groups, _mark_wlcs, _WlcsColumns, score_wlcs, wlcs_rows

WEIGHT = 1.2


def reference_table(reference, prediction, weight=WEIGHT):
    """ROUGE-1.5.5's weighted-LCS table of one sentence pair, cell by cell."""
    m, n = len(reference), len(prediction)
    value = [[0.0] * (n + 1) for _ in range(m + 1)]
    run = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if reference[i - 1] == prediction[j - 1]:
                k = run[i - 1][j - 1]
                value[i][j] = value[i - 1][j - 1] + (k + 1) ** weight - k**weight
                run[i][j] = k + 1
            elif value[i - 1][j] >= value[i][j - 1]:
                value[i][j] = value[i - 1][j]
            else:
                value[i][j] = value[i][j - 1]
    return value


def reference_marks(reference, prediction, weight=WEIGHT):
    """The reference positions ROUGE-1.5.5's weighted-LCS walk back takes diagonally."""
    value = reference_table(reference, prediction, weight)
    marks, i, j = set(), len(reference), len(prediction)
    while i and j:
        if reference[i - 1] == prediction[j - 1]:
            i, j = i - 1, j - 1
            marks.add(i)
        elif value[i - 1][j] >= value[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return marks


def reference_score(reference, prediction, weight=WEIGHT):
    """ROUGE-W (P, R, F) of sentence-split texts with ``reference_marks``, as rouge_family scored it."""
    if not any(reference) or not any(prediction):
        return 0.0, 0.0, 0.0
    ref_left = Counter(t for sentence in reference for t in sentence)
    pred_left = Counter(t for sentence in prediction for t in sentence)
    hit = base = 0.0
    for sentence in reference:
        base += len(sentence) ** weight
        marks = set().union(*(reference_marks(sentence, p, weight) for p in prediction))
        run = 0
        for i, token in enumerate(sentence):
            if i in marks and ref_left[token] > 0 and pred_left[token] > 0:
                run += 1
                if i + 1 not in marks or i + 1 == len(sentence):
                    hit += run**weight
                    run = 0
                ref_left[token] -= 1
                pred_left[token] -= 1
    precision = (hit / sum(map(len, prediction)) ** weight) ** (1 / weight)
    recall = (hit / base**weight) ** (1 / weight)
    f = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return precision, recall, f


def weights(longest):
    return np.array([k**WEIGHT for k in range(longest + 1)])


def marks(reference, prediction, table_cells):
    """The positions rouge_family marks in each reference sentence, tables capped at ``table_cells``."""
    longest = max(map(len, reference), default=0)
    with patch.object(rouge_family, "_TABLE_CELLS", table_cells):
        groups = _column_groups(prediction, longest)
    out = []
    for sentence in reference:
        mask = bytearray(len(sentence))
        for columns in groups:
            _mark_wlcs(sentence, columns, weights(longest), mask)
        out.append({i for i, bit in enumerate(mask) if bit})
    return out


# Few token kinds: repeats, long shared runs and many tied paths; sentences may be empty.
def sentence_lists(alphabet, longest):
    return st.lists(st.lists(st.sampled_from(alphabet), max_size=longest), max_size=4)


# 1 cell per table puts each predicted sentence in a table of its own; 60 groups a few short ones.
TABLE_CELLS = st.sampled_from([1, 60, 1 << 20])


def assert_tables_equal(reference, prediction):
    """Each predicted sentence's part of the side-by-side table is its cell-by-cell table, float for float."""
    columns = _WlcsColumns(prediction)
    start = np.zeros(len(columns.tokens), dtype=complex), np.zeros(len(columns.tokens), dtype=np.intp)
    rows = wlcs_rows(reference, columns, weights(len(reference)), *start)
    values = np.array([start[0].imag, *(row.imag for row, _ in rows)])
    for (first, last), sentence in zip(columns.spans, prediction, strict=True):
        assert np.array_equal(values[:, first - 1 : last + 1], reference_table(reference, sentence))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(reference=st.lists(st.sampled_from("abc"), max_size=60), prediction=sentence_lists("abcd", 40))
def test_tables_equal_the_cell_by_cell_tables(reference, prediction):
    assert_tables_equal(reference, prediction)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(reference=sentence_lists("ab", 12), prediction=sentence_lists("abc", 12), cells=TABLE_CELLS)
def test_marks_equal_the_cell_by_cell_table(reference, prediction, cells):
    expected = [set().union(*(reference_marks(s, p) for p in prediction)) for s in reference]
    assert marks(reference, prediction, cells) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(reference=sentence_lists("abcd", 15), prediction=sentence_lists("abcde", 15), cells=TABLE_CELLS)
def test_scores_equal_the_cell_by_cell_table(reference, prediction, cells):
    with patch.object(rouge_family, "_TABLE_CELLS", cells):
        assert score_wlcs(reference, prediction) == reference_score(reference, prediction)


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    reference=st.lists(st.sampled_from("abc"), min_size=100, max_size=300),
    prediction=st.lists(st.sampled_from("abc"), min_size=100, max_size=300),
    splits=st.lists(st.integers(0, 300), max_size=3),
)
def test_long_texts_equal_the_cell_by_cell_table(reference, prediction, splits):
    cuts = [0, *sorted(splits), len(prediction)]
    predicted = [prediction[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
    assert score_wlcs([reference], predicted) == reference_score([reference], predicted)
    assert score_wlcs([reference], [prediction]) == reference_score([reference], [prediction])


def test_a_long_character_level_pair_equals_the_cell_by_cell_table():
    # 800 characters over a Zipf-like alphabet with one copied and edited stretch: long runs.
    rng = random.Random(13)
    alphabet = "のにはをたがでてとし日本人年月大中国会社時東京都市"
    reference = rng.choices(alphabet, [1 / (r + 1) for r in range(len(alphabet))], k=800)
    prediction = reference[100:500] + rng.choices(alphabet, k=300) + reference[:50]
    prediction[50:60] = "ABCDEFGHIJ"
    assert_tables_equal(reference, [prediction, prediction[::-1]])
    assert marks([reference], [prediction], 1 << 20) == [reference_marks(reference, prediction)]
    assert score_wlcs([reference], [prediction]) == reference_score([reference], [prediction])


def test_empty_sides_score_zero():
    for reference, prediction in [([], [["a"]]), ([["a"]], []), ([[]], [["a"]]), ([["a"]], [[], []])]:
        assert score_wlcs(reference, prediction) == (0.0, 0.0, 0.0) == reference_score(reference, prediction)


def test_rouge_w_of_one_long_sentence_pair_takes_near_linear_memory():
    """8,000 tokens a side: the whole table took 1.6 GB (24 bytes a cell); the kept rows take some MB."""
    rng = random.Random(1)
    words = [f"w{i}" for i in range(3000)]
    reference, prediction = (" ".join(rng.choices(words, k=8000)) for _ in range(2))
    tracemalloc.start()
    try:
        score(["a b"], ["a b"], rouge_types=["rougeW"])
        tracemalloc.reset_peak()
        result = score([prediction], [reference], rouge_types=["rougeW"], use_aggregator=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2**20, f"{peak / 2**20:.0f} MB"
    tokens = [reference.split()], [prediction.split()]
    assert result["rougeW"] == [score_wlcs(*tokens)[2]]
