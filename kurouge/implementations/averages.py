"""How each tool averages its per-example values into the number it prints.

The last digits of a mean depend on the order and the arithmetic of the sum, so each tool's is
reproduced: a plain loop (pltrdy's ``rouge``, rouge-chinese, LongBench), ``statistics.mean``'s
exact sum (sumeval's command line) and numpy's pairwise sum (LLaMA-Factory's ``np.mean``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np


def mean_in_order(values: Sequence[float]) -> float:
    """The values summed one after the other from 0, over their count."""
    total: float = 0
    for value in values:
        total = total + value
    return total / len(values)


def exact_mean(values: Sequence[float]) -> float:
    """``statistics.mean``: the exact sum of the values over their count, rounded once."""
    return float(sum(map(Fraction, values), Fraction(0)) / len(values))


def numpy_mean(values: Sequence[float]) -> float:
    """``float(np.mean(values))`` (numpy's pairwise sum of a float64 array, over the count)."""
    return float(np.mean(np.asarray(values, dtype=np.float64)))
