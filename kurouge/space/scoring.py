"""How the Space scores: kurenai_rouge's ``compute`` (``api.score``), and the stock ``rouge`` metric.

The stock column is computed as evaluate's ``rouge`` metric computes it: rouge-score's default tokenizer
and the median of its ``BootstrapAggregator``. ROUGE-W, ROUGE-S and ROUGE-SU are offered too; the
stock metric cannot compute them (``in_stock_metric``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from rouge_score import scoring

from kurouge import api
from kurouge.engine import family
from kurouge.languages import language_label
from kurouge.space.inputs import Examples
from kurouge.stats import summary
from kurouge.tokenizers import registry

# The Score tab's choices: the stock metric's four defaults, then ROUGE-1.5.5's ROUGE-W-1.2, ROUGE-S4 and
# ROUGE-SU4, which DUC-era papers report.
ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW", "rougeS4", "rougeSU4")
DEFAULT_ROUGE_TYPES = ROUGE_TYPES[:4]
SEED = 0
N_SAMPLES = 1000  # kurenai_rouge's bootstrap resamples (its default)
# The tokenizer dropdowns' choice that leaves compute's ``tokenizer`` out: the language's tokenizer, the
# whitespace tokenizer without a language. It is the default, so that choosing a language is enough.
FROM_LANGUAGE = "(from the language)"
DEFAULT_TOKENIZER = FROM_LANGUAGE
NO_LANGUAGE = "(none)"


def tokenizer_choices() -> list[str]:
    """The tokenizer dropdowns' choices: every registered name, then ``FROM_LANGUAGE``."""
    return [*registry.tokenizer_names(), FROM_LANGUAGE]


def language_choices() -> list[tuple[str, str]]:
    """The language dropdowns' choices, (shown, value): ``NO_LANGUAGE`` for "", then "ja — Japanese", ...

    >>> language_choices()[:2]
    [('(none)', ''), ('aa — Afar', 'aa')]
    """
    return [(NO_LANGUAGE, ""), *((language_label(code), code) for code in registry.LANGUAGES)]


def tokenizer_argument(choice: str | None) -> str | None:
    """The ``tokenizer`` argument of compute for a dropdown choice: None for ``FROM_LANGUAGE``."""
    return None if choice in (None, FROM_LANGUAGE) else choice


def tokenizer_name(choice: str | None, language: str | None) -> str:
    """The registered tokenizer a choice scores with in ``language`` (None: no language).

    It is the name compute resolves for the choice's ``tokenizer`` argument, for the work estimate.

    >>> tokenizer_name(FROM_LANGUAGE, "ja"), tokenizer_name(FROM_LANGUAGE, "ru"), tokenizer_name(None, None)
    ('ja', 'word', 'whitespace')
    """
    return registry.tokenizer_name(tokenizer_argument(choice), language)


def kurenai_compute(examples: Examples, **options: Any) -> dict[str, Any]:
    """What the kurenai_rouge metric's ``compute`` gives on ``examples``: ``api.score``, which it runs."""
    return api.score(examples.predictions, examples.references, **options)


def score_rows(
    columns: Mapping[str, list[float]], rouge_types: Sequence[str]
) -> list[dict[str, scoring.Score]]:
    """Per example, {rouge type: Score(P, R, F)}, from compute's columns (detailed, not aggregated)."""
    return [
        {
            t: scoring.Score(columns[f"{t}_precision"][i], columns[f"{t}_recall"][i], columns[t][i])
            for t in rouge_types
        }
        for i in range(len(columns[rouge_types[0]]))
    ]


def kurenai_scores(
    examples: Examples, bootstrap: bool, confidence_level: float, **options: Any
) -> tuple[dict[str, list[float]], dict[str, Any]]:
    """kurenai_rouge's per-example columns and aggregate, scoring the texts once.

    ``options`` are compute's scoring options (``rouge_types`` among them). The per-example columns
    are ``compute(..., use_aggregator=False, detailed=True)``. The aggregate equals
    ``compute(..., detailed=True, bootstrap=bootstrap, return_signature=True)``: the metric's own
    ``summary.summarize`` of those scores, and the signature, which names options only, from a
    compute of one empty pair with the same options.
    """
    per_example = kurenai_compute(examples, use_aggregator=False, detailed=True, **options)
    aggregate = summary.summarize(
        score_rows(per_example, options["rouge_types"]),
        options["rouge_types"],
        use_aggregator=True,
        detailed=True,
        bootstrap=bootstrap,
        confidence_level=confidence_level,
        n_samples=N_SAMPLES,
        seed=SEED,
    )
    aggregate["signature"] = kurenai_compute(
        Examples([""], [""]),
        detailed=True,
        bootstrap=bootstrap,
        confidence_level=confidence_level,
        n_samples=N_SAMPLES,
        seed=SEED,
        return_signature=True,
        **options,
    )["signature"]
    return per_example, aggregate


def in_stock_metric(rouge_type: str) -> bool:
    """Whether the stock ``rouge`` metric (rouge-score) computes ``rouge_type``: not ROUGE-W, -S or -SU."""
    return not family.is_family_type(rouge_type)


class SeededBootstrapAggregator(scoring.BootstrapAggregator):
    """rouge-score's ``BootstrapAggregator`` drawing from its own ``RandomState(seed)``.

    rouge-score draws its resamples with ``np.random.choice`` from numpy's global random state, which
    every ``compute`` of evaluate reseeds and restores, from whichever thread runs it. This draws the
    same indices in the same order as rouge-score after ``np.random.seed(seed)`` (tests/test_app.py
    compares the two) without reading or changing the global state.
    """

    def __init__(self, confidence_interval: float, seed: int) -> None:
        super().__init__(confidence_interval=confidence_interval)
        self._random = np.random.RandomState(seed)

    def _bootstrap_resample(self, matrix: np.ndarray) -> np.ndarray:
        rows = matrix.shape[0]
        means = [
            matrix[self._random.choice(np.arange(rows), size=rows), :].mean(axis=0)
            for _ in range(self._n_samples)
        ]
        delta = (1 - self._confidence_interval) / 2
        return np.percentile(np.array(means), 100 * np.array([delta, 0.5, 1 - delta]), axis=0)


def stock_scores(
    examples: Examples, rouge_types: Sequence[str], use_stemmer: bool, confidence_level: float
) -> tuple[dict[str, scoring.AggregateScore], list[dict[str, scoring.Score]]]:
    """Score as evaluate's stock ``rouge`` does: rouge-score's default tokenizer, bootstrap median.

    Only the types in the stock metric (``in_stock_metric``) are scored. Returns the
    ``BootstrapAggregator`` result (the stock metric reports ``mid.fmeasure``) and the per-example
    scores. These come from kurenai_rouge with ``tokenizer="rouge-score"`` and ``multi_ref="best"``,
    which give rouge-score's ``RougeScorer.score`` / ``score_multi`` numbers exactly
    (tests/test_parity.py) many times faster than its pure-Python LCS. The stock metric draws on
    numpy's global RNG unseeded, so its number changes between runs; here the same draws come from a
    generator seeded with ``SEED`` (``SeededBootstrapAggregator``).
    """
    rouge_types = [t for t in rouge_types if in_stock_metric(t)]
    if not rouge_types:
        return {}, [{} for _ in examples.predictions]
    columns = kurenai_compute(
        examples,
        rouge_types=rouge_types,
        tokenizer="rouge-score",
        use_stemmer=use_stemmer,
        multi_ref="best",
        use_aggregator=False,
        detailed=True,
    )
    per_example = score_rows(columns, rouge_types)
    aggregator = SeededBootstrapAggregator(confidence_level, SEED)
    for scores in per_example:
        aggregator.add_scores(scores)
    return aggregator.aggregate(), per_example
