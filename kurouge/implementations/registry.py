"""The implementations ``compute(implementation=...)`` reproduces, and scoring with one of them.

Two kinds of name:

- a tool kurenai_rouge's own scoring already reproduces (``NATIVE``: rouge-score, ROUGE-1.5.5 and
  the presets) stands for the options that give its numbers (``native_options``);
- another tool's is a module of this package with ``VERSION``, ``TYPES`` (its rouge types under
  compute's keys), ``LANGUAGES`` (the ``language`` values it takes, or None for none),
  ``SEVERAL_REFERENCES`` (whether an example may have several), ``SCALE`` (1, or 100 for a tool
  that prints its values × 100 after averaging them), ``PRECISION_RECALL`` (whether it has
  them beside F); per type, (P, R, F) or F alone, on the tool's scale, from
  ``score_example(prediction, references, rouge_types, language)`` for a tool of several
  references, ``score_pair(prediction, reference, rouge_types)`` for the others;
  ``average(values)`` (how the tool averages them),
  ``PERCENT`` (whether the numbers it prints are × 100) and, where the reading depends on an
  installed segmenter, ``reading(language)`` for the signature.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from kurouge import __version__
from kurouge.implementations.distinct import TooLongError
from kurouge.inputs import describe

# name -> (module, what it reproduces)
MODULES = {
    "rouge-chinese": ("kurouge.implementations.rouge_chinese", "rouge-chinese"),
    "rouge": ("kurouge.implementations.pltrdy", "rouge(pltrdy)"),
    "sumeval": ("kurouge.implementations.sumeval", "sumeval"),
    "llama-factory": ("kurouge.implementations.llama_factory", "llama-factory"),
    "opencompass": ("kurouge.implementations.opencompass", "opencompass"),
    "longbench": ("kurouge.implementations.longbench", "longbench"),
}
# name -> the options of kurenai_rouge's own scoring that give that tool's numbers.
NATIVE: dict[str, dict[str, Any]] = {
    "rouge-score": {"tokenizer": "rouge-score"},
    "ROUGE-1.5.5": {},  # its flags come as rouge155=
    "xlsum": {"tokenizer": "xlsum"},
    "ja-mecab": {"tokenizer": "ja-mecab"},
}
IMPLEMENTATIONS = (*NATIVE, *MODULES)

# compute's options that another tool's module decides itself: each must keep its default.
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


def check_name(name: Any) -> str:
    """``name`` if it names an implementation; a ValueError naming the choices otherwise."""
    if not isinstance(name, str):
        raise ValueError(f"implementation takes a tool's name, got {describe(name)}")
    if name not in IMPLEMENTATIONS:
        choices = ", ".join(map(repr, IMPLEMENTATIONS))
        raise ValueError(f"implementation={describe(name)} is not known; choose one of: {choices}")
    return name


def tool_module(name: str) -> Any:
    """The module of the tool ``name`` (a ``MODULES`` name)."""
    return import_module(MODULES[name][0])


def has_precision_recall(name: str) -> bool:
    """Whether the implementation ``name`` gives precision and recall beside F; ValueError if unknown."""
    return check_name(name) in NATIVE or tool_module(name).PRECISION_RECALL


def native_options(name: str, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The options of kurenai_rouge's own scoring that give the tool ``name``'s numbers.

    ``options`` are the caller's; one the tool's name already sets must keep its default.
    """
    fixed = NATIVE[name]
    clashing = [option for option in fixed if options[option] != defaults[option]]
    if clashing:
        raise ValueError(
            f"implementation={name!r} sets {', '.join(clashing)} itself: drop {', '.join(clashing)}"
        )
    if name == "ROUGE-1.5.5" and options["rouge155"] is None:
        raise ValueError(
            "implementation='ROUGE-1.5.5' takes the script's flags as rouge155=, "
            "for example rouge155='-n 2 -a' (with -m to stem, -s to remove stop words)"
        )
    if name == "xlsum" and options["language"] is None:
        raise ValueError("implementation='xlsum' takes the language of the texts as language= (ISO 639-1)")
    return {**options, **fixed}


@dataclass(frozen=True)
class Implementation:
    """Another tool's scoring, resolved once from compute's options: what scoring and signature read."""

    name: str
    module: Any
    language: str | None
    rouge_types: tuple[str, ...]

    def signature(self, use_aggregator: bool) -> str:
        """``impl:<tool>-<version>[|lang:x][|tok:<segmenter>]|agg:<mean or none>|kurenai_rouge:<v>``."""
        parts = [f"impl:{MODULES[self.name][1]}-{self.module.VERSION}"]
        if self.language:
            parts.append(f"lang:{self.language}")
        reading = self.module.reading(self.language) if hasattr(self.module, "reading") else None
        if reading:
            parts.append(f"tok:{reading}")
        average = self.module.average.__name__.replace("_", "-")
        parts.append(f"agg:{average if use_aggregator else 'none'}")
        parts.append(f"kurenai_rouge:{__version__}")
        return "|".join(parts)

    def score(
        self, predictions: Sequence[str], references: Sequence[Any], use_aggregator: bool, detailed: bool
    ) -> dict[str, Any]:
        """compute()'s result: F per type (and P, R with ``detailed``), per example or averaged."""
        rows = []
        for index, (prediction, refs) in enumerate(zip(predictions, references, strict=True)):
            refs = [refs] if isinstance(refs, str) else list(refs)
            if len(refs) != 1 and not self.module.SEVERAL_REFERENCES:
                raise ValueError(
                    f"implementation={self.name!r} scores one reference an example, as the tool does; "
                    f"example {index} has {len(refs)}"
                )
            try:
                if self.module.SEVERAL_REFERENCES:
                    rows.append(
                        self.module.score_example(prediction, refs, list(self.rouge_types), self.language)
                    )
                else:
                    rows.append(self.module.score_pair(prediction, refs[0], list(self.rouge_types)))
            except TooLongError as error:
                raise ValueError(
                    f"implementation={self.name!r} cannot score example {index}: {error}"
                ) from None
            except ValueError as error:
                raise ValueError(
                    f"implementation={self.name!r} cannot score example {index}: the tool raises "
                    f"ValueError({error})"
                ) from error
        result: dict[str, Any] = {}
        parts = (("_precision", 0), ("_recall", 1), ("", 2)) if detailed else (("", 2),)
        scale = self.module.SCALE
        for rouge_type in self.rouge_types:
            for suffix, position in parts:
                if self.module.PRECISION_RECALL:
                    values = [row[rouge_type][position] for row in rows]
                else:
                    values = [row[rouge_type] for row in rows]
                result[rouge_type + suffix] = (
                    self.module.average(values) * scale
                    if use_aggregator
                    else [value * scale for value in values]
                )
        return result


def resolve_implementation(
    name: str, options: Mapping[str, Any], defaults: Mapping[str, Any]
) -> Implementation:
    """The implementation ``name`` (a ``MODULES`` name) with compute's ``options``; ValueError for a clash.

    ``options`` maps compute's option names to the caller's values, ``defaults`` to their defaults.
    """
    module = tool_module(name)
    languages = module.LANGUAGES
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
    if options["detailed"] and not module.PRECISION_RECALL:
        raise ValueError(f"implementation={name!r} prints F only: drop detailed")
    types = options["rouge_types"]
    rouge_types = (
        tuple(module.TYPES) if types is None else ((types,) if isinstance(types, str) else tuple(types))
    )
    missing = [t for t in rouge_types if t not in module.TYPES]
    if missing:
        raise ValueError(
            f"implementation={name!r} has no {', '.join(map(str, missing))}: choose rouge_types among "
            f"{', '.join(module.TYPES)}"
        )
    return Implementation(name, module, options["language"], rouge_types)
