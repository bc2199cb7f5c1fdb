"""Differential tests: kurenai_rouge's numbers equal kurenai's and rouge-score's, exactly (==)."""

from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kurenai.rouge_scorer import RougeScorer as KurenaiScorer
from rouge_score.rouge_scorer import RougeScorer as RougeScoreScorer
from rouge_score.tokenizers import DefaultTokenizer

ALL_TYPES = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]
SETTINGS = settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)

# A small vocabulary, so that ties, repeats and long shared runs happen often: case variants,
# words the Porter stemmer merges (dogs/dog, running/runs), Japanese, and punctuated tokens.
VOCAB = ["a", "b", "c", "A", "dogs", "dog", "running", "runs", "いぬ", "ねこ", "晴れ", "mat."]
# Whitespace inside a line, never at its ends: kurenai turns edge whitespace into empty tokens.
SEPARATORS = [" ", " ", "  ", "\t", "\u3000"]


@st.composite
def lines(draw) -> str:
    words = draw(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8))
    text = words[0]
    for word in words[1:]:
        text += draw(st.sampled_from(SEPARATORS)) + word
    return text


texts = st.lists(lines(), min_size=1, max_size=3).map("\n".join)
single_examples = st.lists(st.tuples(texts, texts), min_size=1, max_size=6)
multi_examples = st.lists(st.tuples(texts, st.lists(texts, min_size=1, max_size=3)), min_size=1, max_size=5)


def per_example(rouge, predictions, references, **options):
    """Our per-example (precision, recall, F) per type, as returned by compute()."""
    result = rouge.compute(
        predictions=predictions,
        references=references,
        rouge_types=ALL_TYPES,
        use_aggregator=False,
        detailed=True,
        **options,
    )
    return [
        {t: (result[f"{t}_precision"][i], result[f"{t}_recall"][i], result[t][i]) for t in ALL_TYPES}
        for i in range(len(predictions))
    ]


def assert_equals_reference(rouge, examples, score, **options):
    """Our per-example numbers == ``score(reference, prediction)`` of the reference library, per type."""
    expected = [{t: (s.precision, s.recall, s.fmeasure) for t, s in score(r, p).items()} for p, r in examples]
    assert per_example(rouge, [p for p, _ in examples], [r for _, r in examples], **options) == expected


@SETTINGS
@given(
    examples=st.one_of(single_examples, multi_examples),
    use_stemmer=st.booleans(),
    engine=st.sampled_from(["fast", "kurenai"]),
)
def test_equals_kurenai_score_and_score_multi(rouge, examples, use_stemmer, engine):
    """One reference: kurenai's ``score``; a list of them: ``score_multi`` (best F, first on ties)."""
    scorer = KurenaiScorer(ALL_TYPES, use_stemmer=use_stemmer)
    score = scorer.score_multi if isinstance(examples[0][1], list) else scorer.score
    assert_equals_reference(rouge, examples, score, use_stemmer=use_stemmer, engine=engine)


# Raw English-like text with punctuation: what rouge-score's own tokenizer sees in the stock metric.
raw_texts = st.lists(
    st.sampled_from(
        ["The", "cat", "sat.", "on", "the", "mat", "Mat!", "running", "runs", "42", "猫", "-", "\n"]
    ),
    max_size=12,
).map(" ".join)


@SETTINGS
@given(
    examples=st.lists(st.tuples(raw_texts, raw_texts), min_size=1, max_size=6),
    use_stemmer=st.booleans(),
    engine=st.sampled_from(["fast", "kurenai"]),
)
def test_rouge_score_tokenizer_equals_stock_metric(rouge, examples, use_stemmer, engine):
    """With rouge-score's own tokenizer the numbers are the stock metric's per-example numbers."""
    scorer = RougeScoreScorer(ALL_TYPES, use_stemmer=use_stemmer)
    assert_equals_reference(
        rouge, examples, scorer.score, tokenizer=DefaultTokenizer(use_stemmer), engine=engine
    )


# Any text: rouge-score's tokenizer deletes all but ASCII letters and digits, so mix them with the rest.
any_texts = (
    st.lists(
        st.one_of(
            st.sampled_from(["The", "cat", "sat.", "Running", "runs", "42", "\n", "\r\n", "İ", "K"]),
            st.text(),
        ),
        max_size=12,
    )
    .map(" ".join)
    .filter(lambda text: not any("\ud800" <= char <= "\udfff" for char in text))
)


@SETTINGS
@given(
    examples=st.one_of(
        st.lists(st.tuples(any_texts, any_texts), min_size=1, max_size=6),
        st.lists(st.tuples(any_texts, st.lists(any_texts, min_size=1, max_size=3)), min_size=1, max_size=4),
    ),
    use_stemmer=st.booleans(),
    text_limit=st.sampled_from([None, 30]),
)
def test_the_rouge_score_tokenizer_by_name_equals_rouge_score(rouge, examples, use_stemmer, text_limit):
    """tokenizer="rouge-score" hands raw texts to rouge-score-rs, and tokens where texts are too long."""
    from kurouge.engine import native

    scorer = RougeScoreScorer(ALL_TYPES, use_stemmer=use_stemmer)
    score = scorer.score_multi if isinstance(examples[0][1], list) else scorer.score
    limit = native.NATIVE_LSUM_CELLS if text_limit is None else text_limit
    with mock.patch.object(native, "NATIVE_LSUM_CELLS", limit):
        assert_equals_reference(rouge, examples, score, tokenizer="rouge-score", use_stemmer=use_stemmer)
