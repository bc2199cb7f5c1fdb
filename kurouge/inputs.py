"""Checking predictions and references before they are stored or scored."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kurouge.wording import counted

_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def describe(value: Any) -> str:
    """``repr(value)`` cut to 60 characters: how every error message quotes a value it was given.

    >>> describe("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_sequence(value: Any) -> bool:
    return not isinstance(value, (str, bytes)) and (
        isinstance(value, Sequence) or hasattr(value, "__array__")
    )


def _as_list(value: Any, name: str) -> list[Any]:
    if not _is_sequence(value):
        raise ValueError(f"{name} must be a list, got {type(value).__name__}: {describe(value)}")
    return list(value)


def check_inputs(predictions: Any, references: Any, name: str = "predictions") -> bool:
    """Check one batch of inputs and return whether references are multi-reference.

    Predictions (called ``name`` in messages) must be strings; references must be all strings (one
    reference per prediction) or all non-empty lists of strings (several).
    Raises ValueError naming the first bad item and its index.

    >>> check_inputs(["a"], [["a", "b"]])
    True
    >>> check_inputs(["a", "b"], ["a", ["b"]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: references mix single strings and lists: references[0] is a str but ...
    """
    predictions = _as_list(predictions, name)
    references = _as_list(references, "references")
    if len(predictions) != len(references):
        raise ValueError(
            f"{name} and references differ in length: {name} has {counted(len(predictions), 'item')}, "
            f"references {counted(len(references), 'item')}"
        )
    _check_texts(predictions, name)
    if all(type(reference) is str for reference in references):  # one reference each: the common case
        _check_texts(references, "references")
        return False
    multi = None
    for i, reference in enumerate(references):
        is_list = not isinstance(reference, str)
        if is_list and not _is_sequence(reference):
            raise ValueError(
                f"references[{i}] must be a string or a list of strings, got "
                f"{type(reference).__name__}: {describe(reference)}"
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
        elif not (type(reference) is str and reference.isascii()):
            _check_text(reference, f"references[{i}]")
    return bool(multi)


def as_texts(predictions: Any, references: Any) -> tuple[list[str], list[str] | list[list[str]]]:
    """Checked inputs (any sequence: list, tuple, numpy array, pandas Series) as lists of ``str``.

    Each text is its content as a plain ``str`` (``str.__str__``), whatever its class's ``__str__`` says.

    >>> import numpy as np
    >>> as_texts(np.array(["a b"]), np.array([["a", "b"]]))
    (['a b'], [['a', 'b']])
    >>> class Shouting(str):
    ...     def __str__(self):
    ...         return "HELLO"
    >>> as_texts([Shouting("hello")], [Shouting("hi")])
    (['hello'], ['hi'])
    """
    plain = str.__str__
    references = list(references)
    # One plain string each, the common case, is settled in one pass.
    if not all(type(reference) is str for reference in references):
        references = [plain(r) if isinstance(r, str) else list(map(plain, r)) for r in references]
    return list(map(plain, predictions)), references


def _check_texts(texts: list[Any], name: str) -> None:
    """``_check_text`` on each of ``texts``, called ``name[i]``; ASCII strings are settled inline."""
    try:
        # UTF-8 encodes strings only, and no lone surrogate: one pass settles a batch without either.
        "".join(texts).encode("utf-8")
        return
    except (TypeError, UnicodeEncodeError):
        pass
    for i, text in enumerate(texts):
        if not (type(text) is str and text.isascii()):
            _check_text(text, f"{name}[{i}]")


def _check_reference_list(reference: Any, i: int) -> None:
    if len(reference) == 0:
        raise ValueError(f"references[{i}] is an empty list: each prediction needs at least one reference")
    for j, item in enumerate(reference):
        _check_text(item, f"references[{i}][{j}]")


def _check_text(text: Any, where: str) -> None:
    """Raise ValueError unless ``text`` is a string of Unicode text (no lone surrogate).

    >>> _check_text("ab\\udc80", "predictions[3]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: predictions[3] has a lone surrogate (U+DC80 at character 2), which is not Unicode text ...
    """
    if not isinstance(text, str):
        raise ValueError(f"{where} must be a string, got {type(text).__name__}: {describe(text)}")
    surrogate = None if text.isascii() else _SURROGATE_RE.search(text)
    if surrogate:
        code, start = ord(surrogate.group()), surrogate.start()
        raise ValueError(
            f"{where} has a lone surrogate (U+{code:04X} at character {start}), "
            "which is not Unicode text and cannot be stored or encoded; fix the text's source or decode it "
            'with errors="replace"'
        )


def _check_choice(name: str, value: Any, choices: Any) -> None:
    if value not in choices:
        raise ValueError(
            f"{name}={describe(value)} is not valid; choose one of: {', '.join(map(repr, choices))}"
        )


def check_options(
    *,
    rouge_types: Any,
    flags: dict[str, Any],
    multi_ref: Any,
    multi_ref_modes: Sequence[str],
    confidence_level: Any,
    n_samples: Any,
    max_samples: int,
    seed: Any,
    engine: Any,
    engines: Any,
) -> list[str]:
    """Check the compute options and return the rouge types as a list of names.

    ``flags`` maps the name of each boolean option to its value.
    Raises ValueError naming the option, its value and the valid choices.
    """
    if isinstance(rouge_types, str):
        rouge_types = [rouge_types]
    if not _is_sequence(rouge_types) or not rouge_types or not all(isinstance(t, str) for t in rouge_types):
        raise ValueError(f"rouge_types must be a non-empty list of names, got {describe(rouge_types)}")
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {describe(value)}")
    _check_choice("multi_ref", multi_ref, multi_ref_modes)
    _check_choice("engine", engine, engines)
    check_resampling(confidence_level, n_samples, max_samples, seed)
    if flags.get("bootstrap") and not flags.get("use_aggregator"):
        raise ValueError("bootstrap=True needs use_aggregator=True: an interval is of the mean over examples")
    return list(rouge_types)


def check_resampling(confidence_level: Any, n_samples: Any, max_samples: int, seed: Any) -> None:
    """Check the options of a resampling method (bootstrap interval, significance test)."""
    if (
        isinstance(confidence_level, bool)
        or not isinstance(confidence_level, (int, float))
        or not (0 < confidence_level < 1)
    ):
        raise ValueError(
            f"confidence_level must be a number between 0 and 1, got {describe(confidence_level)}"
        )
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or not 1 <= n_samples <= max_samples:
        raise ValueError(f"n_samples must be an integer from 1 to {max_samples:,}, got {describe(n_samples)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {describe(seed)}")


def check_systems(systems: Any, baseline: Any, references: Any) -> dict[str, list[str]]:
    """Check the inputs of a comparison and return the systems by name.

    ``systems`` is one list of predictions (named ``"system"``) or a dict of them by name; each
    must have one prediction per reference, as ``baseline`` must, there must be at least two
    examples, and no system may be identical to the baseline.

    >>> check_systems(["a", "b"], ["a", "c"], ["a", "b"])
    {'system': ['a', 'b']}
    >>> check_systems({"big": ["a", "b"]}, ["a", "b"], ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: system 'big' is identical to the baseline: there is no difference to test
    """
    named = dict(systems) if isinstance(systems, dict) else {"system": systems}
    if not named:
        raise ValueError("predictions is an empty dict: give at least one system to compare")
    check_inputs(baseline, references, "baseline")
    for name, predictions in named.items():
        if not isinstance(name, str) or not name:
            raise ValueError(f"systems are named by non-empty strings, got {describe(name)}")
        label = f"predictions[{describe(name)}]" if isinstance(systems, dict) else "predictions"
        check_inputs(predictions, references, label)
        named[name] = list(predictions)
        if named[name] == list(baseline):
            raise ValueError(
                f"system {describe(name)} is identical to the baseline: there is no difference to test"
            )
    if len(references) < 2:
        raise ValueError(
            f"a comparison needs at least two examples, got {len(references)}: "
            "a difference of one example has no spread"
        )
    return named
