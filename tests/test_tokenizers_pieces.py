"""Where long texts are cut into pieces before a segmenter reads them (issues 31 and 33).

Cuts are made on the text as written (a full-width comma is still one), in time linear in its length,
and where a text has no space for a whole bound, at a grapheme boundary the segmenter's words allow,
with a warning.
"""

import re
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kurouge.settings import get_tokenizer
from kurouge.tokenizers import pieces as rouge_pieces
from kurouge.tokenizers import segmenters

# Chinese clauses joined by full-width commas, with no space anywhere: 4,000 characters or more.
CLAUSES = [
    "今天天气很好",
    "我们去公园散步吧",
    "利润率增长了百分之五",
    "北京大学的学生参加了比赛",
    "清华大学的老师也来了",
    "超过市场预期",
    "这是一个重要的消息",
]
COMMA_JOINED = "，".join(CLAUSES * 90)


class Recorder:
    """Wraps a backend method, recording each text it is given."""

    def __init__(self, function):
        self.function, self.texts = function, []

    def __call__(self, text, *args, **kwargs):
        self.texts.append(text)
        return self.function(text, *args, **kwargs)


def recorded(name):
    """(tokenizer, recorder) with the backend of ``name`` ("zh" or "ko") recorded."""
    tokenizer = get_tokenizer(name)
    backend, method = ("_jieba", "lcut") if name == "zh" else ("_kiwi", "tokenize")
    recorder = Recorder(getattr(getattr(tokenizer, backend), method))
    setattr(tokenizer, backend, type("Backend", (), {method: staticmethod(recorder)})())
    return tokenizer, recorder


@pytest.mark.parametrize("name", ["zh", "ko"])
def test_long_comma_joined_text_is_cut_after_full_width_commas(name):
    # Before: the text was put in NFKC first (，became ,), so no cut found a comma and each fell at the bound.
    assert len(COMMA_JOINED) > rouge_pieces.CONTEXT_PIECE_CHARS
    tokenizer, recorder = recorded(name)
    tokenizer.tokenize(COMMA_JOINED)
    *cut, last = recorder.texts
    assert len(cut) >= 1
    assert all(text.endswith(",") for text in cut)  # NFKC of ，after the cut


def test_zh_tokens_of_comma_joined_text_are_those_of_its_clauses():
    # jieba reads a comma as the end of a block, so a cut after one changes no token (3 of 3,939
    # characters were cut inside a word before, rouge2 -0.0034).
    tokenizer = get_tokenizer("zh")
    expected = [token for clause in CLAUSES * 90 for token in tokenizer.tokenize(clause)]
    assert tokenizer.tokenize(COMMA_JOINED) == expected


def test_zh_pieces_are_put_in_nfkc():
    tokenizer, recorder = recorded("zh")
    assert tokenizer.tokenize("ＡＩ研究，" * 300)[:2] == ["ai", "研究"]
    assert all("，" not in text and "Ａ" not in text for text in recorder.texts)


def test_the_signatures_keep_their_bounds():
    assert f"pieces-{segmenters.PIECE_CHARS}" in get_tokenizer("zh").signature
    assert f"pieces-{segmenters.CONTEXT_PIECE_CHARS}" in get_tokenizer("ko").signature


# --- ja: cutting for SudachiPy's input limit is linear (issue 33) -----------------------------------


class CountingText(str):
    """A text that counts the characters encoded from it and from every slice of it."""

    encoded = 0

    def __getitem__(self, key):
        return CountingText(super().__getitem__(key))

    def encode(self, *args, **kwargs):
        CountingText.encoded += len(self)
        return super().encode(*args, **kwargs)


@pytest.mark.parametrize("length", [100_000, 400_000])
def test_sudachi_pieces_encode_each_character_a_bounded_number_of_times(length):
    # Before: the whole rest of the text was encoded again for every piece, 2 M characters 1.23 s,
    # 4 M 5.6 s; at 400,000 characters of kana, about 37 times each.
    text = CountingText(("あいうえお。" * (length // 6 + 1))[:length])
    CountingText.encoded = 0
    cut = list(rouge_pieces.utf8_pieces(text, 16384))
    assert "".join(cut) == text and all(len(piece.encode()) <= 16384 for piece in cut)
    assert CountingText.encoded <= 6 * length


def quadratic_utf8_pieces(text, max_bytes):
    """The cutting as it was (issue 33): the same pieces, in quadratic time."""
    while len(text.encode()) > max_bytes:
        head = text.encode()[:max_bytes].decode(errors="ignore")
        cut = max((m.end() for m in re.finditer(r"[\s。．！？!?]", head)), default=len(head))
        yield text[:cut]
        text = text[cut:]
    yield text


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.text(st.sampled_from("aé あ。．！？!? \n😀"), max_size=80), max_bytes=st.integers(4, 20))
def test_sudachi_pieces_are_those_of_the_quadratic_cutting(text, max_bytes):
    assert list(rouge_pieces.utf8_pieces(text, max_bytes)) == list(quadratic_utf8_pieces(text, max_bytes))


# --- a long text without spaces is cut where its segmenter ends a word (issue 31) ------------------

THAI = "ฉันต้องการความช่วยเหลือจากเพื่อนของฉันในวันนี้เพราะงานมีมากเกินไป"  # 65 characters, no space
LAO = "ພາສາລາວໃນປັດຈຸບັນມີຄວາມສໍາຄັນຫຼາຍ"


def uncut_tokens(monkeypatch, tokenizer, text):
    with monkeypatch.context() as patch:
        patch.setattr(segmenters, "PIECE_CHARS", 10**9)
        return tokenizer.tokenize(text)


@pytest.mark.parametrize("name", ["th", "lo", "zh"])
def test_a_text_without_spaces_is_cut_where_the_segmenter_ends_a_word(monkeypatch, name):
    # Before: cut at 1,000 characters, inside ช่วยเหลือ (ช่วย/เห/ลือ): 1175 tokens where the uncut text has 1170.
    text = {
        "th": THAI,
        "lo": "ພາສາລາວໃນປັດຈຸບັນມີຄວາມສໍາຄັນຫຼາຍ",
        "zh": "北京大学的学生参加了比赛清华大学的老师也来了",
    }[name]
    text = text * (5000 // len(text) + 1)
    tokenizer = get_tokenizer(name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: every cut is at a word's end
        tokens = tokenizer.tokenize(text)
    assert tokens == uncut_tokens(monkeypatch, tokenizer, text)


def test_a_cut_at_the_bound_warns():
    # One run of 3,000 Latin letters is one word to newmm: no word ends before the bound.
    with pytest.warns(rouge_pieces.CutAtBoundWarning, match="cut at the bound of 1,000 characters"):
        tokens = get_tokenizer("th").tokenize("a" * 3000)
    assert "".join(tokens) == "a" * 3000


def test_the_presets_warn_too():
    with pytest.warns(rouge_pieces.CutAtBoundWarning, match="cut at the bound of 4,000 characters"):
        get_tokenizer("ja-mecab").tokenize("1" * 9000)


def test_cuts_stay_linear(monkeypatch):
    """Each piece is segmented once, and at most a word is read again: the segmenter reads about the text."""
    tokenizer = get_tokenizer("th")
    read = Recorder(tokenizer._word_tokenize)
    monkeypatch.setattr(tokenizer, "_word_tokenize", read)
    text = THAI * 200  # 13,000 characters
    tokenizer.tokenize(text)
    assert sum(map(len, read.texts)) <= 1.1 * len(text)
