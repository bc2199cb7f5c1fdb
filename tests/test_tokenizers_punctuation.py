"""Punctuation at the edge of a token is trimmed by the language tokenizers as by ``word`` (issue 31).

jieba glues ``%`` and ``+`` to its Latin and digit runs (``247%``, ``c++``); ``cjk``, ``word`` and
Sudachi give ``247``.
"""

import warnings

import pytest

from kurouge.api import score
from kurouge.settings import get_tokenizer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("利润率增长247%", ["利润率", "增长", "247"]),
        ("增长3.5%", ["增长", "3.5"]),
        ("利润100％", ["利润", "100"]),  # full-width ％, NFKC %
        ("我用c++和at&t", ["我用", "c", "和", "at", "t"]),
        ("C#语言", ["c", "语言"]),
        ("版本v2.0-beta发布", ["版本", "v2.0", "beta", "发布"]),  # inside a token: kept
    ],
)
def test_zh_trims_punctuation_at_the_edges_of_its_tokens(text, expected):
    assert get_tokenizer("zh").tokenize(text) == expected


@pytest.mark.parametrize("text", ["利润率增长247%", "增长3.5%", "利润100％", "c++", "50%以上"])
def test_zh_numbers_and_latin_words_are_those_of_word(text):
    latin_and_digits = [token for token in get_tokenizer("zh").tokenize(text) if token.isascii()]
    assert latin_and_digits == [token for token in get_tokenizer("word").tokenize(text) if token.isascii()]


@pytest.mark.parametrize("name", ["zh", "cjk"])
def test_the_issue_pair_scores_one(name):
    # Before: rouge1 0.667 with zh (247% is not 247), 1.0 with cjk.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = score(["利润率增长247%"], ["利润率增长247"], tokenizer=name, rouge_types=["rouge1"])
    assert result["rouge1"] == 1.0


def test_the_signature_names_the_trimming():
    assert "punct-trimmed" in get_tokenizer("zh").signature
