"""compute(implementation=...) for sumeval, LLaMA-Factory and OpenCompass, against their own code.

Each test runs the tool's own scoring code, installed from the package index (requirements-peers.txt):
sumeval 0.2.2's ``RougeCalculator`` and its command line's ``statistics.mean``; LLaMA-Factory 0.9.5's
``ComputeSimilarity`` (src/llamafactory/train/sft/metric.py), fed token ids that a stand-in tokenizer
decodes to the texts; OpenCompass 0.5.4's ``JiebaRougeEvaluator.score``. Texts are generated with
hypothesis (mixed scripts, punctuation only, empty and space-only sides, repeated words) and written
here in Chinese, Japanese and English; every value, per example and averaged, is equal (``==``).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from peers import peer_scores
from sumeval.metrics.rouge import RougeCalculator

import kurouge

TYPES = ["rouge1", "rouge2", "rougeL"]
WORDS = [
    "the", "The", "an", "cat", "u.s.", "co-op", "$5", "-", "α", "ヴ", "様々", "東京", "は", "晴れ", "です",
    "ＡＢＣ", "猫", "今天", "天气", "很", "好", "的", "我们", "%", "”", "“", "。", "，", ",", ".", "!", "?",
    "……", "\n", "0", "１２",
]  # fmt: skip
SPACES = [" ", "  ", "", "\t", "\u3000"]
TEXT = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SPACES)), max_size=20).map(
    lambda parts: "".join(word + space for word, space in parts)
)
SAMPLES = {
    "zh": [
        ("我爱北京天安门。天安门上太阳升", "我爱北京，太阳升起来"),
        ("今天天气很好！“是吗？”他问。增长了12%", "今天天气不错。他问了，增长12%"),
        ("", "参考"),
    ],
    "ja": [
        ("様々な日本語の文章です。東京は晴れ", "日本語の文章はいろいろです。東京は雨"),
        ("ヴァイオリンとαの話", "バイオリンの話"),
        ("。。。", "東京"),
    ],
    "en": [
        ("The U.S. said it would act; officials agreed.", "the u.s. says it will act. Officials agree"),
        ("a co-op of $5 cats, the cats", "The co-op sells cats for $5."),
        ("", "a"),
    ],
}


def check(name, expected, predictions, references, **options):
    per_example, aggregate = expected
    got = kurouge.score(predictions, references, implementation=name, use_aggregator=False, **options)
    assert got == per_example
    assert kurouge.score(predictions, references, implementation=name, **options) == aggregate


@pytest.mark.parametrize("language", ["en", "ja", "zh"])
@settings(max_examples=60, deadline=None)
@given(examples=st.lists(st.tuples(TEXT, st.lists(TEXT, min_size=1, max_size=3)), min_size=1, max_size=4))
def test_sumeval_every_value(language, examples):
    predictions, references = [p for p, _ in examples], [refs for _, refs in examples]
    check(
        "sumeval",
        peer_scores("sumeval", predictions, references, language),
        predictions,
        references,
        language=language,
    )


@pytest.mark.parametrize("language", ["en", "ja", "zh"])
def test_sumeval_samples(language):
    predictions, references = [p for p, _ in SAMPLES[language]], [[r] for _, r in SAMPLES[language]]
    expected = peer_scores("sumeval", predictions, references, language)
    check("sumeval", expected, predictions, references, language=language)
    assert expected[0]["rouge1"][0] > 0  # the samples are not all zeros


def test_sumeval_names_its_japanese_tokenizer_in_the_signature():
    calculator = RougeCalculator(lang="ja")
    used = "janome" if type(calculator._lang.tokenizer).__module__.startswith("janome") else "mecab"
    signature = kurouge.score(
        ["東京"], ["東京"], implementation="sumeval", language="ja", return_signature=True
    )
    assert signature["signature"].startswith(f"impl:sumeval-0.2.2|lang:ja|tok:{used}")


PIPELINES = ["llama-factory", "opencompass"]  # one reference an example, no language option


@pytest.mark.parametrize("name", PIPELINES)
@settings(max_examples=80, deadline=None)
@given(pairs=st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=40))
def test_pipeline_every_value(name, pairs):
    predictions, references = [p for p, _ in pairs], [r for _, r in pairs]
    check(name, peer_scores(name, predictions, references), predictions, references)


@pytest.mark.parametrize("name", PIPELINES)
@pytest.mark.parametrize("language", ["en", "ja", "zh"])
def test_pipeline_samples(name, language):
    predictions, references = [p for p, _ in SAMPLES[language]], [r for _, r in SAMPLES[language]]
    check(name, peer_scores(name, predictions, references), predictions, references)
