"""Text a tokenizer cannot split: written without spaces between words, in a script that needs them.

``unsegmented_languages`` finds such texts by the length of their runs of letters (CJK, Thai, Lao,
Khmer, Burmese), ``unsegmented_message`` says what to choose instead; the metric warns with
:class:`UnsegmentedTextWarning` (api).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from kurouge.languages import LANGUAGE_NAMES
from kurouge.tokenizers.words import CJK_CLASS

# The scripts (Unicode names) written without spaces that the check knows, by language.
UNSPACED_SCRIPTS = {"Thai": "th", "Lao": "lo", "Khmer": "km", "Myanmar": "my"}


class UnsegmentedTextWarning(UserWarning):
    """A tokenizer that cannot split it was given text written without spaces between words."""


@lru_cache(maxsize=1)
def _run_patterns() -> tuple[Any, Any, Any, dict[str, Any]]:
    import regex

    scripts = {
        code: regex.compile(rf"[\p{{sc={script}}}&&[\p{{L}}\p{{M}}]]+", regex.V1)
        for script, code in UNSPACED_SCRIPTS.items()
    }
    any_script = regex.compile("|".join(pattern.pattern for pattern in scripts.values()), regex.V1)
    cjk_run = regex.compile(rf"{CJK_CLASS}+", regex.V1)
    return cjk_run, regex.compile(r"[\p{Hiragana}\p{Katakana}]"), any_script, scripts


def unsegmented_languages(texts: Iterable[str], cjk: bool = True) -> list[str]:
    """The languages in which ``texts`` look written without spaces between words.

    Chinese and Japanese (checked when ``cjk``): a run is a maximal sequence of
    Han, hiragana and katakana characters; segmented text has runs of 1 to 3
    characters on average, raw text a whole phrase per run, so the texts are
    flagged when the average run is 4 characters or longer; "ja" with kana
    anywhere, else "zh". Thai, Lao, Khmer and Burmese ("th", "lo", "km",
    "my"): a run is a maximal sequence of the script's letters and marks, and
    the texts are flagged when the average run holds 8 or more letters (a word
    has 1 to 7, a phrase more).

    >>> unsegmented_languages(["今日は晴れです", "ฉันชอบกินข้าวผัด"])
    ['ja', 'th']
    >>> unsegmented_languages(["今日 は 晴れ です", "ฉัน ชอบ กิน ข้าวผัด"])
    []
    """
    cjk_run, kana, any_script, scripts = _run_patterns()
    # ASCII text holds none of these scripts: only the rest is searched, each distinct text once (a
    # reference scored against several systems), its runs counted as many times as it comes.
    counts = Counter(text for text in texts if not text.isascii())
    joined = "\n".join(counts)
    found = []
    if cjk and joined and cjk_run.search(joined):
        runs, characters = _run_totals(cjk_run, counts, len)
        if characters >= 4 * runs:
            found.append("ja" if kana.search(joined) else "zh")
    if not any_script.search(joined):
        return found
    for code, script_run in scripts.items():
        runs, letters = _run_totals(script_run, counts, _letters)
        if runs and letters >= 8 * runs:
            found.append(code)
    return found


def _letters(run: str) -> int:
    return sum(unicodedata.category(char)[0] == "L" for char in run)


def _run_totals(pattern: Any, counts: Counter, size: Callable[[str], int]) -> tuple[int, int]:
    """(the number of runs of ``pattern``, their total ``size``) in the texts, each text ``counts`` times."""
    runs = total = 0
    for text, count in counts.items():
        found = pattern.findall(text)
        runs += count * len(found)
        total += count * sum(map(size, found))
    return runs, total


def unsegmented_message(tokenizer: str, languages: list[str]) -> str:
    """The warning for texts in which :func:`unsegmented_languages` found ``languages``."""
    parts = []
    for code in languages:
        if code in ("ja", "zh"):
            language, names = "Chinese or Japanese", (code, "cjk", "char")
        else:
            language, names = LANGUAGE_NAMES[code], (code, "char")
        choices = ", ".join(f"tokenizer={name!r}" for name in names)
        parts.append(
            f"the texts look like {language} written without spaces: the {tokenizer} tokenizer cannot "
            f"split it into words, so most scores are 0 or meaningless; choose one of {choices}, "
            f"or language={code!r}"
        )
    return "; ".join(parts)
