"""Stemmers by language, each against the package or published rule it stands for.

Snowball: PyStemmer (C) against snowballstemmer's pure-Python code generated from the same Snowball
sources, on words written for these tests and on random words in each language's alphabet. Hindi and
Turkish: against the stems XL-Sum's own code gives (tests/xlsum/golden.json, made by
tests/xlsum/make_golden.py). The default rule: against kurenai 0.1.0's tokenizer.
"""

import importlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kurenai.tokenizers import AllCharacterSupportTokenizer

from kurouge.stemmers.registry import HINDI_SUFFIXES, SNOWBALL_LANGUAGES, STEMMER_LANGUAGES, get_stemmer

GOLDEN = json.loads((Path(__file__).parent / "xlsum" / "golden.json").read_text(encoding="utf-8"))

# Lower-case letters of each script, for random words.
LATIN = "abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßčćďěđğıľłńňőœřśşšťůűźżžāēīūąęėįųĉĝĥĵŝŭ"
ALPHABETS = {
    "Latin": LATIN,
    "Cyrillic": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяђјљњћџ",
    "Greek": "αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ",
    "Arabic": "ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچژکگیًٌٍَُِّْ",
    "Armenian": "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆև",
    "Devanagari": "अआइईउऊएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौंःँ्",
    "Tamil": "அஆஇஈஉஊஎஏஐஒஓஔகஙசஞடணதநபமயரலவழளறனாிீுூெேைொோௌ்",
    "Hebrew": "אבגדהוזחטיכךלמםנןסעפףצץקרשת",
}
SCRIPT = {
    "ar": "Arabic",
    "fa": "Arabic",
    "el": "Greek",
    "hy": "Armenian",
    "ne": "Devanagari",
    "ru": "Cyrillic",
    "sr": "Cyrillic",
    "ta": "Tamil",
    "yi": "Hebrew",
}
# Inflected words written for these tests, a few per language.
WORDS = {
    "ar": "الكتاب المكتبات يكتبون كاتبة",
    "ca": "cantàvem cases llibres",
    "cs": "knihami městech ženami",
    "da": "husene bøgerne løbende",
    "de": "häusern kinder laufenden",
    "el": "ανθρώπους δρόμοι γυναίκες",
    "en": "running generalizations happily",
    "eo": "hundoj domojn kuras",
    "es": "corriendo casas libros",
    "et": "raamatutele majades",
    "eu": "etxeetan liburuekin",
    "fa": "کتاب‌ها دانشجویان",
    "fi": "taloissa kirjoista",
    "fr": "maisons continuellement mangeaient",
    "ga": "bhfeirmeacha gníomhaíochtaí",
    "hu": "házakban könyvekkel",
    "hy": "գրքերը տներում",
    "id": "membangunkan pembangunan",
    "it": "case libri parlando",
    "lt": "knygomis namuose",
    "ne": "किताबहरू घरमा",
    "nl": "huizen boeken lopende",
    "no": "husene bøkene",
    "pl": "książkami domach",
    "pt": "casas livros correndo",
    "ro": "cărțile caselor",
    "ru": "книгами бегущие красивыми",
    "sr": "књигама кућама knjigama",
    "st": "batho ditaba",
    "sv": "husen böckerna springande",
    "ta": "புத்தகங்கள் வீடுகளில்",
    "yi": "ביכער הײַזער",
}


def reference_snowball(algorithm):
    """snowballstemmer's pure-Python stemmer for ``algorithm`` (not the PyStemmer it may delegate to)."""
    module = importlib.import_module(f"snowballstemmer.{algorithm}_stemmer")
    name = "".join(part.capitalize() for part in algorithm.split("_")) + "Stemmer"
    return getattr(module, name)()


def test_languages():
    assert set(STEMMER_LANGUAGES) == {*SNOWBALL_LANGUAGES, "bn", "hi", "tr"}
    assert list(STEMMER_LANGUAGES) == sorted(STEMMER_LANGUAGES)
    assert set(WORDS) == set(SNOWBALL_LANGUAGES)


@pytest.mark.parametrize("language", ["ja", "xx", "EN", "english", ""])
def test_unknown_language_lists_what_exists(language):
    with pytest.raises(ValueError, match=r"no stemmer for language=.*; stemmers exist for: ar, bn, .*, tr"):
        get_stemmer(language)


def test_signatures_name_algorithm_and_version():
    from importlib.metadata import version

    assert get_stemmer(None).signature == f"porter[nltk-{version('nltk')}]"
    assert get_stemmer("ru").signature == f"snowball-russian[pystemmer-{version('PyStemmer')}]"
    assert get_stemmer("hi").signature == "hindi-rr2003"
    assert get_stemmer("tr").signature == f"turkishstemmer[TurkishStemmer-{version('TurkishStemmer')}]"


@pytest.mark.parametrize("language", sorted(SNOWBALL_LANGUAGES))
def test_snowball_words_equal_the_reference(language):
    stemmer, reference = get_stemmer(language), reference_snowball(SNOWBALL_LANGUAGES[language])
    words = WORDS[language].split()
    stems = [stemmer.stem(word) for word in words]
    assert stems == [reference.stemWord(word) for word in words]
    assert stems != words  # the words are inflected: a stemmer that did nothing would fail here


@pytest.mark.parametrize("language", sorted(SNOWBALL_LANGUAGES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_snowball_random_words_equal_the_reference(language, data):
    alphabet = ALPHABETS[SCRIPT.get(language, "Latin")]
    words = data.draw(st.lists(st.text(alphabet, min_size=1, max_size=14), min_size=1, max_size=20))
    reference = reference_snowball(SNOWBALL_LANGUAGES[language])
    assert [get_stemmer(language).stem(w) for w in words] == [reference.stemWord(w) for w in words]


@pytest.mark.parametrize("language", ["hi", "tr"])
def test_equals_xlsum_stems(language):
    # XL-Sum stems only tokens longer than 3 characters; its stemmer itself sees every word here.
    stems = GOLDEN["stems"][language]
    stemmer = get_stemmer(language)
    assert {word: stemmer.stem(word) for word in stems} == stems
    assert sum(word != stem for word, stem in stems.items()) >= len(stems) // 2


@settings(max_examples=40, deadline=None)
@given(
    word=st.text(
        st.sampled_from("अआइउएकखगचजतदनपबमयरलवसहािीुूेैोौंँ़्"),
        min_size=1,
        max_size=10,
    )
)
def test_hindi_removes_at_most_one_listed_suffix_and_keeps_two_code_points(word):
    stem = get_stemmer("hi").stem(word)
    assert word.startswith(stem)
    suffix = word[len(stem) :]
    assert suffix == "" or suffix in HINDI_SUFFIXES[len(suffix)]
    assert suffix == "" or len(stem) >= 2
    # The longest listed suffix that fits is the one removed.
    fitting = [n for n, group in HINDI_SUFFIXES.items() if len(word) > n + 1 and word.endswith(group)]
    assert all(n <= len(suffix) for n in fitting)


@settings(max_examples=200, deadline=None)
@given(token=st.one_of(st.text(min_size=0, max_size=12), st.text("abcdefgilmnorstuyz0129", max_size=12)))
def test_default_rule_equals_kurenai(token):
    # kurenai 0.1.0 lower-cases and splits on whitespace: compare on tokens it keeps whole.
    token = token.lower()
    if len(token.split()) == 1 and token.split()[0] == token:
        kurenai = AllCharacterSupportTokenizer(use_stemmer=True)
        assert [get_stemmer(None).stem(token)] == kurenai.tokenize(token)


def test_default_rule_stems_only_long_ascii_words():
    stem = get_stemmer(None).stem
    assert [stem(t) for t in ["running", "dogs", "was", "runs", "café", "naïve", "run-ning", "ran2"]] == [
        "run",
        "dog",
        "was",
        "run",
        "café",
        "naïve",
        "run-ning",
        "ran2",
    ]
