"""Checking predictions and references before they are stored or scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_sequence(value: Any) -> bool:
    return not isinstance(value, (str, bytes)) and (
        isinstance(value, Sequence) or hasattr(value, "__array__")
    )


def _as_list(value: Any, name: str) -> list[Any]:
    if not _is_sequence(value):
        raise ValueError(f"{name} must be a list, got {type(value).__name__}: {_describe(value)}")
    return list(value)


def check_inputs(predictions: Any, references: Any) -> bool:
    """Check one batch of inputs and return whether references are multi-reference.

    Predictions must be strings; references must be all strings (one
    reference per prediction) or all non-empty lists of strings (several).
    Raises ValueError naming the first bad item and its index.

    >>> check_inputs(["a"], [["a", "b"]])
    True
    >>> check_inputs(["a", "b"], ["a", ["b"]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: references mix single strings and lists: references[0] is a str but ...
    """
    predictions = _as_list(predictions, "predictions")
    references = _as_list(references, "references")
    if len(predictions) != len(references):
        raise ValueError(
            f"predictions and references differ in length: {len(predictions)} predictions, "
            f"{len(references)} references"
        )
    for i, prediction in enumerate(predictions):
        if not isinstance(prediction, str):
            raise ValueError(
                f"predictions[{i}] must be a string, got {type(prediction).__name__}: {_describe(prediction)}"
            )
    multi = None
    for i, reference in enumerate(references):
        is_list = not isinstance(reference, str)
        if is_list and not _is_sequence(reference):
            raise ValueError(
                f"references[{i}] must be a string or a list of strings, got "
                f"{type(reference).__name__}: {_describe(reference)}"
            )
        if multi is None:
            multi, first = is_list, i
        elif is_list != multi:
            kinds = {True: "a list", False: "a str"}
            raise ValueError(
                f"references mix single strings and lists: references[{first}] is {kinds[multi]} "
                f"but references[{i}] is {kinds[is_list]}; give every prediction a list of "
                "references, or every prediction one string"
            )
        if is_list:
            _check_reference_list(reference, i)
    return bool(multi)


def _check_reference_list(reference: Any, i: int) -> None:
    if len(reference) == 0:
        raise ValueError(f"references[{i}] is an empty list: each prediction needs at least one reference")
    for j, item in enumerate(reference):
        if not isinstance(item, str):
            raise ValueError(
                f"references[{i}][{j}] must be a string, got {type(item).__name__}: {_describe(item)}"
            )


def _check_choice(name: str, value: Any, choices: Any) -> None:
    if value not in choices:
        raise ValueError(f"{name}={value!r} is not valid; choose one of: {', '.join(map(repr, choices))}")


def check_options(
    *,
    rouge_types: Any,
    flags: dict[str, Any],
    multi_ref: Any,
    multi_ref_modes: Sequence[str],
    confidence_level: Any,
    n_samples: Any,
    seed: Any,
    engine: Any,
    engines: Any,
    language: Any = None,
    languages: Sequence[str] = (),
) -> list[str]:
    """Check the compute options and return the rouge types as a list of names.

    ``flags`` maps the name of each boolean option to its value; ``language``
    is None or one of ``languages``.
    Raises ValueError naming the option, its value and the valid choices.
    """
    if isinstance(rouge_types, str):
        rouge_types = [rouge_types]
    if not _is_sequence(rouge_types) or not rouge_types or not all(isinstance(t, str) for t in rouge_types):
        raise ValueError(f"rouge_types must be a non-empty list of names, got {_describe(rouge_types)}")
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {_describe(value)}")
    _check_choice("multi_ref", multi_ref, multi_ref_modes)
    _check_choice("engine", engine, engines)
    if language is not None:
        _check_choice("language", language, languages)
    if (
        isinstance(confidence_level, bool)
        or not isinstance(confidence_level, (int, float))
        or not (0 < confidence_level < 1)
    ):
        raise ValueError(
            f"confidence_level must be a number between 0 and 1, got {_describe(confidence_level)}"
        )
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or n_samples < 1:
        raise ValueError(f"n_samples must be a positive integer, got {_describe(n_samples)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {_describe(seed)}")
    if flags.get("bootstrap") and not flags.get("use_aggregator"):
        raise ValueError("bootstrap=True needs use_aggregator=True: an interval is of the mean over examples")
    return list(rouge_types)
