"""The Bengali stemmer (rouge_bengali) against XL-Sum's installed stemmer.

tests/xlsum/bengali_stems.json holds the stems that ``RafiStemmer`` of abhik1505040/bengali-stemmer
(the package XL-Sum installs) gives for thousands of Bengali words; it is made by
tests/xlsum/make_bengali_stems.py from a checkout that is never part of this repository.
"""

import json
from pathlib import Path

import pytest

from kurouge.stemmers.bengali import YYA, BengaliStemmer
from kurouge.stemmers.registry import get_stemmer
from kurouge.tokenizers.presets import XLSumTokenizer

HERE = Path(__file__).parent / "xlsum"
STEMS = json.loads((HERE / "bengali_stems.json").read_text(encoding="utf-8"))["stems"]
GOLDEN = json.loads((HERE / "golden.json").read_text(encoding="utf-8"))


def test_stems_equal_xlsum_stemmer_on_every_word():
    stemmer = BengaliStemmer()
    got = {word: stemmer.stem(word) for word in STEMS}
    assert got == STEMS
    assert len(STEMS) > 9000


def test_written_words_equal_xlsum():
    stemmer = get_stemmer("bn")
    assert {word: stemmer.stem(word) for word in GOLDEN["stems"]["bn"]} == GOLDEN["stems"]["bn"]


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("করেছেন", "কর"),
        ("পারব", "পার"),  # a replacement: রব -> র
        ("এটাকে", "এ"),  # two groups: কে, then টা
        (f"পে{YYA}ে", "পা"),  # েয়ে -> া, with য় as one code point
        ("পেয়ে", "পেয়"),  # with য + nukta the rule does not match: only ে is removed
        ("কে", "ক"),
        ("েকে", "েক"),  # কে would leave only a vowel sign: kept, and the group ends
        ("হাসেছিলেন", "হাস"),  # ে.েছিলেন matches only a literal full stop; েছিলেন applies
        ("হে.েছিলেন", "হা."),
    ],
)
def test_rules_as_xlsum_applies_them(word, stem):
    assert STEMS[word] == stem
    assert BengaliStemmer().stem(word) == stem


def test_xlsum_tokenizer_stems_bengali():
    tokenizer = XLSumTokenizer(use_stemmer=True, language="bn")
    assert tokenizer.tokenize("দর্শকেরা হতাশ হয়েছেন।") == ["দর্শক", "হতাশ", "হয়"]
    assert "stem=bengali-rafikamal2014" in tokenizer.signature
