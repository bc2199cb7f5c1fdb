"""ROUGE-1.5.5.pl's n-gram and skip-bigram matches of (prediction, reference) pairs, all at once.

``createNGram`` counts the n-grams of a text, ``createSkipBigram`` its pairs
of tokens at most d + 1 apart (any distance when d < 0) and, for ROUGE-SU,
the unigrams of every token but the last; ``ngramScore`` clips: a gram
matches as often as the smaller of its two counts. Here a gram is a number
(``ngram_keys``; a skip-bigram (a, b) is ``a * vocabulary + b``), and the
sorted numbers of the two texts are merged.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kurouge.rouge155.jit import Kernel


def ngram_keys(ids: np.ndarray, n: int, vocabulary: int) -> np.ndarray:
    """For each position, a number for the n tokens from there (equal numbers, equal tokens).

    Windows running past a text's end get numbers too; the kernels never read them.
    """
    keys = ids
    for k in range(1, n):
        if k > 1:  # number the windows of k tokens 0, 1, ... so that the next product fits
            keys = np.unique(keys, return_inverse=True)[1].reshape(-1)
        keys = keys[: max(0, len(ids) - k)] * vocabulary + ids[k:]
    return keys


def _matches(peer: Any, model: Any) -> int:
    """Clipped matches of two sorted lists: for each shared gram, the smaller of its two counts."""
    hits = 0
    i = j = 0
    while i < len(peer) and j < len(model):
        if peer[i] < model[j]:
            i += 1
        elif peer[i] > model[j]:
            j += 1
        else:
            key, peer_run, model_run = peer[i], 0, 0
            while i < len(peer) and peer[i] == key:
                i += 1
                peer_run += 1
            while j < len(model) and model[j] == key:
                j += 1
                model_run += 1
            hits += min(peer_run, model_run)
    return hits


def _window_hits(keys: Any, bounds: Any, pairs: Any, n: int) -> Any:
    """Clipped matches of the windows of n tokens of each pair's reference and prediction.

    ``bounds[t]`` is text t's (start, end) in ``keys``' positions, ``pairs[k]``
    (prediction, reference); returns hits, reference windows, prediction
    windows per pair.
    """
    result = np.zeros((len(pairs), 3), np.int64)
    for k in range(len(pairs)):
        peer_start, peer_end = bounds[pairs[k, 0], 0], bounds[pairs[k, 0], 1]
        model_start, model_end = bounds[pairs[k, 1], 0], bounds[pairs[k, 1], 1]
        peer = np.sort(keys[peer_start : max(peer_start, peer_end - n + 1)])
        model = np.sort(keys[model_start : max(model_start, model_end - n + 1)])
        result[k, 0], result[k, 1], result[k, 2] = _matches(peer, model), len(model), len(peer)
    return result


window_hits = Kernel(_window_hits, helpers=[_matches])


def _skip_bigram_hits(ids: Any, bounds: Any, pairs: Any, distance: int, vocabulary: int) -> Any:
    """Clipped matches of the skip-bigrams of each pair (``createSkipBigram`` without unigrams).

    Returns hits, reference skip-bigrams, prediction skip-bigrams per pair.
    """
    result = np.zeros((len(pairs), 3), np.int64)
    for k in range(len(pairs)):
        peer = _sorted_skip_bigrams(ids, bounds[pairs[k, 0], 0], bounds[pairs[k, 0], 1], distance, vocabulary)
        model = _sorted_skip_bigrams(
            ids, bounds[pairs[k, 1], 0], bounds[pairs[k, 1], 1], distance, vocabulary
        )
        result[k, 0], result[k, 1], result[k, 2] = _matches(peer, model), len(model), len(peer)
    return result


def _sorted_skip_bigrams(ids: Any, start: int, end: int, distance: int, vocabulary: int) -> Any:
    """The skip-bigrams of ``ids[start:end]`` as numbers, sorted."""
    length = end - start
    keys = np.empty(length * (length - 1) // 2 if distance < 0 else length * (distance + 1), np.int64)
    count = 0
    for i in range(start, end - 1):
        last = end - 1 if distance < 0 else min(end - 1, i + distance + 1)
        for j in range(i + 1, last + 1):
            keys[count] = ids[i] * vocabulary + ids[j]
            count += 1
    return np.sort(keys[:count])


skip_bigram_hits = Kernel(_skip_bigram_hits, helpers=[_sorted_skip_bigrams, _matches])
