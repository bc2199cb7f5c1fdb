"""ROUGE-1.5.5.pl's Average and confidence interval: its bootstrap, with Perl's own random numbers.

``computeAverages`` draws ``-r`` resamples; resample i reseeds Perl's
generator with ``srand(i)`` and draws N documents (N the number of
documents), document ``int(rand(N))`` of the evaluations sorted as strings.
Perl's ``rand`` is drand48 (48-bit state, ``x = 0x5DEECE66D x + 0xB mod
2**48``, ``srand(s)`` sets ``x = s << 16 | 0x330E``, ``rand(N)`` is
``N * x / 2**48``). A resample's value is the mean of its documents' rounded
scores (added in the order drawn), or with ``-t 1`` the R, P and F of their
pooled counts. The printed Average is the mean of the sorted resample
values, the interval's ends are read from them at ``-c``, all rounded to 5
decimals.

>>> draws(3, 3000)[:3].T.tolist()  # resamples 0, 1, 2: Perl's srand(i); int(rand(3000)) x 3
[[512, 2249, 289], [124, 1363, 2504], [2737, 477, 1719]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kurouge.rouge155.jit import Kernel

MULTIPLIER = np.uint64(0x5DEECE66D)
INCREMENT = np.uint64(0xB)
MASK = np.uint64((1 << 48) - 1)


def _seed(resample: int) -> Any:
    """Perl's ``srand(resample)``: drand48's state."""
    return (np.uint64(resample) << np.uint64(16)) | np.uint64(0x330E)


def _pick(state: Any, documents: int) -> tuple[Any, int]:
    """One ``int(rand(documents))``: the next state and the document it picks."""
    state = (state * MULTIPLIER + INCREMENT) & MASK
    return state, int(float(state) * 2.0**-48 * documents)


def _draws(resamples: int, documents: int) -> Any:
    """The documents each resample draws, by draw (rows) and resample (columns)."""
    picks = np.empty((documents, resamples), np.int64)
    for resample in range(resamples):
        state = _seed(resample)
        for draw in range(documents):
            state, picks[draw, resample] = _pick(state, documents)
    return picks


def _resample_sums(values: Any, resamples: int) -> Any:
    """Each resample's sums of ``values`` (documents by columns), added in the order Perl draws them."""
    documents, columns = values.shape
    sums = np.zeros((resamples, columns))
    for resample in range(resamples):
        state = _seed(resample)
        for _ in range(documents):
            state, document = _pick(state, documents)
            for column in range(columns):
                sums[resample, column] += values[document, column]
    return sums


draws = Kernel(_draws, helpers=[_seed, _pick])
resample_sums = Kernel(_resample_sums, helpers=[_seed, _pick])


def pooled_scores(sums: np.ndarray, alpha: float) -> np.ndarray:
    """``-t 1``: R, P and F of pooled counts, columns (reference count, prediction count, hits) a measure."""
    references, predictions, hits = sums[:, 0::3], sums[:, 1::3], sums[:, 2::3]
    with np.errstate(divide="ignore", invalid="ignore"):
        recall = np.where(references > 0, hits / references, 0.0)
        precision = np.where(predictions > 0, hits / predictions, 0.0)
        weighted = (1 - alpha) * precision + alpha * recall
        fmeasure = np.where(weighted > 0, (recall * precision) / weighted, 0.0)
    scores = np.empty_like(sums)
    scores[:, 0::3], scores[:, 1::3], scores[:, 2::3] = recall, precision, fmeasure
    return scores


def rounded(value: float) -> float:
    """Perl's ``sprintf("%7.5f", value)`` read back as a number."""
    return float(format(value, ".5f"))


def average_and_interval(samples: np.ndarray, confidence: float) -> list[tuple[float, float, float]]:
    """Per column of resample values: (Average, low, high) as ROUGE-1.5.5 prints them."""
    resamples = len(samples)
    delta = resamples * ((100 - confidence) / 2.0) / 100.0
    upper = int(resamples - delta - 1)
    lower = int(delta)
    ratio = resamples - delta - 1 - upper
    ranked = np.sort(samples, axis=0)
    means = np.cumsum(ranked, axis=0)[-1] / resamples  # added in sorted order, one by one

    def at(index: int, column: int) -> float:
        return float(ranked[index, column]) if index < resamples else 0.0  # Perl: undef is 0

    return [
        (
            rounded(float(means[column])),
            rounded(at(lower, column) + (at(lower + 1, column) - at(lower, column)) * ratio),
            rounded(at(upper, column) + (at(upper + 1, column) - at(upper, column)) * ratio),
        )
        for column in range(samples.shape[1])
    ]
