"""The bridge to rouge-score-rs's Rust scorer, which scores rouge1-9, rougeL and rougeLsum of most pairs.

The differential tests hold it to rouge-score like the Python scorers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rouge_score_rs import _rougers

if __package__:
    from .rouge_documents import Document
    from .rouge_ngrams import Score
else:
    from rouge_documents import Document
    from rouge_ngrams import Score

# The types rouge-score-rs scores. Its rougeLsum keeps an LCS table per sentence pair, of 4 bytes a
# cell; above this many cells (the longest sentences' product) union_lcs here is faster and small.
NATIVE_TYPES = frozenset([*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum"])
NATIVE_LSUM_CELLS = 1_000_000


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
