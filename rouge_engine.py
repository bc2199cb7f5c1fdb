"""Exact ROUGE scores on token lists, with rouge-score's arithmetic, fast.

Every ``score_*`` function returns ``(precision, recall, fmeasure)`` as Python floats,
computed with the same operations, in the same order, as rouge-score 0.1.2,
so that the numbers are equal (``==``), not merely close.

Longest common subsequences are computed bit-parallel (Allison-Dix, Hyyrö):
one Python ``int`` holds a whole column of rouge-score's LCS table as bits,
so an m x n table costs n big-int steps instead of m * n Python steps, and
rougeLsum's backtrack reads its choices off those bit columns (see
``union_lcs``).
"""

from __future__ import annotations

import multiprocessing
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import chain
from typing import Any

Score = tuple[float, float, float]
ROUGE_N_RE = re.compile(r"^rouge([1-9])$")
ZERO: Score = (0.0, 0.0, 0.0)
# _BIT_REVERSE[b] is the byte b with its 8 bits in reverse order.
_BIT_REVERSE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
# rougeLsum walks the LCS tables of this many bits' worth of sentence pairs at once.
_GROUP_BITS = 1 << 13
_CAN_FORK = "fork" in multiprocessing.get_all_start_methods()


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


def score_ngrams(reference: Sequence[Hashable], prediction: Sequence[Hashable], n: int) -> Score:
    """ROUGE-N with clipped counts: P = hits / max(#pred n-grams, 1), R likewise."""
    ref_counts = ngram_counts(reference, n)
    pred_counts = ngram_counts(prediction, n)
    hits = _clipped_hits(ref_counts, pred_counts)
    precision = hits / max(len(prediction) - n + 1, 1)
    recall = hits / max(len(reference) - n + 1, 1)
    return precision, recall, fmeasure(precision, recall)


def _clipped_hits(ref_counts: Counter, pred_counts: Counter) -> int:
    """Sum over shared keys of the smaller count."""
    shared = ref_counts.keys() & pred_counts.keys()
    return sum(map(min, map(ref_counts.__getitem__, shared), map(pred_counts.__getitem__, shared)))


def match_masks(tokens: Sequence[Hashable]) -> dict[Hashable, int]:
    """Map each token to the int whose bit i is set where ``tokens[i]`` is that token."""
    masks: dict[Hashable, int] = {}
    for position, token in enumerate(tokens):
        masks[token] = masks.get(token, 0) | 1 << position
    return masks


def lcs_length(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> int:
    """Length of a longest common subsequence, bit-parallel (Hyyrö 2004).

    Bit i of ``column`` is 1 when row i + 1 of the LCS table's current column
    equals row i (no increment), so the length is the number of 0 bits.
    """
    masks = match_masks(reference)
    full = (1 << len(reference)) - 1
    column = full
    for token in prediction:
        matches = column & masks.get(token, 0)
        column = ((column + matches) | (column - matches)) & full
    return len(reference) - column.bit_count()


def score_lcs(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> Score:
    """ROUGE-L over whole token lists; an empty side scores 0."""
    if not reference or not prediction:
        return ZERO
    length = lcs_length(reference, prediction)
    precision = length / len(prediction)
    recall = length / len(reference)
    return precision, recall, fmeasure(precision, recall)


class SentenceLayout:
    """Sentences side by side in the bits of one int, each between two 0 "gap" bits.

    ``starts[k]`` is the bit of sentence k's first token, ``width`` the
    layout's size in bits (a multiple of 8, so that it reverses by bytes),
    ``masks`` each token's match mask over the layout and ``rows`` the bits
    of all tokens.
    """

    def __init__(self, sentences: Sequence[Sequence[Hashable]]) -> None:
        self.sentences = sentences
        self.starts: list[int] = []
        self.masks: dict[Hashable, int] = {}
        position = 1
        for sentence in sentences:
            self.starts.append(position)
            for token in sentence:
                self.masks[token] = self.masks.get(token, 0) | 1 << position
                position += 1
            position += 1
        self.width = -(-position // 8) * 8
        self.rows = sum(((1 << len(s)) - 1) << start for s, start in zip(sentences, self.starts, strict=True))


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

    def repeat(value: int) -> int:
        return sum(value << (block * width) for block in range(blocks))

    longest = max(map(len, group))
    masks = layout.masks
    per_block = [
        [0] * (longest - len(s)) + [masks.get(t, 0) << shift for t in s]
        for s, shift in zip(group, range(0, size, width), strict=True)
    ]
    live = [(s, start) for s, start in zip(layout.sentences, layout.starts, strict=True) if s]
    rows = repeat(layout.rows)
    markers = _reverse_bits(repeat(sum(1 << (start + len(s) - 1) for s, start in live)), nbytes)
    guards = _reverse_bits(repeat(sum(1 << (start - 1) for _, start in live)), nbytes)

    column = rows
    columns = []
    for mask in per_block[0] if blocks == 1 else map(sum, zip(*per_block, strict=True)):
        matches = column & mask
        column = ((column + matches) | (column - matches)) & rows
        columns.append((mask, mask | (column ^ rows)))
    del per_block

    hits = 0
    from_bytes, twice = int.from_bytes, 2 * nbytes
    for mask, candidates in reversed(columns):
        if markers == guards:
            break
        # The candidate rows with the match mask above them: one reversal swaps the halves.
        both = candidates | mask << size
        both = from_bytes(both.to_bytes(twice, "big").translate(_BIT_REVERSE), "little")  # _reverse_bits
        z = ((both >> size) & (guards - markers)) | guards
        stops = z & (z ^ (z - markers))
        matched = stops & both
        hits |= matched
        markers = (matched << 1) | (stops ^ matched)

    hits = _reverse_bits(hits, nbytes)
    union = 0
    for block in range(blocks):
        union |= hits >> (block * width)
    return union & layout.rows


def score_summary_lcs(
    reference: Sequence[Sequence[Hashable]], prediction: Sequence[Sequence[Hashable]]
) -> Score:
    """ROUGE-Lsum: union LCS per reference sentence, hits clipped per token.

    rouge-score counts a union token as a hit while both sides have that token
    left. Union positions are distinct reference positions, so the reference
    side never runs out first, and the hits of token w are
    ``min(#w in the unions, #w in the prediction)``, in any order.
    """
    ref_total = sum(map(len, reference))
    pred_total = sum(map(len, prediction))
    if not reference or not prediction or not ref_total or not pred_total:
        return ZERO
    if len(reference) == 1 and len(prediction) == 1:
        # One LCS matches distinct tokens on both sides, so clipping removes none of it.
        hits = lcs_length(reference[0], prediction[0])
    else:
        layout = SentenceLayout(reference)
        union = union_lcs(layout, [sentence for sentence in prediction if sentence])
        pred_counts = Counter(chain.from_iterable(prediction))
        hits = sum(
            min((union & layout.masks[token]).bit_count(), count)
            for token, count in pred_counts.items()
            if token in layout.masks
        )
    precision = hits / pred_total
    recall = hits / ref_total
    return precision, recall, fmeasure(precision, recall)


def validate_rouge_types(rouge_types: Sequence[str]) -> None:
    """Raise ValueError naming any rouge type this engine cannot score."""
    bad = [t for t in rouge_types if not (ROUGE_N_RE.match(t) or t in ("rougeL", "rougeLsum"))]
    if bad:
        raise ValueError(
            f"unknown rouge type(s) {', '.join(map(repr, bad))}; "
            "valid types are rouge1 ... rouge9, rougeL, rougeLsum"
        )


def score_tokens(
    reference: Sequence[str],
    prediction: Sequence[str],
    reference_sentences: Sequence[Sequence[str]],
    prediction_sentences: Sequence[Sequence[str]],
    rouge_types: Sequence[str],
) -> dict[str, Score]:
    """Score one tokenized pair for every type in ``rouge_types``.

    ``reference``/``prediction`` are the whole texts' tokens (rouge1-9,
    rougeL); the ``*_sentences`` are per-sentence tokens (rougeLsum).
    """
    scores: dict[str, Score] = {}
    for rouge_type in rouge_types:
        if rouge_type == "rougeL":
            scores[rouge_type] = score_lcs(reference, prediction)
        elif rouge_type == "rougeLsum":
            scores[rouge_type] = score_summary_lcs(reference_sentences, prediction_sentences)
        else:
            scores[rouge_type] = score_ngrams(reference, prediction, int(rouge_type[5:]))
    return scores


def _default_processes() -> int:
    """``KURENAI_ROUGE_PROCESSES`` if set, else on Linux the number of CPUs this process may use, else 1."""
    setting = os.environ.get("KURENAI_ROUGE_PROCESSES")
    if setting:
        return max(1, int(setting))
    return len(os.sched_getaffinity(0)) if sys.platform == "linux" else 1


class TokenEngine:
    """Scores texts with this module's functions, tokenizing each text once.

    ``tokenizer`` has ``tokenize(text)``; ``splitter`` maps a text to the
    sentences rougeLsum compares.

    Batches of at least ``parallel_pairs`` (prediction, reference) pairs are
    split over ``processes`` processes (default: ``KURENAI_ROUGE_PROCESSES``,
    else every usable CPU on Linux and 1 elsewhere): this one and forked
    workers, which inherit the engine, so the tokenizer and splitter need not
    be picklable and no ``__main__`` is re-imported. The numbers do not depend
    on how many processes score them.
    """

    name = "fast"
    parallel_pairs = 2000

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        self.rouge_types = list(rouge_types)
        self._tokenize = tokenizer.tokenize
        self._splitter = splitter
        self._needs_tokens = any(t != "rougeLsum" for t in self.rouge_types)
        self._needs_sentences = "rougeLsum" in self.rouge_types
        self.processes = _default_processes()

    def _doc(self, text: str) -> tuple[list[str], list[list[str]]]:
        tokens = self._tokenize(text) if self._needs_tokens else []
        sentences = [self._tokenize(s) for s in self._splitter(text)] if self._needs_sentences else []
        return tokens, sentences

    def score_serial(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """``score_batch`` in this process only."""
        results = []
        for prediction, refs in zip(predictions, references, strict=True):
            pred_tokens, pred_sentences = self._doc(prediction)
            row = []
            for reference in refs:
                ref_tokens, ref_sentences = self._doc(reference)
                row.append(
                    score_tokens(ref_tokens, pred_tokens, ref_sentences, pred_sentences, self.rouge_types)
                )
            results.append(row)
        return results

    def score_batch(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """Per prediction, its scores against each of its references."""
        size = -(-len(predictions) // self.processes)
        small = size >= len(predictions) or sum(map(len, references)) < self.parallel_pairs
        # A daemonic process (a multiprocessing.Pool worker, say) may not start processes.
        if small or not _CAN_FORK or multiprocessing.current_process().daemon:
            return self.score_serial(predictions, references)
        starts = range(0, len(predictions), size)
        chunks = [(predictions[i : i + size], references[i : i + size]) for i in starts]
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(len(chunks) - 1, context, _adopt_engine, (self,)) as pool:
            futures = [pool.submit(_score_in_worker, *chunk) for chunk in chunks[1:]]
            results = self.score_serial(*chunks[0])
            for future in futures:
                results.extend(future.result())
        return results


_worker_engine: TokenEngine | None = None


def _adopt_engine(engine: TokenEngine) -> None:
    """Worker initializer: keep the engine the worker inherited when it was forked."""
    global _worker_engine
    _worker_engine = engine


def _score_in_worker(
    predictions: Sequence[str], references: Sequence[Sequence[str]]
) -> list[list[dict[str, Score]]]:
    return _worker_engine.score_serial(predictions, references)


class KurenaiEngine:
    """Scores texts with ``kurenai.rouge_scorer.RougeScorer``, for cross-checking.

    rougeLsum gets the sentences of ``splitter`` joined by newlines, which is
    how kurenai reads sentences; every other type gets the text as it is.
    """

    name = "kurenai"

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        from kurenai.rouge_scorer import RougeScorer

        self.rouge_types = list(rouge_types)
        other_types = [t for t in self.rouge_types if t != "rougeLsum"]
        self._scorer = RougeScorer(other_types, tokenizer=tokenizer) if other_types else None
        self._lsum_scorer = (
            RougeScorer(["rougeLsum"], tokenizer=tokenizer) if "rougeLsum" in self.rouge_types else None
        )
        self._splitter = splitter

    def _score(self, reference: str, prediction: str) -> dict[str, Score]:
        scores = {}
        if self._scorer is not None:
            scores.update(self._scorer.score(reference, prediction))
        if self._lsum_scorer is not None:
            joined = ("\n".join(self._splitter(text)) for text in (reference, prediction))
            scores.update(self._lsum_scorer.score(*joined))
        return {t: tuple(float(v) for v in scores[t]) for t in self.rouge_types}

    def score_batch(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """Per prediction, its scores against each of its references."""
        return [[self._score(r, p) for r in refs] for p, refs in zip(predictions, references, strict=True)]


ENGINES = {"fast": TokenEngine, "kurenai": KurenaiEngine}
