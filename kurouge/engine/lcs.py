"""Longest common subsequences, bit-parallel (Allison-Dix, Hyyrö), and rouge-score's LCS walks.

One Python ``int`` holds a whole column of rouge-score's LCS table as bits,
so an m x n table costs n big-int steps instead of m * n Python steps, and
rougeLsum's backtrack reads its choices off those bit columns (see
``union_lcs``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from itertools import repeat

from kurouge.engine.lcs_jit import compiled_lcs_length

# _BIT_REVERSE[b] is the byte b with its 8 bits in reverse order.
_BIT_REVERSE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
# rougeLsum walks the LCS tables of this many bits' worth of sentence pairs at once.
_GROUP_BITS = 1 << 13
# lcs_length computes this many rows of the LCS table at a time.
_BLOCK_ROWS = 1 << 15
# Above this many cells (the product of the lengths, once the shortcuts are taken), lcs_length runs
# engine.lcs_jit's compiled kernel, 0.0035 ns a cell against 0.12 ns here, once numba is imported and
# the kernel loaded, which a process pays once: about 0.7 s, 1.6 s when the kernel is compiled anew
# (measured on a loaded 2-core machine). 1e9 cells cost 0.12 s here, 0.004 s there.
COMPILED_CELLS = 1_000_000_000
# Stands for the gap between two sentences in a SentenceLayout: equal to no token.
_GAP = object()


def match_masks(tokens: Sequence[Hashable]) -> dict[Hashable, int]:
    """Map each token to the int whose bit i is set where ``tokens[i]`` is that token."""
    masks: dict[Hashable, int] = {}
    get, bit = masks.get, 1
    for token in tokens:
        masks[token] = get(token, 0) | bit
        bit <<= 1
    return masks


def lcs_length(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> int:
    """Length of a longest common subsequence, bit-parallel (Hyyrö 2004), in linear memory.

    Tokens that one side lacks match nothing and are dropped, and a common
    prefix and suffix are counted at once (both exact), so equal texts and
    texts with few shared tokens cost one pass. The rows of the table are the
    shorter side's tokens, in blocks of ``_BLOCK_ROWS``, each an int of that
    many bits; each block runs over the whole longer side, taking from the
    block below the carry of each step's addition (the only thing that
    crosses blocks), so the match masks take at most ``_BLOCK_ROWS`` bits per
    distinct token of a block however long the texts are. Above
    ``COMPILED_CELLS``, ``engine.lcs_jit`` runs the same recurrence compiled.
    """
    shared = set(reference).intersection(prediction)
    shorter, longer = sorted(
        ([t for t in reference if t in shared], [t for t in prediction if t in shared]), key=len
    )
    head = _common_prefix(shorter, longer)
    tail = min(_common_prefix(reversed(shorter), reversed(longer)), len(shorter) - head)
    shorter = shorter[head : len(shorter) - tail]
    longer = longer[head : len(longer) - tail]
    length = head + tail
    if len(shorter) * len(longer) > COMPILED_CELLS:
        compiled = compiled_lcs_length(shorter, longer)
        if compiled is not None:
            return length + compiled
    carries = bytearray(len(longer))
    for start in range(0, len(shorter), _BLOCK_ROWS):
        block = shorter[start : start + _BLOCK_ROWS]
        rows = len(block)
        length += rows - _block_column(match_masks(block), rows, longer, carries).bit_count()
    return length


def _common_prefix(first: Iterable[Hashable], second: Iterable[Hashable]) -> int:
    """The number of leading tokens the two sequences share."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count


def _block_column(
    masks: dict[Hashable, int], rows: int, columns: Sequence[Hashable], carries: bytearray
) -> int:
    """The last column of one block of the LCS table, in bits; ``carries`` in, replaced by the block's out.

    Bit i of a column is 1 when row i + 1 of the table equals row i (no
    increment), so the block adds its number of 0 bits to the length. A row
    that no token matches adds nothing.
    """
    full = (1 << rows) - 1
    column = full
    for j, (mask, carry) in enumerate(zip(map(masks.get, columns, repeat(0)), carries, strict=True)):
        matches = column & mask
        total = column + matches + carry if carry else column + matches
        carries[j] = total >> rows
        column = (total | (column - matches)) & full
    return column


class SentenceLayout:
    """Sentences side by side in the bits of one int, each between two 0 "gap" bits.

    ``starts[k]`` is the bit of sentence k's first token, ``width`` the
    layout's size in bits (a multiple of 8, so that it reverses by bytes),
    ``masks`` each token's match mask over the layout and ``rows`` the bits
    of all tokens. ``_walk`` starts from ``reversed_lasts`` and
    ``reversed_gaps``: the bits of each non-empty sentence's last token and
    of the gap before it, in reverse order.
    """

    def __init__(self, sentences: Sequence[Sequence[Hashable]]) -> None:
        self.sentences = sentences
        self.starts: list[int] = []
        laid_out = [_GAP]
        for sentence in sentences:
            self.starts.append(len(laid_out))
            laid_out += sentence
            laid_out.append(_GAP)
        self.masks = match_masks(laid_out)
        gaps = self.masks.pop(_GAP)
        self.rows = ((1 << len(laid_out)) - 1) ^ gaps
        self.width = -(-len(laid_out) // 8) * 8
        # A last token has a gap above it; a non-empty sentence's gap has a token above it.
        self.reversed_lasts = _reverse_bits((gaps >> 1) & self.rows, self.width // 8)
        self.reversed_gaps = _reverse_bits(gaps & (self.rows >> 1), self.width // 8)


def _reverse_bits(value: int, nbytes: int) -> int:
    """``value``'s lowest ``8 * nbytes`` bits in reverse order."""
    return int.from_bytes(value.to_bytes(nbytes, "big").translate(_BIT_REVERSE), "little")


def union_lcs(layout: SentenceLayout, prediction: Sequence[Sequence[Hashable]]) -> int:
    """rouge-score's union LCS of each reference sentence with every predicted sentence.

    Returns the bits, over ``layout`` (the reference sentences), of the tokens
    in the union of the LCS index sets that rouge-score's ``lcs_ind`` picks
    for each (reference sentence, predicted sentence) pair. Predicted
    sentences must not be empty.

    rouge-score walks back from the table's corner: diagonal when the tokens
    are equal, else left when ``t[i][j-1] > t[i-1][j]``, else up. Off a match,
    ``t[i][j]`` is the larger of those two neighbours, so the walk goes up
    exactly when ``t[i-1][j] == t[i][j]``: when bit i-1 of column j is 1. A
    walk therefore climbs column j to the highest row below it that is a
    match or has a 0 bit, in one step: the highest set bit of
    ``matches | ~column`` below the current row.

    All the walks of a group of predicted sentences run at once (see
    ``_walk``); groups are kept to about ``_GROUP_BITS`` bits.
    """
    size = max(1, _GROUP_BITS // layout.width)
    union = 0
    for first in range(0, len(prediction), size):
        union |= _walk(layout, prediction[first : first + size])
    return union


def _walk(layout: SentenceLayout, group: Sequence[Sequence[Hashable]]) -> int:
    """``union_lcs`` for one group of predicted sentences.

    The reference layout is repeated once per predicted sentence ("block"),
    and the sentences are aligned at their ends, so column j of every block
    is computed together; gap bits stop carries between sentences. The walk
    needs the highest set bit per sentence, but borrows only find the lowest,
    so it runs on bit-reversed columns: each walk has a marker bit at its
    lowest candidate row and a guard bit just above its sentence, which
    absorbs the borrow of ``z - markers``, and ``z & ~(z - markers)``
    isolates every walk's next stop. A walk ends when its marker reaches its
    guard, where it stays.
    """
    width, blocks = layout.width, len(group)
    size = width * blocks
    nbytes = size // 8
    # Multiplying a value of `width` bits by this copies it into every block.
    copies = ((1 << size) - 1) // ((1 << width) - 1)
    rows = layout.rows * copies
    markers = layout.reversed_lasts * copies
    guards = layout.reversed_gaps * copies

    longest = max(map(len, group))
    get = layout.masks.get
    per_block = [
        [0] * (longest - len(s)) + list(map(int.__lshift__, map(get, s, repeat(0)), repeat(shift)))
        for s, shift in zip(group, range(0, size, width), strict=True)
    ]

    # Per column, its candidate rows (matches and 0 bits) with its match mask above them: one
    # reversal swaps the halves.
    column = rows
    columns = []
    for mask in per_block[0] if blocks == 1 else map(sum, zip(*per_block, strict=True)):
        matches = column & mask
        column = ((column + matches) | (column - matches)) & rows
        columns.append(mask | (column ^ rows) | mask << size)
    del per_block

    hits = 0
    from_bytes, twice = int.from_bytes, 2 * nbytes
    for both in reversed(columns):
        if markers == guards:
            break
        both = from_bytes(both.to_bytes(twice, "big").translate(_BIT_REVERSE), "little")  # _reverse_bits
        z = ((both >> size) & (guards - markers)) | guards
        stops = z & (z ^ (z - markers))
        matched = stops & both
        hits |= matched
        # A matched walk moves up a row (its gap at the top, where it ends), the others stay.
        markers = stops + matched

    hits = _reverse_bits(hits, nbytes)
    union = 0
    for block in range(blocks):
        union |= hits >> (block * width)
    return union & layout.rows


def lcs_indices(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> list[int]:
    """Indices into ``reference`` of the LCS that rouge-score's backtrack picks (its ``lcs_ind``)."""
    if not reference or not prediction:
        return []
    layout = SentenceLayout([reference])
    bits = union_lcs(layout, [prediction]) >> layout.starts[0]
    return [i for i, bit in enumerate(bin(bits)[:1:-1]) if bit == "1"]
