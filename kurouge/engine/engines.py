"""The engines: texts in, exact ROUGE scores out, per prediction and reference.

rouge1-9, rougeL and rougeLsum of the tokenized pairs of a batch go to
rouge-score-rs's Rust scorer in one call, as token ids (``engine.native``), or as
the raw texts when its own tokenizer gives the chosen tokenizer's tokens;
everything else is scored in Python: the ROUGE-W/S/SU family
(``engine.family``), rougeLsum of sentences so long that rouge-score-rs's
quadratic table would not fit in a few megabytes and rougeL of texts so long
that its kernel turns slow (``engine.documents``; the limits are in
``engine.native``). ``TokenEngine`` scores a batch, with worker processes when
it is worth them (``engine.workers``).
"""

from __future__ import annotations

import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, islice
from types import SimpleNamespace
from typing import Any

from kurouge.engine.documents import PYTHON_SCORERS, Document
from kurouge.engine.family import is_family_type, score_family
from kurouge.engine.native import NATIVE_TYPES, TokenIds, native_batch, text_batch
from kurouge.engine.ngrams import Score
from kurouge.engine.workers import can_start_workers, default_processes, score_in_workers
from kurouge.inputs import describe
from kurouge.tokenizers.sentences import split_lines

ROUGE_N_RE = re.compile(r"rouge([1-9])")


def validate_rouge_types(rouge_types: Sequence[str]) -> None:
    """Raise ValueError naming any rouge type this engine cannot score."""
    bad = [
        t
        for t in rouge_types
        if not (ROUGE_N_RE.fullmatch(t) or t in ("rougeL", "rougeLsum") or is_family_type(t))
    ]
    if bad:
        raise ValueError(
            f"unknown rouge type(s) {', '.join(map(describe, bad[:5]))}{', ...' if len(bad) > 5 else ''}; "
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
    reference: Document,
    prediction: Document,
    rouge_types: Sequence[str],
    native: dict[str, Score] | None = None,
) -> dict[str, Score]:
    """``score_tokens`` on two ``Document``s; ``native``: this pair's ``native_batch`` scores, if made."""
    if native is None:
        native = native_batch([(reference, prediction)], rouge_types)[0]
    if len(native) == len(rouge_types):  # rouge-score-rs scored every type
        return {rouge_type: native[rouge_type] for rouge_type in rouge_types}
    scores: dict[str, Score] = {}
    # With one sentence a side, rougeLsum's hits are rougeL's LCS of the same tokens.
    one_sentence = reference.one_sentence and prediction.one_sentence
    for rouge_type in rouge_types:
        if rouge_type in native:
            scores[rouge_type] = native[rouge_type]
        elif rouge_type == "rougeLsum" and one_sentence and "rougeL" in scores:
            scores[rouge_type] = scores["rougeL"]
        elif rouge_type in PYTHON_SCORERS:
            scores[rouge_type] = PYTHON_SCORERS[rouge_type](reference, prediction)
        else:
            scores[rouge_type] = score_family(
                rouge_type, reference.tokens, prediction.tokens, reference.sentences, prediction.sentences
            )
    return scores


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
    """Scores texts with the ``rouge_*`` modules' scorers, tokenizing each text once.

    ``tokenizer`` has ``tokenize(text)``; ``splitter`` maps a text to the
    sentences rougeLsum compares.

    A batch that rouge-score-rs reads as raw text is scored here, in chunks
    of ``CHUNK`` examples. Any other is cut into ``chunks_per_process``
    chunks per process (of at most ``CHUNK`` examples). This process scores the first; if the batch has
    an example for every chunk and the rest would take it at least
    ``parallel_seconds`` at that rate, the rest is scored by ``processes``
    forked workers (default: ``KURENAI_ROUGE_PROCESSES``, else every usable
    CPU on Linux and 1 elsewhere) while this process hands out chunks and
    collects their scores (``engine.workers``). The workers inherit the engine,
    so the tokenizer and splitter need not be picklable and no ``__main__``
    is re-imported. The numbers do not depend on how many processes score them.
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
        # A tokenizer may tokenize rougeLsum's sentences its own way (the "xlsum" preset, as XL-Sum).
        self._tokenize_sentence = getattr(tokenizer, "tokenize_sentence", None)
        self._splitter = splitter
        self._needs_tokens = any(t not in ("rougeLsum", "rougeW") for t in self.rouge_types)
        self._needs_sentences = any(t in ("rougeLsum", "rougeW") for t in self.rouge_types)
        self._line_separable = getattr(tokenizer, "line_separable", False)
        self.processes = default_processes()
        self._ids = TokenIds()
        self._documents: dict[str, Document] = {}
        # rouge-score-rs can read raw text itself when its tokenizer gives this one's tokens, the
        # sentences are the lines, and it scores every type asked for.
        reads_text = splitter is split_lines and NATIVE_TYPES.issuperset(self.rouge_types)
        self._native_text = getattr(tokenizer, "native_text", None) if reads_text else None
        # Which texts it reads so (None: every text).
        self._native_takes = getattr(tokenizer, "native_takes", None)

    def document(self, text: str) -> Document:
        """``text`` tokenized, as a whole and sentence by sentence, as the rouge types need it.

        A tokenizer with ``tokenize_sentence`` gives the sentences' tokens with it.
        Otherwise the tokenizer runs once on a text that is a single sentence, and once per
        sentence on a text that is its sentences joined by newlines when the
        tokenizer is ``line_separable``. A text seen before in the engine's last
        ``DOCUMENTS`` distinct texts (a reference scored against several systems'
        predictions) is not tokenized again: its ``Document`` is shared.
        """
        document = self._documents.get(text)
        if document is None:
            if len(self._documents) >= DOCUMENTS:
                self._documents.clear()
            document = self._documents[text] = self._new_document(text)
        return document

    def _new_document(self, text: str) -> Document:
        sentences = self._splitter(text) if self._needs_sentences else []
        if self._tokenize_sentence is not None:
            sentence_tokens = [self._tokenize_sentence(sentence) for sentence in sentences]
            return Document(self._tokenize(text) if self._needs_tokens else [], sentence_tokens)
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
        if self._native_text:
            scored = self._score_texts(predictions, references)
        else:
            scored = self._score_documents(predictions, references)
        rows = iter(scored)
        return [list(islice(rows, len(refs))) for refs in references]

    def _score_documents(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[dict[str, Score]]:
        """The scores of every (reference, prediction) pair of the batch, in order, from their tokens."""
        document, rouge_types = self.document, self.rouge_types
        pairs = []
        for prediction, refs in zip(predictions, references, strict=True):
            pred = document(prediction)
            pairs += [(document(reference), pred) for reference in refs]
        native = native_batch(pairs, rouge_types, self._ids)
        return [
            score_documents(*pair, rouge_types, scores) for pair, scores in zip(pairs, native, strict=True)
        ]

    def _score_texts(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> list[dict[str, Score]]:
        """``_score_documents``, rouge-score-rs reading the texts (and the tokens' path what it leaves)."""
        pairs = [
            (reference, prediction)
            for prediction, refs in zip(predictions, references, strict=True)
            for reference in refs
        ]
        scored = text_batch(pairs, tuple(self.rouge_types), self._native_text, self._native_takes)
        left = [index for index, scores in enumerate(scored) if scores is None]
        if left:
            left_scores = self._score_documents([pairs[i][1] for i in left], [[pairs[i][0]] for i in left])
            for index, scores in zip(left, left_scores, strict=True):
                scored[index] = scores
        return scored

    def score_chunks(
        self, predictions: Sequence[str], references: Sequence[Sequence[str]]
    ) -> Iterator[list[list[dict[str, Score]]]]:
        """``score_batch``'s rows, a chunk at a time, in order (one set of workers for them all)."""
        if not predictions:
            return
        if self._native_text:
            # rouge-score-rs reads the texts on every core in its threads: no worker would win.
            for chunk in _chunks(predictions, references, CHUNK):
                yield self.score_serial(*chunk)
            return
        chunks = self.processes * self.chunks_per_process
        first, *rest = _chunks(predictions, references, min(CHUNK, -(-len(predictions) // chunks)))
        start = time.perf_counter()
        rows = self.score_serial(*first)
        seconds_per_pair = (time.perf_counter() - start) / max(1, sum(map(len, first[1])))
        yield rows
        left = sum(len(refs) for _, chunk_references in rest for refs in chunk_references)
        if (
            self.processes == 1
            or len(predictions) < chunks
            or left * seconds_per_pair < self.parallel_seconds
            or not can_start_workers()
        ):
            # In this process, the rest goes in chunks of the progress bar's step.
            done = len(first[0])
            for chunk in _chunks(predictions[done:], references[done:], CHUNK):
                yield self.score_serial(*chunk)
            return
        yield from score_in_workers(self.score_serial, rest, self.processes)


# A TokenEngine keeps the Documents of up to this many distinct texts.
DOCUMENTS = 20_000
# Engines yield at most this many examples' scores at a time (a progress bar's step).
CHUNK = 1000


def _chunks(
    predictions: Sequence[str], references: Sequence[Sequence[str]], size: int
) -> list[tuple[Sequence[str], Sequence[Sequence[str]]]]:
    """The batch cut into (predictions, references) chunks of ``size`` examples."""
    return [(predictions[i : i + size], references[i : i + size]) for i in range(0, len(predictions), size)]


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
        sentences = SimpleNamespace(tokenize=getattr(tokenizer, "tokenize_sentence", tokenizer.tokenize))
        lsum = "rougeLsum" in self.rouge_types
        self._lsum_scorer = RougeScorer(["rougeLsum"], tokenizer=sentences) if lsum else None
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
