"""``lcs_length``'s bit-parallel kernel compiled by numba, for texts of hundreds of thousands of tokens.

The recurrence is the one of ``rouge_lcs._block_column`` (Hyyrö 2004): per
token of the longer side, ``U = V & M[token]`` and ``V = (V + U) | (V ^ U)``,
where bit i of the column ``V`` is 1 when row i + 1 of rouge-score's LCS table
equals row i. Here the column is cut into blocks of ``BLOCK_WORDS`` 64-bit
words (4,096 rows of the table), and each block runs over the whole longer
side, taking from the block below the carry of each step's addition, as the
Python blocks do; only the carries (one byte per token) and one block's match
masks are held, so memory stays linear.

A block's step runs on eight vectors of eight words (one AVX-512 register
each, or a few narrower ones elsewhere), emitted as LLVM IR: one vector
addition per eight words, then the carries between the 64 words resolved at
once in a 64-bit integer. Word w generates a carry (``g``) when its sum
overflows and propagates one (``p``) when its sum is all ones; with those as
bit masks G and P, the carry into each word is the bits of
``((G << 1 | carry in) + P) ^ P`` (each generated carry ripples through the
words that propagate it), and the block's carry out is the addition's.

numba and numpy are imported when a text first needs the kernel, so that
other scoring pays nothing for them; without numba, ``compiled_lcs_length``
returns None.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from itertools import chain, count
from typing import Any

import numpy as np

# 64-bit words per block: the eight vectors of eight words that one step of ``_rows`` adds.
BLOCK_WORDS = 64
_LANES = 8
# The compiled ``_rows``, set by ``_compiled`` before numba compiles ``_lcs`` (which calls it): a global,
# not a closure, so that numba's cache recognises ``_lcs`` in the next process.
_rows: Any = None


def compiled_lcs_length(shorter: Sequence[Hashable], longer: Sequence[Hashable]) -> int | None:
    """Length of a longest common subsequence, computed by the compiled kernel; None without numba.

    The table's rows are ``shorter``'s tokens (64-bit words of the column),
    its columns ``longer``'s (steps); the kernel costs about
    ``len(shorter) * len(longer) / 64`` word steps.
    """
    lcs = _compiled()
    if lcs is None:
        return None
    ids = dict(zip(dict.fromkeys(chain(shorter, longer)), count()))
    rows = np.fromiter(map(ids.__getitem__, shorter), np.int64, len(shorter))
    steps = np.fromiter(map(ids.__getitem__, longer), np.int64, len(longer))
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
    """The LCS length of two arrays of token ids below ``symbols``; see the module's docstring."""
    words = BLOCK_WORDS
    carries = np.zeros(len(steps), np.uint8)
    # offsets[t] is where token t's match mask starts in `masks`, 0 (a mask of no bits) when the block
    # lacks t; a block has at most 64 * words tokens.
    offsets = np.zeros(symbols, np.int64)
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

    Step j reads the block's match mask of token ``steps[j]`` at
    ``masks[offsets[steps[j]]:][:BLOCK_WORDS]`` and the carry ``carries[j]``
    from the block below, and leaves there the carry for the block above.
    """
    from llvmlite import ir
    from numba.core import cgutils

    i1, i8, i64 = ir.IntType(1), ir.IntType(8), ir.IntType(64)
    vector = ir.VectorType(i64, _LANES)
    vectors = BLOCK_WORDS // _LANES
    masks, offsets, steps, carries, column = (
        context.make_array(kind)(context, builder, value).data
        for kind, value in zip(signature.args, args, strict=True)
    )
    step_count = builder.extract_value(
        context.make_array(signature.args[2])(context, builder, args[2]).shape, 0
    )

    def const(value: int) -> Any:
        return ir.Constant(i64, value)

    def lane_bits(flags: Any, first_word: int) -> Any:
        """Eight lanes' flags as bits ``first_word`` to ``first_word + 7`` of an i64."""
        bits = builder.zext(builder.bitcast(flags, i8), i64)
        return builder.shl(bits, const(first_word)) if first_word else bits

    column_vectors = builder.bitcast(column, vector.as_pointer())
    slots = [cgutils.alloca_once(builder, vector) for _ in range(vectors)]
    for k, slot in enumerate(slots):
        builder.store(builder.load(builder.gep(column_vectors, [const(k)]), align=8), slot)
    all_ones = ir.Constant(vector, [const(-1)] * _LANES)
    with cgutils.for_range(builder, step_count) as loop:
        j = loop.index
        offset = builder.load(builder.gep(offsets, [builder.load(builder.gep(steps, [j]))]))
        mask_vectors = builder.bitcast(builder.gep(masks, [offset]), vector.as_pointer())
        generate, propagate, sums, kept = const(0), const(0), [], []
        for k, slot in enumerate(slots):
            v = builder.load(slot)
            u = builder.and_(v, builder.load(builder.gep(mask_vectors, [const(k)]), align=8))
            total = builder.add(v, u)
            generate = builder.or_(generate, lane_bits(builder.icmp_unsigned("<", total, v), _LANES * k))
            propagate = builder.or_(
                propagate, lane_bits(builder.icmp_unsigned("==", total, all_ones), _LANES * k)
            )
            sums.append(total)
            kept.append(builder.xor(v, u))
        carry_in = builder.zext(builder.load(builder.gep(carries, [j])), i64)
        rippled = builder.add(builder.or_(builder.shl(generate, const(1)), carry_in), propagate)
        into = builder.xor(rippled, propagate)
        # The last word's carry: generated there, or rippled out of the addition (past a propagating word).
        out = builder.or_(
            builder.lshr(generate, const(63)),
            builder.zext(builder.icmp_unsigned("<", rippled, propagate), i64),
        )
        builder.store(builder.trunc(out, i8), builder.gep(carries, [j]))
        for k, slot in enumerate(slots):
            word_bits = builder.trunc(builder.lshr(into, const(_LANES * k)) if k else into, i8)
            increments = builder.zext(builder.bitcast(word_bits, ir.VectorType(i1, _LANES)), vector)
            builder.store(builder.or_(builder.add(sums[k], increments), kept[k]), slot)
    for k, slot in enumerate(slots):
        builder.store(builder.load(slot), builder.gep(column_vectors, [const(k)]), align=8)
    return context.get_dummy_value()
