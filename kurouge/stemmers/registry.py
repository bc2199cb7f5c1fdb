"""Stemmers by language: kurenai's Porter rule, Snowball, Hindi's suffix stemmer and Turkish.

``get_stemmer(language)`` returns an object with ``stem(token) -> str`` and a
``signature`` naming the algorithm and the version of the package that
implements it. ``get_stemmer(None)`` is kurenai's rule (Porter on ASCII
alphanumeric tokens longer than 3 characters, every other token unchanged);
a language code gives that language's stemmer, applied to every token:

- Snowball (the Snowball project's algorithms, as C code in PyStemmer) for
  the languages in ``SNOWBALL_LANGUAGES``;
- Hindi: the suffix stemmer of Ramanathan and Rao (2003), "A Lightweight
  Stemmer for Hindi", with their suffix list and the rule XL-Sum applies (the
  longest listed suffix that leaves at least two code points is removed).
  Snowball's own Hindi stemmer, after the same paper, leaves one code point
  (जाता gives ज): kurenai uses the paper's list as XL-Sum does;
- Turkish: TurkishStemmer (PyPI ``TurkishStemmer``), the stemmer XL-Sum uses;
- Bengali: Rafi Kamal's suffix rules, XL-Sum's Bengali stemmer (``stemmers.bengali``).
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from importlib.metadata import version
from typing import Any, Protocol

from kurouge.inputs import describe
from kurouge.languages import LANGUAGE_NAMES
from kurouge.stemmers.bengali import BengaliStemmer
from kurouge.tokenizers.backends import require

_ASCII_WORD_RE = re.compile(r"^[a-z0-9]+$")

# ISO 639-1 code -> PyStemmer algorithm. Hindi and Turkish have their own stemmers below.
SNOWBALL_LANGUAGES: dict[str, str] = {
    "ar": "arabic",
    "ca": "catalan",
    "cs": "czech",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "eo": "esperanto",
    "es": "spanish",
    "et": "estonian",
    "eu": "basque",
    "fa": "persian",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "ne": "nepali",
    "nl": "dutch",
    "no": "norwegian",
    "pl": "polish",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "st": "sesotho",
    "sv": "swedish",
    "ta": "tamil",
    "yi": "yiddish",
}

# Ramanathan and Rao (2003), Table 1: the suffixes, by length in code points.
HINDI_SUFFIXES: dict[int, tuple[str, ...]] = {
    5: tuple("ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयाँ ाइयों ाइयां".split()),
    4: tuple("ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं नाएं ताओं ताएं ियाँ ियों ियां".split()),
    3: tuple("ाकर ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं".split()),
    2: tuple("कर ाओ िए ाई ाए ने नी ना ते ीं ती ता ाँ ां ों ें".split()),
    1: tuple("ो े ू ु ी ि ा".split()),
}


class Stemmer(Protocol):
    """What a tokenizer needs from a stemmer."""

    signature: str

    def stem(self, token: str) -> str:
        """Return the stem of ``token``."""


class PorterRule:
    """kurenai's rule: NLTK's Porter stemmer on ASCII alphanumeric tokens longer than 3 characters.

    Every other token (non-ASCII, punctuated, short) is returned unchanged.

    >>> PorterRule().stem("running"), PorterRule().stem("café"), PorterRule().stem("was")
    ('run', 'café', 'was')
    """

    def __init__(self) -> None:
        self.signature = f"porter[nltk-{version('nltk')}]"

    def stem(self, token: str) -> str:
        """Porter-stem ``token`` if it is ASCII alphanumeric and longer than 3 characters."""
        return _porter_rule(token)


@lru_cache(maxsize=1)
def _porter() -> Any:
    from nltk.stem import porter

    return porter.PorterStemmer()


@lru_cache(maxsize=65536)
def _porter_rule(token: str) -> str:
    if len(token) > 3 and _ASCII_WORD_RE.match(token):
        return str(_porter().stem(token))
    return token


class SnowballStemmer:
    """The Snowball stemmer of one language, from PyStemmer (C code generated from Snowball).

    Tokens are expected lower-cased, as the tokenizers give them.

    >>> SnowballStemmer("russian").stem("книгами")
    'книг'
    """

    def __init__(self, algorithm: str) -> None:
        require(f"the Snowball stemmer ({algorithm})", "Stemmer")
        self.algorithm = algorithm
        self.signature = f"snowball-{algorithm}[pystemmer-{version('PyStemmer')}]"
        self._local = threading.local()  # a PyStemmer object must not be shared between threads

    def stem(self, token: str) -> str:
        """Return the Snowball stem of ``token``."""
        stemmer = getattr(self._local, "stemmer", None)
        if stemmer is None:
            import Stemmer as pystemmer

            stemmer = self._local.stemmer = pystemmer.Stemmer(self.algorithm)
        return str(stemmer.stemWord(token))


class HindiStemmer:
    """Ramanathan and Rao's (2003) Hindi suffix stemmer, with XL-Sum's length rule.

    The longest suffix of ``HINDI_SUFFIXES`` that leaves at least two code
    points before it is removed; a token with none is returned unchanged.

    >>> [HindiStemmer().stem(word) for word in ("लड़कियों", "जाता", "खेलना")]
    ['लड़क', 'जा', 'खेल']
    """

    def __init__(self) -> None:
        self.signature = "hindi-rr2003"

    def stem(self, token: str) -> str:
        """Return ``token`` without its longest listed suffix."""
        for length, suffixes in HINDI_SUFFIXES.items():
            if len(token) > length + 1 and token.endswith(suffixes):
                return token[:-length]
        return token


class TurkishStemmer:
    """TurkishStemmer (PyPI ``TurkishStemmer``), the stemmer XL-Sum uses for Turkish.

    >>> TurkishStemmer().stem("kitaplardan")
    'kitap'
    """

    def __init__(self) -> None:
        self._stemmer = require("the Turkish stemmer", "TurkishStemmer").TurkishStemmer()
        self.signature = f"turkishstemmer[TurkishStemmer-{version('TurkishStemmer')}]"

    def stem(self, token: str) -> str:
        """Return the stem of ``token``."""
        return str(self._stemmer.stem(token))


# The stemmers this module has for a language outside Snowball, by name.
OWN_STEMMERS = {
    "bn": "Bengali suffixes (XL-Sum's)",
    "hi": "Hindi suffixes (Ramanathan and Rao)",
    "tr": "TurkishStemmer",
}
STEMMER_LANGUAGES: tuple[str, ...] = tuple(sorted([*SNOWBALL_LANGUAGES, *OWN_STEMMERS]))


class NoStemmerWarning(UserWarning):
    """``use_stemmer=True`` for a language that has no stemmer: the texts are scored unstemmed."""


def has_stemmer(language: str | None) -> bool:
    """Whether ``get_stemmer(language)`` gives a stemmer (None, kurenai's rule, does)."""
    return language is None or language in STEMMER_LANGUAGES


def no_stemmer_message(language: str) -> str:
    """What a :class:`NoStemmerWarning` says about ``language``.

    >>> no_stemmer_message("ja")  # doctest: +ELLIPSIS
    "language='ja' (Japanese) has no stemmer: use_stemmer=True changes nothing, ... ar, bn, ca, ..."
    """
    return (
        f"language={language!r} ({LANGUAGE_NAMES[language]}) has no stemmer: use_stemmer=True changes "
        f"nothing, the texts are scored unstemmed (the signature says stem:none); stemmers exist for: "
        f"{', '.join(STEMMER_LANGUAGES)}"
    )


def get_stemmer(language: str | None) -> Stemmer:
    """The stemmer for an ISO 639-1 ``language`` code, or kurenai's Porter rule for ``None``.

    >>> get_stemmer(None).stem("dogs"), get_stemmer("ru").stem("собаки")
    ('dog', 'собак')
    >>> get_stemmer("ja")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no stemmer for language='ja'; stemmers exist for: ar, bn, ca, ...
    """
    if language is None:
        return PorterRule()
    if language == "hi":
        return HindiStemmer()
    if language == "tr":
        return TurkishStemmer()
    if language == "bn":
        return BengaliStemmer()
    if language in SNOWBALL_LANGUAGES:
        return SnowballStemmer(SNOWBALL_LANGUAGES[language])
    available = ", ".join(STEMMER_LANGUAGES)
    raise ValueError(f"no stemmer for language={describe(language)}; stemmers exist for: {available}")
