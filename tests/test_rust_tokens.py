"""rouge-score-rs's Rust text path against rouge-score itself (issue 13, goal 1).

compute(tokenizer="rouge-score") may hand raw texts to rouge-score-rs (`_rougers.tokenize`,
`_rougers.Scorer`) only where that gives rouge-score's tokens and numbers. These differential tests
compare them over every Unicode code point, every general category, mixed scripts, Porter-stressing
words with use_stemmer=True, and multi-line texts for rougeLsum. Lone surrogates cannot cross into
Rust: `_rougers` raises UnicodeEncodeError for them, and the tests pin that so a caller can fall back.
"""

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

_rougers = pytest.importorskip("rouge_score_rs._rougers")
from rouge_score import rouge_scorer  # noqa: E402
from rouge_score.tokenizers import DefaultTokenizer  # noqa: E402

STEMS = (False, True)
PYTHON = {stem: DefaultTokenizer(stem) for stem in STEMS}
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
SETTINGS = settings(max_examples=300, deadline=None)


def rust_tokens(text: str, stem: bool) -> list[str]:
    """Tokens of rouge-score-rs's Rust "rouge-score" profile."""
    return _rougers.tokenize(text, stem)


def python_tokens(text: str, stem: bool) -> list[str]:
    """Tokens of rouge-score's DefaultTokenizer (the reference)."""
    return PYTHON[stem].tokenize(text)


# Characters whose handling is easy to get wrong: str.lower() turns a non-ASCII letter into ASCII
# (U+0130 -> "i" + U+0307, KELVIN SIGN -> "k"), ANGSTROM SIGN, final sigma, ligatures, fullwidth and
# mathematical letters and digits, superscripts, combining marks, every line separator and space.
TRICKY = (
    "\u0130\u212a\u212b\u0131\u017f\u1e9e\u00df\u03a3\u03c2\ufb01\ufb00\uff21\uff41\uff10"
    "\U0001d400\U0001d7ce\u00b2\u2460\u0301\u0307\u20dd\u200d\u200b\ufeff\u00ad"
    "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\u00a0\u3000\t "
)
ASCII = st.characters(min_codepoint=0, max_codepoint=0x7F)
ANY = st.characters(codec="utf-8")  # every category except Cs (lone surrogates, tested apart)
# Mixed scripts: Latin-1 and Extended, Greek, Cyrillic, Armenian, Hebrew, Arabic, Devanagari, Thai,
# Georgian, Hangul Jamo, general punctuation, Hiragana/Katakana, CJK, Hangul syllables, emoji.
SCRIPTS = st.one_of(
    *(
        st.integers(low, high).map(chr)
        for low, high in [
            (0x80, 0x24F),
            (0x370, 0x52F),
            (0x530, 0x6FF),
            (0x900, 0x97F),
            (0xE00, 0xE7F),
            (0x10A0, 0x11FF),
            (0x2000, 0x214F),
            (0x3000, 0x30FF),
            (0x4E00, 0x4E80),
            (0xAC00, 0xAC80),
            (0xFF00, 0xFFEF),
            (0x1F300, 0x1F64F),
        ]
    )
)
CHARS = st.one_of(ASCII, ASCII, st.sampled_from(TRICKY), SCRIPTS, ANY)
TEXT = st.text(CHARS, max_size=80)

# Words that walk Porter's steps (NLTK_EXTENSIONS mode: its irregular-form pool, "ies" on short
# words, the "alli"/"logi"/"fulli" extensions), built from stems and stacked suffixes.
SUFFIXES = (
    "ational tional enci anci izer bli alli entli eli ousli ization ation ator alism iveness fulness "
    "ousness aliti iviti biliti logi fulli lessli icate ative alize iciti ical ful ness al ance ence er "
    "ic able ible ant ement ment ent ion ou ism ate iti ous ive ize ing ed ies sses ss s ly eed ied y e "
    "ll l at bl iz"
).split()
WORD_STEMS = (
    "a b ab bab gener relat condit valen hesit digit conform radic differ vile analog formal sensit "
    "hop hopp fil tann fail cry ski di ly ty sky agre feed plaster bled sing motor oper rat proc exc "
    "succ out inn cann new how"
).split()
POOL = "sky skies dying lying tying news innings inning outings outing cannings canning howe proceed"
SUFFIXED = st.builds(
    lambda stem, suffixes: stem + "".join(suffixes),
    st.sampled_from(["", *WORD_STEMS]),
    st.lists(st.sampled_from(SUFFIXES), min_size=1, max_size=3),
)
WORD = st.one_of(
    SUFFIXED,
    st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=20),
    st.text("aeiouyslnrtbcd0123456789", min_size=1, max_size=12),
    st.sampled_from(POOL.split() + ["exceed", "succeed"]),
)
WORDS = st.lists(WORD, max_size=30).map(" ".join)


@SETTINGS
@given(TEXT)
def test_tokens_over_every_category_and_mixed_scripts(text: str) -> None:
    """Any surrogate-free text: the Rust tokens equal rouge-score's, with and without the stemmer."""
    for stem in STEMS:
        assert rust_tokens(text, stem) == python_tokens(text, stem)


@SETTINGS
@given(st.lists(st.one_of(WORD, st.text(CHARS, max_size=3)), max_size=30).map("".join))
def test_tokens_words_glued_by_any_characters(text: str) -> None:
    """Porter-stressing words glued by arbitrary characters, so a non-ASCII letter splits or joins them."""
    for stem in STEMS:
        assert rust_tokens(text, stem) == python_tokens(text, stem)


@SETTINGS
@given(WORDS)
def test_stemmed_tokens_of_english_like_words(text: str) -> None:
    """use_stemmer=True: Rust's Porter port equals NLTK's PorterStemmer as rouge-score applies it."""
    assert rust_tokens(text, True) == python_tokens(text, True)


def test_porter_irregular_pool() -> None:
    """NLTK_EXTENSIONS' irregular forms and words at the 3/4-character stemming threshold."""
    text = POOL + " exceed succeed dies ties lies flies skis cats caress ponies sing yyyy ying"
    assert rust_tokens(text, True) == python_tokens(text, True)
    assert rust_tokens("skies dying generously 1990s", True) == ["sky", "die", "gener", "1990"]


def _differing(texts: list[str], stem: bool) -> list[str]:
    """The texts whose tokens differ (one call per text: used only to name a failing code point)."""
    return [text for text in texts if rust_tokens(text, stem) != python_tokens(text, stem)]


@pytest.mark.parametrize("stem, pattern", [(False, "a{}b"), (True, "ab{}cd")])
def test_every_code_point(stem: bool, pattern: str) -> None:
    """Every code point but the surrogates, embedded in a word, in chunks; a chunk that differs is
    compared one text at a time so the failure names the code points. With the stemmer, a code point
    that lowercases to ASCII joins "ab" and "cd" into a word Porter stems; the others leave two short
    words that it skips (stemming each of 1.1M long words in Python would take 30 s)."""
    points = [c for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]
    for start in range(0, len(points), 0x10000):
        texts = [pattern.format(chr(c)) for c in points[start : start + 0x10000]]
        joined = " ".join(texts)
        if rust_tokens(joined, stem) != python_tokens(joined, stem):
            at = pattern.index("{}")
            bad = [f"U+{ord(t[at]):04X}" for t in _differing(texts, stem)]
            pytest.fail(f"tokens differ for {bad or 'a chunk only'}")


def test_known_lowercasing_cases() -> None:
    """The characters whose str.lower() is or contains ASCII: both sides lowercase them alike."""
    assert rust_tokens("\u0130stanbul \u212aelvin \u212bngstr\u00f6m", False) == [
        "i",
        "stanbul",
        "kelvin",
        "ngstr",
        "m",
    ]
    assert python_tokens("\u0130stanbul \u212aelvin \u212bngstr\u00f6m", False) == [
        "i",
        "stanbul",
        "kelvin",
        "ngstr",
        "m",
    ]


@settings(max_examples=100, deadline=None)
@given(TEXT, st.integers(0, 80), st.integers(0xD800, 0xDFFF))
def test_lone_surrogate_raises_unicode_encode_error(text: str, at: int, surrogate: int) -> None:
    """Rust cannot hold a lone surrogate: tokenize, score and score_batch raise UnicodeEncodeError
    (the caller falls back to Python). rouge-score treats it as a separator, so replacing it with any
    separator gives rouge-score's tokens."""
    text = text[:at] + chr(surrogate) + text[at:]
    scorer = _rougers.Scorer(TYPES, False)
    for call in (
        lambda: _rougers.tokenize(text, False),
        lambda: scorer.score(text, "a"),
        lambda: scorer.score("a", text),
        lambda: scorer.score_batch(["a", text], ["a", "b"]),
    ):
        with pytest.raises(UnicodeEncodeError):
            call()
    replaced = text.encode("utf-8", "replace").decode("utf-8")
    for stem in STEMS:
        assert rust_tokens(replaced, stem) == python_tokens(text, stem)


# Multi-line texts over a small vocabulary (so n-grams and LCS overlap), with every line separator
# rouge-score does not split on ("\r", "\x85", "\u2028"...), "\r\n", empty lines and token-less lines.
LINE_WORD = st.one_of(
    st.sampled_from("the cat sat on a mat The Cats sitting mats relational 3 4 caf\u00e9 \u0130t".split()),
    st.sampled_from(["--", "...", "\u65e5\u672c", "\u00e9", "\u212a"]),
)
LINE = st.lists(LINE_WORD, max_size=8).map(" ".join)
SEPARATOR = st.sampled_from(["\n", "\n", "\r\n", "\n\n", "\n \n", "\r", "\x85", "\u2028", "\x0b", " "])
MULTILINE = st.builds(
    lambda lines, seps, last: "".join(line + seps[i] for i, line in enumerate(lines)) + last,
    st.lists(LINE, max_size=5),
    st.lists(SEPARATOR, min_size=5, max_size=5),
    LINE,
)


def _tuples(scores: dict) -> dict:
    """Scores as plain (precision, recall, fmeasure) tuples, so both libraries' classes compare."""
    return {name: tuple(score) for name, score in scores.items()}


PYTHON_SCORERS = {stem: rouge_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in STEMS}
RUST_SCORERS = {stem: _rougers.Scorer(TYPES, stem) for stem in STEMS}


@settings(max_examples=200, deadline=None)
@given(MULTILINE, MULTILINE, st.booleans())
def test_scorer_equals_rouge_score(target: str, prediction: str, stem: bool) -> None:
    """Scorer.score gives rouge-score's exact floats for rouge1, rouge2, rougeL and rougeLsum."""
    expected = _tuples(PYTHON_SCORERS[stem].score(target, prediction))
    assert _tuples(RUST_SCORERS[stem].score(target, prediction)) == expected


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(MULTILINE, MULTILINE), max_size=20), st.booleans())
def test_score_batch_equals_rouge_score(pairs: list, stem: bool) -> None:
    """Scorer.score_batch (Rust threads) gives rouge-score's exact floats for every pair, in order."""
    expected = [_tuples(PYTHON_SCORERS[stem].score(t, p)) for t, p in pairs]
    got = RUST_SCORERS[stem].score_batch([t for t, _ in pairs], [p for _, p in pairs])
    assert [_tuples(scores) for scores in got] == expected


@settings(max_examples=100, deadline=None)
@given(st.lists(MULTILINE, min_size=1, max_size=4), MULTILINE, st.booleans())
def test_score_multi_equals_rouge_score(targets: list, prediction: str, stem: bool) -> None:
    """Scorer.score_multi picks rouge-score's best reference per type (first one on ties)."""
    expected = _tuples(PYTHON_SCORERS[stem].score_multi(targets, prediction))
    assert _tuples(RUST_SCORERS[stem].score_multi(targets, prediction)) == expected


@pytest.mark.parametrize(
    "target, prediction",
    [
        ("the cat\r\nsat on\r\nthe mat", "the cat sat\r\non the mat"),
        ("a b\n\n\nc d\n", "c d\na b"),
        ("a b\n--\n\u65e5\u672c\nc d", "\n\nc d\n...\na b"),
        ("a b\x85c d\u2028e f", "e f\nc d\na b"),
        ("", "a"),
        ("\n\n", "\n"),
    ],
)
def test_scorer_line_edges(target: str, prediction: str) -> None:
    """rougeLsum splits on "\\n" only; "\\r\\n", empty lines and lines with no tokens score alike."""
    for stem in STEMS:
        expected = _tuples(PYTHON_SCORERS[stem].score(target, prediction))
        assert _tuples(RUST_SCORERS[stem].score(target, prediction)) == expected


def test_text_batch_leaves_a_batch_rust_cannot_take_to_the_tokens_path():
    """A lone surrogate (refused by every entry point first) makes rouge-score-rs raise: no pair is
    scored from the raw texts, so the engine scores them all from tokens."""
    from kurouge.engine.native import text_batch

    pairs = [("the cat", "the cat"), ("a \ud800", "a b")]
    assert text_batch(pairs, ("rouge1",), ("rouge-score", False)) == [None, None]
    [scored] = text_batch(pairs[:1], ("rouge1",), ("rouge-score", False))
    assert scored["rouge1"].fmeasure == 1.0
