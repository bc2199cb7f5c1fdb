"""compute(implementation=...) against the real tools it reproduces (test oracles in requirements-dev).

rouge-chinese 1.0.3, pltrdy's rouge 1.0.1 and LongBench's metric in lm-eval 0.4.13 (tests/peers.py)
are called on the same texts: hypothesis-generated ones
(mixed scripts, punctuation only, repeated words, sentence ends of both tools, spaces) and samples
written here; every value, per example and averaged, is equal (`==`).
"""

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from peers import peer_scores
from rouge import Rouge as PltrdyRouge
from rouge_chinese import Rouge as ChineseRouge

import kurouge
from kurouge.implementations import pltrdy

TOOLS = {"rouge-chinese": ChineseRouge, "rouge": PltrdyRouge}
TYPES = ["rouge1", "rouge2", "rougeL"]
# Words that repeat, in several scripts and cases, with the punctuation the tools cut sentences at.
WORDS = [
    "the",
    "The",
    "cat",
    "u.s.",
    "猫",
    "今天",
    "天气",
    "很",
    "好",
    "。",
    "！",
    "?",
    "？",
    "...",
    "……",
    "”",
    "’",
    ",",
    "a",
]
SPACES = [" ", "  ", "\n", "\t", "\u3000", ""]
TEXT = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SPACES)), min_size=1, max_size=25).map(
    lambda parts: "".join(word + space for word, space in parts)
)


def scorable(name, text):
    try:
        TOOLS[name]().get_scores(text, "a")
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("name", list(TOOLS))
@settings(max_examples=300, deadline=None)
@given(pairs=st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=4))
def test_every_value_equals_the_tool(name, pairs):
    pairs = [(p, r) for p, r in pairs if scorable(name, p) and scorable(name, r)]
    if not pairs:
        return
    predictions, references = [p for p, _ in pairs], [r for _, r in pairs]
    per_example, aggregate = peer_scores(name, predictions, references, detailed=True)
    options = {"implementation": name, "rouge_types": TYPES}
    got = kurouge.score(predictions, references, use_aggregator=False, detailed=True, **options)
    assert got == per_example
    assert kurouge.score(predictions, references, **options) == aggregate


SAMPLES = [
    ("我 爱 北京 天安门 。 天安门 上 太阳 升", "我 爱 北京 。 太阳 升 起来"),
    ("今天 天气 很 好 ！ “ 是 吗 ？ ” 他 问", "今天 天气 不错 。 他 问 了"),
    ("the u.s. said it would act . officials agreed", "The U.S. says it will act. Officials agree."),
    ("a a a b b", "a b a b"),
    ("。。。", "x"),
    ("東京 は 晴れ 。 明日 は 雨", "東京 は 雨 。 明日 も 雨"),
]


@pytest.mark.parametrize("name", list(TOOLS))
def test_samples_in_chinese_japanese_and_english(name):
    predictions, references = [p for p, _ in SAMPLES], [r for _, r in SAMPLES]
    per_example, aggregate = peer_scores(name, predictions, references, detailed=True)
    options = {"implementation": name, "rouge_types": TYPES}
    assert (
        kurouge.score(predictions, references, use_aggregator=False, detailed=True, **options) == per_example
    )
    assert kurouge.score(predictions, references, **options) == aggregate


def test_a_long_sentence_is_scored_where_pltrdy_recurses_too_deep():
    words = " ".join(f"w{i % 50}" for i in range(1200))
    with pytest.raises(RecursionError):
        PltrdyRouge().get_scores(words, words)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    try:
        tool = PltrdyRouge().get_scores(words, words)[0]["rouge-l"]["f"]
    finally:
        sys.setrecursionlimit(limit)
    assert kurouge.score([words], [words], implementation="rouge", rouge_types=["rougeL"]) == {"rougeL": tool}
    assert pltrdy.lcs_words(words.split(), words.split()) == set(words.split())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"implementation": "rouge-chinese", "tokenizer": "zh"}, "drop tokenizer"),
        ({"implementation": "rouge", "rouge155": "-n 2"}, "drop rouge155"),
        ({"implementation": "rouge", "language": "en", "use_stemmer": True}, "drop use_stemmer, language"),
        ({"implementation": "rouge", "bootstrap": True}, "drop bootstrap"),
        (
            {"implementation": "sumy"},
            "implementation='sumy' is not known; choose one of: 'rouge-score', 'ROUGE-1.5.5', 'xlsum'",
        ),
        ({"implementation": "rouge", "rouge_types": ["rougeLsum"]}, "has no rougeLsum"),
        ({"implementation": 3}, "takes a tool's name, got 3"),
    ],
)
def test_what_an_implementation_cannot_take_is_a_clear_error(options, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        kurouge.score(["a b"], ["a b"], **options)


def test_an_empty_text_is_the_tool_s_error_naming_the_example():
    with pytest.raises(
        ValueError, match=r"cannot score example 1: the tool raises ValueError\(Hypothesis is empty.\)"
    ):
        kurouge.score(["a", "  "], ["a", "b"], implementation="rouge-chinese")
    with pytest.raises(ValueError, match="Hypothesis is empty"):
        ChineseRouge().get_scores("  ", "b")
    with pytest.raises(ValueError, match="example 0 has 2"):
        kurouge.score(["a"], [["a", "b"]], implementation="rouge")


def test_the_signature_names_the_tool_and_its_version(rouge):
    result = rouge.compute(
        predictions=["a b"], references=["a c"], implementation="rouge-chinese", return_signature=True
    )
    assert result["signature"] == "impl:rouge-chinese-1.0.3|agg:mean-in-order|kurenai_rouge:0.1.0"
    per_example = kurouge.score(
        ["a b"], ["a c"], implementation="rouge", use_aggregator=False, return_signature=True
    )
    assert per_example["signature"].startswith("impl:rouge(pltrdy)-1.0.1|agg:none|")


def test_the_metric_checks_the_implementation_before_it_stores_inputs(rouge):
    with pytest.raises(ValueError, match="drop tokenizer"):
        rouge.compute(predictions=["a"], references=["a"], implementation="rouge", tokenizer="word")
    assert rouge.compute(
        predictions=["a b"], references=["a b"], implementation="rouge", rouge_types="rouge1"
    ) == {"rouge1": pytest.approx(1.0)}


# LongBench through lm-evaluation-harness's own code path (lm_eval/tasks/longbench/metrics.py).
ANSWERS = st.lists(st.one_of(TEXT, st.just(""), st.just(" . ")), min_size=1, max_size=3)


@pytest.mark.parametrize("language", ["en", "zh"])
@settings(max_examples=150, deadline=None)
@given(
    documents=st.lists(
        st.tuples(st.one_of(TEXT, st.just(""), st.just("  \n")), ANSWERS), min_size=1, max_size=3
    )
)
def test_longbench_equals_lm_eval_s_longbench_metrics(language, documents):
    predictions, answers = [p for p, _ in documents], [a for _, a in documents]
    per_example, aggregate = peer_scores("longbench", predictions, answers, language)
    options = {"implementation": "longbench", "language": language}
    assert kurouge.score(predictions, answers, use_aggregator=False, **options) == per_example
    assert kurouge.score(predictions, answers, **options) == aggregate


def test_longbench_takes_its_two_languages_and_prints_f_only():
    with pytest.raises(ValueError, match="takes language=.en. or .zh., as the tool does; got .ja."):
        kurouge.score(["a"], ["a"], implementation="longbench", language="ja")
    with pytest.raises(ValueError, match="prints F only: drop detailed"):
        kurouge.score(["a"], ["a"], implementation="longbench", language="en", detailed=True)
    result = kurouge.score(
        ["今天天气很好"], [["今天天气不错"]], implementation="longbench", language="zh", return_signature=True
    )
    assert (
        result["signature"]
        == "impl:longbench-lm-eval-0.4.13|lang:zh|tok:jieba-0.42.1|agg:mean-in-order|kurenai_rouge:0.1.0"
    )


def test_rouge_score_by_name_is_the_real_rouge_score():
    from rouge_score import rouge_scorer, scoring

    predictions = ["The cat sat on the mat.", "Officials said the U.S. would act"]
    references = ["A cat was sitting on the mat", "the u.s. will act, officials say"]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    rows = [scorer.score(r, p) for p, r in zip(predictions, references, strict=True)]
    got = kurouge.score(
        predictions,
        references,
        implementation="rouge-score",
        use_stemmer=True,
        rouge_types=TYPES,
        use_aggregator=False,
    )
    assert got == {t: [row[t].fmeasure for row in rows] for t in TYPES}
    aggregator = scoring.BootstrapAggregator()
    for row in rows:
        aggregator.add_scores(row)
    assert aggregator.aggregate()["rouge1"].mid.fmeasure == pytest.approx(
        kurouge.score(predictions, references, implementation="rouge-score", use_stemmer=True)["rouge1"]
    )


@pytest.mark.parametrize(
    ("options", "same_as"),
    [
        ({"implementation": "rouge-score"}, {"tokenizer": "rouge-score"}),
        ({"implementation": "ROUGE-1.5.5", "rouge155": "-n 2 -a -m"}, {"rouge155": "-n 2 -a -m"}),
        (
            {"implementation": "ROUGE-1.5.5", "rouge155": "-n 2 -a", "language": "ja"},
            {"rouge155": "-n 2 -a", "language": "ja"},
        ),
        ({"implementation": "xlsum", "language": "ja"}, {"tokenizer": "xlsum", "language": "ja"}),
        ({"implementation": "ja-mecab"}, {"tokenizer": "ja-mecab"}),
    ],
)
def test_the_tools_kurenai_rouge_already_reproduces_are_reachable_by_name(options, same_as):
    predictions, references = (
        ["東京は晴れ。the cats sat", "今日は雨です"],
        ["東京は雨。a cat sat", "今日は晴れです"],
    )
    got = kurouge.score(predictions, references, return_signature=True, **options)
    assert got == kurouge.score(predictions, references, return_signature=True, **same_as)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"implementation": "ROUGE-1.5.5"}, "takes the script's flags as rouge155="),
        ({"implementation": "rouge-score", "tokenizer": "word"}, "sets tokenizer itself: drop tokenizer"),
        ({"implementation": "xlsum"}, "takes the language of the texts as language="),
        ({"implementation": "ROUGE-1.5.5", "rouge155": "-n 2", "use_stemmer": True}, "drop use_stemmer"),
    ],
)
def test_what_a_tool_by_name_cannot_take_is_a_clear_error(options, message, rouge):
    with pytest.raises(ValueError, match=message):
        kurouge.score(["a"], ["a"], **options)
    with pytest.raises(ValueError, match=message):  # before any input is stored
        rouge.compute(predictions=["a"], references=["a"], **options)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("rouge", {}),
        ("rouge-chinese", {}),
        ("sumeval", {"language": "en"}),
        ("longbench", {"language": "en"}),
    ],
)
def test_texts_too_long_to_reproduce_are_a_clear_error_not_a_hang_or_a_silent_zero(
    name, options, monkeypatch
):
    from kurouge.implementations import distinct

    monkeypatch.setattr(distinct, "MAX_LCS_CELLS", 24)  # 5 words against 5 is 25 cells
    words = "cats dogs birds fish horses"  # none of them a stop word of sumeval's
    with pytest.raises(
        ValueError, match=f"implementation='{name}' cannot score example 1: its rouge-l compares 5"
    ):
        kurouge.score(
            ["cats dogs", words], ["dogs cats", "horses fish birds dogs cats"], implementation=name, **options
        )
