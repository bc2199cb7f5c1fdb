"""The Unicode rules of "word", "cjk" and "char": normalisation, UAX #29 words and grapheme clusters.

uniseg (a pure-Python UAX #29 implementation, Unicode 16) is the independent oracle for the word
boundaries and grapheme clusters that rouge_words takes from the regex package. Every sentence was
written by the team for these tests.
"""

import string
import unicodedata
from unittest import mock

import pytest
import regex
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rouge_score_rs import _rougers
from uniseg.graphemecluster import grapheme_clusters
from uniseg.wordbreak import words as uniseg_words

import kurouge
from kurouge.settings import get_tokenizer
from kurouge.tokenizers import words as rouge_words
from kurouge.tokenizers.invisible import drop_invisible
from kurouge.tokenizers.words import CJK_CLASS, cjk_tokens, grapheme_tokens, normalise, word_tokens

# Letters, marks and digits of scripts written with spaces (Latin with accents and combining marks,
# Cyrillic, Greek with final sigma, Armenian, Georgian, Hebrew with niqqud, Arabic with harakat,
# Persian, Devanagari with virama and nukta, Bengali, Gurmukhi, Tamil, Telugu, Sinhala, Ethiopic,
# Hangul), Han and kana, digits in several scripts.
LETTERS = (
    "aAzZéÉçñøßİıﬁ\u0301\u0308"
    "мирМИРёЁ"
    "αβγΣσςάΐ"
    "բարևԱ"
    "ქართ"
    "שָׁלוֹם"
    "مَرْحَبًاءئ"
    "میخواهمگچپ"
    "हिन्दीक़ष"
    "বাংলার্যাব"
    "ਪੰਜਾਬੀ"
    "தமிழ்"
    "తెలుగు"
    "ශ්රීලංකා"
    "አማርኛ"
    "한국어하각"
    "日本語カタカナひらがな中文"
    "0123456789٣٤۵६৭"
)
PUNCTUATION = ',.!?;:«»"“”()[]{}—–-…¿¡·、。！？،؟।॥'
SPACES = " \t\n\u3000"
JOINERS = "\u200c\u200d"
EMOJI = "👨👩👧😀🇯🇵\ufe0f"

many_scripts = st.text(LETTERS + PUNCTUATION + SPACES, max_size=30)
EXAMPLES = settings(max_examples=150, deadline=None)


def has_letter_or_digit(text):
    return any(unicodedata.category(char)[0] in "LN" for char in text)


# --- golden tokens for the examples of issue 12 ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Russian: punctuation and guillemets are not part of a word.
        ("мир, «мир» мир!", ["мир", "мир", "мир"]),
        # Arabic: the Arabic comma and the full stop go; harakat stay inside their word.
        ("ذَهَبَ الوَلَدُ إلى المَدرسةِ، ثمّ عاد.", ["ذَهَبَ", "الوَلَدُ", "إلى", "المَدرسةِ", "ثمّ", "عاد"]),
        # Numbers stay whole, with their decimal point or thousands separator.
        ("π ≈ 3.14, 1,000 people; 2024年", ["π", "3.14", "1,000", "people", "2024", "年"]),
        # UAX #29 keeps a full stop or apostrophe between letters inside the word.
        ("Don't visit the U.S.A. (really)", ["don't", "visit", "the", "u.s.a", "really"]),
        # Case folding: ß is ss, final sigma is sigma; NFKC: full-width and ligatures.
        ("STRASSE Straße ΟΔΟΣ οδος ＡＩ ﬁle", ["strasse", "strasse", "οδοσ", "οδοσ", "ai", "file"]),
        # Devanagari and Bengali words with vowel signs and viramas are one token each.
        ("हिन्दी भाषा। বাংলা ভাষা", ["हिन्दी", "भाषा", "বাংলা", "ভাষা"]),
        # Emoji and symbols are dropped.
        ("I ❤️ 👨\u200d👩\u200d👧 $5", ["i", "5"]),
    ],
)
def test_word_tokens(text, expected):
    assert get_tokenizer("word").tokenize(text) == expected


@pytest.mark.parametrize(
    ("with_joiner", "without"),
    [
        ("র\u200d্যাব", "র্যাব"),  # Bengali RAB: ZWJ asks for the ya-phala form of the conjunct
        ("ශ්\u200dරී", "ශ්රී"),  # Sinhala SRI: ZWJ asks for the touching form
        ("می\u200cخواهم", "میخواهم"),  # Persian "I want": ZWNJ keeps the prefix unjoined
    ],
)
@pytest.mark.parametrize("name", ["word", "cjk"])
def test_an_optional_joiner_changes_nothing(name, with_joiner, without):
    # Each stays one word, the same with and without its joiner (cjk used to split it in two).
    assert get_tokenizer(name).tokenize(with_joiner) == get_tokenizer(name).tokenize(without) == [without]


def test_joiner_pairs_score_1_with_word_and_cjk(rouge):
    prediction, reference = "আমি র\u200d্যাব দেখেছি", "আমি র্যাব দেখেছি"
    for name in ("word", "cjk"):
        assert (
            rouge.compute(predictions=[prediction], references=[reference], tokenizer=name)["rouge1"] == 1.0
        )


def test_vietnamese_nfd_against_nfc(rouge):
    # "Tôi yêu Việt Nam": NFD writes ô, ê, ệ with combining marks. The whitespace tokenizer matches
    # only "nam" (1 of 4); word normalises and matches all four.
    nfc = "Tôi yêu Việt Nam"
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfd != nfc
    assert rouge.compute(predictions=[nfd], references=[nfc], rouge_types=["rouge1"]) == {"rouge1": 0.25}
    assert rouge.compute(predictions=[nfd], references=[nfc], rouge_types=["rouge1"], language="vi") == {
        "rouge1": 1.0
    }


def test_russian_punctuation(rouge):
    # Whitespace tokens мир, / «мир» / мир! share nothing with мир мир мир; words share all three.
    prediction, reference = "мир, «мир» мир!", "мир мир мир"
    assert get_tokenizer(None).tokenize(prediction) == ["мир,", "«мир»", "мир!"]
    assert rouge.compute(predictions=[prediction], references=[reference], rouge_types=["rouge1"]) == {
        "rouge1": 0.0
    }
    assert rouge.compute(
        predictions=[prediction], references=[reference], rouge_types=["rouge1"], language="ru"
    ) == {"rouge1": 1.0}


def test_arabic_punctuation(rouge):
    # Whitespace: المدرسة، and عاد. differ from المدرسة and عاد, so 4 of 6 words match (F 2/3);
    # words: all 6.
    prediction, reference = "ذهب الولد إلى المدرسة، ثم عاد.", "ذهب الولد إلى المدرسة ثم عاد"
    whitespace = rouge.compute(predictions=[prediction], references=[reference], rouge_types=["rouge1"])
    assert whitespace["rouge1"] == pytest.approx(2 / 3, abs=1e-15)
    assert rouge.compute(
        predictions=[prediction], references=[reference], rouge_types=["rouge1"], language="ar"
    ) == {"rouge1": 1.0}


# --- char: grapheme clusters ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A consonant with its vowel sign is one unit; a conjunct (न्द) joins its vowel sign (Unicode 15.1).
        ("हिन्दी", ["हि", "न्दी"]),
        ("नमस्ते", ["न", "म", "स्ते"]),
        # An emoji ZWJ sequence and a flag are one unit each.
        ("👨\u200d👩\u200d👧 🇯🇵", ["👨\u200d👩\u200d👧", "🇯🇵"]),
        # CJK and precomposed Latin are unchanged; decomposed Latin becomes the precomposed letter.
        ("今日は café cafe\u0301", ["今", "日", "は", "c", "a", "f", "é", "c", "a", "f", "é"]),
        # Thai: a consonant with its vowel and tone marks.
        ("ก๋วย", ["ก๋", "ว", "ย"]),
    ],
)
def test_char_tokens(text, expected):
    assert get_tokenizer("char").tokenize(text) == expected


def test_unrelated_hindi_sentences_score_low_by_graphemes(rouge):
    # "The boy goes to school" and "Mother is cooking food": no shared word. By code points (the old
    # char tokenizer) vowel signs and viramas match everywhere; by graphemes few units are shared.
    prediction, reference = "लड़का स्कूल जाता है", "माँ खाना बना रही है"
    by_graphemes = rouge.compute(
        predictions=[prediction], references=[reference], tokenizer="char", rouge_types=["rouge1"]
    )["rouge1"]
    code_points = rouge.compute(
        predictions=[prediction], references=[reference], tokenizer=list, rouge_types=["rouge1"]
    )["rouge1"]
    words = rouge.compute(
        predictions=[prediction], references=[reference], language="hi", rouge_types=["rouge1"]
    )["rouge1"]
    # है is the one shared word (1 of 4 and 1 of 5: F 2/9) and the one shared grapheme of 8 and 8:
    # ल ड़ का स्कू ल जा ता है against माँ खा ना ब ना र ही है.
    assert words == pytest.approx(2 / 9, abs=1e-15)
    assert by_graphemes == 0.125
    assert code_points == pytest.approx(8 / 19, abs=1e-15)


# --- properties over random text in many scripts -----------------------------------------------------


@EXAMPLES
@given(text=many_scripts, data=st.data(), name=st.sampled_from(["word", "cjk", "char"]))
def test_joiners_change_nothing(text, data, name):
    # Optional joiners anywhere (outside emoji sequences) give the same tokens as the text without them.
    positions = data.draw(st.lists(st.integers(0, len(text)), max_size=5))
    joiners = data.draw(st.lists(st.sampled_from(JOINERS), min_size=len(positions), max_size=len(positions)))
    with_joiners = text
    for position, joiner in sorted(zip(positions, joiners, strict=True), reverse=True):
        with_joiners = with_joiners[:position] + joiner + with_joiners[position:]
    tokenize = get_tokenizer(name).tokenize
    assert tokenize(with_joiners) == tokenize(text)


@EXAMPLES
@given(text=many_scripts, name=st.sampled_from(["word", "cjk", "char"]))
def test_normalisation_form_changes_nothing(text, name):
    tokenize = get_tokenizer(name).tokenize
    expected = tokenize(text)
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert tokenize(unicodedata.normalize(form, text)) == expected


WORD = st.text(LETTERS, min_size=1, max_size=8)
EDGE = st.text(PUNCTUATION, max_size=3)


@EXAMPLES
@given(words=st.lists(st.tuples(EDGE, WORD, EDGE), max_size=6))
def test_punctuation_around_words_changes_nothing(words):
    # Punctuation before or after a word, as in «мир», (мир) or мир!, is not part of it.
    bare = " ".join(word for _, word, _ in words)
    punctuated = " ".join(before + word + after for before, word, after in words)
    assert word_tokens(punctuated) == word_tokens(bare)


# Where regex's word boundaries differ from UAX #29 (and from uniseg): a combining mark or format
# character next to mid-word punctuation (". : , ' ·"), where UAX #29 ignores the mark and keeps
# "डॉ.राम" one word but regex breaks after the full stop (word_tokens drops the full stop); and a
# regional indicator (half a flag) followed by a letter, where regex finds no boundary and the
# letters are lost. Real flags (two indicators) are not affected.
MID = r"[\p{WB=MidLetter}\p{WB=MidNum}\p{WB=MidNumLet}\p{WB=Single_Quote}]"
REGEX_DEVIATIONS = regex.compile(
    rf"\p{{RI}}[\p{{M}}\p{{Cf}}]*[\p{{L}}\p{{N}}]|[\p{{M}}\p{{Cf}}]{MID}|{MID}[\p{{M}}\p{{Cf}}]", regex.V1
)


def test_the_known_deviations_from_uax29():
    assert word_tokens("डॉ.राम") == ["डॉ", "राम"] and list(uniseg_words("डॉ.राम")) == ["डॉ.राम"]
    assert word_tokens("\U0001f1f5ርα") == []
    assert word_tokens("🇯🇵Japan") == ["japan"]


@EXAMPLES
@given(text=st.one_of(many_scripts, st.text(LETTERS + PUNCTUATION + SPACES + EMOJI + JOINERS, max_size=30)))
def test_words_are_uniseg_words(text):
    # The independent implementation of UAX #29 finds the same words in the normalised text.
    assume(not REGEX_DEVIATIONS.search(normalise(text)))
    expected = [word for word in uniseg_words(normalise(text)) if has_letter_or_digit(word)]
    assert word_tokens(text) == expected


@EXAMPLES
@given(text=st.one_of(many_scripts, st.text(LETTERS + PUNCTUATION + SPACES + EMOJI + JOINERS, max_size=30)))
def test_char_is_the_grapheme_clusters_of_the_normalised_text(text):
    expected = [cluster for cluster in grapheme_clusters(normalise(text)) if not cluster.isspace()]
    assert grapheme_tokens(text) == expected
    assert get_tokenizer("char").tokenize(text) == expected


@EXAMPLES
@given(text=many_scripts)
def test_cjk_is_word_with_han_and_kana_split(text):
    # Joined back, cjk's tokens are word's; no cjk token holds two Han or kana characters.
    assert "".join(cjk_tokens(text)) == "".join(word_tokens(text))
    cjk = set("日本語カタカナひらがな中文")
    assert all(sum(char in cjk for char in token) <= 1 for token in cjk_tokens(text))


@settings(max_examples=400, deadline=None)
@given(
    text=st.one_of(
        st.text(st.characters(exclude_categories=("Cs",)), max_size=20),
        st.text(st.characters(max_codepoint=0x7F), max_size=20),
        st.text("aΣσςꭰᏸİﬁ🇯🇵 \r\n" + "日本" + "\u0301", max_size=20),
    )
)
def test_the_shortcuts_for_plain_text_change_no_token(text):
    # grapheme_tokens skips the cluster rule for text in which no character can join another, and
    # tokenize skips lower-casing text that it would not change: both against the long way round
    # (tokenize gives segment the text without invisible format characters).
    clusters = regex.findall(r"\X", normalise(text), flags=regex.V1)
    assert grapheme_tokens(text) == [cluster for cluster in clusters if not cluster.isspace()]
    for name in ("word", "cjk", "char"):
        tokenizer = get_tokenizer(name)
        assert tokenizer.tokenize(text) == [
            token.lower() for token in tokenizer.segment(drop_invisible(text))
        ]


def cjk_tokens_word_by_word(text):
    """cjk's rule spelled out: each word of word_tokens, cut into CJK characters and other runs."""
    cjk = rf"{CJK_CLASS}\p{{M}}*|(?:(?!{CJK_CLASS}).)+"
    return [
        piece
        for word in word_tokens(text)
        for piece in regex.findall(cjk, word, flags=regex.V1 | regex.DOTALL)
        if regex.search(r"[\p{L}\p{N}]", piece)
    ]


@settings(max_examples=400, deadline=None)
@given(
    text=st.one_of(
        many_scripts,
        st.text(st.characters(exclude_categories=("Cs",)), max_size=20),
        st.text("カタナひら日本ー々〇_＿a1 .'\u0301\u3099\u200d", max_size=20),
    )
)
def test_cjk_tokens_shortcuts_change_no_token(text):
    # Text without CJK keeps word's tokens; a word of CJK characters alone is cut into characters.
    assert cjk_tokens(text) == cjk_tokens_word_by_word(text)


# --- the stdlib `re` patterns for text of a few classes of characters -------------------------------

# Neighbours of every class the patterns tell apart: letters (ASCII, Latin-1, Cyrillic), digits (ASCII,
# Arabic-Indic), the mid-word punctuation, katakana, Han and hiragana, other punctuation, spaces.
NEIGHBOURS = "aéж1٣.,:;'’・カーひ日。 \n-"
CONTEXTS = ["{}", "a{}b", "1{}2", "{}{}", "ア{}イ", "日{}本", "a{}1", "1{}a", "x.{}", "{}.x", "9,{}", "{}'s"]


def long_way(function, text):
    """``function(text)`` by `regex`'s word boundaries, the stdlib patterns turned off."""
    with mock.patch.object(rouge_words, "_fast_tokens", lambda normalised, kind: None):
        return function(text)


def test_fast_patterns_over_every_character_of_their_blocks():
    # Every character of the blocks (and ASCII) in contexts with every class: where the stdlib patterns
    # take a text, their words and cjk tokens are those of regex's UAX #29 boundaries.
    points = [*range(0x80), *(point for low, high in rouge_words._FAST_BLOCKS for point in range(low, high))]
    texts = [context.replace("{}", chr(point)) for point in points for context in CONTEXTS]
    texts += [f"{x}{chr(point)}{y}" for point in points[::11] for x in NEIGHBOURS for y in NEIGHBOURS[::3]]
    taken = [text for text in texts if rouge_words._fast_tokens(normalise(text), "word") is not None]
    assert len(taken) > len(texts) // 2  # the Han blocks at least
    for start in range(0, len(taken), 5000):
        joined = " ".join(taken[start : start + 5000])
        for function in (word_tokens, cjk_tokens):
            if function(joined) != long_way(function, joined):
                bad = [
                    text for text in taken[start : start + 5000] if function(text) != long_way(function, text)
                ]
                pytest.fail(f"{function.__name__} differs on {bad[:20]}")


@settings(max_examples=500, deadline=None)
@given(
    text=st.one_of(
        st.text(NEIGHBOURS + "Ab_0“”〜\t", max_size=25),
        st.text(st.characters(max_codepoint=0x7F), max_size=25),
        st.text(
            st.characters(min_codepoint=0x80, max_codepoint=0x206F) | st.sampled_from(NEIGHBOURS), max_size=12
        ),
        many_scripts,
    )
)
def test_fast_patterns_give_the_long_ways_tokens(text):
    assert word_tokens(text) == long_way(word_tokens, text)
    assert cjk_tokens(text) == long_way(cjk_tokens, text)


@pytest.mark.parametrize("tokenize", [word_tokens, cjk_tokens])
def test_a_word_after_an_opening_apostrophe_is_kept(tokenize):
    """UAX #29 breaks after an apostrophe that follows no letter; regex finds no boundary before a
    vowel there (its elision rule), and the word was lost: "he said 'apple pie'" scored as "he said pie"."""
    assert tokenize("he said 'apple pie'") == ["he", "said", "apple", "pie"]
    assert tokenize("the 'other' one, ’em, 1'a") == ["the", "other", "one", "em", "1", "a"]
    assert tokenize("l'amie, don't, x’apple") == ["l'amie", "don't", "x’apple"]  # between letters: one word
    scored = kurouge.score(
        ["he said 'apple pie'"], ["he said apple pie"], language="en", rouge_types=["rouge1"]
    )
    assert scored == {"rouge1": 1.0}


# Letters (with vowels and accented ones), digits, apostrophes and the punctuation around them, kana and
# Han: texts on which word_tokens and rouge-score-rs's Unicode profile agree, by both UAX #29.
UNICODE_PROFILE_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + " '’.,:;!?-_\n\"()" + "éàÉアイ漢字あい", max_size=16
)


@settings(max_examples=2000, deadline=None)
@given(UNICODE_PROFILE_TEXT)
def test_word_tokens_equal_rouge_score_rs_unicode_profile(text):
    """A differential test against code this project did not write (rouge-score-rs 0.2.1, unicode-v1)."""
    assert word_tokens(text) == _rougers.tokenize(text, False, "unicode-v1")
