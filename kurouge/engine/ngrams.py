"""The arithmetic every ROUGE score shares: n-gram counts, clipped matches, and the F-measure.

Every ``score_*`` function of the ``rouge_*`` modules returns a ``Score``,
``(precision, recall, fmeasure)`` as Python floats, computed with the same
operations, in the same order, as rouge-score 0.1.2, so that the numbers are
equal (``==``), not merely close.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence

Score = tuple[float, float, float]
ZERO: Score = (0.0, 0.0, 0.0)


def fmeasure(precision: float, recall: float) -> float:
    """Harmonic mean of precision and recall, 0 when both are 0 (rouge-score's rule)."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def ngram_counts(tokens: Sequence[Hashable], n: int) -> Counter:
    """Count the n-grams of ``tokens``: tuples of ``n`` tokens, or the tokens themselves for n = 1."""
    if n == 1:
        return Counter(tokens)
    return Counter(zip(*(tokens[i:] for i in range(n)), strict=False))


def clipped_hits(ref_counts: Counter, pred_counts: Counter) -> int:
    """Matches of two multisets: over their shared keys, the sum of the smaller count."""
    shared = ref_counts.keys() & pred_counts.keys()
    return sum(map(min, map(ref_counts.__getitem__, shared), map(pred_counts.__getitem__, shared)))
