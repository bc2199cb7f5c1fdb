"""ROUGE-W, ROUGE-S and ROUGE-SU, computed as ROUGE-1.5.5.pl computes them.

Options -w 1.2, -2 <k> and -2 <k> -u; README "ROUGE-W, ROUGE-S and ROUGE-SU"
lists where that script departs from Lin (2004).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence

import numpy as np

if __package__:
    from .rouge_ngrams import ZERO, Score, clipped_hits, fmeasure
else:
    from rouge_ngrams import ZERO, Score, clipped_hits, fmeasure

ROUGE_W_WEIGHT = 1.2
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


def _match_arrays(at: list[int], length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A token's 1-based positions ``at`` in a sentence, ``at - 1``, and per j how many are <= j."""
    at = np.array(at)
    counts = np.zeros(length + 1)
    counts[at] = 1
    return at, at - 1, np.cumsum(counts)


def _mark_wlcs(
    reference: Sequence[Hashable],
    prediction: Sequence[Hashable],
    positions: dict[Hashable, np.ndarray],
    weights: np.ndarray,
    mask: bytearray,
) -> None:
    """Set ``mask[i]`` for the reference positions on ROUGE-1.5.5's weighted-LCS path.

    ``positions`` maps each prediction token to its 1-based positions;
    ``weights[k]`` is f(k). A match cell holds the value above-left plus
    f(k+1) - f(k), added and subtracted in that order, k being the run of
    matches ending above-left; any other cell the larger of above and left.
    The walk back takes the diagonal on equal tokens, else goes up when
    above >= left, else left.

    A row is computed by numpy in one scan: between two matches a row is a
    running maximum of the row above that restarts at each match, so each
    cell is the complex number (matches so far in its row) + 1j * value,
    and numpy's maximum of complex numbers compares the real parts first.
    The values are the same floats as a cell-by-cell table's: the same
    additions and subtractions in the same order, and maxima.
    """
    table = np.zeros((len(reference) + 1, len(prediction) + 1), dtype=complex)
    values, segments = table.imag, table.real
    runs = np.zeros(table.shape, dtype=np.intp)
    rises = weights[1:]
    for i, token in enumerate(reference, 1):
        values[i] = values[i - 1]
        found = positions.get(token)
        if found is not None:
            at, before, counts = found
            segments[i] = counts
            run = runs[i - 1].take(before)
            runs[i, at] = run + 1
            values[i, at] = values[i - 1].take(before) + rises.take(run) - weights.take(run)
        np.maximum.accumulate(table[i], out=table[i])
    i, j = len(reference), len(prediction)
    while i and j:
        if reference[i - 1] == prediction[j - 1]:
            i -= 1
            j -= 1
            mask[i] = 1
        elif values.item(i - 1, j) >= values.item(i, j - 1):
            i -= 1
        else:
            j -= 1


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
    weights = [k**weight for k in range(max(map(len, reference)) + 1)]
    weight_array = np.array(weights)
    ref_left = Counter(token for sentence in reference for token in sentence)
    pred_left = Counter(token for sentence in prediction for token in sentence)
    pred_positions = []
    for sentence in prediction:
        positions: dict[str, list[int]] = {}
        for j, token in enumerate(sentence, 1):
            positions.setdefault(token, []).append(j)
        pred_positions.append({token: _match_arrays(at, len(sentence)) for token, at in positions.items()})
    hit = base = 0.0
    for sentence in reference:
        base += weights[len(sentence)]
        mask = bytearray(len(sentence))
        for pred_sentence, positions in zip(prediction, pred_positions, strict=True):
            _mark_wlcs(sentence, pred_sentence, positions, weight_array, mask)
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
