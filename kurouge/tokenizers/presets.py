"""Tokenizers that give the tokens published evaluations used: XL-Sum's multilingual ROUGE and MeCab.

- ``"xlsum"``: the tokenization and stemming of XL-Sum's multilingual ROUGE (csebuetnlp/xl-sum,
  ``multilingual_rouge_scoring``), the standard for multilingual summarization since mT5, for the
  language given as ``language`` (ISO 639-1);
- ``"xlsum-segmented"``: the same, with rougeLsum's sentences tokenized by the language's segmenter;
- ``"ja-mecab"``: sacrebleu's ``ja-mecab`` tokens (MeCab with IPAdic), which llm-jp-eval feeds to
  rouge-score;
- ``"ja-fugashi"``: fugashi with unidic-lite (``Tagger("-Owakati")``), as much Japanese evaluation
  code tokenizes.

Each factory takes ``(use_stemmer, language)`` and returns an object with ``tokenize(text)`` and a
``signature``; ``PRESETS`` maps the names to them. Backends are imported when a tokenizer is built.
"""

from __future__ import annotations

import unicodedata
import warnings
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from kurouge.inputs import describe
from kurouge.stemmers.bengali import BengaliStemmer
from kurouge.stemmers.registry import HindiStemmer, TurkishStemmer, get_stemmer
from kurouge.tokenizers.backends import package_versions, require
from kurouge.tokenizers.invisible import INVISIBLE_TAG, drop_invisible
from kurouge.tokenizers.pieces import CONTEXT_PIECE_CHARS, PIECE_CHARS, pieces
from kurouge.tokenizers.segmenters import jieba_tokenizer

# XL-Sum's languages (ISO 639-1; Nigerian Pidgin as ISO 639-3 "pcm") and the other languages its
# code stems, with the language names its code uses.
XLSUM_LANGUAGES: dict[str, str] = {
    "am": "amharic", "ar": "arabic", "az": "azerbaijani", "bn": "bengali", "cy": "welsh",
    "da": "danish", "de": "german", "en": "english", "es": "spanish", "fa": "persian",
    "fi": "finnish", "fr": "french", "gd": "scottish_gaelic", "gu": "gujarati", "ha": "hausa",
    "hi": "hindi", "hu": "hungarian", "id": "indonesian", "ig": "igbo", "it": "italian",
    "ja": "japanese", "ko": "korean", "ky": "kyrgyz", "mr": "marathi", "my": "burmese",
    "ne": "nepali", "nl": "dutch", "no": "norwegian", "om": "oromo", "pa": "punjabi",
    "pcm": "pidgin", "ps": "pashto", "pt": "portuguese", "rn": "kirundi", "ro": "romanian",
    "ru": "russian", "si": "sinhala", "so": "somali", "sr": "serbian", "sv": "swedish",
    "sw": "swahili", "ta": "tamil", "te": "telugu", "th": "thai", "ti": "tigrinya",
    "tr": "turkish", "uk": "ukrainian", "ur": "urdu", "uz": "uzbek", "vi": "vietnamese",
    "yo": "yoruba", "zh": "chinese",
}  # fmt: skip
# The languages XL-Sum stems with NLTK's Snowball stemmers.
_NLTK_SNOWBALL = frozenset("ar da de en es fi fr hu it nl no pt ro ru sv".split())
# The segmenter XL-Sum uses for a language (see ``xlsum_segmenter``), by language; every other
# language, and none, gets pyonmttok's words alone.
XLSUM_SEGMENTERS = {"zh": "jieba", "ja": "fugashi", "th": "newmm", "my": "burmese-syllables"}
# The backends of XL-Sum's segmenters, by language; every language needs pyonmttok too.
_XLSUM_SEGMENTER_MODULES = {"zh": ("jieba",), "ja": ("fugashi", "unidic_lite"), "th": ("pythainlp.tokenize",)}
# BERT's rule: ASCII characters that are neither letters nor digits count as punctuation.
_ASCII_PUNCTUATION = frozenset(char for char in map(chr, range(33, 127)) if not char.isalnum())


@cache
def _bert_class(char: str) -> str:
    """What BERT's BasicTokenizer does with ``char``: "drop", "space", "punct" or "keep"."""
    category = unicodedata.category(char)
    if char in "\t\n\r" or category == "Zs":
        return "space"
    if char in ("\x00", "\ufffd") or category.startswith("C"):
        return "drop"
    if char in _ASCII_PUNCTUATION or category.startswith("P"):
        return "punct"
    return "keep"


def bert_words(text: str) -> list[str]:
    """The words BERT's BasicTokenizer (without its CJK spacing) leaves in ``text``.

    Control and format characters (ZWJ and ZWNJ included), NUL and U+FFFD are deleted;
    punctuation (Unicode category P, and every ASCII character that is not a letter or a digit)
    ends a word and is dropped; words are split on whitespace (``str.split``).

    >>> bert_words("Dr. O'Neil paid $3.50 — «wow»!")
    ['Dr', 'O', 'Neil', 'paid', '3', '50', 'wow']
    """
    classes = {"space": " ", "punct": " ", "drop": ""}
    return "".join(classes.get(_bert_class(char), char) for char in text).split()


def _is_cjk_ideograph(char: str) -> bool:
    """Whether BERT spaces ``char`` out as a CJK ideograph (its list of blocks)."""
    cp = ord(char)
    return (
        0x4E00 <= cp <= 0x9FFF
        or 0x3400 <= cp <= 0x4DBF
        or 0x20000 <= cp <= 0x2CEAF
        or 0xF900 <= cp <= 0xFAFF
        or 0x2F800 <= cp <= 0x2FA1F
    )


class BurmeseSyllables:
    """Burmese syllables by the rules XL-Sum uses (after Ding et al. 2019, ACM TALLIP 18(4)).

    Every whitespace is deleted; each character with the dependent signs that follow it is a unit;
    a unit of at most 3 characters that holds an asat (U+103A) joins the unit before it, except
    right after such a join, where it and the units like it that follow stand alone; a virama
    (U+1039) glues the units on either side. ZWNJ counts as whitespace, and dot below before asat
    is put after it.

    >>> BurmeseSyllables()("မြန်မာ စာ")
    ['မြန်', 'မာ', 'စာ']
    """

    ASAT, DOT_BELOW, VIRAMA = "\u103a", "\u1037", "\u1039"
    # Vowel signs, anusvara, dot below, visarga, asat and the medials: they belong to the character before.
    DEPENDENT = frozenset(map(chr, [*range(0x102B, 0x1033), *range(0x1036, 0x1039), *range(0x103A, 0x103F)]))

    def __call__(self, text: str) -> list[str]:
        """The syllables of ``text``."""
        text = text.replace("\u200c", " ").replace(self.DOT_BELOW + self.ASAT, self.ASAT + self.DOT_BELOW)
        units: list[str] = []
        for char in "".join(text.lower().split()):
            if char in self.DEPENDENT and units:
                units[-1] += char
            else:
                units.append(char)
        syllables: list[str] = []
        after_join = False  # the last unit joined its predecessor, or stands alone after one that did
        for unit in units:
            short_with_asat = self.ASAT in unit and len(unit) < 4
            if short_with_asat and syllables and not after_join:
                syllables[-1] += unit
                after_join = True
            else:
                syllables.append(unit)
                after_join = short_with_asat and after_join
        return " ".join(syllables).replace(f" {self.VIRAMA} ", self.VIRAMA).split()


def xlsum_segmenter(language: str | None) -> str | None:
    """The segmenter ``"xlsum"`` tokenizes ``language`` with, None for a language it does not have.

    A name from ``XLSUM_SEGMENTERS``, or "pyonmttok" for every other XL-Sum language and for None.

    >>> xlsum_segmenter("zh"), xlsum_segmenter("bn"), xlsum_segmenter(None), xlsum_segmenter("xx")
    ('jieba', 'pyonmttok', 'pyonmttok', None)
    """
    if language is not None and language not in XLSUM_LANGUAGES:
        return None
    return XLSUM_SEGMENTERS.get(language or "", "pyonmttok")


class _NltkSnowball:
    """NLTK's Snowball stemmer of one language (XL-Sum's), without its stop list."""

    def __init__(self, name: str) -> None:
        from nltk.stem.snowball import SnowballStemmer

        self._stemmer = SnowballStemmer(name)
        self.signature = f"nltk-snowball-{name}[{package_versions('nltk')[0]}]"

    def stem(self, token: str) -> str:
        return str(self._stemmer.stem(token))


def _xlsum_stemmer(language: str | None) -> Any:
    """The stemmer XL-Sum uses for ``language``, or None where it stems nothing."""
    if language is None:
        return _NltkSnowball("porter")
    if language in _NLTK_SNOWBALL:
        return _NltkSnowball(XLSUM_LANGUAGES[language])
    if language == "hi":
        return HindiStemmer()
    if language == "tr":
        return TurkishStemmer()
    if language == "bn":
        return BengaliStemmer()
    return None


class XLSumTokenizer:
    """``"xlsum"``: XL-Sum's multilingual ROUGE tokens for ``language`` (ISO 639-1, or None).

    As XL-Sum: lower-case; BERT's cleaning and punctuation split (:func:`bert_words`); then, by
    language, jieba (zh), fugashi (ja; unidic-lite here, the full UniDic in XL-Sum), PyThaiNLP's
    newmm (th) or Burmese syllables (my) on the words joined by spaces; for every other language,
    or when a segmenter finds nothing, OpenNMT's aggressive tokenizer (pyonmttok) with a space
    around each CJK ideograph. With ``use_stemmer`` tokens longer than 3 characters are stemmed
    with XL-Sum's stemmer: NLTK's Snowball for its languages (without NLTK's stop lists, which
    are NLTK data: XL-Sum leaves stop words unstemmed), Ramanathan and Rao's Hindi stemmer,
    TurkishStemmer, NLTK's Porter when ``language`` is None, none for the other languages.

    Kept from XL-Sum so that its numbers come out: jieba and newmm see the words joined by spaces
    and return " " tokens, which count as words; and rougeLsum's sentences are tokenized by
    :meth:`tokenize_sentence`, BERT's words (stemmed) without the segmenter or pyonmttok, as
    XL-Sum's scorer does, so its Chinese, Japanese, Thai and Burmese rougeLsum are near 0.
    ``"xlsum-segmented"`` (:class:`XLSumSegmentedTokenizer`) tokenizes them in full instead.

    >>> XLSumTokenizer(language="zh").tokenize("猫坐在垫子上，狗在外面。")
    ['猫', '坐在', '垫子', '上', ' ', '狗', '在', '外面']
    >>> XLSumTokenizer(True, "ru").tokenize("Президент России заявил: 45,3%")
    ['президент', 'росс', 'заяв', '45', '3']
    """

    name = "xlsum"

    def __init__(self, use_stemmer: bool = False, language: str | None = None) -> None:
        if language is not None and language not in XLSUM_LANGUAGES:
            choices = ", ".join(XLSUM_LANGUAGES)
            raise ValueError(
                f"the 'xlsum' tokenizer has no language {describe(language)}; choose one of: {choices}"
            )
        self.language = language
        require(f"the 'xlsum' tokenizer for language={language!r}", *self._modules(use_stemmer, language))
        self._segment, versions = self._segmenter(language)
        self._stemmer = _xlsum_stemmer(language) if use_stemmer else None
        self._stem = lru_cache(maxsize=65536)(self._stemmer.stem) if self._stemmer else None
        self._fallback = require("the 'xlsum' tokenizer", "pyonmttok").Tokenizer("aggressive")
        stem = self._stemmer.signature if self._stemmer else "none"
        versions = [*versions, *package_versions("pyonmttok"), f"unicode-{unicodedata.unidata_version}"]
        if self._segment:
            versions.append(f"pieces-{PIECE_CHARS}")
        self.signature = f"{self.name}-{language or 'none'}[{','.join(versions)};stem={stem}]"

    @staticmethod
    def _modules(use_stemmer: bool, language: str | None) -> list[str]:
        """Every module the tokenizer needs for ``language``, so that one error names them all."""
        stemmer: tuple[str, ...] = ()
        if use_stemmer and language == "tr":
            stemmer = ("TurkishStemmer",)
        elif use_stemmer and (language is None or language in _NLTK_SNOWBALL):
            stemmer = ("nltk",)
        return [*_XLSUM_SEGMENTER_MODULES.get(language or "", ()), "pyonmttok", *stemmer]

    @staticmethod
    def _segmenter(language: str | None) -> tuple[Callable[[str], list[str]] | None, list[str]]:
        """XL-Sum's segmenter for ``language`` (or None) and the versions that name it."""
        if language == "zh":
            return jieba_tokenizer().lcut, package_versions("jieba")
        if language == "ja":
            fugashi = require("the 'xlsum' tokenizer for 'ja'", "fugashi", "unidic_lite")
            tagger = fugashi.Tagger("-O wakati -b 50000")
            return (lambda text: tagger.parse(text).split()), package_versions("fugashi", "unidic-lite")
        if language == "th":
            word_tokenize = require("the 'xlsum' tokenizer for 'th'", "pythainlp.tokenize").word_tokenize
            versions = [*package_versions("pythainlp"), "newmm"]
            return (lambda text: word_tokenize(text, engine="newmm")), versions
        if language == "my":
            return BurmeseSyllables(), ["burmese-syllables"]
        return None, []

    def tokenize(self, text: str) -> list[str]:
        """Return XL-Sum's tokens of ``text``."""
        text = " ".join(bert_words(text.lower().strip()))
        tokens = (
            [t for piece in pieces(text, PIECE_CHARS) for t in self._segment(piece)] if self._segment else []
        )
        if not tokens and text:
            onmt = " ".join(self._fallback.tokenize(text)[0])
            tokens = "".join(f" {c} " if _is_cjk_ideograph(c) else c for c in onmt).split()
        return self._stemmed(tokens)

    def tokenize_sentence(self, text: str) -> list[str]:
        """Return XL-Sum's tokens of a rougeLsum sentence: BERT's words of ``text``, stemmed."""
        return self._stemmed(bert_words(text.lower()))

    def _stemmed(self, tokens: list[str]) -> list[str]:
        if self._stem:
            tokens = [self._stem(token) if len(token) > 3 else token for token in tokens]
        return [token for token in tokens if token]


class XLSumSegmentedTokenizer(XLSumTokenizer):
    """``"xlsum-segmented"``: ``"xlsum"``, with rougeLsum's sentences tokenized like whole texts.

    XL-Sum's tokens for rouge1-9 and rougeL; its rougeLsum is XL-Sum's summary-level LCS over
    sentences tokenized with the language's segmenter, the number XL-Sum's rougeLsum would be
    if its scorer used its own tokenizer there.
    """

    name = "xlsum-segmented"

    def tokenize_sentence(self, text: str) -> list[str]:
        """Return the tokens of a rougeLsum sentence, as of a whole text."""
        return self.tokenize(text)


class MecabTokenizer:
    """``"ja-mecab"``: sacrebleu's ``ja-mecab`` tokens, MeCab (mecab-python3) with IPAdic.

    The tokens of ``TokenizerJaMecab()(text).split()``, as given: not lower-cased, punctuation
    kept; the text is first cleared of invisible format characters (tokenizers.invisible), the one
    difference from sacrebleu's tokens (the signature says ``invisible-dropped``). With
    ``use_stemmer``, ASCII alphanumeric tokens longer than 3 characters are Porter-stemmed (kurenai's
    rule). MeCab reads a text up to its first NUL character, as
    sacrebleu does: the rest is ignored, with a ``NulTruncationWarning``.

    >>> MecabTokenizer().tokenize("日本政府は新しい経済対策を発表した。")
    ['日本', '政府', 'は', '新しい', '経済', '対策', 'を', '発表', 'し', 'た', '。']
    """

    def __init__(self, use_stemmer: bool = False, language: str | None = None) -> None:
        _check_japanese(language, "ja-mecab")
        mecab = require("the 'ja-mecab' tokenizer", "MeCab", "ipadic")
        ipadic = require("the 'ja-mecab' tokenizer", "ipadic")
        self._tagger = mecab.Tagger(ipadic.MECAB_ARGS + " -Owakati")
        self._stem = get_stemmer(None).stem if use_stemmer else None
        self.signature = (
            f"ja-mecab[{','.join(package_versions('mecab-python3', 'ipadic'))},pieces-{CONTEXT_PIECE_CHARS},"
            f"{INVISIBLE_TAG}]"
        )

    def tokenize(self, text: str) -> list[str]:
        """Return MeCab's words of ``text`` (up to its first NUL, where MeCab stops), in pieces."""
        _warn_of_nul(text, "ja-mecab")
        head = drop_invisible(text).strip().split("\x00", 1)[0]
        tokens = [t for piece in pieces(head, CONTEXT_PIECE_CHARS) for t in self._tagger.parse(piece).split()]
        return [self._stem(t) for t in tokens] if self._stem else tokens


class FugashiTokenizer:
    """``"ja-fugashi"``: fugashi's words with unidic-lite, ``Tagger("-Owakati").parse(text).split()``.

    Not lower-cased, punctuation kept; invisible format characters, ``use_stemmer`` and a NUL character
    as for ``"ja-mecab"``.

    >>> FugashiTokenizer().tokenize("日本政府は新しい経済対策を発表した。")
    ['日本', '政府', 'は', '新しい', '経済', '対策', 'を', '発表', 'し', 'た', '。']
    """

    def __init__(self, use_stemmer: bool = False, language: str | None = None) -> None:
        _check_japanese(language, "ja-fugashi")
        fugashi = require("the 'ja-fugashi' tokenizer", "fugashi", "unidic_lite")
        self._tagger = fugashi.Tagger("-Owakati")
        self._stem = get_stemmer(None).stem if use_stemmer else None
        self.signature = (
            f"ja-fugashi[{','.join(package_versions('fugashi', 'unidic-lite'))},pieces-{CONTEXT_PIECE_CHARS},"
            f"{INVISIBLE_TAG}]"
        )

    def tokenize(self, text: str) -> list[str]:
        """Return fugashi's words of ``text``."""
        _warn_of_nul(text, "ja-fugashi")
        head = drop_invisible(text).split("\x00", 1)[0]
        tokens = [t for piece in pieces(head, CONTEXT_PIECE_CHARS) for t in self._tagger.parse(piece).split()]
        return [self._stem(t) for t in tokens] if self._stem else tokens


class NulTruncationWarning(UserWarning):
    """A text given to ``ja-mecab`` or ``ja-fugashi`` has a NUL: MeCab ignores everything after it."""


def _warn_of_nul(text: str, name: str) -> None:
    if "\x00" in text:
        warnings.warn(
            f"the {name!r} tokenizer ignores everything after a NUL character (U+0000) in a text, as "
            "MeCab (and sacrebleu's ja-mecab) does; remove NULs to score the whole text",
            NulTruncationWarning,
            stacklevel=3,
        )


def _check_japanese(language: str | None, name: str) -> None:
    if language not in (None, "ja"):
        raise ValueError(f"the {name!r} tokenizer is for Japanese; got language={describe(language)}")


PRESETS: dict[str, Callable[..., Any]] = {
    "xlsum": XLSumTokenizer,
    "xlsum-segmented": XLSumSegmentedTokenizer,
    "ja-mecab": MecabTokenizer,
    "ja-fugashi": FugashiTokenizer,
}
