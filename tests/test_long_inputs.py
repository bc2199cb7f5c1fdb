"""Long inputs (issue 20): every segmenter gets its text in bounded pieces, and the cuts keep tokens.

Structure, not time: the backends are spied on to see the length of what they are given, the
cutting is checked against the uncut text, and the splitter's look-back is checked to be bounded.
The times and memory are in benchmarks/bench_long_inputs.py.
"""

import itertools
import logging
import re
import unicodedata

import pytest
import regex
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kurouge.settings import get_tokenizer
from kurouge.tokenizers import pieces as rouge_pieces
from kurouge.tokenizers import presets as rouge_presets
from kurouge.tokenizers import segmenters
from kurouge.tokenizers import sentences as rouge_sentences
from kurouge.tokenizers import words as rouge_words
from kurouge.tokenizers.pieces import GRAPHEME_PIECE_CHARS, grapheme_pieces, pieces

SETTINGS = settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
SLOW_SETTINGS = settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)

# Characters that join or break grapheme clusters in every way UAX #29 knows: regional indicators,
# CR LF, marks, ZWJ and emoji, a virama between consonants (Indic conjuncts), Hangul jamo and
# syllables, a prepended mark, a spacing mark, controls, and plain letters and spaces.
CLUSTER_CHARS = (
    "\U0001f1ef\U0001f1f5\U0001f1fa\r\n\u0301\u0323\u200d\U0001f469\U0001f4bb\u0915\u094d\u0937"
    "\u1100\u1161\u11a8\uac00\u0600\u0903\x00\u200b ab"
)
LETTERS = {
    "zh": "的一是不了人我在有他这中大来上国个到说们",
    "th": "กขคงจฉชซญดตถทนบปผพฟมยรลวศสหอฮะาิีึืุูเแโใไ",
    "lo": "ກຂຄງຈສຊຍດຕຖທນບປຜຝພຟມຢຣລວຫອຮະາິີຶືຸູເແໂໃໄ",
    "my": "ကခဂဃငစဆဇဈညဋဌဍဎဏတထဒဓနပဖဗဘမယရလဝသဟဠအါာိီုူေဲံ့း်",
}


@SETTINGS
@given(st.text(alphabet="ab \n.!。、\u0301", max_size=60), st.integers(1, 20))
def test_pieces_join_back_within_the_bound(text, max_chars):
    """The pieces join back into the text, none is over the bound, and each but the last holds half of it."""
    cut = pieces(text, max_chars)
    assert "".join(cut) == text
    assert all(len(piece) <= max_chars for piece in cut)
    assert all(len(piece) >= max_chars // 2 for piece in cut[:-1])
    if len(text) <= max_chars:
        assert cut == [text]  # a text within the bound is never cut


def test_pieces_cut_at_spaces_and_sentence_ends_first():
    """A cut falls after a newline, then after a sentence's final space, then after a space."""
    assert pieces("aa bb. cc dd\nee ff gg", 14) == ["aa bb. cc dd\n", "ee ff gg"]
    assert pieces("aa bb. cc dd ee ff gg", 14) == ["aa bb. ", "cc dd ee ff gg"]
    assert pieces("aa bb cc dd ee ff gg", 10) == ["aa bb cc ", "dd ee ff ", "gg"]
    assert pieces("今日は晴れ。明日は雨だ", 8) == ["今日は晴れ。", "明日は雨だ"]
    # Without any, at the bound, but not before a combining mark (it would change NFKC and the word).
    assert pieces("e\u0301" * 4, 5) == ["e\u0301e\u0301", "e\u0301e\u0301"]


@SETTINGS
@given(st.text(alphabet=CLUSTER_CHARS, max_size=80), st.integers(1, 12))
def test_grapheme_pieces_keep_every_cluster(text, max_chars):
    """The clusters of the pieces are regex's clusters of the whole text (cut only at certain boundaries)."""
    cut = grapheme_pieces(text, max_chars)
    assert "".join(cut) == text
    assert [c for piece in cut for c in regex.findall(r"\X", piece)] == regex.findall(r"\X", text)


def test_grapheme_pieces_pair_regional_indicators():
    """A run of flags is cut between flags, so that every piece holds whole flags, within the bound."""
    flags = "".join(chr(0x1F1E6 + i % 26) for i in range(5001))
    cut = grapheme_pieces("a" + flags, GRAPHEME_PIECE_CHARS)
    assert len(cut) > 5 and all(len(piece) <= GRAPHEME_PIECE_CHARS for piece in cut)
    assert all(len(piece) % 2 == 0 for piece in cut[1:-1])


@SETTINGS
@given(st.text(alphabet=CLUSTER_CHARS + "Ａﬁ\u0344", max_size=60), st.integers(1, 10))
def test_char_tokens_do_not_depend_on_the_piece_size(text, max_chars):
    """char's tokens (NFKC, then clusters in pieces) are those of the uncut text, whatever the bound."""
    whole = rouge_words.grapheme_tokens(text)
    original = rouge_words.GRAPHEME_PIECE_CHARS
    rouge_words.GRAPHEME_PIECE_CHARS = max_chars
    try:
        assert rouge_words.grapheme_tokens(text) == whole
    finally:
        rouge_words.GRAPHEME_PIECE_CHARS = original


class Spy:
    """Wraps a backend function, recording the length of the text of each call."""

    def __init__(self, function):
        self.function, self.lengths = function, []

    def __call__(self, text, *args, **kwargs):
        self.lengths.append(len(text))
        return self.function(text, *args, **kwargs)


class SpyObject:
    """An object whose method ``name`` is a Spy of ``target``'s."""

    def __init__(self, target, name):
        self.spy = Spy(getattr(target, name))
        setattr(self, name, self.spy)


def _spied(tokenizer_name, language=None):
    """(tokenizer, spy) with the tokenizer's backend replaced by a spy of it."""
    tokenizer = get_tokenizer(tokenizer_name, language=language)
    if hasattr(tokenizer, "_word_tokenize"):  # th, lo, my
        tokenizer._word_tokenize = spy = Spy(tokenizer._word_tokenize)
    elif tokenizer_name == "zh":
        tokenizer._jieba = SpyObject(tokenizer._jieba, "lcut")
        spy = tokenizer._jieba.spy
    elif tokenizer_name == "ko":
        tokenizer._kiwi = SpyObject(tokenizer._kiwi, "tokenize")
        spy = tokenizer._kiwi.spy
    elif tokenizer_name == "km":
        tokenizer._khmercut = SpyObject(tokenizer._khmercut, "tokenize")
        spy = tokenizer._khmercut.spy
    elif tokenizer_name == "xlsum":
        tokenizer._segment = spy = Spy(tokenizer._segment)
    else:  # ja-mecab, ja-fugashi
        tokenizer._tagger = SpyObject(tokenizer._tagger, "parse")
        spy = tokenizer._tagger.spy
    return tokenizer, spy


@pytest.mark.parametrize(
    ("name", "language", "letters", "module", "bound"),
    [
        ("zh", None, LETTERS["zh"], segmenters, "PIECE_CHARS"),
        ("th", None, LETTERS["th"], segmenters, "PIECE_CHARS"),
        ("lo", None, LETTERS["lo"], segmenters, "PIECE_CHARS"),
        ("my", None, LETTERS["my"], segmenters, "PIECE_CHARS"),
        ("km", None, "កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអាិីឹឺុូួើឿៀេែៃោៅ", segmenters, "CONTEXT_PIECE_CHARS"),
        ("ko", None, "가나다라마바사아자차카타파하는은이", segmenters, "CONTEXT_PIECE_CHARS"),
        ("ja-mecab", None, "0123456789", rouge_presets, "CONTEXT_PIECE_CHARS"),
        ("ja-fugashi", None, "0123456789", rouge_presets, "CONTEXT_PIECE_CHARS"),
        ("xlsum", "th", "0123456789", rouge_presets, "PIECE_CHARS"),
        ("xlsum", "zh", LETTERS["zh"], rouge_presets, "PIECE_CHARS"),
        ("xlsum", "ja", LETTERS["zh"], rouge_presets, "PIECE_CHARS"),
    ],
)
def test_segmenters_get_bounded_pieces(monkeypatch, name, language, letters, module, bound):
    """On 3.5 times the bound of text without a space, the backend sees only pieces within the bound.

    The bound is made 300 characters here, to keep the texts short; the signature names the real one.
    """
    assert f"pieces-{getattr(rouge_pieces, bound)}" in get_tokenizer(name, language=language).signature
    monkeypatch.setattr(module, bound, 300)
    tokenizer, spy = _spied(name, language)
    text = (letters * (1050 // len(letters) + 1))[:1050]
    tokenizer.tokenize(text)
    assert len(spy.lengths) >= 4 and max(spy.lengths) <= 300
    spy.lengths.clear()
    tokenizer.tokenize(text[:300])
    assert spy.lengths == [300]  # within the bound: one call, uncut


@pytest.mark.parametrize("name", ["ja", "ja-sudachi-c"])
def test_sudachi_gets_pieces_within_its_byte_bound(monkeypatch, name):
    """SudachiPy refuses long input: a text over the bound (in UTF-8 bytes) goes in pieces within it,
    with the tokens of the whole; one of at most a quarter of the bound in characters goes whole.

    The bound is made 300 bytes here (100 kanji), to keep the texts short.
    """
    text = "東京都の選挙管理委員会は投票率を発表した。" * 50  # 1,050 characters, 3,150 bytes
    whole = get_tokenizer(name).tokenize(text)
    monkeypatch.setattr(segmenters, "_SUDACHI_MAX_BYTES", 300)
    tokenizer = get_tokenizer(name)
    tokenizer._tokenizer = SpyObject(tokenizer._tokenizer, "tokenize")
    spy = tokenizer._tokenizer.spy
    assert tokenizer.tokenize(text) == whole
    assert len(spy.lengths) >= 10 and max(spy.lengths) <= 100
    spy.lengths.clear()
    tokenizer.tokenize(text[:75])  # 225 bytes: within the bound, and a quarter of it in characters
    tokenizer.tokenize(text[:100])  # 300 bytes: within the bound, found by counting them
    assert spy.lengths == [75, 100]
    spy.lengths.clear()
    tokenizer.tokenize(text[:150])  # under the bound in characters, over it in bytes (450): cut
    assert len(spy.lengths) == 2 and max(spy.lengths) <= 100


def test_char_finds_clusters_in_bounded_pieces(monkeypatch):
    spy = Spy(rouge_words._patterns()["grapheme"].findall)
    monkeypatch.setitem(rouge_words._patterns(), "grapheme", type("Pattern", (), {"findall": spy}))
    flags = "".join(chr(0x1F1E6 + i % 26) for i in range(7 * GRAPHEME_PIECE_CHARS // 2))
    assert len(get_tokenizer("char").tokenize(flags)) == len(flags) // 2
    assert len(spy.lengths) >= 4 and max(spy.lengths) <= GRAPHEME_PIECE_CHARS


@SLOW_SETTINGS
@given(st.sampled_from(sorted(LETTERS)), st.data())
def test_cuts_at_spaces_keep_the_tokens_of_dictionary_segmenters(name, data):
    """zh, th, lo and my: a text cut at its spaces has the tokens of the uncut text.

    jieba, newmm, LaoNLP and burmesenlp never put a space inside a word. The bound is made small
    so that these texts are cut; their words are shorter than half of it, so every cut is at a space.
    """
    words = st.text(alphabet=LETTERS[name], min_size=1, max_size=6)
    text = " ".join(data.draw(st.lists(words, min_size=1, max_size=30)))
    tokenizer = get_tokenizer(name)
    original = segmenters.PIECE_CHARS
    try:
        segmenters.PIECE_CHARS = 10**9
        whole = tokenizer.tokenize(text)
        segmenters.PIECE_CHARS = 16
        assert tokenizer.tokenize(text) == whole
    finally:
        segmenters.PIECE_CHARS = original


def test_burmese_zawgyi_warning_once_per_tokenizer(caplog):
    """burmesenlp logs 450 characters per Zawgyi-looking text: the tokenizer logs one short line in all."""
    tokenizer = get_tokenizer("my")
    zawgyi = "ျမန္မာ" * 3
    with caplog.at_level(logging.WARNING):
        for _ in range(5):
            tokenizer.tokenize(zawgyi * 600)  # several pieces each
    assert len(caplog.records) == 1 and "Zawgyi" in caplog.records[0].getMessage()
    assert caplog.records[0].name == "kurouge.tokenizers.segmenters"


# split_summaries


class WindowSpy:
    """Wraps rouge_sentences' look-back pattern, recording how many characters each search reads."""

    def __init__(self, pattern):
        self.pattern, self.read = pattern, []

    def search(self, string, pos=0, endpos=None):
        endpos = len(string) if endpos is None else endpos
        self.read.append(endpos - pos)
        return self.pattern.search(string, pos, endpos)


def test_split_summaries_reads_a_bounded_window(monkeypatch):
    """The word before each full stop is read from at most WORD_WINDOW characters, not the whole line."""
    spy = WindowSpy(rouge_sentences._LAST_WORD_RE)
    monkeypatch.setattr(rouge_sentences, "_LAST_WORD_RE", spy)
    line = "a" * 700 + " ." * 150
    assert (
        rouge_sentences.split_sentences(line, split_summaries=True)
        == [line.rstrip(" .") + " ."] + ["."] * 149
    )
    assert len(spy.read) == 150 and max(spy.read) <= rouge_sentences.WORD_WINDOW


_ORACLE_LAST_WORD_RE = re.compile(r"[\w.'’]*$")


def _oracle_ends_sentence(line, match):
    """rouge_sentences._ends_sentence before issue 20 (it read the whole line before each stop)."""
    enders, closers = match.groups()
    after = line[match.end() :]
    if closers[-1:] in ("」", "』") and after.startswith(("と", "って")):
        return False
    if any(char in rouge_sentences.SCRIPT_ENDERS for char in enders):
        return True
    if "．" in enders:
        return not after[:1].isdigit()
    if after and after[0].isascii() and not after[0].isspace():
        return False
    following = after.lstrip()[:1]
    if following.islower():
        return False
    if "!" in enders or "?" in enders:
        return True
    if following.isdigit():
        return False
    word = _ORACLE_LAST_WORD_RE.search(line[: match.start()]).group()
    is_abbreviation = (
        word.lower() in rouge_sentences._ABBREVIATIONS
        or (len(word) == 1 and word.isalpha())
        or rouge_sentences._DOTTED_RE.match(word)
    )
    return not (len(enders) == 1 and is_abbreviation)


def _oracle_split(text):
    sentences = []
    for line in text.split("\n"):
        start = 0
        for match in rouge_sentences._ENDERS_RE.finditer(line):
            if _oracle_ends_sentence(line, match):
                sentences.append(line[start : match.end()])
                start = match.end()
        sentences.append(line[start:])
    return [s.strip() for s in sentences if s.strip()]


PARTS = ["Dr", "mr", "U.S", "e.g", "a", "B", "3", "x" * 70, " ", "  ", ".", "!", "?", "。", "．"]
PARTS += ["」と", "”", "\n", "\u3000", "Zed", "the", "5", "'"]


@SETTINGS
@given(st.lists(st.sampled_from(PARTS), max_size=30).map("".join))
def test_split_summaries_as_before_for_words_within_the_window(text):
    """The splitter gives the sentences of the code before issue 20 unless a dotted word before a full stop
    is longer than WORD_WINDOW (such a word is no longer an abbreviation)."""
    dotted = [w for w in re.findall(r"[\w.'’]+", text) if rouge_sentences._DOTTED_RE.match(w.rstrip("."))]
    assume(all(len(word) < rouge_sentences.WORD_WINDOW for word in dotted))
    assert rouge_sentences.split_sentences(text, True) == _oracle_split(text)


def test_a_dotted_word_longer_than_the_window_is_no_abbreviation():
    text = "a." * 40 + "b. Next"
    assert _oracle_split(text) == [text]
    assert rouge_sentences.split_sentences(text, True) == ["a." * 40 + "b.", "Next"]


# The Space's estimate


def test_every_registered_tokenizer_has_a_rate_of_its_own():
    """word, lo, km, my and the presets got ko's rate, the slowest, before issue 20."""
    from kurouge.space import limits
    from kurouge.tokenizers.registry import tokenizer_names

    rated = [*limits.TOKENIZE_SECONDS_PER_CHAR, *limits.SEGMENTER_SECONDS_PER_CHAR]
    assert sorted(rated) == sorted(tokenizer_names())


def test_the_estimate_counts_splitting():
    """split_summaries=True with rougeLsum adds SPLIT_SECONDS_PER_CHAR a character to the estimate."""
    from kurouge.space import inputs as app_inputs
    from kurouge.space import limits

    line = "a" * 700 + " ." * 150
    examples = app_inputs.Examples([line] * 3, [line] * 3)
    split, unsplit = (
        limits.estimate_work(examples, ["rouge1", "rougeLsum"], "whitespace", False, split).seconds
        for split in (True, False)
    )
    assert split - unsplit == pytest.approx(6 * len(line) * limits.SPLIT_SECONDS_PER_CHAR)
    without_lsum = limits.estimate_work(examples, ["rouge1", "rougeL"], "whitespace", False, True).seconds
    assert without_lsum == limits.estimate_work(examples, ["rouge1", "rougeL"], "whitespace").seconds


def test_forty_russian_rows_are_accepted():
    """Issue 20: 40 rows of 1,000 characters of Russian with ``word`` were refused as 8.5 s of work."""
    from kurouge.space import inputs as app_inputs
    from kurouge.space import limits

    text = ("Президент России заявил, что переговоры продолжатся в следующем месяце. " * 15)[:1000]
    examples = app_inputs.Examples([text] * 40, [text] * 40)
    assert limits.check_work(examples, ["rouge1", "rouge2", "rougeL", "rougeLsum"], "word").seconds < 1


# Characters whose NFKC takes work: combining marks of several classes, characters that decompose into
# marks (U+0344, Tibetan U+0F73), compatibility forms (half-width kana, ligatures), Hangul syllables
# and jamo that compose, starters that compose with a following mark.
NORMALISING = st.text(
    st.sampled_from(
        "ae\u0301\u0316\u0300\u0323\u0344\u0f71\u0f72\u0f73\u0f80ｶﾞﾟﬁ²\u1100\u1161\u11a8가\u0cc6\u0cc2"
        "\u0dd9\u0dcf\u05b0\u05b8\u3099ゝ"
    ),
    max_size=80,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=NORMALISING)
def test_linear_nfkc_equals_unicodedata(text, monkeypatch):
    """rouge_words.nfkc's own decomposition and ordering give unicodedata's NFKC, whatever the length."""
    monkeypatch.setattr(rouge_words, "NFKC_DIRECT_CHARS", 0)
    assert rouge_words.nfkc(text) == unicodedata.normalize("NFKC", text)


def test_linear_nfkc_over_every_code_point(monkeypatch):
    """Every code point, alone and between marks out of order, as unicodedata normalizes it."""
    monkeypatch.setattr(rouge_words, "NFKC_DIRECT_CHARS", 0)
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    for context in ("{}", "a\u0316{}\u0301\u0316", "\u1100{}\u11a8"):
        text = "".join(context.format(char) for char in every[::7])
        assert rouge_words.nfkc(text) == unicodedata.normalize("NFKC", text)


def test_a_long_text_reaches_unicodedata_in_canonical_order(monkeypatch):
    """Above the bound, unicodedata is given only text already decomposed and in canonical order.

    (Its own ordering of a run of marks is quadratic, linear on a run already in order.)
    """
    given = []
    normalize = unicodedata.normalize
    monkeypatch.setattr(
        rouge_words.unicodedata,
        "normalize",
        lambda form, text: given.append((form, text)) or normalize(form, text),
    )
    rouge_words._nfkd_char.cache_clear()
    text = "ｶﾞ" + "\u0301\u0316\u0344" * (rouge_words.NFKC_DIRECT_CHARS // 2)
    assert rouge_words.nfkc(text) == normalize("NFKC", text)
    whole = [(form, t) for form, t in given if len(t) > 1]
    assert [form for form, _ in whole] == ["NFC"]
    classes = [unicodedata.combining(char) for char in whole[0][1]]
    assert all(a <= b or b == 0 for a, b in itertools.pairwise(classes))
