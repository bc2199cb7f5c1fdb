"""Presets: XL-Sum's multilingual ROUGE against its own code's output, MeCab against sacrebleu and fugashi.

tests/xlsum/golden.json holds what XL-Sum's scorer gives (tokens, scores) on the pairs of
tests/xlsum/pairs.json, written for these tests, and on seeded random texts; it is made by
tests/xlsum/make_golden.py from a checkout of XL-Sum, which is never part of this repository.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import ipadic
import MeCab
import pytest
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st

from kurouge.engine.engines import ENGINES
from kurouge.tokenizers.pieces import CONTEXT_PIECE_CHARS
from kurouge.tokenizers.presets import (
    PRESETS,
    XLSUM_LANGUAGES,
    BurmeseSyllables,
    FugashiTokenizer,
    MecabTokenizer,
    XLSumTokenizer,
    xlsum_segmenter,
)

GOLDEN = json.loads((Path(__file__).parent / "xlsum" / "golden.json").read_text(encoding="utf-8"))
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
CASES = [
    pytest.param(pair, mode, id=f"{i}-{pair['language']}-{mode}")
    for i, pair in enumerate(GOLDEN["pairs"])
    for mode in pair["results"]
]


def lines(text):
    """XL-Sum's sentences for rougeLsum: the non-empty lines (kurenai's split_summaries=False)."""
    return [line for line in text.split("\n") if line]


def xlsum(language, stem):
    return XLSumTokenizer(use_stemmer=stem, language=language)


def test_golden_covers_the_languages_asked_for():
    languages = {pair["language"] for pair in GOLDEN["pairs"]}
    assert {"bn", "hi", "ar", "ru", "vi", "tr", "fa", "zh", "ja", "th", "my"} <= languages
    assert len(CASES) == 2 * len(GOLDEN["pairs"])


def test_golden_stems_every_language_xlsum_stems():
    # XL-Sum stems Bengali, Hindi, Turkish and the 15 languages of NLTK's Snowball: each has a pair
    # whose stemmed tokens differ from its unstemmed ones.
    stemmed = {"bn", "hi", "tr", *"ar da de en es fi fr hu it nl no pt ro ru sv".split()}
    changed = {
        pair["language"]
        for pair in GOLDEN["pairs"]
        if pair["results"]["stem"]["tokens"] != pair["results"]["nostem"]["tokens"]
    }
    assert stemmed <= changed


@pytest.mark.parametrize(("pair", "mode"), CASES)
def test_tokens_equal_xlsum(pair, mode):
    tokenizer = xlsum(pair["language"], mode == "stem")
    expected = pair["results"][mode]["tokens"]
    assert {side: tokenizer.tokenize(pair[side]) for side in expected} == expected


@pytest.mark.parametrize("engine", ["fast", "kurenai"])
@pytest.mark.parametrize(("pair", "mode"), CASES)
def test_scores_equal_xlsum(pair, mode, engine):
    # Every type equals what XL-Sum's scorer prints, rougeLsum included (its sentences are BERT's
    # words, without the segmenter); "xlsum-segmented" gives XL-Sum's summary-level LCS over
    # sentences tokenized by the full tokenizer instead.
    expected = {t: tuple(pair["results"][mode]["scores"][t]) for t in TYPES}
    segmented = {**expected, "rougeLsum": tuple(pair["results"][mode]["rougeLsum_segmented"])}
    for preset, scores in (("xlsum", expected), ("xlsum-segmented", segmented)):
        tokenizer = PRESETS[preset](mode == "stem", pair["language"])
        scorer = ENGINES[engine](TYPES, tokenizer, lines)
        assert scorer.score_batch([pair["prediction"]], [[pair["reference"]]])[0][0] == scores


def test_xlsum_own_rougelsum_skips_the_segmenter_and_xlsum_segmented_does_not():
    # Chinese: XL-Sum's rougeLsum is 0 (each sentence is one BERT word), its rougeL 0.667.
    pair = next(p for p in GOLDEN["pairs"] if p["language"] == "zh")
    scores = pair["results"]["nostem"]
    assert scores["scores"]["rougeLsum"][2] == 0
    assert scores["rougeLsum_segmented"][2] == scores["scores"]["rougeL"][2] == pytest.approx(2 / 3)
    assert xlsum("zh", False).tokenize_sentence("猫坐在垫子上，狗在外面。") == ["猫坐在垫子上", "狗在外面"]
    assert PRESETS["xlsum-segmented"](False, "zh").signature.startswith("xlsum-segmented-zh[jieba-")


@pytest.mark.parametrize(
    "case", GOLDEN["fuzz"], ids=[f"{c['language']}-{c['stem']}-{i}" for i, c in enumerate(GOLDEN["fuzz"])]
)
def test_random_text_tokens_equal_xlsum(case):
    assert xlsum(case["language"], case["stem"]).tokenize(case["text"]) == case["tokens"]


def test_reproduced_defect_jieba_and_newmm_space_tokens():
    # XL-Sum joins BERT's words with spaces before jieba and newmm, which return the spaces as tokens.
    assert xlsum("zh", False).tokenize("北京，上海。") == ["北京", " ", "上海"]
    assert xlsum("th", False).tokenize("ฝนตก, รถติด") == ["ฝนตก", " ", "รถติด"]


def test_stems_only_tokens_longer_than_3_characters():
    assert xlsum("hi", True).tokenize("जाता गईं") == ["जा", "गईं"]
    assert xlsum("en", True).tokenize("was running dogs") == ["was", "run", "dog"]
    assert xlsum(None, True).tokenize("Running ÉTÉ") == ["run", "été"]


def test_languages_without_a_stemmer_are_not_stemmed_as_in_xlsum():
    assert xlsum("fa", True).tokenize("کتاب‌ها") == xlsum("fa", False).tokenize("کتاب‌ها") == ["کتابها"]


def test_errors_name_the_choices():
    with pytest.raises(ValueError, match="no language 'xx'; choose one of: am, ar, "):
        xlsum("xx", False)
    assert xlsum("bn", False).tokenize("র‍্যাব জানিয়েছে।") == ["র্যাব", "জানিয়েছে"]
    for preset in (MecabTokenizer, FugashiTokenizer):
        with pytest.raises(ValueError, match="is for Japanese"):
            preset(language="zh")


def test_signatures():
    assert xlsum("ru", True).signature.startswith("xlsum-ru[pyonmttok-")
    assert "stem=nltk-snowball-russian[nltk-" in xlsum("ru", True).signature
    assert xlsum("zh", False).signature.startswith("xlsum-zh[jieba-0.42.1,pyonmttok-")
    assert MecabTokenizer().signature.startswith("ja-mecab[mecab-python3-")
    assert FugashiTokenizer().signature.startswith("ja-fugashi[fugashi-")


@pytest.mark.parametrize("language", [*XLSUM_LANGUAGES, None])
def test_xlsum_segmenter_names_the_segmenter_the_tokenizer_uses(language):
    """The work estimate's rate follows ``xlsum_segmenter``: the signature names what tokenizes."""
    signature = xlsum(language, False).signature
    segmenter = xlsum_segmenter(language)
    if segmenter == "pyonmttok":
        assert signature.startswith(f"xlsum-{language or 'none'}[pyonmttok-") and "pieces-" not in signature
    else:
        assert segmenter in signature and "pieces-" in signature


def test_burmese_asat_units_after_a_join_stand_alone():
    # Units: က, င်, ် ... a short unit with an asat joins its predecessor, except right after a join.
    asat = "\u103a"
    assert BurmeseSyllables()(f"ကင{asat}ည{asat}ပ") == [f"ကင{asat}", f"ည{asat}", "ပ"]


# --- Japanese as Japanese suites tokenize it -----------------------------------------------------

JAPANESE = st.text(
    st.sampled_from(
        list("日本語の文章を形態素に分けるテストですアイウエオカタカナひらがな東京都大阪府走った食べる")
        + list("ＡＢＣabcXYZ０１２3.14、。！？「」（）・ー〜 \n\t　🙂€")
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(text=JAPANESE)
def test_ja_mecab_equals_sacrebleu(text):
    from sacrebleu.tokenizers.tokenizer_ja_mecab import TokenizerJaMecab

    assert MecabTokenizer().tokenize(text) == TokenizerJaMecab()(text).split()


@settings(max_examples=200, deadline=None)
@given(text=JAPANESE)
def test_ja_fugashi_equals_fugashi(text):
    import fugashi

    assert FugashiTokenizer().tokenize(text) == fugashi.Tagger("-Owakati").parse(text).split()


@pytest.mark.parametrize("name", ["ja-mecab", "ja-fugashi"])
def test_ja_presets_warn_that_a_nul_ends_the_text(rouge, name):
    with pytest.warns(UserWarning, match=f"the '{name}' tokenizer ignores everything after a NUL") as caught:
        result = rouge.compute(predictions=["abc\x00def ghi"], references=["abc def ghi"], tokenizer=name)
    assert [warning.category.__name__ for warning in caught] == ["NulTruncationWarning"]
    assert result["rouge1"] == 0.5  # ['abc'] against ['abc', 'def', 'ghi']: MeCab's tokens, and sacrebleu's


def test_ja_mecab_scores_a_run_of_digits_it_gives_no_result_for(rouge):
    """MeCab gives no result for 89,058 digits in a row; ja-mecab gives it pieces of CONTEXT_PIECE_CHARS."""
    digits = "1" * 89_058
    assert MeCab.Tagger(ipadic.MECAB_ARGS + " -Owakati").parse(digits) is None
    tokens = MecabTokenizer().tokenize(digits)
    assert "".join(tokens) == digits and max(map(len, tokens)) <= CONTEXT_PIECE_CHARS
    result = rouge.compute(predictions=[digits], references=["1"], tokenizer="ja-mecab")
    assert 0 < result["rouge1"] < 1e-4  # MeCab leaves a "1" among thousands of digit tokens


def test_ja_presets_on_a_sentence():
    text = "東京では今日、雨が降りました。Running dogs"
    assert MecabTokenizer().tokenize(text) == [
        "東京", "で", "は", "今日", "、", "雨", "が", "降り", "まし", "た", "。", "Running", "dogs",
    ]  # fmt: skip
    assert MecabTokenizer(use_stemmer=True).tokenize("Running dogs") == ["Running", "dog"]
    assert FugashiTokenizer().tokenize("日本語の文章") == ["日本", "語", "の", "文章"]


def test_presets_are_built_offline(tmp_path):
    # A fresh interpreter with sockets disabled builds every preset and tokenizes with it.
    script = """
import socket
def refuse(*args, **kwargs):
    raise OSError("network access in a test")
socket.socket.connect = socket.socket.connect_ex = socket.getaddrinfo = refuse
from kurouge.tokenizers.presets import PRESETS
text = "Running dogs! 今日は晴れ。猫坐在垫子上。ฉันกินข้าว မြန်မာစာ Президент"
for language in [None, "zh", "ja", "th", "my", "ru", "hi", "tr"]:
    assert PRESETS["xlsum"](True, language).tokenize(text)
assert PRESETS["ja-mecab"](True).tokenize(text) and PRESETS["ja-fugashi"](True).tokenize(text)
"""
    env = {**os.environ, "HOME": str(tmp_path), "HF_HUB_OFFLINE": "1"}
    subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, check=True)


def test_preset_names():
    assert list(PRESETS) == ["xlsum", "xlsum-segmented", "ja-mecab", "ja-fugashi"]
    assert len(XLSUM_LANGUAGES) == 43 + 9  # XL-Sum's languages, and those only its stemmers cover
