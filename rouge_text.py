"""Tokenizers chosen by name or by language, and the tokenizers' stemming hook.

Each tokenizer is an object with ``tokenize(text) -> list[str]`` (the interface
rouge-score and kurenai accept) and a ``signature`` string naming everything
about it that can change a score: its name, and the versions of its backend,
dictionary and Unicode tables. Backends are imported lazily, inside the
tokenizer that needs them, so that a missing optional package only matters
when its tokenizer is chosen; then the ImportError names the pip package.
The Unicode rules of ``word``, ``cjk`` and ``char`` are in rouge_words, the
sentence splitter in rouge_sentences.
"""

from __future__ import annotations

import importlib
import logging
import re
import tempfile
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, partial
from importlib.metadata import version
from typing import Any, Protocol

if __package__:
    from .rouge_stemmers import Stemmer, get_stemmer
    from .rouge_words import (
        UNICODE_VERSIONS,
        cjk_tokens,
        grapheme_tokens,
        word_tokens,
    )
else:
    from rouge_stemmers import Stemmer, get_stemmer
    from rouge_words import (
        UNICODE_VERSIONS,
        cjk_tokens,
        grapheme_tokens,
        word_tokens,
    )

_UNICODE = f"unicode-{unicodedata.unidata_version}"
# SudachiPy rejects input longer than 49149 UTF-8 bytes; longer text is analysed in pieces.
_SUDACHI_MAX_BYTES = 16384


class Tokenizer(Protocol):
    """What the scorer needs from a tokenizer."""

    signature: str

    def tokenize(self, text: str) -> list[str]:
        """Return the tokens of ``text``."""


def _require(module: str, package: str, used_by: str) -> Any:
    """Import ``module``, or raise an ImportError saying what needs which pip ``package``."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{used_by} needs the {package!r} package: pip install {package}") from error


def _versions(*distributions: str) -> list[str]:
    """``name-version`` of each installed distribution, for a signature."""
    return [f"{name}-{version(name)}" for name in distributions]


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _is_word(token: str) -> bool:
    """Whether ``token`` holds a letter or a digit: punctuation, symbols and spaces are not words."""
    return any(unicodedata.category(char)[0] in "LN" for char in token)


class WhitespaceTokenizer:
    """kurenai's tokenizer without its empty-token defect.

    Lower-cases, splits on runs of whitespace, keeps every character and, with
    a ``stemmer``, stems every token (``get_stemmer(None)`` stems ASCII
    alphanumeric tokens longer than 3 characters). Unlike kurenai 0.1.0 it
    never yields an empty token, so leading or trailing whitespace and "\\r\\n" do not change a score.

    It splits with ``str.split``, on the ``str.isspace`` code points, which are
    those ``re``'s ``\\s`` matches. ``line_separable``: the tokens of
    ``a + "\\n" + b`` are those of ``a`` then those of ``b`` (a newline is
    whitespace, and neither cased nor case-ignorable, so lower-casing does not
    look across it).

    >>> WhitespaceTokenizer().tokenize("  いぬ ねこ\\r\\n")
    ['いぬ', 'ねこ']
    >>> WhitespaceTokenizer(get_stemmer(None)).tokenize("The dogs are running")
    ['the', 'dog', 'are', 'run']
    """

    line_separable = True
    # Scripts it cannot split into words (see rouge_words.unsegmented_languages).
    unsplit = ("cjk", "sea")

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self.stemmer = stemmer
        self.signature = "whitespace"

    def tokenize(self, text: str) -> list[str]:
        """Return the whitespace-separated, lower-cased tokens of ``text``."""
        tokens = text.lower().split()
        if self.stemmer:
            return [self.stemmer.stem(t) for t in tokens]
        return tokens


class RougeScoreTokenizer:
    """rouge-score's own ``DefaultTokenizer``: ASCII letters and digits only.

    Gives the stock ``rouge`` metric's tokens, for numbers comparable with
    published English results. Every other character is deleted, and with a
    ``stemmer`` (any) it stems by rouge-score's rule (Porter on tokens longer
    than 3).
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        from rouge_score.tokenizers import DefaultTokenizer

        self.stemmer = stemmer
        self._tokenizer = DefaultTokenizer(stemmer is not None)
        self.signature = "rouge-score"

    def tokenize(self, text: str) -> list[str]:
        """Return rouge-score's tokens of ``text``."""
        return self._tokenizer.tokenize(text)


class SegmentingTokenizer(ABC):
    """Base of the named tokenizers for raw text: segment, lower-case, optionally stem.

    A subclass's ``segment`` returns the tokens of the raw text, normalized as
    its docstring says; ``tokenize`` lower-cases them and, with a ``stemmer``,
    stems them (with ``get_stemmer(None)``, the ASCII alphanumeric ones
    longer than 3 characters, kurenai's rule, so English words inside any text
    are stemmed as the whitespace tokenizer stems them). ``signature`` is
    ``name[versions]``. ``unsplit`` names the scripts it cannot split.
    """

    unsplit: tuple[str, ...] = ()

    def __init__(self, name: str, stemmer: Stemmer | None, versions: Iterable[str]) -> None:
        self.stemmer = stemmer
        self.signature = f"{name}[{','.join(versions)}]"

    @abstractmethod
    def segment(self, text: str) -> list[str]:
        """Return the tokens of ``text`` before lower-casing and stemming."""

    def tokenize(self, text: str) -> list[str]:
        """Return the lower-cased (and, with a ``stemmer``, stemmed) tokens of ``text``."""
        tokens = [token.lower() for token in self.segment(text)]
        if self.stemmer:
            return [self.stemmer.stem(token) for token in tokens]
        return tokens


class WordTokenizer(SegmentingTokenizer):
    """``"word"``: words by Unicode word boundaries (UAX #29), for every script written with spaces.

    The text is normalised (optional joiners removed, NFKC, case-folded: see
    rouge_words.normalise) and cut at UAX #29 word boundaries; tokens without
    a letter or digit (punctuation, symbols, emoji) are dropped. Combining
    marks stay in their word and numbers stay whole. ``line_separable``: a
    newline is always a word boundary, and normalising does not look across it.

    >>> WordTokenizer().tokenize("«Мир» мир! 3.14 Straße")
    ['мир', 'мир', '3.14', 'strasse']
    """

    line_separable = True
    unsplit = ("sea",)

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        super().__init__("word", stemmer, UNICODE_VERSIONS)

    def segment(self, text: str) -> list[str]:
        """The UAX #29 words of normalised ``text`` that hold a letter or digit."""
        return word_tokens(text)


class CjkTokenizer(SegmentingTokenizer):
    """``"cjk"``: ``word``, with one token per Han, hiragana or katakana character.

    Chinese and Japanese without a dictionary: each Han ideograph, hiragana
    and katakana character is a token; words in every other script are
    ``word``'s.

    >>> CjkTokenizer().tokenize("Apple iPhone 15 128GB 蓝色")
    ['apple', 'iphone', '15', '128gb', '蓝', '色']
    >>> CjkTokenizer().tokenize("π ≈ 3.14!")
    ['π', '3.14']
    """

    line_separable = True
    unsplit = ("sea",)

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        super().__init__("cjk", stemmer, UNICODE_VERSIONS)

    def segment(self, text: str) -> list[str]:
        """The Han, hiragana and katakana characters and the other words of normalised ``text``."""
        return cjk_tokens(text)


class CharTokenizer(SegmentingTokenizer):
    """``"char"``: the extended grapheme clusters of the normalised text, whitespace dropped.

    A user-perceived character is one token: हि (consonant and vowel sign), an
    emoji ZWJ sequence, é in either form; CJK characters and precomposed Latin
    letters are one character each. Punctuation is kept. Stemming never
    applies in practice (tokens are single characters). ``line_separable``: a
    newline always ends a cluster and normalising does not look across it.

    >>> CharTokenizer().tokenize("今日は 晴れ。ＡＩ हिन्दी")
    ['今', '日', 'は', '晴', 'れ', '。', 'a', 'i', 'हि', 'न्दी']
    """

    line_separable = True

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        super().__init__("char", stemmer, ["graphemes", *UNICODE_VERSIONS])

    def segment(self, text: str) -> list[str]:
        """The grapheme clusters of normalised ``text`` but whitespace."""
        return grapheme_tokens(text)


@lru_cache(maxsize=1)
def _sudachi_dictionary() -> Any:
    used_by = "the Japanese tokenizers ('ja', 'ja-sudachi-a', '-b', '-c')"
    sudachipy = _require("sudachipy", "sudachipy", used_by)
    _require("sudachidict_core", "sudachidict_core", used_by)
    return sudachipy.Dictionary(dict="core")


def _utf8_pieces(text: str, max_bytes: int) -> Iterator[str]:
    """Cut ``text`` into pieces of at most ``max_bytes`` UTF-8 bytes.

    Each cut is after the last whitespace or sentence ender that fits, or
    anywhere when there is none.

    >>> list(_utf8_pieces("ab。cd ef gh", 7))
    ['ab。', 'cd ef ', 'gh']
    """
    while len(text.encode()) > max_bytes:
        head = text.encode()[:max_bytes].decode(errors="ignore")
        cut = max((m.end() for m in re.finditer(r"[\s。．！？!?]", head)), default=len(head))
        yield text[:cut]
        text = text[cut:]
    yield text


class SudachiTokenizer(SegmentingTokenizer):
    """``"ja-sudachi-a"``/``-b``/``-c``: Japanese morphemes from SudachiPy with sudachidict_core.

    Surface forms of the NFKC text; punctuation, symbols and spaces are
    dropped. Split mode A gives the shortest units, C the longest (named
    entities and compounds whole), B units in between.

    >>> SudachiTokenizer("C").tokenize("選挙管理委員会に行った。")
    ['選挙管理委員会', 'に', '行っ', 'た']
    >>> SudachiTokenizer("A").tokenize("選挙管理委員会に行った。")
    ['選挙', '管理', '委員', '会', 'に', '行っ', 'た']
    """

    def __init__(self, mode: str, stemmer: Stemmer | None = None) -> None:
        self._tokenizer = _sudachi_dictionary().tokenizer(mode=mode)
        super().__init__(
            f"ja-sudachi-{mode.lower()}", stemmer, [*_versions("sudachipy", "sudachidict_core"), _UNICODE]
        )

    def segment(self, text: str) -> list[str]:
        """The surface forms of the words of NFKC ``text``."""
        surfaces = (
            morpheme.surface()
            for piece in _utf8_pieces(_nfkc(text), _SUDACHI_MAX_BYTES)
            for morpheme in self._tokenizer.tokenize(piece)
        )
        return [surface for surface in surfaces if _is_word(surface)]


@lru_cache(maxsize=1)
def _jieba() -> Any:
    """A jieba tokenizer with its dictionary loaded, quietly, leaving no cache file behind."""
    jieba = _require("jieba", "jieba", "the 'zh' tokenizer")
    tokenizer = jieba.Tokenizer()
    logger = logging.getLogger("jieba")
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        with tempfile.TemporaryDirectory(prefix="kurenai_rouge_jieba_") as cache_dir:
            tokenizer.tmp_dir = cache_dir
            tokenizer.initialize()
    finally:
        logger.setLevel(level)
    return tokenizer


class JiebaTokenizer(SegmentingTokenizer):
    """``"zh"``: Chinese words from jieba (accurate mode, with its HMM for unknown words).

    Words of the NFKC text; punctuation, symbols and spaces are dropped.

    >>> JiebaTokenizer().tokenize("猫坐在垫子上。")
    ['猫', '坐在', '垫子', '上']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._jieba = _jieba()
        super().__init__("zh", stemmer, [*_versions("jieba"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of NFKC ``text``."""
        return [word for word in self._jieba.lcut(_nfkc(text)) if _is_word(word)]


@lru_cache(maxsize=1)
def _kiwi() -> Any:
    kiwipiepy = _require("kiwipiepy", "kiwipiepy", "the 'ko' tokenizer")
    _require("kiwipiepy_model", "kiwipiepy_model", "the 'ko' tokenizer")
    return kiwipiepy.Kiwi(model_type="cong")


class KiwiTokenizer(SegmentingTokenizer):
    """``"ko"``: Korean morphemes from kiwipiepy (model "cong" of kiwipiepy_model).

    The morphemes' forms as Kiwi analyses them, from the NFKC text: an
    inflected word is split into stem and endings, with contracted endings
    restored (갔어요 gives 가, 었, 어요). Punctuation and symbols are dropped.

    >>> KiwiTokenizer().tokenize("오늘은 날씨가 맑았다.")
    ['오늘', '은', '날씨', '가', '맑', '었', '다']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._kiwi = _kiwi()
        super().__init__("ko", stemmer, [*_versions("kiwipiepy", "kiwipiepy_model"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The morpheme forms of NFKC ``text``."""
        return [token.form for token in self._kiwi.tokenize(_nfkc(text)) if _is_word(token.form)]


class ThaiTokenizer(SegmentingTokenizer):
    """``"th"``: Thai words from PyThaiNLP's ``newmm`` engine and its bundled dictionary.

    The text is segmented as written and each word is then put in NFKC:
    NFKC before segmenting would decompose SARA AM (ำ) and break the
    dictionary look-up. Punctuation, symbols and spaces are dropped.

    >>> ThaiTokenizer().tokenize("ฉันทำงานที่กรุงเทพฯ")
    ['ฉัน', 'ทํางาน', 'ที่', 'กรุงเทพฯ']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize = _require("pythainlp.tokenize", "pythainlp", "the 'th' tokenizer").word_tokenize
        super().__init__("th", stemmer, [*_versions("pythainlp"), "newmm", _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        words = (_nfkc(word) for word in self._word_tokenize(text, engine="newmm", keep_whitespace=False))
        return [word for word in words if _is_word(word)]


def _segment_as_written(words: Iterable[str]) -> list[str]:
    """Each word of a segmenter's output in NFKC, keeping those with a letter or digit."""
    return [word for word in map(_nfkc, words) if _is_word(word)]


class LaoTokenizer(SegmentingTokenizer):
    """``"lo"``: Lao words from LaoNLP's dictionary (maximal matching).

    Segmented as written, each word then put in NFKC (NFKC decomposes SARA AM
    ຳ, as in Thai); punctuation, symbols and spaces are dropped.

    >>> LaoTokenizer().tokenize("ພາສາລາວໃນປັດຈຸບັນ")
    ['ພາສາລາວ', 'ໃນ', 'ປັດຈຸບັນ']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize = _require("laonlp.tokenize", "laonlp", "the 'lo' tokenizer").word_tokenize
        super().__init__("lo", stemmer, [*_versions("laonlp"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        return _segment_as_written(self._word_tokenize(text))


@lru_cache(maxsize=1)
def _khmercut() -> Any:
    used_by = "the 'km' tokenizer"
    _require("pycrfsuite", "python-crfsuite", used_by)
    khmercut = _require("khmercut", "khmercut", used_by)
    khmercut.load()
    return khmercut


class KhmerTokenizer(SegmentingTokenizer):
    """``"km"``: Khmer words from khmercut's CRF model (the model of khmer-nltk, without scikit-learn).

    Segmented as written, each word then put in NFKC; punctuation, symbols and
    spaces are dropped.

    >>> KhmerTokenizer().tokenize("ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា។")
    ['ខ្ញុំ', 'ស្រឡាញ់', 'ប្រទេស', 'កម្ពុជា']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._khmercut = _khmercut()
        super().__init__("km", stemmer, [*_versions("khmercut", "python-crfsuite"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        return _segment_as_written(self._khmercut.tokenize(text)) if text else []


@lru_cache(maxsize=1)
def _burmese_word_tokenize() -> Any:
    burmesenlp = _require("burmesenlp", "burmesenlp", "the 'my' tokenizer")
    # burmesenlp reads its lexicon again on every call without one (2 s): it is read once here.
    return partial(burmesenlp.word_tokenize, lexicon=burmesenlp.Lexicon.default())


class BurmeseTokenizer(SegmentingTokenizer):
    """``"my"``: Burmese words from burmesenlp's lexicon (longest matching), Unicode encoding only.

    Segmented as written, each word then put in NFKC; punctuation (၊ ။),
    symbols and spaces are dropped. Text in the Zawgyi encoding is not converted.

    >>> BurmeseTokenizer().tokenize("မြန်မာနိုင်ငံသည် အရှေ့တောင်အာရှတွင် တည်ရှိသည်။")
    ['မြန်မာနိုင်ငံ', 'သည်', 'အရှေ့တောင်', 'အာရှ', 'တွင်', 'တည်ရှိ', 'သည်']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize = _burmese_word_tokenize()
        super().__init__("my", stemmer, [*_versions("burmesenlp"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        return _segment_as_written(self._word_tokenize(text))


class CustomTokenizer:
    """Adapts a user's ``str -> list[str]`` callable, or an object's ``tokenize`` method.

    Its output is checked: anything but a list or tuple of strings is a TypeError, and an
    exception inside it becomes a ValueError; both name the tokenizer and the text.
    """

    def __init__(self, function: Callable[[str], Any], name: str) -> None:
        self._function = function
        self.signature = f"custom[{name}]"

    def tokenize(self, text: str) -> list[str]:
        """Return the user's tokens of ``text``, checked."""
        try:
            tokens = self._function(text)
        except Exception as error:
            kind = type(error).__name__
            raise ValueError(
                f"tokenizer {self.signature} raised {kind} on the text {_excerpt(text)}: {error}"
            ) from error
        if not isinstance(tokens, (list, tuple)) or not all(isinstance(token, str) for token in tokens):
            raise TypeError(
                f"tokenizer {self.signature} must return a list or tuple of strings; on the text "
                f"{_excerpt(text)} it returned {_excerpt(tokens)}"
            )
        return list(tokens)


def _excerpt(value: Any) -> str:
    """``repr(value)``, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _qualified_name(thing: Any) -> str:
    """``module.qualname`` of a function or class, to tell custom tokenizers apart in a signature.

    >>> _qualified_name(len), _qualified_name(str.split)
    ('builtins.len', '?.str.split')
    """
    module = getattr(thing, "__module__", None) or "?"
    return f"{module}.{getattr(thing, '__qualname__', type(thing).__name__)}"


# "ja" is split mode A: the shortest units give partial credit inside compounds
# (選挙管理委員会 and 選挙委員会 share 選挙, 委員, 会 in mode A, nothing in mode C).
TOKENIZERS: dict[str, Callable[[Stemmer | None], Tokenizer]] = {
    "whitespace": WhitespaceTokenizer,
    "rouge-score": RougeScoreTokenizer,
    "word": WordTokenizer,
    "char": CharTokenizer,
    "cjk": CjkTokenizer,
    "ja": partial(SudachiTokenizer, "A"),
    "ja-sudachi-a": partial(SudachiTokenizer, "A"),
    "ja-sudachi-b": partial(SudachiTokenizer, "B"),
    "ja-sudachi-c": partial(SudachiTokenizer, "C"),
    "zh": JiebaTokenizer,
    "ko": KiwiTokenizer,
    "th": ThaiTokenizer,
    "lo": LaoTokenizer,
    "km": KhmerTokenizer,
    "my": BurmeseTokenizer,
}
# ISO 639-1 codes. Languages with a segmenter use it; every other language uses "word".
LANGUAGES = tuple(
    """aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv
    dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig
    ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh
    mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru
    rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug
    uk ur uz ve vi vo wa wo xh yi yo za zh zu""".split()
)
LANGUAGE_TOKENIZERS = {code: code if code in TOKENIZERS else "word" for code in LANGUAGES}


def check_language(language: Any) -> None:
    """Raise ValueError unless ``language`` is None or an ISO 639-1 code from :data:`LANGUAGES`.

    >>> check_language("xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: language='xx' is not an ISO 639-1 code; choose one of: aa, ab, ae, ...
    """
    if language is not None and language not in LANGUAGES:
        raise ValueError(
            f"language={language!r} is not an ISO 639-1 code; choose one of: {', '.join(LANGUAGES)}"
        )


def _presets() -> dict[str, Callable[..., Tokenizer]]:
    """rouge_presets' tokenizers, which take ``(use_stemmer, language)`` and bring their own stemmer.

    Imported on use: rouge_presets imports this module.
    """
    if __package__:
        from .rouge_presets import PRESETS
    else:
        from rouge_presets import PRESETS
    return PRESETS


def tokenizer_names() -> list[str]:
    """Every registered tokenizer name: the tokenizers here, then the presets."""
    return [*TOKENIZERS, *_presets()]


def get_tokenizer(spec: Any, use_stemmer: bool = False, language: str | None = None) -> Tokenizer:
    """Resolve the ``tokenizer`` compute argument, for texts in ``language``.

    ``None`` is the tokenizer that fits ``language`` (its segmenter for ja,
    zh, ko, th, lo, km and my, ``word`` for every other language), or the
    whitespace tokenizer when ``language`` is None too; a string is a
    registered name; a callable ``str -> list[str]`` or an object with
    ``tokenize`` is used as it is (and ``use_stemmer`` does not apply to it,
    as in rouge-score). ``use_stemmer`` stems with
    ``rouge_stemmers.get_stemmer(language)``, which raises ValueError for a
    language without a stemmer.

    >>> get_tokenizer("whitespace").tokenize("A b")
    ['a', 'b']
    >>> get_tokenizer(None, language="ru").signature  # doctest: +ELLIPSIS
    'word[regex-...,unicode-...]'
    >>> get_tokenizer("ja").signature  # doctest: +ELLIPSIS
    'ja-sudachi-a[sudachipy-...,sudachidict_core-...,unicode-...]'
    >>> get_tokenizer("klingon")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown tokenizer 'klingon'; choose one of: whitespace, rouge-score, word, char, cjk, ...
    """
    check_tokenizer(spec)
    check_language(language)
    if spec is None:
        spec = "whitespace" if language is None else LANGUAGE_TOKENIZERS[language]
    if isinstance(spec, str):
        if spec in _presets():
            return _presets()[spec](use_stemmer, language)
        if spec == "rouge-score" and use_stemmer and language is not None:
            raise ValueError(
                "the 'rouge-score' tokenizer stems by rouge-score's own Porter rule, not in a language: "
                "use language=None with it, or another tokenizer"
            )
        return TOKENIZERS[spec](get_stemmer(language) if use_stemmer else None)
    if hasattr(spec, "tokenize"):
        return CustomTokenizer(spec.tokenize, _qualified_name(type(spec)))
    return CustomTokenizer(spec, _qualified_name(spec))


def check_tokenizer(spec: Any) -> None:
    """Raise ValueError unless ``spec`` is a ``tokenizer`` argument that ``get_tokenizer`` takes.

    Nothing is built or imported, so a bad name is reported before any work.
    """
    if isinstance(spec, str):
        if spec not in tokenizer_names():
            raise ValueError(f"unknown tokenizer {spec!r}; choose one of: {', '.join(tokenizer_names())}")
    elif not (spec is None or hasattr(spec, "tokenize") or callable(spec)):
        raise ValueError(
            f"tokenizer must be None, a name ({', '.join(tokenizer_names())}), a callable str -> list[str] "
            f"or an object with a tokenize(text) method; got {type(spec).__name__}"
        )
