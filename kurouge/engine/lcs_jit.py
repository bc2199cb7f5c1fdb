"""``lcs_length``'s bit-parallel kernel compiled by numba, for texts of hundreds of thousands of tokens.

The recurrence is the one of ``engine.lcs._block_column`` (Hyyrö 2004): per
token of the longer side (a step), ``U = V & M[token]`` and
``V = (V + U) | (V ^ U)``, where bit i of the column ``V`` is 1 when row
i + 1 of rouge-score's LCS table equals row i. As in the Python blocks, the
column is cut into blocks (here of ``BLOCK_WORDS`` 64-bit words, 4,096 rows),
each block runs over every step, taking from the block below the carry of
each step's addition, and only the carries (one byte a step) and one block's
match masks are held: memory stays linear.

A block is ``STAGES`` vectors of ``LANES`` words (one AVX-512 register each,
or two or four narrower ones elsewhere), emitted as LLVM IR. Vector s runs
s steps behind vector 0, so that the eight additions of a step wait on
nothing of that step and run side by side; vector s takes its carry in from
vector s - 1 one iteration earlier. In a vector, one addition adds the eight
words, then the carries between them are resolved at once: word w generates
a carry (bit w of G) when its sum overflows and propagates one (bit w of P)
when its sum is all ones; the carry into each word is then the bits of
``((G << 1 | carry in) + P) ^ P`` (each generated carry ripples through the
words that propagate it), and the vector's carry out is the addition's bit 8.

numba is imported when a text first needs the kernel, so that other scoring
pays nothing for it; without numba, ``compiled_lcs_length`` returns None.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from itertools import chain, count, repeat
from typing import Any

import numpy as np

LANES = 8
STAGES = 8
BLOCK_WORDS = STAGES * LANES
# The compiled ``_rows``, set by ``_compiled`` before numba compiles ``_lcs`` (which calls it): a global,
# not a closure, so that numba's cache recognises ``_lcs`` in the next process.
_rows: Any = None


def compiled_lcs_length(shorter: Sequence[Hashable], longer: Sequence[Hashable]) -> int | None:
    """Length of a longest common subsequence, computed by the compiled kernel; None without numba.

    The table's rows are ``shorter``'s tokens (bits of the column), its
    columns ``longer``'s (steps); the kernel costs
    ``len(shorter) * len(longer) / 64`` word steps.
    """
    lcs = _compiled()
    if lcs is None:
        return None
    ids = dict(zip(dict.fromkeys(chain(shorter, longer)), count()))
    rows = np.fromiter(map(ids.__getitem__, shorter), np.int64, len(shorter))
    # The vectors' lags: STAGES - 1 steps of a token no block has, before and after, no-ops for all.
    lag = STAGES - 1
    padded = chain(repeat(len(ids), lag), map(ids.__getitem__, longer), repeat(len(ids), lag))
    steps = np.fromiter(padded, np.int64, len(longer) + 2 * lag)
    return int(lcs(rows, steps, len(ids)))


@lru_cache(maxsize=1)
def _compiled() -> Callable[..., int] | None:
    """``_lcs`` compiled by numba (from its on-disk cache when it can keep one), or None without numba."""
    global _rows
    try:
        import numba
        from numba.extending import intrinsic
    except ImportError:
        return None
    _rows = intrinsic(_type_rows)
    try:
        return numba.njit(_lcs, nogil=True, cache=True)
    except RuntimeError:  # no writable cache directory: compile in every process
        return numba.njit(_lcs, nogil=True)


def _lcs(rows: Any, steps: Any, symbols: int) -> int:  # pragma: no cover - runs compiled
    """The LCS length of arrays of token ids, ``steps`` padded (see ``_emit_rows``) with id ``symbols``."""
    words = BLOCK_WORDS
    carries = np.zeros(len(steps), np.uint8)
    # offsets[t] is where token t's match mask starts in `masks`, 0 (a mask of no bits) when the block
    # lacks t; a block has at most 64 * words tokens.
    offsets = np.zeros(symbols + 1, np.int64)
    masks = np.zeros((64 * words + 1) * words, np.uint64)
    column = np.empty(words, np.uint64)
    length = 0
    for start in range(0, len(rows), 64 * words):
        block = rows[start : start + 64 * words]
        used = words
        for i in range(len(block)):
            token = block[i]
            if offsets[token] == 0:
                offsets[token] = used
                used += words
            masks[offsets[token] + i // 64] |= np.uint64(1) << np.uint64(i % 64)
        for w in range(words):
            bits = min(max(len(block) - 64 * w, 0), 64)
            column[w] = ~np.uint64(0) if bits == 64 else (np.uint64(1) << np.uint64(bits)) - np.uint64(1)
        _rows(masks, offsets, steps, carries, column)
        # The rows of the block whose bit is 0 are where the table's value rises; bits above the block
        # (a short last block) are left out.
        for i in range(len(block)):
            length += 1 - int((column[i // 64] >> np.uint64(i % 64)) & np.uint64(1))
        for i in range(len(block)):
            offsets[block[i]] = 0
        masks[:used] = 0
    return length


def _type_rows(typingctx: Any, masks: Any, offsets: Any, steps: Any, carries: Any, column: Any) -> Any:
    """Numba's typing of ``_rows(masks, offsets, steps, carries, column)``: it returns nothing."""
    from numba.core import types

    return types.void(masks, offsets, steps, carries, column), _emit_rows


def _emit_rows(context: Any, builder: Any, signature: Any, args: Any) -> Any:
    """LLVM IR for one block over every step: ``column`` updated in place, ``carries`` in and out.

    ``steps`` starts and ends with ``STAGES - 1`` steps that change nothing.
    Iteration j runs vector s on step ``j + STAGES - 1 - s``, with that
    token's mask at ``masks[offsets[token] + LANES * s:]``; vector 0 takes its
    carry in from ``carries`` and the last vector leaves its carry out there,
    at ``carries[j]``, for the block above.
    """
    from llvmlite import ir
    from numba.core import cgutils

    i8, i64 = ir.IntType(8), ir.IntType(64)
    vector = ir.VectorType(i64, LANES)
    lag = STAGES - 1
    masks, offsets, steps, carries, column = (
        context.make_array(kind)(context, builder, value).data
        for kind, value in zip(signature.args, args, strict=True)
    )
    steps_shape = context.make_array(signature.args[2])(context, builder, args[2]).shape
    iterations = builder.sub(builder.extract_value(steps_shape, 0), ir.Constant(i64, lag))

    def vector_at(pointer: Any, word: Any) -> Any:
        return builder.bitcast(builder.gep(pointer, [word]), vector.as_pointer())

    slots = []
    for stage in range(STAGES):
        slots.append(cgutils.alloca_once(builder, vector))
        builder.store(builder.load(vector_at(column, ir.Constant(i64, LANES * stage)), align=8), slots[-1])
    handoffs = [cgutils.alloca_once_value(builder, ir.Constant(i8, 0)) for _ in range(lag)]
    with cgutils.for_range(builder, iterations) as loop:
        j = loop.index
        carries_in = [builder.load(builder.gep(carries, [builder.add(j, ir.Constant(i64, lag))]))]
        carries_in += [builder.load(handoff) for handoff in handoffs]
        carries_out = []
        for stage, (slot, carry_in) in enumerate(zip(slots, carries_in, strict=True)):
            token = builder.load(builder.gep(steps, [builder.add(j, ir.Constant(i64, lag - stage))]))
            offset = builder.add(builder.load(builder.gep(offsets, [token])), ir.Constant(i64, LANES * stage))
            carries_out.append(_emit_step(builder, slot, vector_at(masks, offset), carry_in))
        for handoff, carry in zip(handoffs, carries_out, strict=False):
            builder.store(carry, handoff)
        builder.store(carries_out[-1], builder.gep(carries, [j]))
    for stage, slot in enumerate(slots):
        builder.store(builder.load(slot), vector_at(column, ir.Constant(i64, LANES * stage)), align=8)
    return context.get_dummy_value()


def _emit_step(builder: Any, slot: Any, mask: Any, carry_in: Any) -> Any:
    """One step of one vector: ``V`` (in ``slot``) updated with the mask at ``mask``; the carry out."""
    from llvmlite import ir

    i8, i64 = ir.IntType(8), ir.IntType(64)
    flags, bits = ir.VectorType(ir.IntType(1), LANES), ir.IntType(LANES + 1)
    v = builder.load(slot)
    u = builder.and_(v, builder.load(mask, align=8))
    total = builder.add(v, u)
    overflowed = builder.icmp_unsigned("<", total, v)
    all_ones = builder.icmp_unsigned("==", total, ir.Constant(total.type, [ir.Constant(i64, -1)] * LANES))
    generate, propagate = (
        builder.zext(builder.bitcast(f, ir.IntType(LANES)), bits) for f in (overflowed, all_ones)
    )
    shifted = builder.or_(builder.shl(generate, ir.Constant(bits, 1)), builder.zext(carry_in, bits))
    rippled = builder.add(shifted, propagate)
    into = builder.bitcast(builder.trunc(builder.xor(rippled, propagate), ir.IntType(LANES)), flags)
    builder.store(builder.or_(builder.add(total, builder.zext(into, total.type)), builder.xor(v, u)), slot)
    return builder.trunc(builder.lshr(rippled, ir.Constant(bits, LANES)), i8)
