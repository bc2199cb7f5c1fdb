"""word and cjk hand a text to rouge-score-rs raw only where its Unicode profile gives their tokens.

Differential tests against rouge-score-rs 0.2.1 (`unicode-v1`), code this project did not write: every
character the route takes, in context, and random text of them; then the numbers of compute() by the
route equal those by the tokens' path on texts the route takes and texts it leaves.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge_score_rs import _rougers

import kurouge
from kurouge.engine.native import text_batch
from kurouge.settings import get_tokenizer
from kurouge.tokenizers.profiles import PROFILE, profile_chars, reads_as_profile

KINDS = ("word", "cjk")
# Neighbours that meet each character's word-break rules: letters, digits, mid-word punctuation,
# apostrophes, spaces and newlines, kana and Han.
NEIGHBOURS = ["a", "É", "1", "'", "’", ".", ",", ":", " ", "\n", "_", "あ", "漢", "ア", "ー", "a'", "1."]


def profile_tokens(text):
    return _rougers.tokenize(text, False, PROFILE)


@pytest.mark.parametrize("kind", KINDS)
def test_every_character_the_route_takes_is_read_alike_in_context(kind):
    tokenize = get_tokenizer(kind).tokenize
    takes = reads_as_profile(kind)
    neighbours = [n for n in NEIGHBOURS if takes(n)]
    chars = profile_chars(kind)
    assert len(chars) > 21_000 and "a" in chars and "漢" in chars
    for char in chars:
        if "\u4e00" <= char <= "\u9fff":  # the Han block's characters share every property that matters
            texts = [char, f"a{char}1", f"ア{char}'a", f"{char}{char}"]
        else:
            texts = [char, *(n + char for n in neighbours), *(char + n for n in neighbours), f"a{char}1"]
        for text in texts:
            assert tokenize(text) == profile_tokens(text), (kind, hex(ord(char)), text)


def test_the_route_leaves_the_characters_it_cannot_vouch_for():
    word, cjk = reads_as_profile("word"), reads_as_profile("cjk")
    assert word("The cat's 'apple' 3.14, 今日は「晴れ」ですカタカナ") and cjk("今日は「晴れ」です")
    assert word("“α” ★ ♪ ● café — Ωμέγα, Москва") and cjk("“今日” ★ ♪")
    for text in ["x\u0301", "İ", "゛", "゠", "❶", "⓫", "\u200b", "\u2060", "\x00", "\ud800"]:
        assert not word(text) and not cjk(text)
    for text in ["カタカナ", "々", "_", "ー"]:  # cjk splits these; UAX #29 joins them
        assert not cjk(text)


# Random text of a kind's characters, with ASCII letters, digits and punctuation drawn often.
PROFILE_TEXT = {
    kind: st.lists(
        st.one_of(st.sampled_from(profile_chars(kind)), st.sampled_from("ab1 '.,\n’:")), max_size=20
    ).map("".join)
    for kind in KINDS
}


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=1500, deadline=None)
@given(data=st.data())
def test_random_text_of_those_characters_is_read_alike(kind, data):
    text = data.draw(PROFILE_TEXT[kind])
    assert get_tokenizer(kind).tokenize(text) == profile_tokens(text)


def test_a_pair_with_a_text_the_route_refuses_is_left_to_the_tokens_path():
    types = ("rouge1", "rougeL")
    pairs = [("the cat sat", "the cat"), ("the cat sat", "the cat\u0301"), ("❶ x", "x")]
    scored = text_batch(pairs, types, (PROFILE, False), reads_as_profile("word"))
    assert scored[0] is not None and scored[1] is None and scored[2] is None


MIXED = [
    ("The cat sat on the mat.", "the cat sat on a mat"),
    ("he said 'apple pie'\nthen left", "He said apple pie.\nThen he left."),
    ("今日は晴れです。カタカナ", "今日は雨です。カタカナ"),
    ("naïve café résumé", "naive cafe resume"),
    ("x\u0301 y'\u0301a", "x y'a"),  # marks: the tokens' path
    ("α β ★ ❶", "α β"),
    ("", "a"),
    ("3.14 and 1,000", "3.14, 1,000!"),
]


@pytest.mark.parametrize("kind", KINDS)
def test_compute_by_the_route_equals_compute_by_the_tokens_path(kind):
    predictions, references = [p for p, _ in MIXED], [r for _, r in MIXED]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    tokenize = get_tokenizer(kind).tokenize
    takes = reads_as_profile(kind)
    routed_pairs = sum(takes(p) and takes(r) for p, r in MIXED)
    assert 0 < routed_pairs < len(MIXED)  # both paths are taken
    routed = kurouge.score(predictions, references, rouge_types=types, tokenizer=kind, use_aggregator=False)
    plain = kurouge.score(
        predictions,
        references,
        rouge_types=types,
        tokenizer=lambda text: tokenize(text),
        use_aggregator=False,
    )
    assert routed == plain


def test_only_a_tokenizer_without_a_stemmer_takes_the_route():
    assert get_tokenizer("word").native_takes is reads_as_profile("word")
    assert not hasattr(get_tokenizer("word", use_stemmer=True, language="en"), "native_takes")
    assert not hasattr(get_tokenizer("char"), "native_takes")
