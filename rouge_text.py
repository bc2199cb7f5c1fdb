"""Tokenizers chosen by name, sentence splitting for rougeLsum, and a guard against unsegmented text.

Each tokenizer is an object with ``tokenize(text) -> list[str]`` (the interface
rouge-score and kurenai accept) and a ``signature`` string naming everything
about it that can change a score: its name, and the versions of its backend,
dictionary and Unicode tables. Backends are imported lazily, inside the
tokenizer that needs them, so that a missing optional package only matters
when its tokenizer is chosen; then the ImportError names the pip package.
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

_STEMMABLE_RE = re.compile(r"^[a-z0-9]+$")
_UNICODE = f"unicode-{unicodedata.unidata_version}"
# Characters written without spaces between words in Chinese and Japanese: Han ideographs (with
# 々, 〆, 〇), hiragana and katakana (with ー), as a `regex` class.
_CJK_CLASS = r"[[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]&&[\p{L}\p{N}]]"
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


@lru_cache(maxsize=1)
def _porter() -> Any:
    from nltk.stem import porter

    return porter.PorterStemmer()


@lru_cache(maxsize=65536)
def _stem(token: str) -> str:
    """Porter-stem an ASCII alphanumeric token longer than 3 characters.

    This is kurenai's rule: every other token (non-ASCII, punctuated, short)
    is returned unchanged.
    """
    if len(token) > 3 and _STEMMABLE_RE.match(token):
        return str(_porter().stem(token))
    return token


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _is_word(token: str) -> bool:
    """Whether ``token`` holds a letter or a digit: punctuation, symbols and spaces are not words."""
    return any(unicodedata.category(char)[0] in "LN" for char in token)


class WhitespaceTokenizer:
    """kurenai's tokenizer without its empty-token defect.

    Lower-cases, splits on runs of whitespace, keeps every character and, with
    ``use_stemmer``, Porter-stems ASCII alphanumeric tokens longer than 3
    characters. Unlike kurenai 0.1.0 it never yields an empty token, so leading
    or trailing whitespace and "\\r\\n" do not change a score.

    It splits with ``str.split``, on the ``str.isspace`` code points, which are
    those ``re``'s ``\\s`` matches. ``line_separable``: the tokens of
    ``a + "\\n" + b`` are those of ``a`` then those of ``b`` (a newline is
    whitespace, and neither cased nor case-ignorable, so lower-casing does not
    look across it).

    >>> WhitespaceTokenizer().tokenize("  いぬ ねこ\\r\\n")
    ['いぬ', 'ねこ']
    >>> WhitespaceTokenizer(use_stemmer=True).tokenize("The dogs are running")
    ['the', 'dog', 'are', 'run']
    """

    line_separable = True

    def __init__(self, use_stemmer: bool = False) -> None:
        self.use_stemmer = use_stemmer
        self.signature = "whitespace"

    def tokenize(self, text: str) -> list[str]:
        """Return the whitespace-separated, lower-cased tokens of ``text``."""
        tokens = text.lower().split()
        if self.use_stemmer:
            return [_stem(t) for t in tokens]
        return tokens


class RougeScoreTokenizer:
    """rouge-score's own ``DefaultTokenizer``: ASCII letters and digits only.

    Gives the stock ``rouge`` metric's tokens, for numbers comparable with
    published English results. Every other character is deleted, and
    ``use_stemmer`` follows rouge-score's rule (Porter on tokens longer than 3).
    """

    def __init__(self, use_stemmer: bool = False) -> None:
        from rouge_score.tokenizers import DefaultTokenizer

        self._tokenizer = DefaultTokenizer(use_stemmer)
        self.signature = "rouge-score"

    def tokenize(self, text: str) -> list[str]:
        """Return rouge-score's tokens of ``text``."""
        return self._tokenizer.tokenize(text)


class SegmentingTokenizer(ABC):
    """Base of the named tokenizers for raw text: segment, lower-case, optionally stem.

    A subclass's ``segment`` returns the tokens of the raw text, normalized as
    its docstring says; ``tokenize`` lower-cases them and, with ``use_stemmer``,
    Porter-stems the ASCII alphanumeric ones longer than 3 characters (kurenai's
    rule), so English words inside any text are stemmed as the whitespace
    tokenizer stems them. ``signature`` is ``name[versions]``.
    """

    def __init__(self, name: str, use_stemmer: bool, versions: Iterable[str]) -> None:
        self.use_stemmer = use_stemmer
        self.signature = f"{name}[{','.join(versions)}]"

    @abstractmethod
    def segment(self, text: str) -> list[str]:
        """Return the tokens of ``text`` before lower-casing and stemming."""

    def tokenize(self, text: str) -> list[str]:
        """Return the lower-cased (and, with ``use_stemmer``, stemmed) tokens of ``text``."""
        tokens = [token.lower() for token in self.segment(text)]
        if self.use_stemmer:
            return [_stem(token) for token in tokens]
        return tokens


class CharTokenizer(SegmentingTokenizer):
    """``"char"``: after NFKC, every character but whitespace is a token, punctuation included.

    It scores raw text as kurenai scores the same NFKC text with a space
    between characters. Stemming never applies (tokens are single characters).
    ``line_separable``: the tokens of ``a + "\\n" + b`` are those of ``a`` then
    those of ``b`` (NFKC neither reorders nor composes across a newline).

    >>> CharTokenizer().tokenize("今日は 晴れ。ＡＩ")
    ['今', '日', 'は', '晴', 'れ', '。', 'a', 'i']
    """

    line_separable = True

    def __init__(self, use_stemmer: bool = False) -> None:
        super().__init__("char", use_stemmer, [_UNICODE])

    def segment(self, text: str) -> list[str]:
        """Every non-whitespace character of the NFKC form of ``text``."""
        return [char for char in _nfkc(text) if not char.isspace()]


@lru_cache(maxsize=1)
def _cjk_pattern() -> Any:
    regex = _require("regex", "regex", "the 'cjk' tokenizer")
    cjk = _CJK_CLASS
    word = rf"[[\p{{L}}\p{{N}}]--{cjk}][[\p{{L}}\p{{N}}\p{{M}}]--{cjk}]*"
    return regex.compile(rf"{cjk}|{word}", regex.V1)


class CjkTokenizer(SegmentingTokenizer):
    """``"cjk"``: one token per Han, hiragana or katakana character, one per word elsewhere.

    After NFKC, each Han ideograph, hiragana and katakana character is a token;
    a run of letters and digits in any other script (Latin with its accents,
    Cyrillic, Greek, Hangul, Thai, Devanagari, Arabic, ...) is one token;
    punctuation and symbols are dropped, so "3.14" gives "3" and "14".

    >>> CjkTokenizer().tokenize("Apple iPhone 15 128GB 蓝色")
    ['apple', 'iphone', '15', '128gb', '蓝', '色']
    >>> CjkTokenizer().tokenize("π ≈ 3.14!")
    ['π', '3', '14']
    """

    def __init__(self, use_stemmer: bool = False) -> None:
        self._findall = _cjk_pattern().findall
        super().__init__("cjk", use_stemmer, [*_versions("regex"), _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The Han, hiragana and katakana characters and the other words of NFKC ``text``."""
        return self._findall(_nfkc(text))


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

    def __init__(self, mode: str, use_stemmer: bool = False) -> None:
        self._tokenizer = _sudachi_dictionary().tokenizer(mode=mode)
        super().__init__(
            f"ja-sudachi-{mode.lower()}", use_stemmer, [*_versions("sudachipy", "sudachidict_core"), _UNICODE]
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

    def __init__(self, use_stemmer: bool = False) -> None:
        self._jieba = _jieba()
        super().__init__("zh", use_stemmer, [*_versions("jieba"), _UNICODE])

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

    def __init__(self, use_stemmer: bool = False) -> None:
        self._kiwi = _kiwi()
        super().__init__("ko", use_stemmer, [*_versions("kiwipiepy", "kiwipiepy_model"), _UNICODE])

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

    def __init__(self, use_stemmer: bool = False) -> None:
        self._word_tokenize = _require("pythainlp.tokenize", "pythainlp", "the 'th' tokenizer").word_tokenize
        super().__init__("th", use_stemmer, [*_versions("pythainlp"), "newmm", _UNICODE])

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        words = (_nfkc(word) for word in self._word_tokenize(text, engine="newmm", keep_whitespace=False))
        return [word for word in words if _is_word(word)]


class CallableTokenizer:
    """Adapts a ``str -> list[str]`` callable, as the stock metric accepts."""

    def __init__(self, function: Callable[[str], list[str]]) -> None:
        self._function = function
        self.signature = f"custom[{_qualified_name(function)}]"

    def tokenize(self, text: str) -> list[str]:
        """Return ``function(text)``."""
        return self._function(text)


class ObjectTokenizer:
    """Adapts an object with ``tokenize(text)``, such as a rouge-score ``Tokenizer``."""

    def __init__(self, tokenizer: Any) -> None:
        self._tokenizer = tokenizer
        self.signature = f"custom[{_qualified_name(type(tokenizer))}]"

    def tokenize(self, text: str) -> list[str]:
        """Return ``tokenizer.tokenize(text)``."""
        return self._tokenizer.tokenize(text)


def _qualified_name(thing: Any) -> str:
    """``module.qualname`` of a function or class, to tell custom tokenizers apart in a signature.

    >>> _qualified_name(len), _qualified_name(str.split)
    ('builtins.len', '?.str.split')
    """
    module = getattr(thing, "__module__", None) or "?"
    return f"{module}.{getattr(thing, '__qualname__', type(thing).__name__)}"


# "ja" is split mode A: the shortest units give partial credit inside compounds
# (選挙管理委員会 and 選挙委員会 share 選挙, 委員, 会 in mode A, nothing in mode C).
TOKENIZERS: dict[str, Callable[[bool], Tokenizer]] = {
    "whitespace": WhitespaceTokenizer,
    "rouge-score": RougeScoreTokenizer,
    "char": CharTokenizer,
    "cjk": CjkTokenizer,
    "ja": partial(SudachiTokenizer, "A"),
    "ja-sudachi-a": partial(SudachiTokenizer, "A"),
    "ja-sudachi-b": partial(SudachiTokenizer, "B"),
    "ja-sudachi-c": partial(SudachiTokenizer, "C"),
    "zh": JiebaTokenizer,
    "ko": KiwiTokenizer,
    "th": ThaiTokenizer,
}


def get_tokenizer(spec: Any, use_stemmer: bool = False) -> Tokenizer:
    """Resolve the ``tokenizer`` compute argument.

    ``None`` is the whitespace tokenizer; a string is a registered name; a
    callable ``str -> list[str]`` or an object with ``tokenize`` is used as it
    is (and ``use_stemmer`` does not apply to it, as in rouge-score).

    >>> get_tokenizer("whitespace").tokenize("A b")
    ['a', 'b']
    >>> get_tokenizer("ja").signature  # doctest: +ELLIPSIS
    'ja-sudachi-a[sudachipy-...,sudachidict_core-...,unicode-...]'
    >>> get_tokenizer("klingon")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown tokenizer 'klingon'; choose one of: whitespace, rouge-score, char, cjk, ja, ...
    """
    if spec is None:
        spec = "whitespace"
    if isinstance(spec, str):
        if spec not in TOKENIZERS:
            raise ValueError(f"unknown tokenizer {spec!r}; choose one of: {', '.join(TOKENIZERS)}")
        return TOKENIZERS[spec](use_stemmer)
    if hasattr(spec, "tokenize"):
        return ObjectTokenizer(spec)
    if callable(spec):
        return CallableTokenizer(spec)
    raise ValueError(
        f"tokenizer must be None, a name ({', '.join(TOKENIZERS)}), a callable str -> list[str] "
        f"or an object with a tokenize(text) method; got {type(spec).__name__}"
    )


class UnsegmentedTextWarning(UserWarning):
    """The whitespace tokenizer was given Chinese or Japanese text written without spaces."""


@lru_cache(maxsize=1)
def _cjk_run_patterns() -> tuple[Any, Any]:
    regex = _require("regex", "regex", "the check for unsegmented text")
    return regex.compile(rf"{_CJK_CLASS}+", regex.V1), regex.compile(r"[\p{Hiragana}\p{Katakana}]")


def unsegmented_cjk_tokenizers(texts: Iterable[str], min_average: float = 4.0) -> tuple[str, ...]:
    """The tokenizers that fit ``texts`` if they look like unsegmented CJK text, else ``()``.

    A run is a maximal sequence of Han, hiragana and katakana characters with
    no space or punctuation inside. Segmented text has runs of 1 to 3
    characters on average, raw text a whole phrase per run: the texts look
    unsegmented when the average run over all of them is ``min_average``
    characters or longer. With kana anywhere the text is taken as Japanese,
    else as Chinese.

    >>> unsegmented_cjk_tokenizers(["今日は晴れです"])
    ('ja', 'cjk', 'char')
    >>> unsegmented_cjk_tokenizers(["猫坐在垫子上"])
    ('zh', 'cjk', 'char')
    >>> unsegmented_cjk_tokenizers(["今日 は 晴れ です", "the cat"])
    ()
    """
    run_re, kana_re = _cjk_run_patterns()
    joined = "\n".join(texts)
    runs = run_re.findall(joined)
    if not runs or sum(map(len, runs)) < min_average * len(runs):
        return ()
    return ("ja" if kana_re.search(joined) else "zh", "cjk", "char")


def unsegmented_cjk_message(tokenizers: tuple[str, ...]) -> str:
    """The warning for texts that :func:`unsegmented_cjk_tokenizers` flags."""
    names = ", ".join(f"tokenizer={name!r}" for name in tokenizers)
    return (
        "the texts look like Chinese or Japanese written without spaces: the whitespace tokenizer "
        "makes each run of characters one token, so most scores are 0; choose one of " + names
    )


# Sentence splitting for rougeLsum with split_summaries=True.
_CLOSERS = "」』）)]］】〕〉》”’\"'｣｝}»"
_ENDERS_RE = re.compile(rf"([。｡！？．!?.]+)([{re.escape(_CLOSERS)}]*)")
_LAST_WORD_RE = re.compile(r"[\w.'’]*$")
_DOTTED_RE = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")
# Abbreviations that precede a name or a number, so a capital after them does not start a sentence.
_ABBREVIATIONS = frozenset(
    "mr mrs ms mx dr prof st mt ft rev gen col lt sgt capt gov sen rep vs al cf approx".split()
)


def _ends_sentence(line: str, match: re.Match[str]) -> bool:
    """Whether the enders (and closing quotes or brackets) of ``match`` end a sentence."""
    enders, closers = match.groups()
    after = line[match.end() :]
    if closers[-1:] in ("」", "』") and after.startswith(("と", "って")):
        return False  # a quotation inside a Japanese sentence: 「行こう。」と言った。
    if any(char in "。｡！？" for char in enders):
        return True
    if "．" in enders:
        return not after[:1].isdigit()  # not a full-width decimal point: ３．１４
    if after and after[0].isascii() and not after[0].isspace():
        return False  # inside a token: 3.14, U.S.A, example.com/?q=1
    following = after.lstrip()[:1]
    if following.islower():
        return False  # "e.g. the", '"Stop!" he said'
    if "!" in enders or "?" in enders:
        return True
    if following.isdigit():
        return False  # "No. 5", "Jan. 1"
    word = _LAST_WORD_RE.search(line[: match.start()]).group()
    is_abbreviation = (
        word.lower() in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()) or _DOTTED_RE.match(word)
    )
    return not (len(enders) == 1 and is_abbreviation)


def _sentences_of_line(line: str) -> Iterator[str]:
    start = 0
    for match in _ENDERS_RE.finditer(line):
        if _ends_sentence(line, match):
            yield line[start : match.end()]
            start = match.end()
    yield line[start:]


def split_sentences(text: str, split_summaries: bool = False) -> list[str]:
    """Split ``text`` into the sentences rougeLsum compares.

    With ``split_summaries=False`` sentences are the non-empty lines, as in
    rouge-score and the stock metric. With ``True`` each line is split further
    after 。｡！？, after ． (not inside a number), and after ASCII ! ? and .
    followed by a space, the end of the line or a non-ASCII character, but
    not before a word that starts with a lower-case letter, and not after a
    "." that ends an abbreviation (Mr., Dr., U.S., e.g., single initials) or
    comes before a digit. Closing quotes and brackets stay with their
    sentence, and 」 or 』 followed by と or って does not end one. Sentences
    are stripped of surrounding whitespace. Nothing is downloaded.

    >>> split_sentences("今日 は 晴れ\\n\\n明日 は 雨")
    ['今日 は 晴れ', '明日 は 雨']
    >>> split_sentences("「行こう！」彼は言った。Dr. Smith paid $3.50. It rained!", split_summaries=True)
    ['「行こう！」', '彼は言った。', 'Dr. Smith paid $3.50.', 'It rained!']
    """
    lines = text.split("\n")
    if not split_summaries:
        return [line for line in lines if line]
    sentences = (sentence.strip() for line in lines for sentence in _sentences_of_line(line))
    return [sentence for sentence in sentences if sentence]
