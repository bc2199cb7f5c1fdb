"""Tokenizers chosen by name or by language, and the tokenizers' stemming hook.

Each tokenizer is an object with ``tokenize(text) -> list[str]`` (the interface
rouge-score and kurenai accept) and a ``signature`` string naming everything
about it that can change a score: its name, and the versions of its backend,
dictionary and Unicode tables. Backends are imported lazily, inside the
tokenizer that needs them (tokenizers.backends), so that a missing optional package
only matters when its tokenizer is chosen. This module is the registry: it
holds the tokenizers for every script and registers those of the modules
below it. The Unicode rules of ``word``, ``cjk`` and ``char`` are in
tokenizers.words, the language segmenters (ja, zh, ko, th, lo, km, my) in
tokenizers.segmenters, the presets in tokenizers.presets, the base class in
tokenizers.base, the sentence splitter in tokenizers.sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kurouge.inputs import describe
from kurouge.languages import LANGUAGE_NAMES, closest_language, language_label
from kurouge.stemmers.registry import Stemmer
from kurouge.tokenizers.base import SegmentingTokenizer, Tokenizer
from kurouge.tokenizers.invisible import INVISIBLE_TAG, drop_invisible
from kurouge.tokenizers.presets import PRESETS
from kurouge.tokenizers.profiles import PROFILE, reads_as_profile
from kurouge.tokenizers.segmenters import (
    BurmeseTokenizer,
    JiebaTokenizer,
    KhmerTokenizer,
    KiwiTokenizer,
    LaoTokenizer,
    SudachiTokenizer,
    ThaiTokenizer,
)
from kurouge.tokenizers.words import (
    APOSTROPHE_TAG,
    UNICODE_VERSIONS,
    cjk_tokens,
    grapheme_tokens,
    word_tokens,
)


class WhitespaceTokenizer:
    """kurenai's tokenizer without its empty-token defect, and without invisible format characters.

    Lower-cases, splits on runs of whitespace, keeps every other character and, with
    a ``stemmer``, stems every token (``get_stemmer(None)`` stems ASCII
    alphanumeric tokens longer than 3 characters). Unlike kurenai 0.1.0 it
    never yields an empty token, so leading or trailing whitespace and "\\r\\n" do not change a score;
    and it first drops the invisible format characters of tokenizers.invisible (bidirectional marks,
    soft hyphens, word joiners, the byte order mark; a zero width space becomes a space), the one
    deliberate difference from kurenai's tokens (its signature says ``invisible-dropped``).

    It splits with ``str.split``, on the ``str.isspace`` code points, which are
    those ``re``'s ``\\s`` matches. ``line_separable``: the tokens of
    ``a + "\\n" + b`` are those of ``a`` then those of ``b`` (a newline is
    whitespace, and neither cased nor case-ignorable, so lower-casing does not
    look across it).

    >>> WhitespaceTokenizer().tokenize("  いぬ ねこ\\r\\n")
    ['いぬ', 'ねこ']
    >>> from kurouge.stemmers.registry import get_stemmer
    >>> WhitespaceTokenizer(get_stemmer(None)).tokenize("The dogs are running")
    ['the', 'dog', 'are', 'run']
    """

    line_separable = True
    # Scripts it cannot split into words, and Korean's particles (see tokenizers.unsegmented).
    unsplit = ("cjk", "sea", "ko")

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self.stemmer = stemmer
        self.signature = f"whitespace[{INVISIBLE_TAG}]"

    def tokenize(self, text: str) -> list[str]:
        """Return the whitespace-separated, lower-cased tokens of ``text`` without invisible characters."""
        tokens = drop_invisible(text).lower().split()
        if self.stemmer:
            return [self.stemmer.stem(t) for t in tokens]
        return tokens


class RougeScoreTokenizer:
    """rouge-score's own ``DefaultTokenizer``: ASCII letters and digits only.

    Gives the stock ``rouge`` metric's tokens, for numbers comparable with
    published English results. Every other character is deleted, and with a
    ``stemmer`` (any) it stems by rouge-score's rule (Porter on tokens longer
    than 3). It tokenizes with rouge-score-rs's Rust port of that tokenizer,
    which tests/test_rust_tokens.py holds to rouge-score's over every code
    point, and with rouge-score's own for a text Rust cannot take (one with a
    lone surrogate). ``native_text``: the rouge-score-rs tokenizer settings
    that give these tokens, so that the engine may hand it raw text.
    """

    line_separable = True

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        from rouge_score_rs import _rougers

        self.stemmer = stemmer
        self.native_text = ("rouge-score", stemmer is not None)
        self._stem = stemmer is not None
        self._rust_tokenize = _rougers.tokenize
        self.signature = "rouge-score"

    def tokenize(self, text: str) -> list[str]:
        """Return rouge-score's tokens of ``text``."""
        try:
            return self._rust_tokenize(text, self._stem)
        except UnicodeEncodeError:
            # rouge-score (and the NLTK it imports, about a second) only for such a text.
            from rouge_score.tokenizers import DefaultTokenizer

            return DefaultTokenizer(self._stem).tokenize(text)


class WordTokenizer(SegmentingTokenizer):
    """``"word"``: words by Unicode word boundaries (UAX #29), for every script written with spaces.

    The text is normalised (optional joiners removed, NFKC, case-folded: see
    tokenizers.words.normalise) and cut at UAX #29 word boundaries; tokens without
    a letter or digit (punctuation, symbols, emoji) are dropped. Combining
    marks stay in their word and numbers stay whole. ``line_separable``: a
    newline is always a word boundary, and normalising does not look across it.

    >>> WordTokenizer().tokenize("«Мир» мир! 3.14 Straße")
    ['мир', 'мир', '3.14', 'strasse']
    """

    line_separable = True
    unsplit = ("sea", "ko")

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        super().__init__("word", stemmer, [*UNICODE_VERSIONS, APOSTROPHE_TAG])
        if stemmer is None:
            # rouge-score-rs gives these tokens of the texts ``native_takes`` takes (tokenizers.profiles).
            self.native_text = (PROFILE, False)
            self.native_takes = reads_as_profile("word")

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
    unsplit = ("sea", "ko")

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        super().__init__("cjk", stemmer, [*UNICODE_VERSIONS, APOSTROPHE_TAG])
        if stemmer is None:
            self.native_text = (PROFILE, False)
            self.native_takes = reads_as_profile("cjk")

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
                f"tokenizer {self.signature} raised {kind} on the text {describe(text)}: {error}"
            ) from error
        if not isinstance(tokens, (list, tuple)) or not all(isinstance(token, str) for token in tokens):
            raise TypeError(
                f"tokenizer {self.signature} must return a list or tuple of strings; on the text "
                f"{describe(text)} it returned {describe(tokens)}"
            )
        return list(tokens)


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

    The message suggests the code meant by a near miss, and lists every code with its name.

    >>> check_language("jp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: language='jp' is not an ISO 639-1 code; did you mean language='ja' (Japanese)? ...
    """
    if language is None or language in LANGUAGES:
        return
    meant = closest_language(language) if isinstance(language, str) else None
    if meant:  # the suggestion, and where the codes are: not all 183 of them
        raise ValueError(
            f"language={describe(language)} is not an ISO 639-1 code; did you mean language={meant!r} "
            f"({LANGUAGE_NAMES[meant]})? (every code: kurouge.languages.LANGUAGE_NAMES)"
        )
    codes = ", ".join(map(language_label, LANGUAGES))
    raise ValueError(f"language={describe(language)} is not an ISO 639-1 code; choose one of: {codes}")


def tokenizer_names() -> list[str]:
    """Every registered tokenizer name: the tokenizers here, then the presets."""
    return [*TOKENIZERS, *PRESETS]


def tokenizer_name(spec: Any, language: str | None) -> str | None:
    """The registered name ``spec`` scores with in ``language``; None for a callable or an object.

    ``None`` is the tokenizer that fits ``language`` (its segmenter for ja, zh, ko, th, lo, km and my,
    ``word`` for every other language), or ``whitespace`` when ``language`` is None too.

    >>> [tokenizer_name(None, "ja"), tokenizer_name(None, "ru"), tokenizer_name(None, None)]
    ['ja', 'word', 'whitespace']
    >>> tokenizer_name(str.split, None) is None
    True
    """
    if spec is None:
        return "whitespace" if language is None else LANGUAGE_TOKENIZERS[language]
    return spec if isinstance(spec, str) else None


def own_stemming(name: str | None) -> bool:
    """Whether the named tokenizer stems by its own rule, in any language: the presets and rouge-score."""
    return name in PRESETS or name == "rouge-score"


def make_tokenizer(spec: Any, language: str | None, stem: bool, stemmer: Stemmer | None) -> Tokenizer:
    """Build the tokenizer of an already checked ``tokenizer`` argument, for texts in ``language``.

    ``stem`` is whether to stem (decided by the caller, once); a preset picks its own stemmer, the other
    named tokenizers stem with ``stemmer``. A callable ``str -> list[str]`` or an object with
    ``tokenize`` is used as it is (stemming does not apply to it, as in rouge-score).
    """
    name = tokenizer_name(spec, language)
    if name is None:
        if hasattr(spec, "tokenize"):
            return CustomTokenizer(spec.tokenize, _qualified_name(type(spec)))
        return CustomTokenizer(spec, _qualified_name(spec))
    if name in PRESETS:
        return PRESETS[name](stem, language)
    return TOKENIZERS[name](stemmer if stem else None)


def check_tokenizer(spec: Any) -> None:
    """Raise ValueError unless ``spec`` is a ``tokenizer`` argument that ``get_tokenizer`` takes.

    Nothing is built or imported, so a bad name is reported before any work.
    """
    if isinstance(spec, str):
        if spec not in tokenizer_names():
            raise ValueError(
                f"unknown tokenizer {describe(spec)}; choose one of: {', '.join(tokenizer_names())}"
            )
    elif not (spec is None or hasattr(spec, "tokenize") or callable(spec)):
        raise ValueError(
            f"tokenizer must be None, a name ({', '.join(tokenizer_names())}), a callable str -> list[str] "
            f"or an object with a tokenize(text) method; got {type(spec).__name__}"
        )
