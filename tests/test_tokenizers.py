"""Tokenizers chosen by name, the sentence splitter and the unsegmented-text warning.

Every sentence here was written by the team for these tests. Expected tokens and scores are worked
out by hand in the comments, then asserted.
"""

import contextlib
import os
import re
import subprocess
import sys
import unicodedata
import warnings
from functools import partial

import pytest
from conftest import REPO
from evaluate.loading import get_imports
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score.rouge_scorer import RougeScorer

from kurouge.settings import get_tokenizer
from kurouge.tokenizers import registry as rouge_text
from kurouge.tokenizers import segmenters
from kurouge.tokenizers import unsegmented as rouge_unsegmented
from kurouge.tokenizers.base import is_word
from kurouge.tokenizers.invisible import drop_invisible
from kurouge.tokenizers.registry import TOKENIZERS
from kurouge.tokenizers.sentences import split_sentences
from kurouge.tokenizers.unsegmented import UnsegmentedTextWarning

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def tokens(name, text, use_stemmer=False):
    return get_tokenizer(name, use_stemmer).tokenize(text)


def scores(rouge, prediction, reference, **options):
    """(precision, recall, F) per rouge type for one pair, through the loaded metric."""
    result = rouge.compute(predictions=[prediction], references=[reference], detailed=True, **options)
    types = options.get("rouge_types", TYPES)
    return {t: (result[f"{t}_precision"], result[f"{t}_recall"], result[t]) for t in types}


# --- the registry ---------------------------------------------------------------------------------


def test_names():
    assert list(TOKENIZERS) == [
        "whitespace",
        "rouge-score",
        "word",
        "char",
        "cjk",
        "ja",
        "ja-sudachi-a",
        "ja-sudachi-b",
        "ja-sudachi-c",
        "zh",
        "ko",
        "th",
        "lo",
        "km",
        "my",
    ]


def test_unknown_name_lists_every_name():
    with pytest.raises(ValueError) as error:
        get_tokenizer("jp")
    names = ", ".join(rouge_text.tokenizer_names())
    assert str(error.value) == f"unknown tokenizer 'jp'; choose one of: {names}"
    assert names.endswith("xlsum, xlsum-segmented, ja-mecab, ja-fugashi")


# Each optional tokenizer, stemmer and preset: the modules to hide, the uncached builder to use (so
# that the import is attempted again) and the one message naming every package its user installs.
MISSING_BACKENDS = [
    ({"tokenizer": "lo"}, ["laonlp.tokenize"], None, "the 'lo' tokenizer needs laonlp (missing: laonlp)"),
    ({"tokenizer": "km"}, ["pycrfsuite"], "_khmercut", "the 'km' tokenizer needs khmercut, python-crfsuite"),
    ({"tokenizer": "my"}, ["burmesenlp"], "_burmese_word_tokenize", "the 'my' tokenizer needs burmesenlp"),
    (
        {"tokenizer": "ja"},
        ["sudachipy", "sudachidict_core"],
        "_sudachi_dictionary",
        "sudachipy, sudachidict_core",
    ),
    (
        {"tokenizer": "ja-sudachi-c"},
        ["sudachidict_core"],
        "_sudachi_dictionary",
        "sudachipy, sudachidict_core",
    ),
    ({"tokenizer": "zh"}, ["jieba"], "jieba_tokenizer", "the 'zh' tokenizer needs jieba"),
    (
        {"tokenizer": "ko"},
        ["kiwipiepy_model"],
        "_kiwi",
        "the 'ko' tokenizer needs kiwipiepy, kiwipiepy_model",
    ),
    ({"tokenizer": "th"}, ["pythainlp.tokenize"], None, "the 'th' tokenizer needs pythainlp"),
    ({"tokenizer": "ja-mecab"}, ["ipadic"], None, "the 'ja-mecab' tokenizer needs mecab-python3, ipadic"),
    (
        {"tokenizer": "ja-fugashi"},
        ["unidic_lite"],
        None,
        "the 'ja-fugashi' tokenizer needs fugashi, unidic-lite",
    ),
    ({"tokenizer": "xlsum", "language": "ja"}, ["unidic_lite"], None, "fugashi, unidic-lite, pyonmttok"),
    (
        {"tokenizer": "xlsum", "language": "tr", "use_stemmer": True},
        ["pyonmttok", "TurkishStemmer"],
        None,
        "the 'xlsum' tokenizer for language='tr' needs pyonmttok, TurkishStemmer",
    ),
    (
        {"language": "ru", "use_stemmer": True},
        ["Stemmer"],
        None,
        "the Snowball stemmer (russian) needs PyStemmer",
    ),
    (
        {"language": "tr", "use_stemmer": True},
        ["TurkishStemmer"],
        None,
        "the Turkish stemmer needs TurkishStemmer",
    ),
]


@pytest.mark.parametrize(("options", "modules", "cached", "message"), MISSING_BACKENDS)
def test_a_missing_backend_names_every_package_to_install_at_once(
    monkeypatch, options, modules, cached, message
):
    # None in sys.modules makes `import module` fail as if it were not installed.
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)
    if cached:
        monkeypatch.setattr(segmenters, cached, getattr(segmenters, cached).__wrapped__)
    with pytest.raises(ImportError) as error:
        get_tokenizer(options.pop("tokenizer", None), **options)
    needs, install = str(error.value).split(": pip install ")
    assert message in needs
    # the install line holds every package the message names, not only the missing one
    assert install.split() == needs.split(" needs ")[1].split(" (missing")[0].split(", ")
    assert len(install.split()) >= len(modules)


@pytest.mark.parametrize("path", ["kurenai_rouge.py", *sorted(p.name for p in REPO.glob("rouge_*.py"))])
def test_backends_are_not_imported_at_column_0(path):
    # evaluate demands every package imported at column 0; backends are imported when chosen.
    imported = {name for kind, name, *_ in get_imports(str(REPO / path)) if kind == "library"}
    backends = {
        "sudachipy",
        "sudachidict_core",
        "jieba",
        "kiwipiepy",
        "kiwipiepy_model",
        "pythainlp",
        "regex",
        "laonlp",
        "khmercut",
        "pycrfsuite",
        "burmesenlp",
    }
    assert not imported & backends


def test_backend_objects_are_built_once():
    assert get_tokenizer("ko")._kiwi is get_tokenizer("ko", use_stemmer=True)._kiwi
    assert get_tokenizer("zh")._jieba is get_tokenizer("zh", use_stemmer=True)._jieba


def test_jieba_is_quiet_and_leaves_no_cache_file(monkeypatch, tmp_path, capfd):
    monkeypatch.setattr(segmenters.tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(segmenters, "jieba_tokenizer", segmenters.jieba_tokenizer.__wrapped__)
    assert get_tokenizer("zh").tokenize("猫坐在垫子上") == ["猫", "坐在", "垫子", "上"]
    assert list(tmp_path.iterdir()) == []
    assert capfd.readouterr().err == ""


def test_nothing_is_downloaded_or_left_behind(tmp_path):
    # A fresh interpreter with sockets disabled builds every tokenizer and tokenizes with it; the
    # temp dir stays empty (jieba's cache is removed) and HOME gets at most PyThaiNLP's empty data dir.
    home, temp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    temp.mkdir()
    script = f"""
import socket
def refuse(*args, **kwargs):
    raise OSError("network access in a test")
socket.socket.connect = socket.socket.connect_ex = socket.getaddrinfo = refuse
from kurouge.settings import get_tokenizer
text = "Running dogs! 今日は晴れ。猫坐在垫子上。오늘은 맑다. ฉันกินข้าว ພາສາລາວ ខ្ញុំស្រឡាញ់ ကျွန်တော်"
for name in {list(TOKENIZERS)!r}:
    assert get_tokenizer(name, True).tokenize(text)
"""
    env = {**os.environ, "HOME": str(home), "TMPDIR": str(temp), "HF_HUB_OFFLINE": "1"}
    subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, check=True)
    assert list(temp.iterdir()) == []
    assert all(p.is_dir() and not any(p.iterdir()) for p in home.rglob("*"))


# --- tokens, language by language ------------------------------------------------------------------


def test_issue_example_cjk_mixed_title():
    # Latin words stay whole and lower-cased, digits with their letters, each Han character alone.
    assert tokens("cjk", "Apple iPhone 15 128GB 蓝色") == ["apple", "iphone", "15", "128gb", "蓝", "色"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Every character but the space, punctuation included.
        ("char", ["今", "日", "は", "晴", "れ", "で", "す", "。"]),
        # The same characters, but the full stop is dropped.
        ("cjk", ["今", "日", "は", "晴", "れ", "で", "す"]),
        # Morphemes: noun, particle, noun, copula; the full stop is dropped.
        ("ja", ["今日", "は", "晴れ", "です"]),
        # The whitespace tokenizer sees one run of characters.
        ("whitespace", ["今日は晴れです。"]),
        # rouge-score deletes everything outside [a-z0-9].
        ("rouge-score", []),
    ],
)
def test_japanese_sentence(name, expected):
    assert tokens(name, "今日は晴れです。") == expected


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        # A: shortest units; B: 委員会 as one word; C: the named organisation whole.
        ("a", ["選挙", "管理", "委員", "会", "に", "行っ", "た"]),
        ("b", ["選挙", "管理", "委員会", "に", "行っ", "た"]),
        ("c", ["選挙管理委員会", "に", "行っ", "た"]),
    ],
)
def test_sudachi_split_modes(mode, expected):
    assert tokens(f"ja-sudachi-{mode}", "選挙管理委員会に行った。") == expected


def test_split_mode_a_gives_partial_credit_inside_compounds(rouge):
    # A: 選挙/委員/会 against 選挙/管理/委員/会, 3 of 3 and 3 of 4. B: 選挙/委員会 against
    # 選挙/管理/委員会, 2 of 2 and 2 of 3. C: 選挙/委員会 against the whole 選挙管理委員会: nothing.
    def rouge1(name):
        return scores(rouge, "選挙委員会", "選挙管理委員会", tokenizer=name, rouge_types=["rouge1"])["rouge1"]

    assert rouge1("ja") == (1.0, 0.75, pytest.approx(6 / 7, abs=1e-15))
    assert rouge1("ja-sudachi-b") == (1.0, 2 / 3, 0.8)
    assert rouge1("ja-sudachi-c") == (0.0, 0.0, 0.0)


def test_ja_is_split_mode_a():
    assert get_tokenizer("ja").signature == get_tokenizer("ja-sudachi-a").signature
    assert get_tokenizer("ja").signature.startswith("ja-sudachi-a[sudachipy-")


def test_sudachi_analyses_text_longer_than_its_input_limit():
    # 3000 sentences of 8 characters are 72000 UTF-8 bytes, past SudachiPy's 49149-byte limit.
    assert tokens("ja", "今日は晴れです。" * 3000) == ["今日", "は", "晴れ", "です"] * 3000


def test_chinese_words():
    # The seed guide's segmentation: 猫 / 坐在 / 垫子 / 上 and 猫 / 趴在 / 垫子 / 上面.
    assert tokens("zh", "猫坐在垫子上。") == ["猫", "坐在", "垫子", "上"]
    assert tokens("zh", "猫趴在垫子上面") == ["猫", "趴在", "垫子", "上面"]


def test_korean_morphemes():
    # Stems and endings: 맑았다 is 맑 + 었 (past) + 다; 흐렸다 is 흐리 + 었 + 다, restored by Kiwi.
    assert tokens("ko", "오늘은 날씨가 맑았다.") == ["오늘", "은", "날씨", "가", "맑", "었", "다"]
    assert tokens("ko", "오늘은 날씨가 흐렸다.") == ["오늘", "은", "날씨", "가", "흐리", "었", "다"]
    # 갔어요 (went, polite) is 가 + 었 + 어요.
    assert tokens("ko", "학교에 갔어요") == ["학교", "에", "가", "었", "어요"]
    # cjk keeps Korean words (eojeol) whole, without the full stop.
    assert tokens("cjk", "오늘은 날씨가 맑았다.") == ["오늘은", "날씨가", "맑았다"]


def test_thai_words():
    # "I like to eat fried rice" / "... noodles": no spaces in the text, four words each.
    assert tokens("th", "ฉันชอบกินข้าวผัด") == ["ฉัน", "ชอบ", "กิน", "ข้าวผัด"]
    assert tokens("th", "ฉันชอบกินก๋วยเตี๋ยว") == ["ฉัน", "ชอบ", "กิน", "ก๋วยเตี๋ยว"]
    # Segmented as written: NFKC first would decompose ำ (SARA AM) and break ทำงาน (to work).
    assert tokens("th", "ฉันทำงานที่กรุงเทพฯ") == [
        unicodedata.normalize("NFKC", w) for w in ["ฉัน", "ทำงาน", "ที่", "กรุงเทพฯ"]
    ]


@pytest.mark.parametrize(
    ("name", "full_width", "half_width"),
    [
        (name, "ＡＩモデルを２０２４年に作った", "AIモデルを2024年に作った")
        for name in ["char", "cjk", "ja", "ja-sudachi-c"]
    ]
    + [
        ("zh", "我用ＡＩ模型，２０２４年", "我用AI模型,2024年"),
        ("ko", "ＡＩ 모델을 ２０２４년에 만들었다", "AI 모델을 2024년에 만들었다"),
        ("th", "ฉันใช้ＡＩในปี２０２４", "ฉันใช้AIในปี2024"),
    ],
)
def test_full_width_equals_half_width(name, full_width, half_width):
    # NFKC maps full-width Ａ, Ｉ, ２ ... (and the full-width comma) to ASCII, so ＡＩ == AI.
    assert tokens(name, full_width) == tokens(name, half_width)
    assert "ai" in tokens(name, full_width) or name == "char"


def test_whitespace_keeps_full_width_apart():
    # kurenai's semantics: no normalisation, so ＡＩ and AI differ.
    assert tokens("whitespace", "ＡＩ") != tokens("whitespace", "AI")


@pytest.mark.parametrize("name", ["whitespace", "cjk", "ja", "ko"])
def test_accented_latin_keeps_its_accents(name):
    # ó is a letter: Cristóbal stays one word with its ó, also when stemming (non-ASCII is never stemmed).
    expected = ["cristóbal", "colón", "llegó", "a", "américa", "en", "1492"]
    got = tokens(name, "Cristóbal Colón llegó a América en 1492", use_stemmer=True)
    assert got == expected


@pytest.mark.parametrize(("name", "expected"), [("zh", ["crist", "ó", "bal"]), ("th", ["crist", "óbal"])])
def test_jieba_and_pythainlp_cut_accented_latin_words(name, expected):
    # A limitation the README states: their Latin rules know only ASCII letters. The ó stays.
    assert tokens(name, "Cristóbal") == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # English words inside Japanese are stemmed by kurenai's rule: running -> run, dogs -> dog.
        ("cjk", ["東", "京", "で", "run", "dog", "を", "見", "た"]),
        ("ja", ["東京", "で", "run", "dog", "を", "見", "た"]),
        ("zh", ["東京", "で", "run", "dog", "を", "見", "た"]),
        ("ko", ["東京", "で", "run", "dog", "を", "見", "た"]),
        # Single characters are never stemmed.
        ("char", list("東京でrunningdogsを見た。")),
    ],
)
def test_stemming_inside_mixed_script_text(name, expected):
    assert tokens(name, "東京でrunning dogsを見た。", use_stemmer=True) == expected


def test_stemming_inside_thai_and_korean():
    assert tokens("th", "ผมชอบ running dogs มาก", use_stemmer=True) == ["ผม", "ชอบ", "run", "dog", "มาก"]
    assert tokens("ko", "서울에서 running", use_stemmer=True) == ["서울", "에서", "run"]


def test_rouge_score_tokenizer_stems_by_its_own_rule():
    # rouge-score drops the Japanese and stems every token longer than 3 characters.
    assert tokens("rouge-score", "東京でrunning dogsを見た。", use_stemmer=True) == ["run", "dog"]


# --- scores through the loaded metric --------------------------------------------------------------


def test_seed_guide_chinese_pair(rouge):
    # Reference 猫/坐在/垫子/上 (4 words), prediction 猫/趴在/垫子/上面: 猫 and 垫子 match, 2 of 4.
    # No bigram is shared: 猫坐在, 坐在垫子, 垫子上 against 猫趴在, 趴在垫子, 垫子上面.
    got = scores(rouge, "猫趴在垫子上面", "猫坐在垫子上", tokenizer="zh", rouge_types=["rouge1", "rouge2"])
    assert got["rouge1"][1] == 0.5
    assert got["rouge2"] == (0.0, 0.0, 0.0)


def test_raw_japanese_scores_with_segmenting_tokenizers(rouge):
    prediction, reference = "今日は晴れです", "今日は雨です"
    # ja: 今日/は/晴れ/です against 今日/は/雨/です: 3 of 4 words, 1 of 3 bigrams (今日 は),
    # LCS 今日 は です = 3.
    assert scores(rouge, prediction, reference, tokenizer="ja") == {
        "rouge1": (0.75, 0.75, 0.75),
        "rouge2": (1 / 3, 1 / 3, 1 / 3),
        "rougeL": (0.75, 0.75, 0.75),
        "rougeLsum": (0.75, 0.75, 0.75),
    }
    # char and cjk: 7 prediction characters, 6 reference characters, 5 shared (all but 晴 れ / 雨):
    # P 5/7, R 5/6, F 10/13; bigrams 今日 日は です shared: 3 of 6 and 3 of 5.
    for name in ("char", "cjk"):
        got = scores(rouge, prediction, reference, tokenizer=name)
        assert got["rouge1"] == (5 / 7, 5 / 6, pytest.approx(10 / 13, abs=1e-15))
        assert got["rouge2"][:2] == (3 / 6, 3 / 5)
    # The whitespace tokenizer compares two different one-token texts: 0, with a warning.
    with pytest.warns(warning_class(rouge)):
        assert scores(rouge, prediction, reference)["rouge1"] == (0.0, 0.0, 0.0)


def test_korean_morphemes_give_partial_credit(rouge):
    # ko: 오늘/은/날씨/가/맑/었/다 against 오늘/은/날씨/가/흐리/었/다: 6 of 7 morphemes.
    # whitespace: 오늘은/날씨가/맑았다. against 오늘은/날씨가/흐렸다.: 2 of 3 words.
    prediction, reference = "오늘은 날씨가 맑았다.", "오늘은 날씨가 흐렸다."
    assert scores(rouge, prediction, reference, tokenizer="ko", rouge_types=["rouge1"])["rouge1"][2] == 6 / 7
    assert scores(rouge, prediction, reference, rouge_types=["rouge1"])["rouge1"][2] == 2 / 3


def test_thai_words_score(rouge):
    # th: ฉัน/ชอบ/กิน shared, ข้าวผัด vs ก๋วยเตี๋ยว differ: rouge1 3/4, rouge2 2/3 (ฉัน ชอบ, ชอบ กิน).
    # whitespace: one token each, nothing shared.
    prediction, reference = "ฉันชอบกินข้าวผัด", "ฉันชอบกินก๋วยเตี๋ยว"
    got = scores(rouge, prediction, reference, tokenizer="th", rouge_types=["rouge1", "rouge2"])
    assert (got["rouge1"][2], got["rouge2"][2]) == (0.75, pytest.approx(2 / 3, abs=1e-15))
    assert scores(rouge, prediction, reference, rouge_types=["rouge1"])["rouge1"][2] == 0.0


RAW_PAIRS = {
    "ja": ("今日は晴れです。明日は雨が降るでしょう。", "今日は雨です。\n明日は晴れるでしょう。"),
    "zh": ("猫趴在垫子上面。\n狗在院子里睡觉。", "猫坐在垫子上。狗在院子里跑。"),
    "ko": ("오늘은 날씨가 맑았다.\n내일은 비가 온다.", "오늘은 날씨가 흐렸다. 내일은 비가 올 것이다."),
}
# Tokenizers that find shared words in each language's raw text.
FITTING = {
    "ja": {"char", "cjk", "ja", "ja-sudachi-a", "ja-sudachi-b", "ja-sudachi-c"},
    "zh": {"char", "cjk", "zh"},
    "ko": {"char", "cjk", "ko", "whitespace"},
}


@pytest.mark.parametrize("language", list(RAW_PAIRS))
@pytest.mark.parametrize("name", list(TOKENIZERS))
def test_raw_text_scores_through_evaluate_with_every_name(rouge, language, name):
    # Through evaluate.load, every named tokenizer gives exactly rouge-score's numbers with the same
    # tokenizer object, and the tokenizers that fit the language find shared words.
    prediction, reference = RAW_PAIRS[language]
    unsegmented = name == "whitespace" and language != "ko"
    with pytest.warns(warning_class(rouge)) if unsegmented else contextlib.nullcontext():
        got = scores(rouge, prediction, reference, tokenizer=name)
    expected = RougeScorer(TYPES, tokenizer=get_tokenizer(name)).score(reference, prediction)
    assert got == {t: tuple(expected[t]) for t in TYPES}
    if name in FITTING[language]:
        assert got["rouge1"][2] > 0


ALPHABET = "今日は晴れ雨です。猫坐在垫子上面오늘맑다ฉันทำAaBbİıΣσςßＡｂﾊﾟ½ó \t\n\u3000.,!"


# --- line-separable tokenizers: the engine takes a text's tokens from its lines' ---------------------

EVERY_CODE_POINT = [chr(code) for code in range(sys.maxunicode + 1)]


def test_whitespace_splits_where_regex_whitespace_matches():
    # The tokenizer was `[t for t in re.split(r"\s+", text.lower()) if t]`; str.split gives the same,
    # on the text without invisible format characters (tests/test_tokenizers_invisible.py).
    text = drop_invisible("a" + "a".join(EVERY_CODE_POINT) + "a")
    assert get_tokenizer("whitespace").tokenize(text) == [t for t in re.split(r"\s+", text.lower()) if t]


def test_nfkc_and_lower_casing_do_not_look_across_a_newline():
    # Every code point between two newlines: neither composes nor reorders with them, and lower-casing
    # (Greek final sigma looks at the neighbours) gives the same on each line alone.
    nfkc = partial(unicodedata.normalize, "NFKC")
    assert nfkc("\n".join(EVERY_CODE_POINT)) == "\n".join(map(nfkc, EVERY_CODE_POINT))
    after_a_letter = [f"a{char}" for char in EVERY_CODE_POINT]
    assert "\n".join(after_a_letter).lower() == "\n".join(text.lower() for text in after_a_letter)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    lines=st.lists(
        st.text(ALPHABET + "\u0301\u0308\u1100\u1161\u11a8ﬁ\u200c\u200d👨क्षि3.1,'", max_size=12), max_size=4
    ),
    name=st.sampled_from(["whitespace", "char", "word", "cjk"]),
    use_stemmer=st.booleans(),
)
def test_line_separable_tokens_are_the_lines_tokens(lines, name, use_stemmer):
    tokenizer = get_tokenizer(name, use_stemmer)
    assert tokenizer.line_separable
    expected = [token for line in lines for token in tokenizer.tokenize(line)]
    assert tokenizer.tokenize("\n".join(lines)) == expected


# --- sentence splitting -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Japanese enders, a quotation kept inside its sentence (」と), a full-width decimal point.
        (
            "今日は晴れです。明日は雨が降るでしょう！「本当？」と彼は聞いた。気温は３．５度です。",
            [
                "今日は晴れです。",
                "明日は雨が降るでしょう！",
                "「本当？」と彼は聞いた。",
                "気温は３．５度です。",
            ],
        ),
        # A closing quote stays with the sentence it closes.
        ("「行こう。」彼は言った。『はい』", ["「行こう。」", "彼は言った。", "『はい』"]),
        # ASCII ! and ? between Japanese sentences, with no space after them.
        ("すごい!次は何?楽しみ", ["すごい!", "次は何?", "楽しみ"]),
        # Chinese: ” and ） close their sentence.
        (
            "他说：“我们走吧。”然后离开了。你呢？我不知道！（真的。）",
            ["他说：“我们走吧。”", "然后离开了。", "你呢？", "我不知道！", "（真的。）"],
        ),
        # English: titles, U.S., i.e., decimals and prices do not end sentences.
        (
            "Mr. Smith moved to the U.S. in 2019. He paid $3.14 for coffee, i.e. a bargain! "
            "Did Dr. Lee agree? Yes.",
            [
                "Mr. Smith moved to the U.S. in 2019.",
                "He paid $3.14 for coffee, i.e. a bargain!",
                "Did Dr. Lee agree?",
                "Yes.",
            ],
        ),
        ('She said "It works." Then she left.', ['She said "It works."', "Then she left."]),
        ('"Stop!" he shouted. Nobody moved.', ['"Stop!" he shouted.', "Nobody moved."]),
        ("J. K. Rowling wrote it. It sold well.", ["J. K. Rowling wrote it.", "It sold well."]),
        (
            "Prof. Kim vs. Dr. Lee: see Smith et al. (2020). We met at St. Paul's. It rained.",
            ["Prof. Kim vs. Dr. Lee: see Smith et al. (2020).", "We met at St. Paul's.", "It rained."],
        ),
        (
            "We bought pears, etc. and left. See Fig. 3 or e.g. example.com/?q=1 now.",
            ["We bought pears, etc. and left.", "See Fig. 3 or e.g. example.com/?q=1 now."],
        ),
        ("Wait... what happened? Nothing... Really.", ["Wait... what happened?", "Nothing...", "Really."]),
        # The documented cost of the abbreviation rule: a sentence ending in U.S. joins the next.
        ("He moved to the U.S. It was cold.", ["He moved to the U.S. It was cold."]),
        # Newlines still split, blank lines and surrounding spaces go.
        ("First line\n\n  Second. Third.  \n", ["First line", "Second.", "Third."]),
    ],
)
def test_split_sentences(text, expected):
    assert split_sentences(text, split_summaries=True) == expected


def test_split_summaries_changes_only_rouge_lsum(rouge):
    # Without newlines, rougeLsum sees one sentence each; split, it sees 今日は晴れです。/明日は雨です。
    # against 明日は雨です。/今日は晴れです。 and finds both (LCS per reference sentence), so it rises.
    prediction, reference = "今日は晴れです。明日は雨です。", "明日は雨です。今日は晴れです。"
    whole = scores(rouge, prediction, reference, tokenizer="ja")
    split = scores(rouge, prediction, reference, tokenizer="ja", split_summaries=True)
    assert split["rougeLsum"] == (1.0, 1.0, 1.0)
    assert whole["rougeLsum"] == whole["rougeL"] == (0.5, 0.5, 0.5)
    assert {t: split[t] for t in TYPES[:3]} == {t: whole[t] for t in TYPES[:3]}
    assert (
        scores(rouge, prediction, reference, tokenizer="ja", split_summaries=True, engine="kurenai") == split
    )


# --- the unsegmented-text warning -------------------------------------------------------------------


def warning_class(rouge):
    """The metric's UnsegmentedTextWarning: evaluate imports the module from its own copy."""
    return UnsegmentedTextWarning


def compute_warnings(rouge, predictions, references, **options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rouge.compute(predictions=predictions, references=references, rouge_types=["rouge1"], **options)
    return [w for w in caught if issubclass(w.category, warning_class(rouge))]


def test_warns_once_per_compute_naming_the_tokenizers_that_fit(rouge):
    caught = compute_warnings(rouge, ["今日は晴れです", "明日は雨です"], ["今日は雨です", "明日は晴れです"])
    assert len(caught) == 1
    assert "tokenizer='ja', tokenizer='cjk', tokenizer='char'" in str(caught[0].message)
    assert caught[0].filename == __file__  # it points at the caller's compute(), not into evaluate
    assert len(compute_warnings(rouge, ["今日は晴れです"], ["今日は雨です"])) == 1


def test_warns_about_chinese(rouge):
    caught = compute_warnings(rouge, ["猫趴在垫子上面"], [["猫坐在垫子上", "一只猫坐在垫子上"]])
    assert "tokenizer='zh', tokenizer='cjk', tokenizer='char'" in str(caught[0].message)


@pytest.mark.parametrize(
    ("predictions", "references", "options"),
    [
        (["今日 は 晴れ です"], ["今日 は 雨 です"], {}),  # segmented: runs of 1-2 characters
        (["the cat sat"], ["the cat"], {}),
        (["今日は晴れです"], ["今日は雨です"], {"tokenizer": "ja"}),
        (["今日は晴れです"], ["今日は雨です"], {"tokenizer": str.split}),  # the user's own choice
    ],
)
def test_no_warning(rouge, predictions, references, options):
    assert compute_warnings(rouge, predictions, references, **options) == []


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["選挙管理委員会 に 行っ た"], []),  # one long word among short ones: average 10/4 < 4
        (["東京、大阪、名古屋"], []),  # punctuation ends runs: 2, 2, 3
        (["猫坐在垫子上", "the cat"], ["zh"]),
        (["スープ", "猫坐在垫子上"], ["ja"]),  # kana anywhere: taken as Japanese
        ([], []),
    ],
)
def test_unsegmented_cjk_detection(texts, expected):
    assert rouge_unsegmented.unsegmented_languages(texts) == expected


def test_the_warning_is_a_user_warning():
    # So that warnings.filterwarnings("ignore", category=UserWarning) or a message filter silences it.
    assert issubclass(UnsegmentedTextWarning, UserWarning)


def test_every_fitting_tokenizer_named_in_the_warning_is_registered():
    message = rouge_unsegmented.unsegmented_message("whitespace", ["ja", "zh", "th", "lo", "km", "my"])
    assert set(re.findall(r"tokenizer='([^']+)'", message)) <= set(TOKENIZERS)


def test_references_are_checked_too(rouge):
    # Segmented predictions, raw multi-reference texts: the references alone trigger the warning.
    predictions = ["今日 は 晴れ です"]
    references = [["今日は晴れです。明日もきっと晴れでしょう。", "今日は雨です。"]]
    assert len(compute_warnings(rouge, predictions, references)) == 1


@pytest.mark.parametrize(
    ("use_stemmer", "expected"), [(False, ["running", "dogs", "cats"]), (True, ["run", "dog", "cat"])]
)
def test_rouge_score_tokenizer_takes_a_text_rust_cannot(use_stemmer, expected):
    # A lone surrogate cannot cross into rouge-score-rs: rouge-score's own tokenizer takes that text.
    from rouge_score.tokenizers import DefaultTokenizer

    text = "Running dogs \ud800 CATS"
    assert get_tokenizer("rouge-score", use_stemmer).tokenize(text) == expected
    assert DefaultTokenizer(use_stemmer).tokenize(text) == expected


def test_isalnum_holds_only_of_letters_and_digits_over_every_code_point():
    """is_word's shortcut: a string of which ``str.isalnum`` holds has only characters of category L or N."""
    wrong = [
        f"U+{point:04X}"
        for point in range(0x110000)
        if chr(point).isalnum() and unicodedata.category(chr(point))[0] not in "LN"
    ]
    assert wrong == []


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=8))
def test_is_word_is_a_letter_or_digit_anywhere(token):
    assert is_word(token) == any(unicodedata.category(char)[0] in "LN" for char in token)
