"""The bridge to rouge-score-rs's Rust scorer, which scores rouge1-9, rougeL and rougeLsum of most pairs.

Tokens cross as text: each distinct token of a batch gets an id of ASCII letters and digits, a
sentence is its ids joined by spaces, a text its sentences joined by newlines, and rouge-score-rs
reads such a text with its own rouge-score tokenizer (which keeps ``[a-z0-9]+`` runs and splits
lines on newlines), so it sees the same tokens, one-to-one, whatever they are (a lone surrogate, a
custom tokenizer's odd string). One string a text costs a few times less to hand over than a list
of strings, and ``score_batch`` scores a batch on every core without holding the GIL. The
differential tests hold it to rouge-score like the Python scorers.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

from rouge_score_rs import _rougers

from kurouge.engine.documents import Document
from kurouge.engine.ngrams import Score

# The types rouge-score-rs scores. Its rougeLsum keeps an LCS table per sentence pair, of 4 bytes a
# cell; above this many cells (the longest sentences' product) union_lcs here is faster and small.
NATIVE_TYPES = frozenset([*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum"])
NATIVE_LSUM_CELLS = 1_000_000
# Its rougeL is a few times faster than lcs_length here until, on long texts, it turns to a kernel of
# about 2 ns a cell (measured on the benchmark's long text: 0.02 s at 20,000 x 20,000 tokens, 0.85 s at
# 25,000 x 25,000, 5.3 s at 50,000 x 50,000), where lcs_length takes about 0.12 ns a cell. It keeps
# rougeL up to this many cells (the texts' product), which costs at most 0.2 s either way.
NATIVE_LCS_CELLS = 100_000_000

_DIGITS = string.digits + string.ascii_lowercase


class TokenIds(dict):
    """Token -> its id, made on first sight: base 36 of the count of tokens seen before it."""

    def __missing__(self, token: Hashable) -> str:
        number, digits = len(self), ""
        while True:
            number, digit = divmod(number, 36)
            digits = _DIGITS[digit] + digits
            if not number:
                self[token] = digits
                return digits


def native_types(reference: Document, prediction: Document, rouge_types: Sequence[str]) -> tuple[str, ...]:
    """The ``NATIVE_TYPES`` among ``rouge_types`` that rouge-score-rs takes for this pair.

    It takes rougeLsum only up to ``NATIVE_LSUM_CELLS`` and rougeL only up to
    ``NATIVE_LCS_CELLS``: longer pairs are scored in Python.
    """
    cells = len(reference.tokens) * len(prediction.tokens)
    too_long = set()
    # A sentence holds at most all its text's tokens: most pairs are settled by their lengths.
    if cells > NATIVE_LSUM_CELLS and reference.longest_sentence() * prediction.longest_sentence() > (
        NATIVE_LSUM_CELLS
    ):
        too_long.add("rougeLsum")
    if cells > NATIVE_LCS_CELLS:
        too_long.add("rougeL")
    return tuple(t for t in rouge_types if t in NATIVE_TYPES and t not in too_long)


def native_batch(
    pairs: Sequence[tuple[Document, Document]], rouge_types: Sequence[str], ids: TokenIds | None = None
) -> list[dict[str, Score]]:
    """Per (reference, prediction) pair, the scores of the ``native_types`` rouge-score-rs takes for it.

    The pairs are scored in batches of one set of types each; a text whose
    whole tokens are not its sentences' tokens one after the other is handed
    over twice, as one line for the whole-text types and as its sentences for
    rougeLsum. ``ids`` may be kept from batch to batch, so that a token
    seen before needs no new id.
    """
    ids = TokenIds() if ids is None else ids
    # A document in several pairs (a prediction with several references, a repeated text) is
    # written once: its whole tokens as one line ([False]) or its sentences as lines ([True]).
    texts: tuple[dict[Document, str], dict[Document, str]] = ({}, {})

    def text(document: Document, by_sentence: bool) -> str:
        written = texts[by_sentence].get(document)
        if written is None:
            lines = document.sentences if by_sentence else [document.tokens]
            written = "\n".join([" ".join(map(ids.__getitem__, line)) for line in lines])
            texts[by_sentence][document] = written
        return written

    jobs: dict[tuple[str, ...], list[tuple[int, str, str]]] = {}

    def add(types: tuple[str, ...], index: int, pair: tuple[Document, Document], by_sentence: bool) -> None:
        jobs.setdefault(types, []).append((index, text(pair[0], by_sentence), text(pair[1], by_sentence)))

    # A pair of at most both limits' cells passes neither: most pairs need no native_types.
    every, limit = (
        tuple(t for t in rouge_types if t in NATIVE_TYPES),
        min(NATIVE_LSUM_CELLS, NATIVE_LCS_CELLS),
    )
    whole_of_every = _whole_text_types(every)
    for index, pair in enumerate(pairs):
        if len(pair[0].tokens) * len(pair[1].tokens) <= limit:
            types, whole = every, whole_of_every
        else:
            types = native_types(*pair, rouge_types)
            whole = _whole_text_types(types)
        if "rougeLsum" not in types:
            if whole:
                add(whole, index, pair, False)
        elif not whole or (pair[0].joined and pair[1].joined):
            add(types, index, pair, True)
        else:
            add(("rougeLsum",), index, pair, True)
            add(whole, index, pair, False)
    scores: list[dict[str, Score]] = [{} for _ in pairs]
    for types, batch in jobs.items():
        indexes, references, predictions = zip(*batch, strict=True)
        scorer = _native_scorer(types, score_class=tuple)  # plain tuples, made in Rust
        for index, scored in zip(indexes, scorer.score_batch(references, predictions), strict=True):
            if scores[index]:  # the pair's rougeLsum, scored apart
                scores[index].update(scored)
            else:
                scores[index] = scored
    return scores


def text_batch(
    pairs: Sequence[tuple[str, str]],
    rouge_types: tuple[str, ...],
    native_text: tuple[str, bool],
    takes: Callable[[str], bool] | None = None,
) -> list[dict[str, Score] | None]:
    """Per (reference, prediction) text pair, rouge-score-rs's scores of ``rouge_types`` from the raw texts.

    ``rouge_types`` are ``NATIVE_TYPES``, ``native_text`` the (profile,
    use_stemmer) of rouge-score-rs's tokenizer, sentences the non-empty lines;
    ``takes`` (if given) tells the texts on which that tokenizer gives the caller's tokens.
    A pair is None where this leaves it to the tokens' path: a text ``takes`` refuses, texts so long
    that the cell limits might be passed (a text has at most one token a
    character), or a batch with a text Rust cannot take (a lone surrogate).
    """
    taken = [
        index
        for index, (r, p) in enumerate(pairs)
        if len(r) * len(p) <= NATIVE_LSUM_CELLS and (takes is None or (takes(r) and takes(p)))
    ]
    scores: list[dict[str, Score] | None] = [None] * len(pairs)
    if not taken:
        return scores
    profile, use_stemmer = native_text
    try:
        scored_batch = _native_scorer(rouge_types, use_stemmer, profile).score_batch(
            [pairs[index][0] for index in taken], [pairs[index][1] for index in taken]
        )
    except UnicodeEncodeError:
        return scores
    # Its scores are namedtuples of (precision, recall, F), like rouge-score's.
    for index, scored in zip(taken, scored_batch, strict=True):
        scores[index] = scored
    return scores


def native_scores(reference: Document, prediction: Document, rouge_types: Sequence[str]) -> dict[str, Score]:
    """``native_batch`` of one pair."""
    return native_batch([(reference, prediction)], rouge_types)[0]


@lru_cache(maxsize=64)
def _whole_text_types(types: tuple[str, ...]) -> tuple[str, ...]:
    """``types`` but rougeLsum: those scored on the whole text's tokens."""
    return tuple(t for t in types if t != "rougeLsum")


@lru_cache(maxsize=64)
def _native_scorer(
    rouge_types: tuple[str, ...],
    use_stemmer: bool = False,
    profile: str = "rouge-score",
    score_class: type | None = None,
) -> Any:
    """rouge-score-rs's scorer; its scores are ``score_class``'s, by default its namedtuple Score."""
    return _rougers.Scorer(list(rouge_types), use_stemmer, profile, score_class)
