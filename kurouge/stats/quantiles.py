"""Exact quantiles of columns too long to hold: the values are made again, block by block, on each pass.

:func:`stream_quantiles` returns what ``np.quantile(values, quantiles, axis=0)`` returns for the
blocks stacked, bit for bit, without holding them. The first pass counts each column's values in
``BINS`` bins; the bins around the order statistics ``np.quantile`` interpolates between make, per
column and quantile, a bracket of values. Each later pass counts the values below every bracket
and the values in it: a bracket that holds few values has them gathered and sorted, a wider one is
divided again. Two passes are usual; values within a few thousand ulps of each other take more.
Memory is one block, ``BINS`` counts per column and quantile and, in a pass, at most about
``GATHER_VALUES`` gathered values (more only when a bracket of values that close holds more),
plus one column of ``n`` values at a time to interpolate as ``np.quantile`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

BINS = 1 << 11
# Values gathered near the quantiles in one pass, about at most (all brackets together).
GATHER_VALUES = 1 << 22
# A bracket whose bins would be narrower than this many ulps is gathered, not divided further.
FINEST_BIN_ULPS = 1 << 10
# The first pass counts values in slices of a block of about this many values.
SLICE_VALUES = 1 << 20


def stream_quantiles(
    blocks: Callable[[], Iterable[np.ndarray]],
    n: int,
    quantiles: Sequence[float],
    guess_low: np.ndarray,
    guess_high: np.ndarray,
) -> np.ndarray:
    """``np.quantile(np.concatenate(list(blocks())), quantiles, axis=0)``, exactly, one block at a time.

    ``blocks()`` must yield the same blocks (arrays of shape ``(rows, columns)``, ``n`` rows
    in all) every time it is called. ``guess_low`` and ``guess_high`` are, per column, about where
    the values lie (values outside them are counted all the same, in the first or last bin). A
    column holding a value that is not finite gets nan.

    >>> values = np.random.default_rng(0).normal(size=(1000, 2))
    >>> exact = stream_quantiles(lambda: np.split(values, 10), 1000, [0.05, 0.95], np.zeros(2), np.ones(2))
    >>> bool((exact == np.quantile(values, [0.05, 0.95], axis=0)).all())
    True
    """
    floor = np.floor((n - 1) * np.asarray(quantiles, dtype=np.float64)).astype(np.int64)
    # the ranks np.quantile's linear interpolation may read, with one to spare on each side
    windows = np.clip(floor[:, None] + np.arange(-1, 3), 0, n - 1)
    columns = len(guess_low)
    shape = (len(quantiles), columns)
    guess_low, guess_high = (
        np.nan_to_num(np.asarray(guess, dtype=np.float64)) for guess in (guess_low, guess_high)
    )
    start = np.broadcast_to(guess_low, shape).copy()
    width = np.broadcast_to((guess_high - guess_low) / BINS, shape).copy()
    smallest, largest, histogram = _first_pass(blocks(), start[0], width[0])
    below, counts = np.zeros(shape, dtype=np.int64), np.full(shape, n, dtype=np.int64)
    smallest, largest = np.broadcast_to(smallest, shape), np.broadcast_to(largest, shape)
    histogram = np.broadcast_to(histogram, (*shape, BINS))
    gathered = np.empty(shape, dtype=object)
    low, high = np.empty(shape), np.empty(shape)  # each bracket, both ends included
    gather = np.zeros(shape, dtype=bool)
    found = np.full((*shape, windows.shape[1]), np.nan)
    # a column with a value that is not finite is left at nan, as np.quantile leaves one with a nan
    known = np.broadcast_to(~(np.isfinite(smallest) & np.isfinite(largest)), shape).copy()
    while True:
        for q, c in zip(*np.nonzero(~known), strict=True):
            ranks = windows[q] - below[q, c]
            if ranks[0] < 0 or ranks[-1] >= counts[q, c]:
                raise RuntimeError("stream_quantiles: blocks() gave other values on another pass")
            if gather[q, c]:
                found[q, c], known[q, c] = np.sort(gathered[q, c])[ranks], True
            elif smallest[q, c] == largest[q, c]:
                found[q, c], known[q, c] = smallest[q, c], True
            else:
                ends = (start[q, c], width[q, c], smallest[q, c], largest[q, c])
                low[q, c], high[q, c], gather[q, c] = _narrow(
                    np.cumsum(histogram[q, c]), ranks, *ends, GATHER_VALUES // low.size
                )
                start[q, c], width[q, c] = low[q, c], (high[q, c] - low[q, c]) / BINS
        if known.all():
            return _interpolate(found, windows, n, quantiles)
        low[known], high[known], gather[known] = np.inf, -np.inf, False  # a bracket nothing falls in
        below, counts, smallest, largest, histogram, gathered = _pass(
            blocks(), low, high, start, width, gather
        )


def _narrow(cumulative, ranks, start, width, smallest, largest, most) -> tuple[float, float, bool]:
    """The bins of a histogram that hold ``ranks`` (and one on each side), as a bracket of values.

    Returns its ends and whether to gather its values: few, too close together to divide, or the
    bracket as wide as before (each pass that divides leaves fewer distinct values inside, so the
    passes end).
    """
    first, last = np.searchsorted(cumulative, ranks[[0, -1]], side="right")
    if width <= 0:  # every value was counted in the first bin
        return smallest, largest, bool(cumulative[-1] <= most)
    # one bin of margin on each side covers the rounding of the bins' arithmetic
    low = smallest if first <= 1 else max(smallest, start + (first - 1) * width)
    high = largest if last >= BINS - 2 else min(largest, start + (last + 2) * width)
    expected = cumulative[min(last + 1, BINS - 1)] - (cumulative[first - 2] if first >= 2 else 0)
    finest = FINEST_BIN_ULPS * BINS * np.spacing(max(abs(low), abs(high)))
    stuck = low == smallest and high == largest  # bins too few to narrow it: gather its values
    return low, high, bool(expected <= most or high - low < finest or stuck)


def _bins(values: np.ndarray, start: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """Each value's bin, 0 to BINS - 1, counted from ``start`` at ``scale`` bins per unit."""
    position = (values - start) * scale
    np.nan_to_num(position, copy=False)  # values that are not finite have no quantiles to find
    np.clip(position, 0, BINS - 1, out=position)
    return position.astype(np.int64)


def _scale(width: np.ndarray) -> np.ndarray:
    return np.divide(1.0, width, out=np.zeros_like(width), where=width > 0)


def _first_pass(blocks: Iterable[np.ndarray], start: np.ndarray, width: np.ndarray):
    """Each column's smallest and largest value and its histogram of BINS bins from ``start``."""
    columns = len(start)
    smallest, largest = np.full(columns, np.inf), np.full(columns, -np.inf)
    histogram = np.zeros((columns, BINS), dtype=np.int64)
    scale = _scale(width)
    for block in blocks:
        smallest, largest = np.minimum(smallest, block.min(axis=0)), np.maximum(largest, block.max(axis=0))
        step = max(1, SLICE_VALUES // len(block))
        for first in range(0, columns, step):
            part = slice(first, first + step)
            bins = _bins(block[:, part], start[part], scale[part])
            bins += np.arange(bins.shape[1]) * BINS
            counted = np.bincount(bins.ravel(), minlength=bins.shape[1] * BINS)
            histogram[part] += counted.reshape(-1, BINS)
    return smallest, largest, histogram


def _pass(blocks: Iterable[np.ndarray], low, high, start, width, gather):
    """Per bracket: how many values lie below it and in it, their extremes and histogram (or themselves)."""
    shape, columns = low.shape, low.shape[1]
    below, counts = np.zeros(shape, dtype=np.int64), np.zeros(shape, dtype=np.int64)
    smallest, largest = np.full(shape, np.inf), np.full(shape, -np.inf)
    histogram = np.zeros((shape[0], columns * BINS), dtype=np.int64)
    pieces = [[] for _ in range(shape[0])]
    scale = _scale(width)
    for block in blocks:
        for q in range(shape[0]):
            below[q] += (block < low[q]).sum(axis=0)
            inside = block >= low[q]
            inside &= block <= high[q]
            _, column = np.nonzero(inside)
            values = block[inside]
            counts[q] += np.bincount(column, minlength=columns)
            np.minimum.at(smallest[q], column, values)
            np.maximum.at(largest[q], column, values)
            bins = _bins(values, start[q, column], scale[q, column]) + column * BINS
            histogram[q] += np.bincount(bins, minlength=columns * BINS)
            keep = gather[q, column]
            pieces[q].append((column[keep], values[keep]))
    gathered = np.empty(shape, dtype=object)
    for q in range(shape[0]):
        column = np.concatenate([piece[0] for piece in pieces[q]])
        values = np.concatenate([piece[1] for piece in pieces[q]])
        for c in np.flatnonzero(gather[q]):
            gathered[q, c] = values[column == c]
    return below, counts, smallest, largest, histogram.reshape(*shape, BINS), gathered


def _interpolate(found: np.ndarray, windows: np.ndarray, n: int, quantiles: Sequence[float]) -> np.ndarray:
    """``np.quantile`` of columns of ``n`` values of which only the order statistics at ``windows`` are known.

    Each column is rebuilt in order, every other position holding the known value before it (or
    the first known value): the positions np.quantile reads hold the true values.
    """
    ranks = windows.ravel()
    order = np.argsort(ranks, kind="stable")
    # the value at ranks[order][i] fills the positions up to the next known rank (the first, from 0)
    lengths = np.diff(np.concatenate([[0], ranks[order][1:], [n]]))
    result = np.empty((len(quantiles), found.shape[1]))
    for c in range(found.shape[1]):
        result[:, c] = np.quantile(np.repeat(found[:, c].ravel()[order], lengths), quantiles)
    return result
