"""ROUGE-1.5.5.pl's score of one document for one measure: its ``compute*Score`` subroutines.

Each reference (model) gives hits, a reference count and a prediction count:
n-grams and skip-bigrams (``createNGram``, ``createSkipBigram``; ROUGE-SU
adds the unigrams of every token but the last) are clipped counts; ROUGE-L
and ROUGE-W take the hits of ``rouge155_lcs`` and count the reference's
sentence lengths (ROUGE-W: the sum of ``length ** w``, raised to ``w``
again) and the prediction's tokens (ROUGE-W: raised to ``w``). ``-f A``
adds the three over the references, ``-f B`` keeps the reference with the
highest score (the first on ties; n-gram and skip-bigram scores compared at
5 decimals). R and P are rounded to 5 decimals, F is computed from them and
rounded; with ``-t 1`` the document gives its counts instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

if __package__:
    from .rouge155_bootstrap import rounded
    from .rouge155_flags import Measure, Rouge155Options
    from .rouge155_lcs import lcs_hits
    from .rouge_ngrams import clipped_hits, ngram_counts
else:
    from rouge155_bootstrap import rounded
    from rouge155_flags import Measure, Rouge155Options
    from rouge155_lcs import lcs_hits
    from rouge_ngrams import clipped_hits, ngram_counts


@dataclass
class Text:
    """A text read by ROUGE-1.5.5: token ids of ``readText_LCS``'s sentences and of ``readText``."""

    sentences: list[list[int]]
    tokens: list[int]


def perl_pow(base: float, power: float) -> float:
    """Perl's ``base ** power``: integers to an integer power are multiplied exactly, else C's pow."""
    if power == int(power) and base == int(base) and power >= 0 and base >= 0:
        return float(int(base) ** int(power))
    return base**power


class DocumentScorer:
    """Scores documents for one set of flags; ``vocabulary`` is the number of token ids in use."""

    def __init__(self, options: Rouge155Options, vocabulary: int, longest_sentence: int) -> None:
        self.options = options
        weight = options.weight if options.weight is not None else 1.0
        self.weight = weight
        self.weights = np.array([perl_pow(k, weight) for k in range(longest_sentence + 2)])
        self.model_counts = np.zeros(vocabulary, np.int64)
        self.peer_counts = np.zeros(vocabulary, np.int64)

    def score(self, measure: Measure, peer: Text, models: Sequence[Text]) -> tuple[float, float, float]:
        """(R, P, F) of the document as ROUGE-1.5.5 rounds them, or with ``-t 1`` its raw counts."""
        if measure.kind in "NS":
            per_model = self._grams(measure, peer, models)
        else:
            per_model = self._lcs(measure.kind == "W", peer, models)
        hits, reference_count, peer_count = self._combine(per_model)
        if self.options.pool_counts:
            return reference_count, peer_count, hits
        recall = self._ratio(measure, hits, reference_count)
        precision = self._ratio(measure, hits, peer_count)
        alpha = self.options.alpha
        weighted = (1 - alpha) * precision + alpha * recall
        return recall, precision, rounded((precision * recall) / weighted) if weighted > 0 else 0.0

    def _ratio(self, measure: Measure, hits: float, count: float) -> float:
        if count == 0:
            return 0.0
        if measure.kind == "W":
            return rounded(perl_pow(hits / count, 1 / self.weight))
        return rounded(hits / count)

    def _combine(self, per_model: list[tuple[float, float, float, float]]) -> tuple[float, float, float]:
        """``-f A``: the sums over the references; ``-f B``: the counts of the best-scoring reference."""
        if self.options.formula == "B":
            best, chosen = -1.0, (0, 0, 0)
            for score, *counts in per_model:
                if score > best:
                    best, chosen = score, counts
            return tuple(chosen)
        hits = reference_count = peer_count = 0
        for _, model_hits, model_count, model_peer_count in per_model:
            hits += model_hits
            reference_count += model_count
            peer_count += model_peer_count
        return hits, reference_count, peer_count

    def _grams(self, measure: Measure, peer: Text, models: Sequence[Text]) -> list[tuple]:
        """Per reference: (score, hits, reference count, prediction count) of n-grams or skip-bigrams."""
        peer_grams, peer_count = _grams(measure, peer.tokens)
        per_model = []
        for model in models:
            model_grams, model_count = _grams(measure, model.tokens)
            hits = clipped_hits(model_grams, peer_grams)
            score = rounded(hits / model_count) if model_count else 0.0
            per_model.append((score, hits, model_count, peer_count))
        return per_model

    def _lcs(self, weighted: bool, peer: Text, models: Sequence[Text]) -> list[tuple]:
        """Per reference: (score, hits, reference count, prediction count) of ROUGE-L or ROUGE-W."""
        peer_ids, peer_starts = _flat(peer.sentences)
        peer_tokens = np.array(peer.tokens, np.int64)
        peer_count = len(peer.tokens)
        if weighted:
            peer_count = perl_pow(peer_count, self.weight)
        per_model = []
        for model in models:
            model_ids, model_starts = _flat(model.sentences)
            model_tokens = np.array(model.tokens, np.int64)
            np.add.at(self.model_counts, model_tokens, 1)
            np.add.at(self.peer_counts, peer_tokens, 1)
            hits = lcs_hits(
                model_ids, model_starts, peer_ids, peer_starts, self.model_counts, self.peer_counts,
                self.weights, weighted,
            )  # fmt: skip
            self.model_counts[model_tokens] = 0
            self.peer_counts[peer_tokens] = 0
            base = 0.0
            for sentence in model.sentences:
                base += self.weights[len(sentence)] if weighted else len(sentence)
            if weighted:
                if base == 0:
                    raise ZeroDivisionError("ROUGE-1.5.5 -w divides by zero on a reference without tokens")
                score = perl_pow(hits / base, 1 / self.weight)
                per_model.append((score, hits, perl_pow(base, self.weight), peer_count))
            else:
                per_model.append((hits / base if base > 0 else 0.0, int(hits), base, peer_count))
        return per_model


def _flat(sentences: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The sentences' ids in a row and where each starts (with the end)."""
    starts = np.zeros(len(sentences) + 1, np.int64)
    np.cumsum([len(sentence) for sentence in sentences], out=starts[1:])
    return np.fromiter(chain.from_iterable(sentences), np.int64, int(starts[-1])), starts


def _grams(measure: Measure, tokens: list[int]) -> tuple[Counter, int]:
    """``createNGram`` (kind N) or ``createSkipBigram`` (kind S): the grams and their number."""
    if measure.kind == "N":
        return ngram_counts(tokens, measure.size), max(0, len(tokens) - measure.size + 1)
    last = len(tokens) - 1 if measure.size < 0 else measure.size + 1
    grams = Counter(
        chain.from_iterable(zip(tokens, tokens[gap:], strict=False) for gap in range(1, last + 1))
    )
    if measure.unigrams:
        grams.update(tokens[:-1])
    return grams, sum(grams.values())
