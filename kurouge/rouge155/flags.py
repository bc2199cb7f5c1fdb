"""ROUGE-1.5.5.pl's command-line flags: parsed as its ``getopts`` parses them, checked, and named.

``parse_flags("-c 95 -r 1000 -n 2 -a -m")`` gives the ``Rouge155Options``
the scorer follows, with its measures in the order ROUGE-1.5.5 prints them:
ROUGE-1 ... ROUGE-n (``-n``), ROUGE-L (unless ``-x``), ROUGE-W-<w> (``-w``),
then ROUGE-S<d> / ROUGE-SU<d> (``-2 d``, ``-u``, ``-U``; ROUGE-S* and
ROUGE-SU* when d < 0). Flags are read like Getopt::Std (``-am``, ``-n2`` and
``-n 2`` alike; the value of a flag that takes one is the next word even when
it starts with a hyphen, as in ``-2 -1``; a repeated flag keeps its last
value). ``-e DIR`` (ROUGE's data directory, which pyrouge users pass) is
accepted and not needed: the data is built in. A flag ROUGE-1.5.5 has but we do not support (``-3``, ``-z``,
``-M``, ``-v``, ``-h``, ``-H``), an unknown flag, a missing or bad value, a
word that is not a flag, and ``-l`` with ``-b`` are ValueErrors naming the flag.

>>> options = parse_flags("-c 95 -r 1000 -n 2 -a -m")
>>> [(measure.key, measure.perl_name) for measure in options.measures]
[('rouge1', 'ROUGE-1'), ('rouge2', 'ROUGE-2'), ('rougeLsum', 'ROUGE-L')]
>>> [m.perl_name for m in parse_flags("-x -w 1.2 -2 -1 -U").measures]
['ROUGE-W-1.2', 'ROUGE-S*', 'ROUGE-SU*']
>>> parse_flags("-n 2 -3 HM")
Traceback (most recent call last):
ValueError: ROUGE-1.5.5 flag -3 (Basic Elements) is not supported
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kurouge.inputs import describe

# The most bootstrap resamples (-r) taken: their sums are held in memory.
MAX_RESAMPLES = 100_000
# Flags that take a value, with the pattern it must match and what it is; ROUGE-1.5.5's meaning in comments.
VALUE_FLAGS = {
    "c": (r"\d+(\.\d*)?|\.\d+", "a confidence level from 0 to 100"),  # confidence interval, %
    "r": (r"[1-9]\d*", "a number of resamples of at least 1"),  # bootstrap resamples
    # ROUGE-1 ... ROUGE-n; 0 as no -n. Perl takes 10 and more, compute's keys stop at rouge9.
    "n": (r"\d", "a maximum n-gram size from 0 to 9 (compute's keys end at rouge9)"),
    "2": (r"-?\d+", "a maximum skip distance (an integer, negative for none)"),  # ROUGE-S
    "w": (r"(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?", "a ROUGE-W weight greater than 0"),  # ROUGE-W weight
    "l": (r"\d+", "a number of words (0 for no limit)"),  # length limit in words
    # length limit in bytes
    "b": (r"\d+", "a number of bytes (0 for no limit; a negative one is not supported)"),
    "e": (r".+", "ROUGE's data directory"),  # accepted and ignored: the data is built in
    "f": (r"[AB]", "A (pool the references) or B (the best reference)"),  # scoring formula
    "p": (r"\d+(\.\d*)?|\.\d+", "an alpha from 0 to 1"),  # F-measure's weight of precision
    "t": (r"[01]", "0 (average of documents) or 1 (pool the counts)"),  # counting unit
}
SWITCHES = set("admsuUx")
UNSUPPORTED = {
    "3": "-3 (Basic Elements)",
    "z": "-z (file lists: give the texts to compute)",
    "M": "-M (stem the references only)",
    "v": "-v (debugging output)",
    "h": "-h (usage)",
    "H": "-H (usage)",
}


@dataclass(frozen=True)
class Measure:
    """One measure ROUGE-1.5.5 prints: its project key, its Perl name, its kind and parameter.

    ``kind`` is "N" (``size`` is n), "L", "W", "S" (``size`` is the skip
    distance, negative for none; ``unigrams`` for ROUGE-SU).
    """

    key: str
    perl_name: str
    kind: str
    size: int = 0
    unigrams: bool = False


@dataclass(frozen=True)
class Rouge155Options:
    """The flags of one ROUGE-1.5.5 run, checked, with the measures they ask for in print order."""

    flags: str
    measures: tuple[Measure, ...]
    confidence: str  # as given, as Perl prints it ("95")
    resamples: int
    weight: float | None  # -w
    word_limit: int  # -l, 0 for none
    byte_limit: int  # -b, 0 for none
    remove_stopwords: bool  # -s
    stem: bool  # -m
    formula: str  # -f: "A" or "B"
    alpha: float  # -p
    pool_counts: bool  # -t 1
    per_evaluation: bool  # -d (only the CLI's report uses it)
    data_dir: str | None = None  # -e, not needed: ROUGE's data is built in

    @property
    def keys(self) -> tuple[str, ...]:
        """The project keys of the measures, in ROUGE-1.5.5's print order."""
        return tuple(measure.key for measure in self.measures)


def parse_flags(flags: str) -> Rouge155Options:
    """Parse and check a string of ROUGE-1.5.5 flags (see the module docstring)."""
    if not isinstance(flags, str):
        raise TypeError(f"rouge155 takes ROUGE-1.5.5's flags as one string, not {type(flags).__name__}")
    values = _getopts(flags.split())
    for flag, (pattern, meaning) in VALUE_FLAGS.items():
        if flag in values and not re.fullmatch(pattern, values[flag]):
            raise ValueError(f"ROUGE-1.5.5 flag -{flag} takes {meaning}, not {describe(values[flag])}")
    _check_ranges(values)
    if "l" in values and "b" in values:
        raise ValueError("ROUGE-1.5.5 flags -l and -b: give a length limit in words or in bytes, not both")
    return Rouge155Options(
        flags=flags,
        measures=_measures(values),
        confidence=values.get("c", "95"),
        resamples=int(values.get("r", "1000")),
        weight=float(values["w"]) if "w" in values else None,
        word_limit=int(values.get("l", "0")),
        byte_limit=int(values.get("b", "0")),
        remove_stopwords="s" in values,
        stem="m" in values,
        formula=values.get("f", "A"),
        alpha=float(values.get("p", "0.5")),
        pool_counts=values.get("t") == "1",
        per_evaluation="d" in values,
        data_dir=values.get("e"),
    )


def _getopts(words: list[str]) -> dict[str, str]:
    """Getopt::Std's ``getopts`` on ROUGE-1.5.5's option string: flag -> value ("" for a switch)."""
    values: dict[str, str] = {}
    position = 0
    while position < len(words):
        word = words[position]
        position += 1
        if not word.startswith("-") or word == "-":
            raise ValueError(f"ROUGE-1.5.5 flags: {describe(word)} is not a flag (give the texts to compute)")
        letters = word[1:]
        while letters:
            flag, letters = letters[0], letters[1:]
            if flag in UNSUPPORTED:
                raise ValueError(f"ROUGE-1.5.5 flag {UNSUPPORTED[flag]} is not supported")
            if flag in SWITCHES:
                values[flag] = ""
            elif flag in VALUE_FLAGS:
                if not letters:
                    if position == len(words):
                        raise ValueError(f"ROUGE-1.5.5 flag -{flag} needs a value")
                    letters, position = words[position], position + 1
                values[flag], letters = letters, ""
            else:
                raise ValueError(f"ROUGE-1.5.5 has no flag -{flag}")
    return values


def _check_ranges(values: dict[str, str]) -> None:
    """The numeric bounds ROUGE-1.5.5 checks (-c, -p, -w), as ValueErrors naming the flag."""
    if "c" in values and float(values["c"]) > 100:
        raise ValueError(f"ROUGE-1.5.5 flag -c takes a confidence level from 0 to 100, not {values['c']}")
    if "p" in values and float(values["p"]) > 1:
        raise ValueError(f"ROUGE-1.5.5 flag -p takes an alpha from 0 to 1, not {values['p']}")
    if "w" in values and float(values["w"]) <= 0:
        raise ValueError(f"ROUGE-1.5.5 flag -w takes a ROUGE-W weight greater than 0, not {values['w']}")
    if "r" in values and int(values["r"]) > MAX_RESAMPLES:
        raise ValueError(
            f"ROUGE-1.5.5 flag -r: at most {MAX_RESAMPLES:,} resamples here, not {int(values['r']):,} "
            "(10,000,000 took 3 GB of memory; papers use 1000)"
        )


def _measures(values: dict[str, str]) -> tuple[Measure, ...]:
    """The measures ROUGE-1.5.5 computes for these flags, in the order it prints them."""
    measures = [Measure(f"rouge{n}", f"ROUGE-{n}", "N", n) for n in range(1, int(values.get("n", "0")) + 1)]
    if "x" not in values:
        measures.append(Measure("rougeLsum", "ROUGE-L", "L"))
    if "w" in values:
        measures.append(Measure("rougeW", f"ROUGE-W-{values['w']}", "W"))
    if "2" in values:
        distance = int(values["2"])
        name = values["2"] if distance >= 0 else "*"
        key = str(distance) if distance >= 0 else "*"
        skip = Measure(f"rougeS{key}", f"ROUGE-S{name}", "S", distance)
        with_unigrams = Measure(f"rougeSU{key}", f"ROUGE-SU{name}", "S", distance, unigrams=True)
        # -u makes every skip-bigram count include unigrams; -U adds ROUGE-SU after ROUGE-S.
        if "u" in values:
            measures.append(with_unigrams)
        else:
            measures += [skip, with_unigrams] if "U" in values else [skip]
    return tuple(measures)
