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


def _next_row(token: Any, peer: Any, score: Any, run: Any, weights: Any, weighted: bool) -> None:
    """Turn ``score`` and ``run``, a row of the table, into the next row, whose model token is ``token``."""
    diagonal_score, diagonal_run = 0.0, 0
    for j in range(1, len(peer) + 1):
        up_score, up_run = score[j], run[j]
        if token == peer[j - 1]:
            if weighted:
                score[j] = diagonal_score + weights[diagonal_run + 1] - weights[diagonal_run]
            else:
                score[j] = diagonal_score + 1
            run[j] = diagonal_run + 1
        else:
            if up_score < score[j - 1]:
                score[j] = score[j - 1]
            run[j] = 0
        diagonal_score, diagonal_run = up_score, up_run


def _mark(model: Any, peer: Any, mask: Any, weights: Any, weighted: bool) -> None:
    """``lcs_inner`` / ``wlcs_inner`` and ``markLCS``: mark ``model``'s positions on the LCS path.

    The walk back takes the diagonal on equal tokens, else goes up when the
    cell above is at least the cell to the left, else left. Memory stays near
    linear: the rows are computed once keeping every ``step``-th (step about
    the square root of the row count), then, from the last block up, each
    block's rows again from the kept row above it, for the walk to cross it.
    """
    m, n = len(model), len(peer)
    step = max(1, int(np.sqrt(m)))
    kept_score = np.zeros(((m - 1) // step + 1, n + 1))
    kept_run = np.zeros(((m - 1) // step + 1, n + 1), np.int64)
    score = np.zeros(n + 1)
    run = np.zeros(n + 1, np.int64)
    for i in range(1, m):
        _next_row(model[i - 1], peer, score, run, weights, weighted)
        if i % step == 0:
            kept_score[i // step] = score
            kept_run[i // step] = run
    block = np.zeros((step + 1, n + 1))
    i, j = m, n
    for top in range((m - 1) // step * step, -1, -step):
        score[:] = kept_score[top // step]
        run[:] = kept_run[top // step]
        block[0] = score
        for t in range(1, i - top + 1):
            _next_row(model[top + t - 1], peer, score, run, weights, weighted)
            block[t] = score
        while i > top and j != 0:
            if model[i - 1] == peer[j - 1]:
                i -= 1
                j -= 1
                mask[i] = True
            elif block[i - 1 - top, j] >= block[i - top, j - 1]:
                i -= 1
            else:
                j -= 1
        if j == 0:
            return


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


lcs_hits = Kernel(_lcs_hits, helpers=[_next_row, _mark])
