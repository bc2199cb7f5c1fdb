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
# Its rougeL is a few times faster than lcs_length here until, on long texts, it turns to a kernel of
# about 2 ns a cell (measured on the benchmark's long text: 0.02 s at 20,000 x 20,000 tokens, 0.85 s at
# 25,000 x 25,000, 5.3 s at 50,000 x 50,000), where lcs_length takes about 0.12 ns a cell. It keeps
# rougeL up to this many cells (the texts' product), which costs at most 0.2 s either way.
NATIVE_LCS_CELLS = 100_000_000


def native_scores(reference: Document, prediction: Document, rouge_types: Sequence[str]) -> dict[str, Score]:
    """The scores of the ``NATIVE_TYPES`` among ``rouge_types`` that rouge-score-rs takes for this pair.

    It takes rougeLsum only up to ``NATIVE_LSUM_CELLS``, rougeL up to
    ``NATIVE_LCS_CELLS``, and nothing from a pair with a token that cannot
    become a Rust string (a lone surrogate, a custom tokenizer's non-str
    token): those are scored in Python.
    """
    too_long = set()
    if reference.longest_sentence() * prediction.longest_sentence() > NATIVE_LSUM_CELLS:
        too_long.add("rougeLsum")
    if len(reference.tokens) * len(prediction.tokens) > NATIVE_LCS_CELLS:
        too_long.add("rougeL")
    types = tuple(t for t in rouge_types if t in NATIVE_TYPES and t not in too_long)
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
