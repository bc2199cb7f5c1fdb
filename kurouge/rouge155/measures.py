"""ROUGE-1.5.5.pl's scores of every document for one measure: its ``compute*Score`` subroutines.

Each reference (model) gives hits, a reference count and a prediction count:
n-grams and skip-bigrams are clipped matches (``rouge155.grams``; ROUGE-SU
adds the unigrams of every token but the last); ROUGE-L and ROUGE-W take the
hits of ``rouge155.lcs`` and count the reference's sentence lengths
(ROUGE-W: the sum of ``length ** w``, raised to ``w`` again) and the
prediction's tokens (ROUGE-W: raised to ``w``). ``-f A`` adds the three
over the references, ``-f B`` keeps the reference with the highest score
(the first on ties; n-gram and skip-bigram scores compared at 5 decimals).
R and P are rounded to 5 decimals (ROUGE-W: after the ``1 / w`` power), F is
computed from them and rounded; with ``-t 1`` a document gives its counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from kurouge.rouge155.flags import Measure, Rouge155Options
from kurouge.rouge155.grams import ngram_keys, skip_bigram_hits, window_hits
from kurouge.rouge155.jit import Kernel
from kurouge.rouge155.lcs import lcs_hits
from kurouge.rouge155.text import Tokens


@dataclass
class Corpus:
    """The texts as read (``rouge155.text.Reader.read``) and who is compared with whom.

    ``pairs[k]`` is (prediction text, reference text); document d's pairs are
    ``pairs[documents[d]:documents[d + 1]]``, its references in order.
    """

    ids: list[str]
    sentences: Tokens
    grams: Tokens
    pairs: np.ndarray
    documents: np.ndarray
    vocabulary: int

    def bounds(self) -> np.ndarray:
        """Each text's (start, end) in ``grams.ids``."""
        ends = self.grams.starts[self.grams.texts]
        return np.stack([ends[:-1], ends[1:]], axis=1)


def perl_pow(base: float, power: float) -> float:
    """Perl's ``base ** power``: integers to an integer power are multiplied exactly, else C's pow."""
    if power == int(power) and base == int(base) and power >= 0 and base >= 0:
        return float(int(base) ** int(power))
    return float(base) ** power


def rounded(values: np.ndarray) -> np.ndarray:
    """Perl's ``sprintf("%7.5f", x)`` read back as a number, for each value."""
    unique, inverse = np.unique(values, return_inverse=True)
    return np.array([float(format(value, ".5f")) for value in unique.tolist()])[inverse.reshape(-1)]


def score_measure(measure: Measure, corpus: Corpus, options: Rouge155Options) -> np.ndarray:
    """Per document (rows): (R, P, F) as ROUGE-1.5.5 rounds them.

    With ``-t 1``: the document's (reference count, prediction count, hits). ROUGE-W weights too
    large for a float (``-w`` far from 1 on long sentences, where Perl prints Inf or NaN) are a
    ValueError naming ``-w``.
    """
    try:
        per_pair = _per_pair(measure, corpus, options)
        hits, model_count, peer_count = combine_references(
            per_pair, corpus.documents, options.formula == "B"
        ).T
        if options.pool_counts:
            return np.stack([model_count, peer_count, hits], axis=1)
        recall = _ratio(measure, hits, model_count, options)
        precision = _ratio(measure, hits, peer_count, options)
    except OverflowError:
        raise ValueError(
            f"ROUGE-1.5.5 flag -w {options.weight:g}: ROUGE-W's weights (a run of k hits weighs "
            f"k ** {options.weight:g}, a score is taken to the power 1/{options.weight:g}) overflow a float "
            "on these texts, where ROUGE-1.5.5.pl prints Inf or NaN; choose a weight nearer 1 (1.2 is usual)"
        ) from None
    weighted = (1 - options.alpha) * precision + options.alpha * recall
    positive = weighted > 0
    fmeasure = np.zeros_like(recall)
    fmeasure[positive] = rounded((precision[positive] * recall[positive]) / weighted[positive])
    return np.stack([recall, precision, fmeasure], axis=1)


def _ratio(measure: Measure, hits: np.ndarray, counts: np.ndarray, options: Rouge155Options) -> np.ndarray:
    """The hits over the counts, rounded (ROUGE-W: to the power 1 / w first), 0 where the count is 0."""
    ratios = np.zeros_like(hits)
    counted = counts != 0
    ratios[counted] = hits[counted] / counts[counted]
    if measure.kind == "W":
        ratios[counted] = [perl_pow(ratio, 1 / options.weight) for ratio in ratios[counted].tolist()]
    ratios[counted] = rounded(ratios[counted])
    return ratios


def _per_pair(measure: Measure, corpus: Corpus, options: Rouge155Options) -> np.ndarray:
    """Per pair: (score for -f B, hits, reference count, prediction count)."""
    bounds = corpus.bounds()
    ids = corpus.grams.ids
    if measure.kind == "N":
        keys = ngram_keys(ids, measure.size, corpus.vocabulary)
        counts = window_hits(keys, bounds, corpus.pairs, measure.size)
    elif measure.kind == "S":
        counts = skip_bigram_hits(ids, bounds, corpus.pairs, measure.size, corpus.vocabulary)
        if measure.unigrams:  # every token but the last, keys apart from the skip-bigrams'
            but_last = np.stack([bounds[:, 0], np.maximum(bounds[:, 0], bounds[:, 1] - 1)], axis=1)
            counts = counts + window_hits(ids, but_last, corpus.pairs, 1)
    else:
        return _lcs_per_pair(measure.kind == "W", corpus, bounds, options)
    hits, model_count, peer_count = counts.astype(np.float64).T
    score = np.zeros_like(hits)
    counted = model_count != 0
    score[counted] = rounded(hits[counted] / model_count[counted])
    return np.stack([score, hits, model_count, peer_count], axis=1)


def _lcs_per_pair(weighted: bool, corpus: Corpus, bounds: np.ndarray, options: Rouge155Options) -> np.ndarray:
    """Per pair (score, hits, reference count, prediction count) of ROUGE-L or ROUGE-W."""
    sentences = corpus.sentences
    weight = options.weight if weighted else 1.0
    longest = int(np.diff(sentences.starts).max(initial=0))
    weights = np.array([perl_pow(k, weight) for k in range(longest + 2)])
    zeros = np.zeros(corpus.vocabulary, np.int64)
    hits, base = lcs_hits(
        sentences.ids, sentences.starts, sentences.texts, corpus.grams.ids, bounds, corpus.pairs,
        weights, weighted, zeros, zeros.copy(),
    ).T  # fmt: skip
    peer_tokens = (bounds[:, 1] - bounds[:, 0])[corpus.pairs[:, 0]].astype(np.float64)
    if not weighted:
        score = np.divide(hits, base, out=np.zeros_like(hits), where=base > 0)
        return np.stack([score, hits, base, peer_tokens], axis=1)
    if (base == 0).any():
        document = int(np.searchsorted(corpus.documents, np.argmax(base == 0), side="right")) - 1
        raise ValueError(
            f"evaluation {corpus.ids[document]!r} has a reference without tokens: "
            "ROUGE-1.5.5 with -w stops there (division by zero)"
        )
    score = [perl_pow(h / b, 1 / weight) for h, b in zip(hits.tolist(), base.tolist(), strict=True)]
    model_count = [perl_pow(b, weight) for b in base.tolist()]
    peer_count = [perl_pow(p, weight) for p in peer_tokens.tolist()]
    return np.array([score, hits.tolist(), model_count, peer_count]).T


def _combine(per_pair: Any, documents: Any, best: bool) -> Any:
    """Per document: (hits, reference count, prediction count) of its references.

    ``-f A`` adds those of its pairs in order, ``-f B`` takes those of the first
    pair of the highest score.
    """
    result = np.zeros((len(documents) - 1, 3))
    for d in range(len(documents) - 1):
        top = -1.0
        for k in range(documents[d], documents[d + 1]):
            if not best:
                result[d, 0] += per_pair[k, 1]
                result[d, 1] += per_pair[k, 2]
                result[d, 2] += per_pair[k, 3]
            elif per_pair[k, 0] > top:
                top = per_pair[k, 0]
                result[d, 0], result[d, 1], result[d, 2] = per_pair[k, 1], per_pair[k, 2], per_pair[k, 3]
    return result


combine_references = Kernel(_combine)
