"""The language segmenters behind the tokenizers ja, zh, ko, th, lo, km and my.

Each wraps a package that ships its dictionary or model in its wheel (SudachiPy with
sudachidict_core, jieba, kiwipiepy with kiwipiepy_model, PyThaiNLP, LaoNLP, khmercut, burmesenlp),
loaded once per process on first use. Their backends are imported only when one of these tokenizers is built.
"""

from __future__ import annotations

import importlib
import logging
import tempfile
from collections.abc import Iterable
from functools import lru_cache, partial
from typing import Any

from kurouge.stemmers.registry import Stemmer
from kurouge.tokenizers.backends import UNICODE, package_versions, require
from kurouge.tokenizers.base import SegmentingTokenizer, is_word, trim_punctuation
from kurouge.tokenizers.pieces import (
    CONTEXT_PIECE_CHARS,
    PIECE_CHARS,
    segment_in_pieces,
    segment_in_pieces_tag,
    segment_in_utf8_pieces,
)
from kurouge.tokenizers.words import nfkc

# SudachiPy rejects input longer than 49149 UTF-8 bytes; longer text is analysed in pieces.
_SUDACHI_MAX_BYTES = 16384
# The other segmenters take a longer text in pieces of at most PIECE_CHARS characters, or
# CONTEXT_PIECE_CHARS for the models that weigh a word's context (Kiwi, khmercut's CRF): see pieces.


@lru_cache(maxsize=1)
def _sudachi_dictionary() -> Any:
    sudachipy = require(
        "the Japanese tokenizer ('ja', 'ja-sudachi-a', '-b' or '-c')", "sudachipy", "sudachidict_core"
    )
    return sudachipy.Dictionary(dict="core")


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
        # Unbound, so that map calls it on each morpheme without a Python step.
        self._surface = importlib.import_module("sudachipy").Morpheme.surface
        versions = [*package_versions("sudachipy", "sudachidict_core"), UNICODE]
        super().__init__(f"ja-sudachi-{mode.lower()}", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The surface forms of the words of NFKC ``text``."""
        return segment_in_utf8_pieces(self._words, nfkc(text), _SUDACHI_MAX_BYTES)

    def _words(self, piece: str) -> list[str]:
        # map and filter read and test the surfaces without a Python step per morpheme.
        return list(filter(is_word, map(self._surface, self._tokenizer.tokenize(piece))))


@lru_cache(maxsize=1)
def jieba_tokenizer() -> Any:
    """A jieba tokenizer with its dictionary loaded, quietly, leaving no cache file behind."""
    jieba = require("the 'zh' tokenizer", "jieba")
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

    Words of the text in NFKC, each piece of a long text (cut as written, so after a full-width
    comma, see tokenizers.pieces) put in NFKC on its own; punctuation, symbols and spaces are
    dropped, and so is the punctuation
    jieba leaves at the ends of its Latin and digit runs (247%, c++: 247, c, as ``word`` gives them;
    the signature says ``punct-trimmed``).

    >>> JiebaTokenizer().tokenize("猫坐在垫子上。利润增长247%")
    ['猫', '坐在', '垫子', '上', '利润', '增长', '247']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._jieba = jieba_tokenizer()
        versions = [*package_versions("jieba"), UNICODE, segment_in_pieces_tag(PIECE_CHARS), "punct-trimmed"]
        super().__init__("zh", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The words of NFKC ``text``, without punctuation at their ends."""
        words = map(trim_punctuation, segment_in_pieces(self._words, text, PIECE_CHARS))
        return [word for word in words if is_word(word)]

    def _words(self, piece: str) -> list[str]:
        return self._jieba.lcut(nfkc(piece))


@lru_cache(maxsize=1)
def _kiwi() -> Any:
    kiwipiepy = require("the 'ko' tokenizer", "kiwipiepy", "kiwipiepy_model")
    return kiwipiepy.Kiwi(model_type="cong")


class KiwiTokenizer(SegmentingTokenizer):
    """``"ko"``: Korean morphemes from kiwipiepy (model "cong" of kiwipiepy_model).

    The morphemes' forms as Kiwi analyses them, from the NFKC text (put in NFKC piece by piece, as
    ``zh``): an
    inflected word is split into stem and endings, with contracted endings
    restored (갔어요 gives 가, 었, 어요). Punctuation and symbols are dropped.

    >>> KiwiTokenizer().tokenize("오늘은 날씨가 맑았다.")
    ['오늘', '은', '날씨', '가', '맑', '었', '다']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._kiwi = _kiwi()
        versions = [
            *package_versions("kiwipiepy", "kiwipiepy_model"),
            UNICODE,
            segment_in_pieces_tag(CONTEXT_PIECE_CHARS),
        ]
        super().__init__("ko", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The morpheme forms of NFKC ``text``."""
        forms = segment_in_pieces(self._forms, text, CONTEXT_PIECE_CHARS)
        return [form for form in forms if is_word(form)]

    def _forms(self, piece: str) -> list[str]:
        return [token.form for token in self._kiwi.tokenize(nfkc(piece))]


class ThaiTokenizer(SegmentingTokenizer):
    """``"th"``: Thai words from PyThaiNLP's ``newmm`` engine and its bundled dictionary.

    The text is segmented as written and each word is then put in NFKC:
    NFKC before segmenting would decompose SARA AM (ำ) and break the
    dictionary look-up. Punctuation, symbols and spaces are dropped.

    >>> ThaiTokenizer().tokenize("ฉันทำงานที่กรุงเทพฯ")
    ['ฉัน', 'ทํางาน', 'ที่', 'กรุงเทพฯ']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize = require("the 'th' tokenizer", "pythainlp.tokenize").word_tokenize
        versions = [*package_versions("pythainlp"), "newmm", UNICODE, segment_in_pieces_tag(PIECE_CHARS)]
        super().__init__("th", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        newmm = partial(self._word_tokenize, engine="newmm", keep_whitespace=False)
        return _segment_as_written(segment_in_pieces(newmm, text, PIECE_CHARS))


def _segment_as_written(words: Iterable[str]) -> list[str]:
    """Each word of a segmenter's output in NFKC, keeping those with a letter or digit."""
    return [word for word in map(nfkc, words) if is_word(word)]


class LaoTokenizer(SegmentingTokenizer):
    """``"lo"``: Lao words from LaoNLP's dictionary (maximal matching).

    Segmented as written, each word then put in NFKC (NFKC decomposes SARA AM
    ຳ, as in Thai); punctuation, symbols and spaces are dropped.

    >>> LaoTokenizer().tokenize("ພາສາລາວໃນປັດຈຸບັນ")
    ['ພາສາລາວ', 'ໃນ', 'ປັດຈຸບັນ']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize = require("the 'lo' tokenizer", "laonlp.tokenize").word_tokenize
        versions = [*package_versions("laonlp"), UNICODE, segment_in_pieces_tag(PIECE_CHARS)]
        super().__init__("lo", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        return _segment_as_written(segment_in_pieces(self._word_tokenize, text, PIECE_CHARS))


@lru_cache(maxsize=1)
def _khmercut() -> Any:
    khmercut = require("the 'km' tokenizer", "khmercut", "pycrfsuite")
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
        versions = [
            *package_versions("khmercut", "python-crfsuite"),
            UNICODE,
            segment_in_pieces_tag(CONTEXT_PIECE_CHARS),
        ]
        super().__init__("km", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        return (
            _segment_as_written(segment_in_pieces(self._khmercut.tokenize, text, CONTEXT_PIECE_CHARS))
            if text
            else []
        )


class _ZawgyiFilter(logging.Filter):
    """Drops burmesenlp's warning that a text looks Zawgyi-encoded (450 characters a text), counting it."""

    def __init__(self) -> None:
        super().__init__("kurenai_rouge: burmesenlp's Zawgyi warning")
        self.count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if "Zawgyi" in record.getMessage():
            self.count += 1
            return False
        return True


@lru_cache(maxsize=1)
def _burmese_word_tokenize() -> tuple[Any, Any]:
    burmesenlp = require("the 'my' tokenizer", "burmesenlp")
    zawgyi = _ZawgyiFilter()  # one per process: this function runs once
    logging.getLogger("burmesenlp.normalize").addFilter(zawgyi)
    # burmesenlp reads its lexicon again on every call without one (2 s): it is read once here.
    return partial(burmesenlp.word_tokenize, lexicon=burmesenlp.Lexicon.default()), zawgyi


class BurmeseTokenizer(SegmentingTokenizer):
    """``"my"``: Burmese words from burmesenlp's lexicon (longest matching), Unicode encoding only.

    Segmented as written, each word then put in NFKC; punctuation (၊ ။),
    symbols and spaces are dropped. Text in the Zawgyi encoding is not converted: burmesenlp's
    warning that a text looks like it is logged once per tokenizer (once per compute call), not
    once per text.

    >>> BurmeseTokenizer().tokenize("မြန်မာနိုင်ငံသည် အရှေ့တောင်အာရှတွင် တည်ရှိသည်။")
    ['မြန်မာနိုင်ငံ', 'သည်', 'အရှေ့တောင်', 'အာရှ', 'တွင်', 'တည်ရှိ', 'သည်']
    """

    def __init__(self, stemmer: Stemmer | None = None) -> None:
        self._word_tokenize, self._zawgyi = _burmese_word_tokenize()
        self._zawgyi_logged = False
        versions = [*package_versions("burmesenlp"), UNICODE, segment_in_pieces_tag(PIECE_CHARS)]
        super().__init__("my", stemmer, versions)

    def segment(self, text: str) -> list[str]:
        """The words of ``text``, each in NFKC."""
        seen = self._zawgyi.count
        words = _segment_as_written(segment_in_pieces(self._word_tokenize, text, PIECE_CHARS))
        if self._zawgyi.count > seen and not self._zawgyi_logged:
            self._zawgyi_logged = True
            logging.getLogger(__name__).warning(
                "a Burmese text looks Zawgyi-encoded (burmesenlp's heuristic, which Shan, Mon and Karen "
                "text also trigger): convert Zawgyi to Unicode first, or the 'my' tokens are unreliable"
            )
        return words
