"""ROUGE-W, ROUGE-S and ROUGE-SU, computed as ROUGE-1.5.5.pl computes them.

Options -w 1.2, -2 <k> and -2 <k> -u; README "ROUGE-W, ROUGE-S and ROUGE-SU"
lists where that script departs from Lin (2004).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import pairwise

import numpy as np

from kurouge.engine.ngrams import ZERO, Score, clipped_hits, fmeasure

ROUGE_W_WEIGHT = 1.2
# A weighted-LCS table of one reference sentence covers as many predicted sentences as keep it
# within this many cells, or one predicted sentence (see _column_groups).
_TABLE_CELLS = 1 << 20
# The token of a barrier column (see _WlcsColumns): equal to no token.
_BARRIER = object()
ROUGE_S_RE = re.compile(r"rougeS(U?)([0-9*])")


def is_family_type(rouge_type: str) -> bool:
    """Whether ``rouge_type`` is rougeW, rougeS<k>, rougeSU<k> (k in 0..9) or rougeS* / rougeSU*."""
    return rouge_type == "rougeW" or ROUGE_S_RE.fullmatch(rouge_type) is not None


def score_family(
    rouge_type: str,
    reference: Sequence[str],
    prediction: Sequence[str],
    reference_sentences: Sequence[Sequence[str]],
    prediction_sentences: Sequence[Sequence[str]],
) -> Score:
    """Score one pair for a type accepted by ``is_family_type``.

    rougeW compares sentences, as rougeLsum does; the skip-bigram types take
    the whole texts' tokens, so their pairs run across sentence breaks.
    """
    if rouge_type == "rougeW":
        return score_wlcs(reference_sentences, prediction_sentences, ROUGE_W_WEIGHT)
    unigrams, skip = ROUGE_S_RE.fullmatch(rouge_type).groups()
    return score_skip_bigrams(reference, prediction, None if skip == "*" else int(skip), unigrams == "U")


def skip_bigram_counts(
    tokens: Sequence[str], max_skip: int | None, unigrams: bool
) -> Counter[tuple[str, ...]]:
    """Count the ordered token pairs with at most ``max_skip`` tokens between them (None: any).

    With ``unigrams`` every token but the last is also counted, as 1-tuples:
    ROUGE-1.5.5's ``-u`` adds a unigram in the same loop that starts each
    pair, and the last token starts none.

    >>> sorted(skip_bigram_counts("abcd", 1, True).items())  # doctest: +NORMALIZE_WHITESPACE
    [(('a',), 1), (('a', 'b'), 1), (('a', 'c'), 1), (('b',), 1), (('b', 'c'), 1), (('b', 'd'), 1),
     (('c',), 1), (('c', 'd'), 1)]
    """
    widest = len(tokens) - 1 if max_skip is None else max_skip + 1
    counts: Counter[tuple[str, ...]] = Counter()
    for distance in range(1, widest + 1):
        counts.update(zip(tokens, tokens[distance:], strict=False))
    if unigrams:
        counts.update(zip(tokens[:-1]))
    return counts


def score_counts(ref_counts: Counter[tuple[str, ...]], pred_counts: Counter[tuple[str, ...]]) -> Score:
    """Clipped matches of two multisets: P = hits / max(#pred, 1), R = hits / max(#ref, 1)."""
    hits = clipped_hits(ref_counts, pred_counts)
    precision = hits / max(sum(pred_counts.values()), 1)
    recall = hits / max(sum(ref_counts.values()), 1)
    return precision, recall, fmeasure(precision, recall)


def score_skip_bigrams(
    reference: Sequence[str], prediction: Sequence[str], max_skip: int | None, unigrams: bool
) -> Score:
    """ROUGE-S (``unigrams=False``) or ROUGE-SU with clipped skip-bigram counts.

    >>> score_skip_bigrams("police killed the gunman".split(), "police kill the gunman".split(), None, False)
    (0.5, 0.5, 0.5)
    """
    return score_counts(
        skip_bigram_counts(reference, max_skip, unigrams), skip_bigram_counts(prediction, max_skip, unigrams)
    )


class _WlcsColumns:
    """Predicted sentences side by side as the columns of one weighted-LCS table.

    Column 0 and the column before each sentence are barriers: they match no
    token, so they stay 0 in every row, as column 0 of a table of one
    sentence pair does, and the running maximum of a row restarts at each of
    them (see ``wlcs_rows``). ``tokens[j]`` is column j's token, ``spans``
    each sentence's first and last column, ``matches`` maps each token to its
    columns and those columns minus 1, and ``barriers`` counts the barriers up
    to each column.
    """

    def __init__(self, sentences: Sequence[Sequence[Hashable]]) -> None:
        self.tokens: list[Hashable] = [_BARRIER]
        self.spans: list[tuple[int, int]] = []
        for sentence in sentences:
            if self.spans:
                self.tokens.append(_BARRIER)
            self.spans.append((len(self.tokens), len(self.tokens) + len(sentence) - 1))
            self.tokens += sentence
        ids: dict[Hashable, int] = {_BARRIER: 0}
        codes = np.array([ids.setdefault(token, len(ids)) for token in self.tokens])
        self.barriers = np.cumsum(codes == 0, dtype=float)
        columns = np.argsort(codes, kind="stable")
        bounds = pairwise([0, *np.cumsum(np.bincount(codes)).tolist()])
        self.matches: dict[Hashable, tuple[np.ndarray, np.ndarray]] = {
            token: (columns[start:end], columns[start:end] - 1)
            for (token, k), (start, end) in zip(ids.items(), bounds, strict=True)
            if k
        }


def _column_groups(prediction: Sequence[Sequence[Hashable]], rows: int) -> list[_WlcsColumns]:
    """The predicted sentences in consecutive groups, each for a table of ``rows`` rows.

    Each sentence takes its tokens' columns and a barrier column; a group
    ends before the sentence that would take its table over ``_TABLE_CELLS``
    cells, and a sentence that does so alone is a group by itself.
    """
    groups: list[list[Sequence[Hashable]]] = []
    most, width = _TABLE_CELLS // max(rows, 1), 0
    for sentence in prediction:
        if not groups or width + len(sentence) + 1 > most:
            groups.append([])
            width = 0
        groups[-1].append(sentence)
        width += len(sentence) + 1
    return [_WlcsColumns(group) for group in groups]


def wlcs_rows(
    tokens: Sequence[Hashable], columns: _WlcsColumns, weights: np.ndarray, row: np.ndarray, runs: np.ndarray
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """The rows of ROUGE-1.5.5's weighted-LCS tables below ``row``, one per token of ``tokens``.

    In ROUGE-1.5.5's table of one sentence pair a match cell holds the value
    above-left plus f(k+1), minus f(k), in that order, k being the run of
    matches ending above-left (``weights[k]`` is f(k)); any other cell holds
    the larger of above and left. Here the tables of every sentence of
    ``columns`` are one table, whose columns are those of ``columns``, and a
    row is computed by numpy in one scan: from a match or a barrier to the
    next, a row is the running maximum of the row above, so each cell is the
    complex number (matches and barriers so far in the row) + 1j * value, and
    numpy's maximum of complex numbers compares the real parts first. The
    values are the floats of a cell-by-cell table: the same additions and
    subtractions in the same order, and maxima. ``runs`` holds k per cell;
    a row of zeros (complex and integer) starts a table.
    """
    rises = weights[1:]
    for token in tokens:
        above, above_runs = row.imag, runs
        row, runs = np.empty_like(row), np.zeros_like(runs)
        row.imag = above
        found = columns.matches.get(token)
        if found is None:
            row.real = columns.barriers
        else:
            at, before = found
            count = np.zeros(len(row))
            count[at] = 1
            row.real = np.cumsum(count, out=count) + columns.barriers
            run = above_runs.take(before)
            value = above.take(before)
            value += rises.take(run)
            value -= weights.take(run)
            row.imag[at] = value
            runs[at] = run + 1
        np.maximum.accumulate(row, out=row)
        yield row, runs


def _mark_wlcs(
    reference: Sequence[Hashable], columns: _WlcsColumns, weights: np.ndarray, mask: bytearray
) -> None:
    """Set ``mask[i]`` for the reference positions on ROUGE-1.5.5's weighted-LCS path to each sentence.

    The walk back from the corner of each sentence's table (``wlcs_rows``)
    takes the diagonal on equal tokens, else goes up when above >= left, else
    left, and stops at the table's first row or column. Memory stays near
    linear: the rows are computed once keeping every ``step``-th (step about
    the square root of the row count), then, from the last block up, each
    block's rows again from the kept row above it, for the walks to cross it.
    """
    rows, width = len(reference), len(columns.tokens)
    step = max(1, math.isqrt(rows))
    kept = {0: (np.zeros(width, dtype=complex), np.zeros(width, dtype=np.intp))}
    for i, (row, runs) in enumerate(wlcs_rows(reference, columns, weights, *kept[0]), 1):
        if i % step == 0 and i < rows:
            kept[i] = row, runs
    walks = [[rows, last, first] for first, last in columns.spans]
    for top in sorted(kept, reverse=True):
        block = [kept[top][0].imag]
        block += [row.imag for row, _ in wlcs_rows(reference[top : top + step], columns, weights, *kept[top])]
        for walk in walks:
            i, j, first = walk
            while i > top and j >= first:
                if reference[i - 1] == columns.tokens[j]:
                    i -= 1
                    j -= 1
                    mask[i] = 1
                elif block[i - 1 - top].item(j) >= block[i - top].item(j - 1):
                    i -= 1
                else:
                    j -= 1
            walk[0], walk[1] = i, j


def score_wlcs(
    reference: Sequence[Sequence[str]], prediction: Sequence[Sequence[str]], weight: float = ROUGE_W_WEIGHT
) -> Score:
    """ROUGE-W-``weight`` of sentence-split texts, as ROUGE-1.5.5.pl computes it.

    Each reference sentence is marked with its weighted-LCS path against
    every predicted sentence; the marked tokens still available in both texts'
    unigram counts are hits, and each run of consecutive hit positions in the
    reference sentence scores f(run) = run ** weight. With ``hit`` their sum,
    P = f^-1(hit / f(#pred tokens)) and R = f^-1(hit / f(sum of f(#tokens) per
    reference sentence)): ROUGE-1.5.5 weights the reference size twice, so an
    identical text has P = 1 and R < 1. An empty side scores 0.

    >>> [round(x, 5) for x in score_wlcs([["a", "b"]], [["a", "x", "b"]])]
    [0.66667, 0.87055, 0.75509]
    """
    if not any(reference) or not any(prediction):
        return ZERO
    longest = max(map(len, reference))
    weights = [k**weight for k in range(longest + 1)]
    weight_array = np.array(weights)
    groups = _column_groups(prediction, longest)
    ref_left = Counter(token for sentence in reference for token in sentence)
    pred_left = Counter(token for sentence in prediction for token in sentence)
    hit = base = 0.0
    for sentence in reference:
        base += weights[len(sentence)]
        mask = bytearray(len(sentence))
        for columns in groups:
            _mark_wlcs(sentence, columns, weight_array, mask)
        run = 0
        for i, token in enumerate(sentence):
            if mask[i] and ref_left[token] > 0 and pred_left[token] > 0:
                run += 1
                if i + 1 == len(sentence) or not mask[i + 1]:
                    hit += weights[run]
                    run = 0
                ref_left[token] -= 1
                pred_left[token] -= 1
    precision = (hit / sum(map(len, prediction)) ** weight) ** (1 / weight)
    recall = (hit / base**weight) ** (1 / weight)
    return precision, recall, fmeasure(precision, recall)
