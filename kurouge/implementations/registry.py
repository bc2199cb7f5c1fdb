"""The implementations ``compute(implementation=...)`` reproduces, and scoring with one of them.

Each is a module with ``VERSION``, ``TYPES`` (the rouge types it has, under compute's keys) and
either ``score_pair(prediction, reference, rouge_types)`` (a tool of one reference and no language:
(P, R, F) per type) or, for a pipeline that reads a language and keeps the best of several
references, ``LANGUAGES`` and ``score_example(prediction, references, language)`` (F per type).
Results are the tool's: per example, or the mean of each value over the examples as the tool
averages them (summed in order from 0, then divided).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from kurouge.inputs import describe

# name -> (module, what it reproduces)
IMPLEMENTATIONS = {
    "rouge-chinese": ("kurouge.implementations.rouge_chinese", "rouge-chinese"),
    "rouge": ("kurouge.implementations.pltrdy", "rouge(pltrdy)"),
    "longbench": ("kurouge.implementations.longbench", "longbench"),
}


def implementation_module(name: str) -> Any:
    """The module of the implementation ``name``; ValueError naming the choices for another name."""
    if name not in IMPLEMENTATIONS:
        choices = ", ".join(map(repr, IMPLEMENTATIONS))
        raise ValueError(f"implementation={describe(name)} is not known; choose one of: {choices}")
    return import_module(IMPLEMENTATIONS[name][0])


def implementation_signature(name: str) -> str:
    """``impl:<tool>-<version>``, the part of a signature that names where the numbers come from."""
    return f"impl:{IMPLEMENTATIONS[name][1]}-{implementation_module(name).VERSION}"


def takes_several_references(name: str) -> bool:
    """Whether the implementation ``name`` is a pipeline that keeps the best of several references."""
    return hasattr(implementation_module(name), "score_example")


def implementation_types(name: str) -> list[str]:
    """The rouge types the implementation ``name`` has, under compute's keys."""
    return list(implementation_module(name).TYPES)


def check_implementation_types(name: str, rouge_types: Sequence[str]) -> None:
    """ValueError for a rouge type the implementation ``name`` does not have."""
    have = implementation_module(name).TYPES
    missing = [t for t in rouge_types if t not in have]
    if missing:
        raise ValueError(
            f"implementation={name!r} has no {', '.join(missing)}: choose rouge_types among {', '.join(have)}"
        )


def score_with(
    name: str,
    predictions: Sequence[str],
    references: Sequence[Any],
    rouge_types: Sequence[str],
    use_aggregator: bool,
    detailed: bool,
    language: str | None = None,
) -> dict[str, Any]:
    """compute()'s result by the implementation ``name``: F per type (and P, R with ``detailed``).

    ``references`` holds one string an example, or for a pipeline a list of them.
    """
    module = implementation_module(name)
    pipeline = hasattr(module, "score_example")
    rows = []
    for index, (prediction, reference) in enumerate(zip(predictions, references, strict=True)):
        try:
            if pipeline:
                refs = [reference] if isinstance(reference, str) else list(reference)
                rows.append(
                    {t: (0.0, 0.0, f) for t, f in module.score_example(prediction, refs, language).items()}
                )
            else:
                rows.append(module.score_pair(prediction, reference, list(rouge_types)))
        except ValueError as error:
            raise ValueError(
                f"implementation={name!r} cannot score example {index}: the tool raises ValueError({error})"
            ) from error
    result: dict[str, Any] = {}
    stats = (("_precision", 0), ("_recall", 1), ("", 2)) if detailed else (("", 2),)
    for rouge_type in rouge_types:
        for suffix, position in stats:
            values = [row[rouge_type][position] for row in rows]
            result[rouge_type + suffix] = mean_in_order(values) if use_aggregator else values
    return result


def mean_in_order(values: Sequence[float]) -> float:
    """The tools' average: the values summed one after the other from 0, over their count."""
    total: float = 0
    for value in values:
        total = total + value
    return total / len(values)


# compute's options that an implementation decides itself: each must keep its default.
DECIDED_BY_THE_TOOL = (
    "use_stemmer",
    "tokenizer",
    "language",
    "split_summaries",
    "multi_ref",
    "bootstrap",
    "engine",
    "rouge155",
)


def check_implementation_options(name: Any, options: dict[str, Any], defaults: dict[str, Any]) -> None:
    """ValueError for an unknown ``name``, or naming the options an implementation cannot take."""
    if not isinstance(name, str):
        raise ValueError(f"implementation takes a tool's name, got {describe(name)}")
    module = implementation_module(name)
    languages = getattr(module, "LANGUAGES", None)
    decided = [option for option in DECIDED_BY_THE_TOOL if not (languages and option == "language")]
    clashing = [option for option in decided if options[option] != defaults[option]]
    if clashing:
        raise ValueError(
            f"implementation={name!r} scores as that tool does, which decides how text is read and "
            f"scored: drop {', '.join(clashing)}"
        )
    if languages and options["language"] not in languages:
        raise ValueError(
            f"implementation={name!r} takes language={' or '.join(map(repr, languages))}, as the tool "
            f"does; got {describe(options['language'])}"
        )
    if languages and options["detailed"]:
        raise ValueError(f"implementation={name!r} prints F only: drop detailed")
