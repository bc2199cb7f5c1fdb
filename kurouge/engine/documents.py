"""Tokenized texts (``Document``) and rouge-score's types scored on them in Python.

``score_ngrams``, ``score_lcs`` and ``score_summary_lcs`` take token lists;
``PYTHON_SCORERS`` holds the same scorers for two ``Document``s, which derive
what scoring needs (n-gram counts, sentence layouts) once each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from itertools import chain

from kurouge.engine.lcs import SentenceLayout, lcs_length, union_lcs
from kurouge.engine.ngrams import ZERO, Score, clipped_hits, fmeasure, ngram_counts


def score_ngrams(reference: Sequence[Hashable], prediction: Sequence[Hashable], n: int) -> Score:
    """ROUGE-N with clipped counts: P = hits / max(#pred n-grams, 1), R likewise."""
    return _score_ngrams(Document(reference), Document(prediction), n)


def _score_ngrams(reference: Document, prediction: Document, n: int) -> Score:
    hits = clipped_hits(reference.ngrams(n), prediction.ngrams(n))
    precision = hits / max(len(prediction.tokens) - n + 1, 1)
    recall = hits / max(len(reference.tokens) - n + 1, 1)
    return precision, recall, fmeasure(precision, recall)


def score_lcs(reference: Sequence[Hashable], prediction: Sequence[Hashable]) -> Score:
    """ROUGE-L over whole token lists; an empty side scores 0."""
    return _score_lcs(Document(reference), Document(prediction))


def _score_lcs(reference: Document, prediction: Document) -> Score:
    if not reference.tokens or not prediction.tokens:
        return ZERO
    length = lcs_length(reference.tokens, prediction.tokens)
    precision = length / len(prediction.tokens)
    recall = length / len(reference.tokens)
    return precision, recall, fmeasure(precision, recall)


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
    if len(reference.sentences) == 1 and len(prediction.sentences) == 1:
        # One LCS matches distinct tokens on both sides, so clipping removes none of it.
        hits = lcs_length(reference.sentences[0], prediction.sentences[0])
    else:
        layout = reference.layout()
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

    __slots__ = (
        "tokens",
        "sentences",
        "joined",
        "one_sentence",
        "_ngrams",
        "_layout",
        "_sentence_counts",
        "_longest",
    )

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

    def sentence_counts(self) -> Counter:
        """The counts of the sentences' tokens."""
        if self.joined:
            return self.ngrams(1)
        if self._sentence_counts is None:
            self._sentence_counts = Counter(chain.from_iterable(self.sentences))
        return self._sentence_counts


PYTHON_SCORERS: dict[str, Callable[[Document, Document], Score]] = {
    "rougeL": _score_lcs,
    "rougeLsum": _score_summary_lcs,
    **{f"rouge{n}": partial(_score_ngrams, n=n) for n in range(1, 10)},
}
