"""Exact ROUGE scores on token lists, with rouge-score's arithmetic, fast.

Every ``score_*`` function returns ``(precision, recall, fmeasure)`` as Python floats,
computed with the same operations, in the same order, as rouge-score 0.1.2,
so that the numbers are equal (``==``), not merely close.

``score_documents`` hands rouge1-9, rougeL and rougeLsum of a tokenized pair to
rouge-score-rs's Rust scorer (``_rougers.Scorer.score_documents``), which the
differential tests hold to rouge-score like this module's own functions. The
functions here score everything else: the ROUGE-W/S/SU family, rougeLsum of
sentences so long that rouge-score-rs's quadratic table would not fit in a
few megabytes, and tokens that cannot become Rust strings.

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
import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache, partial
from itertools import accumulate, chain, repeat
from typing import Any

from rouge_score_rs import _rougers

Score = tuple[float, float, float]
ROUGE_N_RE = re.compile(r"rouge([1-9])")
ZERO: Score = (0.0, 0.0, 0.0)
# _BIT_REVERSE[b] is the byte b with its 8 bits in reverse order.
_BIT_REVERSE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
# rougeLsum walks the LCS tables of this many bits' worth of sentence pairs at once.
_GROUP_BITS = 1 << 13
_CAN_FORK = "fork" in multiprocessing.get_all_start_methods()
# Stands for the gap between two sentences in a SentenceLayout: equal to no token.
_GAP = object()
# The types rouge-score-rs scores. Its rougeLsum keeps an LCS table per sentence pair, of 4 bytes a
# cell; above this many cells (the longest sentences' product) union_lcs here is faster and small.
NATIVE_TYPES = frozenset([*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum"])
NATIVE_LSUM_CELLS = 1_000_000


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
    return _score_ngrams(Document(reference), Document(prediction), n)


def clipped_hits(ref_counts: Counter, pred_counts: Counter) -> int:
    """Matches of two multisets: over their shared keys, the sum of the smaller count."""
    shared = ref_counts.keys() & pred_counts.keys()
    return sum(map(min, map(ref_counts.__getitem__, shared), map(pred_counts.__getitem__, shared)))


def _score_ngrams(reference: Document, prediction: Document, n: int) -> Score:
    hits = clipped_hits(reference.ngrams(n), prediction.ngrams(n))
    precision = hits / max(len(prediction.tokens) - n + 1, 1)
    recall = hits / max(len(reference.tokens) - n + 1, 1)
    return precision, recall, fmeasure(precision, recall)


def match_masks(tokens: Sequence[Hashable]) -> dict[Hashable, int]:
    """Map each token to the int whose bit i is set where ``tokens[i]`` is that token."""
    masks: dict[Hashable, int] = {}
    get, bit = masks.get, 1
    for token in tokens:
        masks[token] = get(token, 0) | bit
        bit <<= 1
    return masks


def lcs_length(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> int:
    """Length of a longest common subsequence, bit-parallel (Hyyrö 2004)."""
    return _lcs_length(match_masks(reference), len(reference), prediction)


def _lcs_length(masks: dict[Hashable, int], rows: int, prediction: Sequence[Hashable]) -> int:
    """LCS length of ``prediction`` and the ``rows`` reference tokens whose match masks are ``masks``.

    Bit i of ``column`` is 1 when row i + 1 of the LCS table's current column
    equals row i (no increment), so the length is the number of 0 bits. A
    row that no token matches adds nothing, so ``masks`` may leave gaps.
    """
    full = (1 << rows) - 1
    column = full
    for mask in map(masks.get, prediction, repeat(0)):
        matches = column & mask
        column = ((column + matches) | (column - matches)) & full
    return rows - column.bit_count()


def score_lcs(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> Score:
    """ROUGE-L over whole token lists; an empty side scores 0."""
    return _score_lcs(Document(reference), Document(prediction))


def _score_lcs(reference: Document, prediction: Document) -> Score:
    if not reference.tokens or not prediction.tokens:
        return ZERO
    length = _lcs_length(*reference.masks(), prediction.tokens)
    precision = length / len(prediction.tokens)
    recall = length / len(reference.tokens)
    return precision, recall, fmeasure(precision, recall)


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


def score_summary_lcs(
    reference: Sequence[Sequence[Hashable]], prediction: Sequence[Sequence[Hashable]]
) -> Score:
    """ROUGE-Lsum: union LCS per reference sentence, hits clipped per token.

    rouge-score counts a union token as a hit while both sides have that token
    left. Union positions are distinct reference positions, so the reference
    side never runs out first, and the hits of token w are
    ``min(#w in the unions, #w in the prediction)``, in any order.
    """
    return _score_summary_lcs(Document([], reference), Document([], prediction))


def _score_summary_lcs(reference: Document, prediction: Document) -> Score:
    ref_total = sum(map(len, reference.sentences))
    pred_total = sum(map(len, prediction.sentences))
    if not ref_total or not pred_total:
        return ZERO
    layout = reference.layout()
    if len(reference.sentences) == 1 and len(prediction.sentences) == 1:
        # One LCS matches distinct tokens on both sides, so clipping removes none of it.
        hits = _lcs_length(layout.masks, layout.width, prediction.sentences[0])
    else:
        union = union_lcs(layout, [sentence for sentence in prediction.sentences if sentence])
        pred_counts = prediction.sentence_counts()
        shared = pred_counts.keys() & layout.masks.keys()
        in_union = map(int.bit_count, map(union.__and__, map(layout.masks.__getitem__, shared)))
        hits = sum(map(min, in_union, map(pred_counts.__getitem__, shared)))
    precision = hits / pred_total
    recall = hits / ref_total
    return precision, recall, fmeasure(precision, recall)


class Document:
    """One text's tokens, and what scoring derives from them, each derived once, when first needed.

    ``tokens`` are the whole text's tokens (rouge1-9, rougeL, rougeS/SU),
    ``sentences`` each sentence's tokens (rougeLsum, rougeW). A prediction
    scored against several references derives its n-gram counts once.
    ``joined`` is whether ``tokens`` are the sentences' tokens one after the
    other (checked when not given), ``one_sentence`` whether, moreover, there
    is one sentence.
    """

    def __init__(
        self,
        tokens: Sequence[Hashable],
        sentences: Sequence[Sequence[Hashable]] = (),
        joined: bool | None = None,
    ) -> None:
        self.tokens = tokens
        self.sentences = sentences
        if joined is None:
            joined = len(tokens) == sum(map(len, sentences)) and list(tokens) == list(chain(*sentences))
        self.joined = joined
        self.one_sentence = joined and len(sentences) == 1
        self._ngrams: dict[int, Counter] = {}
        self._layout: SentenceLayout | None = None
        self._masks: tuple[dict[Hashable, int], int] | None = None
        self._sentence_counts: Counter | None = None
        self._longest: int | None = None

    def longest_sentence(self) -> int:
        """The number of tokens of the longest sentence (0 without sentences)."""
        if self._longest is None:
            self._longest = max(map(len, self.sentences), default=0)
        return self._longest

    def ngrams(self, n: int) -> Counter:
        """The counts of the n-grams of ``tokens`` (see ``ngram_counts``)."""
        counts = self._ngrams.get(n)
        if counts is None:
            counts = self._ngrams[n] = ngram_counts(self.tokens, n)
        return counts

    def layout(self) -> SentenceLayout:
        """The sentences laid out for ``union_lcs``."""
        if self._layout is None:
            self._layout = SentenceLayout(self.sentences)
        return self._layout

    def masks(self) -> tuple[dict[Hashable, int], int]:
        """Match masks of ``tokens`` and their number of rows, for ``_lcs_length``.

        When the tokens are the sentences', these are the layout's: its gaps
        are rows that match no token.
        """
        if self._masks is None:
            if self.joined:
                self._masks = self.layout().masks, self.layout().width
            else:
                self._masks = match_masks(self.tokens), len(self.tokens)
        return self._masks

    def sentence_counts(self) -> Counter:
        """The counts of the sentences' tokens."""
        if self.joined:
            return self.ngrams(1)
        if self._sentence_counts is None:
            self._sentence_counts = Counter(chain.from_iterable(self.sentences))
        return self._sentence_counts


def validate_rouge_types(rouge_types: Sequence[str]) -> None:
    """Raise ValueError naming any rouge type this engine cannot score."""
    bad = [
        t
        for t in rouge_types
        if not (ROUGE_N_RE.fullmatch(t) or t in ("rougeL", "rougeLsum") or is_family_type(t))
    ]
    if bad:
        raise ValueError(
            f"unknown rouge type(s) {', '.join(map(repr, bad))}; "
            "valid types are rouge1 ... rouge9, rougeL, rougeLsum, rougeW, "
            "rougeS0 ... rougeS9, rougeS*, rougeSU0 ... rougeSU9, rougeSU*"
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
    rougeL, rougeS/SU); the ``*_sentences`` are per-sentence tokens
    (rougeLsum, rougeW).
    """
    return score_documents(
        Document(reference, reference_sentences), Document(prediction, prediction_sentences), rouge_types
    )


def score_documents(
    reference: Document, prediction: Document, rouge_types: Sequence[str]
) -> dict[str, Score]:
    """``score_tokens`` on two ``Document``s."""
    native = native_scores(reference, prediction, rouge_types)
    scores: dict[str, Score] = {}
    # With one sentence a side, rougeLsum's hits are rougeL's LCS of the same tokens.
    one_sentence = reference.one_sentence and prediction.one_sentence
    for rouge_type in rouge_types:
        if rouge_type in native:
            scores[rouge_type] = native[rouge_type]
        elif rouge_type == "rougeLsum" and one_sentence and "rougeL" in scores:
            scores[rouge_type] = scores["rougeL"]
        elif rouge_type in _SCORERS:
            scores[rouge_type] = _SCORERS[rouge_type](reference, prediction)
        else:
            scores[rouge_type] = score_family(
                rouge_type, reference.tokens, prediction.tokens, reference.sentences, prediction.sentences
            )
    return scores


def native_scores(reference: Document, prediction: Document, rouge_types: Sequence[str]) -> dict[str, Score]:
    """The scores of the ``NATIVE_TYPES`` among ``rouge_types`` that rouge-score-rs takes for this pair.

    It takes rougeLsum only up to ``NATIVE_LSUM_CELLS``, and nothing from a
    pair with a token that cannot become a Rust string (a lone surrogate, a
    custom tokenizer's non-str token): those are scored in Python.
    """
    small = reference.longest_sentence() * prediction.longest_sentence() <= NATIVE_LSUM_CELLS
    types = tuple(t for t in rouge_types if t in NATIVE_TYPES and (small or t != "rougeLsum"))
    if not types:
        return {}
    try:
        scores = _native_scorer(types).score_documents(
            reference.tokens, reference.sentences, prediction.tokens, prediction.sentences
        )
    except (TypeError, UnicodeEncodeError):
        return {}
    return {rouge_type: tuple(score) for rouge_type, score in scores.items()}


@lru_cache(maxsize=64)
def _native_scorer(rouge_types: tuple[str, ...]) -> Any:
    return _rougers.Scorer(list(rouge_types), False)


_SCORERS: dict[str, Callable[[Document, Document], Score]] = {
    "rougeL": _score_lcs,
    "rougeLsum": _score_summary_lcs,
    **{f"rouge{n}": partial(_score_ngrams, n=n) for n in range(1, 10)},
}


def _default_processes() -> int:
    """``KURENAI_ROUGE_PROCESSES`` if set, else on Linux the number of CPUs this process may use, else 1."""
    setting = os.environ.get("KURENAI_ROUGE_PROCESSES")
    if setting:
        if not setting.strip().isdecimal() or int(setting) < 1:
            raise ValueError(f"KURENAI_ROUGE_PROCESSES must be a positive integer, got {setting!r}")
        return int(setting)
    return len(os.sched_getaffinity(0)) if sys.platform == "linux" else 1


class ChunkedEngine(ABC):
    """An engine's ``score_batch``, from its ``score_chunks``."""

    @abstractmethod
    def score_chunks(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> Iterator[list[list[dict[str, Score]]]]:
        """Per prediction, its scores against each of its references, a chunk of predictions at a time."""

    def score_batch(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """Per prediction, its scores against each of its references."""
        return [row for rows in self.score_chunks(predictions, references) for row in rows]


class TokenEngine(ChunkedEngine):
    """Scores texts with this module's functions, tokenizing each text once.

    ``tokenizer`` has ``tokenize(text)``; ``splitter`` maps a text to the
    sentences rougeLsum compares.

    A batch is cut into ``chunks_per_process`` chunks per process (of at
    most ``CHUNK`` examples). This process scores the first; if the batch has
    an example for every chunk and the rest would take it at least
    ``parallel_seconds`` at that rate, the rest is split over ``processes``
    processes (default: ``KURENAI_ROUGE_PROCESSES``, else every usable CPU on
    Linux and 1 elsewhere): this one and forked workers, which inherit the
    engine, so the tokenizer and splitter need not be picklable and no
    ``__main__`` is re-imported. Chunks are taken as each process is free.
    The numbers do not depend on how many processes score them.
    """

    name = "fast"
    # Starting a worker and moving scores between processes costs some tens of milliseconds.
    parallel_seconds = 0.25
    chunks_per_process = 8

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        self.rouge_types = list(rouge_types)
        self._tokenize = tokenizer.tokenize
        self._splitter = splitter
        self._needs_tokens = any(t not in ("rougeLsum", "rougeW") for t in self.rouge_types)
        self._needs_sentences = any(t in ("rougeLsum", "rougeW") for t in self.rouge_types)
        self._line_separable = getattr(tokenizer, "line_separable", False)
        self.processes = _default_processes()

    def document(self, text: str) -> Document:
        """``text`` tokenized, as a whole and sentence by sentence, as the rouge types need it.

        The tokenizer runs once on a text that is a single sentence, and once per
        sentence on a text that is its sentences joined by newlines when the
        tokenizer is ``line_separable``.
        """
        sentences = self._splitter(text) if self._needs_sentences else []
        if sentences == [text]:
            tokens = self._tokenize(text)
            return Document(tokens, [tokens], joined=True)
        sentence_tokens = [self._tokenize(sentence) for sentence in sentences]
        if self._line_separable and "\n".join(sentences) == text:
            return Document(list(chain.from_iterable(sentence_tokens)), sentence_tokens, joined=True)
        return Document(self._tokenize(text) if self._needs_tokens else [], sentence_tokens)

    def score_serial(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[list[dict[str, Score]]]:
        """``score_batch`` in this process only."""
        document, rouge_types = self.document, self.rouge_types
        results = []
        for prediction, refs in zip(predictions, references, strict=True):
            pred = document(prediction)
            results.append([score_documents(document(reference), pred, rouge_types) for reference in refs])
        return results

    def score_chunks(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> Iterator[list[list[dict[str, Score]]]]:
        """``score_batch``'s rows, a chunk at a time, in order (one pool of workers for them all)."""
        if not predictions:
            return
        chunks = self.processes * self.chunks_per_process
        first, *rest = _chunks(predictions, references, min(CHUNK, -(-len(predictions) // chunks)))
        start = time.perf_counter()
        rows = self.score_serial(*first)
        seconds_per_pair = (time.perf_counter() - start) / max(1, sum(map(len, first[1])))
        yield rows
        left = sum(len(refs) for _, chunk_references in rest for refs in chunk_references)
        # A daemonic process (a multiprocessing.Pool worker, say) may not start processes.
        if (
            self.processes == 1
            or len(predictions) < chunks
            or left * seconds_per_pair < self.parallel_seconds
            or not _CAN_FORK
            or multiprocessing.current_process().daemon
        ):
            for chunk in rest:
                yield self.score_serial(*chunk)
            return
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(self.processes - 1, context, _adopt_engine, (self,)) as pool:
            # The workers take chunks from the end, this process from the start: it scores every
            # chunk whose future it can still cancel, so a busy CPU gets less of the batch.
            futures = [pool.submit(_score_in_worker, *chunk) for chunk in reversed(rest)][::-1]
            for chunk, future in zip(rest, futures, strict=True):
                yield self.score_serial(*chunk) if future.cancel() else future.result()


# Engines yield at most this many examples' scores at a time (a progress bar's step).
CHUNK = 1000


def _chunks(
    predictions: Sequence[str], references: Sequence[Sequence[str]], size: int
) -> list[tuple[Sequence[str], Sequence[Sequence[str]]]]:
    """The batch cut into (predictions, references) chunks of ``size`` examples."""
    return [(predictions[i : i + size], references[i : i + size]) for i in range(0, len(predictions), size)]


_worker_engine: TokenEngine | None = None


def _adopt_engine(engine: TokenEngine) -> None:
    """Worker initializer: keep the engine the worker inherited when it was forked."""
    global _worker_engine
    _worker_engine = engine


def _score_in_worker(
    predictions: Sequence[str], references: Sequence[Sequence[str]]
) -> list[list[dict[str, Score]]]:
    return _worker_engine.score_serial(predictions, references)


class KurenaiEngine(ChunkedEngine):
    """Scores texts with ``kurenai.rouge_scorer.RougeScorer``, for cross-checking.

    rougeLsum gets the sentences of ``splitter`` joined by newlines, which is
    how kurenai reads sentences; every other type gets the text as it is.
    """

    name = "kurenai"

    def __init__(
        self, rouge_types: Sequence[str], tokenizer: Any, splitter: Callable[[str], list[str]]
    ) -> None:
        from kurenai.rouge_scorer import RougeScorer

        family = [t for t in rouge_types if is_family_type(t)]
        if family:
            raise ValueError(f"engine='kurenai' cannot score {', '.join(family)}; use engine='fast'")
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

    def score_chunks(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> Iterator[list[list[dict[str, Score]]]]:
        """``score_batch``'s rows, ``CHUNK`` examples at a time, in order."""
        for chunk_predictions, chunk_references in _chunks(predictions, references, CHUNK):
            yield [
                [self._score(r, p) for r in refs]
                for p, refs in zip(chunk_predictions, chunk_references, strict=True)
            ]


ENGINES = {"fast": TokenEngine, "kurenai": KurenaiEngine}


# ROUGE-W, ROUGE-S and ROUGE-SU, computed as ROUGE-1.5.5.pl computes them
# (options -w 1.2, -2 <k> and -2 <k> -u); README "ROUGE-W, ROUGE-S and ROUGE-SU"
# lists where that script departs from Lin (2004).

ROUGE_W_WEIGHT = 1.2
ROUGE_S_RE = re.compile(r"rougeS(U?)([0-9*])")


def is_family_type(rouge_type: str) -> bool:
    """Whether ``rouge_type`` is rougeW, rougeS<k>, rougeSU<k> (k in 0..9) or rougeS* / rougeSU*."""
    return rouge_type == "rougeW" or ROUGE_S_RE.fullmatch(rouge_type) is not None


def score_family(
    rouge_type: str,
    reference: Sequence[str],
    prediction: Sequence[str],
    reference_sentences: Sequence[Sequence[str]],
    prediction_sentences: Sequence[Sequence[str]],
) -> Score:
    """Score one pair for a type accepted by ``is_family_type``.

    rougeW compares sentences, as rougeLsum does; the skip-bigram types take
    the whole texts' tokens, so their pairs run across sentence breaks.
    """
    if rouge_type == "rougeW":
        return score_wlcs(reference_sentences, prediction_sentences, ROUGE_W_WEIGHT)
    unigrams, skip = ROUGE_S_RE.fullmatch(rouge_type).groups()
    return score_skip_bigrams(reference, prediction, None if skip == "*" else int(skip), unigrams == "U")


def skip_bigram_counts(
    tokens: Sequence[str], max_skip: int | None, unigrams: bool
) -> Counter[tuple[str, ...]]:
    """Count the ordered token pairs with at most ``max_skip`` tokens between them (None: any).

    With ``unigrams`` every token but the last is also counted, as 1-tuples:
    ROUGE-1.5.5's ``-u`` adds a unigram in the same loop that starts each
    pair, and the last token starts none.

    >>> sorted(skip_bigram_counts("abcd", 1, True).items())  # doctest: +NORMALIZE_WHITESPACE
    [(('a',), 1), (('a', 'b'), 1), (('a', 'c'), 1), (('b',), 1), (('b', 'c'), 1), (('b', 'd'), 1),
     (('c',), 1), (('c', 'd'), 1)]
    """
    widest = len(tokens) - 1 if max_skip is None else max_skip + 1
    counts: Counter[tuple[str, ...]] = Counter()
    for distance in range(1, widest + 1):
        counts.update(zip(tokens, tokens[distance:], strict=False))
    if unigrams:
        counts.update(zip(tokens[:-1]))
    return counts


def score_counts(ref_counts: Counter[tuple[str, ...]], pred_counts: Counter[tuple[str, ...]]) -> Score:
    """Clipped matches of two multisets: P = hits / max(#pred, 1), R = hits / max(#ref, 1)."""
    hits = clipped_hits(ref_counts, pred_counts)
    precision = hits / max(sum(pred_counts.values()), 1)
    recall = hits / max(sum(ref_counts.values()), 1)
    return precision, recall, fmeasure(precision, recall)


def score_skip_bigrams(
    reference: Sequence[str], prediction: Sequence[str], max_skip: int | None, unigrams: bool
) -> Score:
    """ROUGE-S (``unigrams=False``) or ROUGE-SU with clipped skip-bigram counts.

    >>> score_skip_bigrams("police killed the gunman".split(), "police kill the gunman".split(), None, False)
    (0.5, 0.5, 0.5)
    """
    return score_counts(
        skip_bigram_counts(reference, max_skip, unigrams), skip_bigram_counts(prediction, max_skip, unigrams)
    )


def _mark_wlcs(
    reference: Sequence[str],
    prediction: Sequence[str],
    positions: dict[str, list[int]],
    weights: Sequence[float],
    mask: bytearray,
) -> None:
    """Set ``mask[i]`` for the reference positions on ROUGE-1.5.5's weighted-LCS path.

    ``positions`` maps each prediction token to its 1-based positions;
    ``weights[k]`` is f(k). A match cell holds the value above-left plus
    f(k+1) - f(k), k being the run of matches ending above-left; any other
    cell the larger of above and left, which between two matches of a row is
    a running maximum. The walk back takes the diagonal on equal tokens, else
    goes up when above >= left, else left. Rows are flat lists of floats.
    """
    rows = [[0.0] * (len(prediction) + 1)]
    runs_above: dict[int, int] = {}
    for token in reference:
        above, row, runs, start = rows[-1], [0.0], {}, 1
        for j in positions.get(token, ()):
            row[-1:] = accumulate(above[start:j], max, initial=row[-1])
            run = runs_above.get(j - 1, 0)
            row.append(above[j - 1] + weights[run + 1] - weights[run])
            runs[j] = run + 1
            start = j + 1
        row[-1:] = accumulate(above[start:], max, initial=row[-1])
        rows.append(row)
        runs_above = runs
    i, j = len(reference), len(prediction)
    while i and j:
        if reference[i - 1] == prediction[j - 1]:
            i -= 1
            j -= 1
            mask[i] = 1
        elif rows[i - 1][j] >= rows[i][j - 1]:
            i -= 1
        else:
            j -= 1


def score_wlcs(
    reference: Sequence[Sequence[str]], prediction: Sequence[Sequence[str]], weight: float = ROUGE_W_WEIGHT
) -> Score:
    """ROUGE-W-``weight`` of sentence-split texts, as ROUGE-1.5.5.pl computes it.

    Each reference sentence is marked with its weighted-LCS path against
    every predicted sentence; the marked tokens still available in both texts'
    unigram counts are hits, and each run of consecutive hit positions in the
    reference sentence scores f(run) = run ** weight. With ``hit`` their sum,
    P = f^-1(hit / f(#pred tokens)) and R = f^-1(hit / f(sum of f(#tokens) per
    reference sentence)): ROUGE-1.5.5 weights the reference size twice, so an
    identical text has P = 1 and R < 1. An empty side scores 0.

    >>> [round(x, 5) for x in score_wlcs([["a", "b"]], [["a", "x", "b"]])]
    [0.66667, 0.87055, 0.75509]
    """
    if not any(reference) or not any(prediction):
        return ZERO
    weights = [k**weight for k in range(max(map(len, reference)) + 1)]
    ref_left = Counter(token for sentence in reference for token in sentence)
    pred_left = Counter(token for sentence in prediction for token in sentence)
    pred_positions = []
    for sentence in prediction:
        positions: dict[str, list[int]] = {}
        for j, token in enumerate(sentence, 1):
            positions.setdefault(token, []).append(j)
        pred_positions.append(positions)
    hit = base = 0.0
    for sentence in reference:
        base += weights[len(sentence)]
        mask = bytearray(len(sentence))
        for pred_sentence, positions in zip(prediction, pred_positions, strict=True):
            _mark_wlcs(sentence, pred_sentence, positions, weights, mask)
        run = 0
        for i, token in enumerate(sentence):
            if mask[i] and ref_left[token] > 0 and pred_left[token] > 0:
                run += 1
                if i + 1 == len(sentence) or not mask[i + 1]:
                    hit += weights[run]
                    run = 0
                ref_left[token] -= 1
                pred_left[token] -= 1
    precision = (hit / sum(map(len, prediction)) ** weight) ** (1 / weight)
    recall = (hit / base**weight) ** (1 / weight)
    return precision, recall, fmeasure(precision, recall)
