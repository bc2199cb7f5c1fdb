"""ROUGE-1.5.5.pl's ROUGE-L and ROUGE-W hits of one reference: its ``lcs`` and ``wlcs``, step by step.

For each reference sentence, every prediction sentence's LCS table is
walked back from its last cell (``markLCS``: diagonal where the tokens are
equal, else up when the cell above is at least the cell to the left, else
left), marking the reference positions it passes; the union of these marks
is the sentence's hit mask. A marked token is a hit while the unigram counts
of both texts still hold it (each hit takes one from both). ROUGE-W weighs
its table's diagonal steps by ``weights[k + 1] - weights[k]`` (k the run of
matches so far) and counts a run of hits of length k as ``weights[k]``, the
run ending where the next position is unmarked or the sentence ends (a run
cut by a marked token that is no longer a hit goes on, as in the script).

Tokens are integer ids; ``lcs_hits`` runs over all pairs in one call,
compiled by numba (``rouge155.jit``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kurouge.rouge155.jit import Kernel


def _mark(model: Any, peer: Any, mask: Any, weights: Any, weighted: bool) -> None:
    """``lcs_inner`` / ``wlcs_inner`` and ``markLCS``: mark ``model``'s positions on the LCS path."""
    m, n = len(model), len(peer)
    score = np.zeros((m + 1, n + 1))
    run = np.zeros((m + 1, n + 1), np.int64)
    move = np.zeros((m + 1, n + 1), np.int8)  # 1 diagonal, 2 up, 3 left
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if model[i - 1] == peer[j - 1]:
                k = run[i - 1, j - 1]
                if weighted:
                    score[i, j] = score[i - 1, j - 1] + weights[k + 1] - weights[k]
                else:
                    score[i, j] = score[i - 1, j - 1] + 1
                run[i, j] = k + 1
                move[i, j] = 1
            elif score[i - 1, j] >= score[i, j - 1]:
                score[i, j] = score[i - 1, j]
                move[i, j] = 2
            else:
                score[i, j] = score[i, j - 1]
                move[i, j] = 3
    i, j = m, n
    while i != 0 and j != 0:
        if move[i, j] == 1:
            i -= 1
            j -= 1
            mask[i] = True
        elif move[i, j] == 2:
            i -= 1
        else:
            j -= 1


def _lcs_hits(
    ids: Any, starts: Any, texts: Any, gram_ids: Any, gram_bounds: Any, pairs: Any,
    weights: Any, weighted: bool, model_counts: Any, peer_counts: Any,
) -> Any:  # fmt: skip
    """Hits and reference count of ``lcs`` (``weighted`` False) or ``wlcs`` for each pair.

    ``ids``, ``starts`` and ``texts`` are the sentences as ``readText_LCS``
    reads them (``rouge155.text.Tokens``), ``gram_ids[gram_bounds[t, 0]:
    gram_bounds[t, 1]]`` text t as ``readText`` does (the unigram counts that
    clip the hits), ``pairs[k]`` (prediction, reference); ``weights[k]`` is
    ``k ** w``; ``model_counts`` and ``peer_counts`` are zeros, one per token
    id. The reference count is the sum of the sentence lengths (ROUGE-W: of
    their weights).
    """
    result = np.zeros((len(pairs), 2))
    for k in range(len(pairs)):
        peer, model = pairs[k, 0], pairs[k, 1]
        for i in range(gram_bounds[model, 0], gram_bounds[model, 1]):
            model_counts[gram_ids[i]] += 1
        for i in range(gram_bounds[peer, 0], gram_bounds[peer, 1]):
            peer_counts[gram_ids[i]] += 1
        hits = 0.0
        base = 0.0
        for s in range(texts[model], texts[model + 1]):
            sentence = ids[starts[s] : starts[s + 1]]
            length = len(sentence)
            base += weights[length] if weighted else length
            mask = np.zeros(length, np.bool_)
            if length > 0:
                for p in range(texts[peer], texts[peer + 1]):
                    _mark(sentence, ids[starts[p] : starts[p + 1]], mask, weights, weighted)
            run = 0
            for j in range(length):
                token = sentence[j]
                if mask[j] and model_counts[token] > 0 and peer_counts[token] > 0:
                    if weighted:
                        run += 1
                        if (j + 1 < length and not mask[j + 1]) or j + 1 == length:
                            hits += weights[run]
                            run = 0
                    else:
                        hits += 1
                    model_counts[token] -= 1
                    peer_counts[token] -= 1
        model_counts[gram_ids[gram_bounds[model, 0] : gram_bounds[model, 1]]] = 0
        peer_counts[gram_ids[gram_bounds[peer, 0] : gram_bounds[peer, 1]]] = 0
        result[k, 0], result[k, 1] = hits, base
    return result


lcs_hits = Kernel(_lcs_hits, helpers=[_mark])
