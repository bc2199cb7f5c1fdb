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

Tokens are integer ids. ``lcs_hits`` is compiled by numba when numba is
installed (the same function runs as Python otherwise).
"""

from __future__ import annotations

from typing import Any

import numpy as np


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


def lcs_hits(
    model: Any,
    model_starts: Any,
    peer: Any,
    peer_starts: Any,
    model_counts: Any,
    peer_counts: Any,
    weights: Any,
    weighted: bool,
) -> float:
    """The hits of ``lcs`` (``weighted`` False) or ``wlcs`` of one reference against the prediction.

    ``model`` and ``peer`` are the sentences' token ids in a row, sentence s
    being ``[starts[s], starts[s + 1])``; ``model_counts`` and ``peer_counts``
    the unigram counts of the two texts by id (as ``readText`` reads them),
    used up by the hits (pass copies); ``weights[k]`` is ``k ** w``.
    """
    hits = 0.0
    for s in range(len(model_starts) - 1):
        sentence = model[model_starts[s] : model_starts[s + 1]]
        length = len(sentence)
        mask = np.zeros(length, np.bool_)
        if length > 0:
            for p in range(len(peer_starts) - 1):
                _mark(sentence, peer[peer_starts[p] : peer_starts[p + 1]], mask, weights, weighted)
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
    return hits


try:
    import numba
except ImportError:  # pragma: no cover - numba is in requirements.txt where it has wheels
    pass
else:
    _mark = numba.njit(_mark, cache=True, nogil=True)
    lcs_hits = numba.njit(lcs_hits, cache=True, nogil=True)
