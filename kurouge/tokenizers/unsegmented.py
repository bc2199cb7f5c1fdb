"""Text a tokenizer cannot split: written without spaces between words, in a script that needs them.

``unsegmented_languages`` finds such texts by the length of their runs of letters (CJK, Thai, Lao,
Khmer, Burmese), and Korean, written with spaces but with particles and endings on its words, by its
share of Hangul; ``unsegmented_message`` says what to choose instead; the metric warns with
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
    """A tokenizer that cannot split it was given text written without spaces between words, or Korean."""


@lru_cache(maxsize=1)
def _run_patterns() -> tuple[Any, Any, Any, dict[str, Any], dict[str, Any]]:
    import regex

    scripts = {
        code: regex.compile(rf"[\p{{sc={script}}}&&[\p{{L}}\p{{M}}]]+", regex.V1)
        for script, code in UNSPACED_SCRIPTS.items()
    }
    any_script = regex.compile("|".join(pattern.pattern for pattern in scripts.values()), regex.V1)
    cjk_run = regex.compile(rf"{CJK_CLASS}+", regex.V1)
    korean = {
        "hangul": regex.compile(r"[\p{sc=Hangul}&&\p{L}]+", regex.V1),
        "letters": regex.compile(r"\p{L}+", regex.V1),
    }
    return cjk_run, regex.compile(r"[\p{Hiragana}\p{Katakana}]"), any_script, scripts, korean


def unsegmented_languages(texts: Iterable[str], cjk: bool = True, korean: bool = False) -> list[str]:
    """The languages in which ``texts`` look written without spaces between words, or Korean.

    Chinese and Japanese (checked when ``cjk``): a run is a maximal sequence of
    Han, hiragana and katakana characters; segmented text has runs of 1 to 3
    characters on average, raw text a whole phrase per run, so the texts are
    flagged when the average run is 4 characters or longer; "ja" with kana
    anywhere, else "zh". Thai, Lao, Khmer and Burmese ("th", "lo", "km",
    "my"): a run is a maximal sequence of the script's letters and marks, and
    the texts are flagged when the average run holds 8 or more letters (a word
    has 1 to 7, a phrase more). Korean ("ko", checked when ``korean``): Hangul is at least half of
    the texts' letters (Korean is written with spaces, but a word carries its particles and endings,
    오늘은 for 오늘 and 은, which only a morpheme analyser splits).

    >>> unsegmented_languages(["今日は晴れです", "ฉันชอบกินข้าวผัด"])
    ['ja', 'th']
    >>> unsegmented_languages(["今日 は 晴れ です", "ฉัน ชอบ กิน ข้าวผัด"])
    []
    >>> unsegmented_languages(["오늘은 날씨가 맑다"], korean=True)
    ['ko']
    """
    cjk_run, kana, any_script, scripts, korean_patterns = _run_patterns()
    # ASCII text holds none of these scripts: only the rest is searched, each distinct text once (a
    # reference scored against several systems), its runs counted as many times as it comes.
    counts = Counter(text for text in texts if not text.isascii())
    joined = "\n".join(counts)
    found = []
    if cjk and joined and cjk_run.search(joined):
        runs, characters = _run_totals(cjk_run, counts, len)
        if characters >= 4 * runs:
            found.append("ja" if kana.search(joined) else "zh")
    if korean and joined and korean_patterns["hangul"].search(joined):
        _, hangul = _run_totals(korean_patterns["hangul"], counts, len)
        _, letters = _run_totals(korean_patterns["letters"], counts, len)
        if 2 * hangul >= letters:
            found.append("ko")
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
        if code == "ko":
            parts.append(
                f"the texts look like Korean: the {tokenizer} tokenizer keeps particles and endings on their "
                "words (오늘은 is not 오늘), so scores come out low; choose tokenizer='ko', or language='ko'"
            )
            continue
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
