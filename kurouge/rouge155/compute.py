"""``compute(rouge155=...)``: ROUGE-1.5.5's numbers in the shape of compute's flat result.

With ``rouge155`` the flags decide everything: any other scoring option set
away from its default is a ValueError, but for ``language`` and ``tokenizer``,
whose tokens ROUGE-1.5.5 then reads as ASCII ids (``rouge155.ids``). ``use_aggregator``, ``detailed`` and
``return_signature`` shape the result: aggregated, ``<key>`` is Perl's Average
F and ``<key>_low`` / ``<key>_high`` its interval at ``-c`` (``detailed`` adds
``<key>_precision`` and ``<key>_recall``, with theirs); per document, one value
per prediction in input order (with ``-t 1``, whose documents give counts:
``<key>_reference_count``, ``<key>_prediction_count`` and ``<key>_hits``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from typing import Any

from kurouge.caller import user_stacklevel
from kurouge.inputs import describe
from kurouge.rouge155.flags import parse_flags
from kurouge.rouge155.ids import DroppedTextWarning, as_ids, dropped_message
from kurouge.rouge155.scoring import Rouge155Result, evaluate

# compute's options that ROUGE-1.5.5's flags replace: each must keep its default.
REPLACED_BY_FLAGS = (
    "rouge_types",
    "use_stemmer",
    "split_summaries",
    "multi_ref",
    "bootstrap",
    "confidence_level",
    "n_samples",
    "seed",
    "engine",
)
# What a clash's message suggests instead (compute's options and the CLI's).
FLAGS_INSTEAD = "for example -n 2 for rouge1 and rouge2, -m to stem, -f A|B for several references"
PARTS = (("", "F"), ("_precision", "P"), ("_recall", "R"))
COUNTS = ("_reference_count", "_prediction_count", "_hits")


def check_rouge155_options(rouge155: Any, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> None:
    """A ValueError naming the options that ``rouge155`` cannot be combined with, or bad flags.

    ``options`` maps compute's option names to their values, ``defaults`` to their defaults.
    """
    if not isinstance(rouge155, str):
        raise ValueError(f"rouge155 takes ROUGE-1.5.5's flags as one string, got {describe(rouge155)}")
    clashing = [name for name in REPLACED_BY_FLAGS if options[name] != defaults[name]]
    if clashing:
        raise ValueError(
            f"rouge155 takes ROUGE-1.5.5's own flags, which decide everything: drop {', '.join(clashing)} "
            f"({FLAGS_INSTEAD})"
        )
    if options["language"] is not None or options["tokenizer"] is not None:
        check_flags_for_ids(rouge155)
    if not parse_flags(rouge155).measures:
        raise ValueError(
            f"rouge155={rouge155!r} asks for no measure (ROUGE-1.5.5 would print nothing): "
            "add -n N, or drop -x to have ROUGE-L"
        )


def check_flags_for_ids(rouge155: str) -> None:
    """A ValueError if ``rouge155`` has a flag that cannot apply to tokens read as ids (``-b``)."""
    if parse_flags(rouge155).byte_limit:
        raise ValueError(
            f"rouge155={rouge155!r} with a language or tokenizer: -b counts bytes, and ROUGE-1.5.5 reads "
            "the tokens as ids whose bytes mean nothing; use -l N to keep the first N tokens"
        )


def compute_rouge155(
    flags: str,
    predictions: Sequence[str],
    references: Sequence[str] | Sequence[Sequence[str]],
    *,
    use_aggregator: bool,
    detailed: bool,
    tokenize: Callable[[str], Sequence[str]] | None = None,
) -> dict[str, Any]:
    """The result of compute() for ROUGE-1.5.5's flags (see the module docstring).

    With ``tokenize`` (a language's or a given tokenizer's) ROUGE-1.5.5 reads the tokens of each
    line as ids; without, a DroppedTextWarning says how much of the texts it cannot read.
    """
    listed = [[refs] if isinstance(refs, str) else list(refs) for refs in references]
    if tokenize is not None:
        predictions, listed = as_ids(predictions, listed, tokenize)
    elif message := dropped_message(list(chain(predictions, *listed))):
        warnings.warn(message, DroppedTextWarning, stacklevel=user_stacklevel())
    result = evaluate(flags, predictions, listed)
    if use_aggregator:
        return _aggregated(result, detailed)
    return _per_document(result, detailed)


def rouge155_signature(flags: str, version: str, tokens: Mapping[str, str] | None = None) -> str:
    """The signature of a ROUGE-1.5.5 run: the scorer and its flags decide every number.

    ``tokens`` (``Settings.tokens()``) names the tokenizer, and the language, whose tokens
    ROUGE-1.5.5 read as ids: ``tok:ids(<tokenizer>)``, then ``lang``.
    """
    ids = "".join(
        f"|{key}:ids({value})" if key == "tok" else f"|{key}:{value}" for key, value in (tokens or {}).items()
    )
    return f"scorer:ROUGE-1.5.5|flags:{' '.join(flags.split())}{ids}|kurenai_rouge:{version}"


def _aggregated(result: Rouge155Result, detailed: bool) -> dict[str, float]:
    parts = PARTS if detailed else PARTS[:1]
    values = {
        key + suffix: result.average[key][part] for key in result.options.keys for suffix, part in parts
    }
    flat = {name: average for name, (average, _, _) in values.items()}
    for name, (_, low, high) in values.items():
        flat[f"{name}_low"] = low
        flat[f"{name}_high"] = high
    return flat


def _per_document(result: Rouge155Result, detailed: bool) -> dict[str, list[float]]:
    documents = list(result.per_document.values())
    if result.options.pool_counts:
        names = [(key + suffix, key, i) for key in result.options.keys for i, suffix in enumerate(COUNTS)]
    else:
        order = {"R": 0, "P": 1, "F": 2}
        parts = PARTS if detailed else PARTS[:1]
        names = [(key + suffix, key, order[part]) for key in result.options.keys for suffix, part in parts]
    return {name: [document[key][i] for document in documents] for name, key, i in names}
