"""The examples the project grew from (kurenai's README, a ROUGE-recall snippet), through the metric."""

import pytest
from kurenai.rouge_scorer import RougeScorer
from rouge_score.tokenizers import Tokenizer


def scores(rouge, prediction, reference, rouge_type="rouge1", **options):
    result = rouge.compute(
        predictions=[prediction], references=[reference], rouge_types=[rouge_type], detailed=True, **options
    )
    return result[f"{rouge_type}_precision"], result[f"{rouge_type}_recall"], result[rouge_type]


def test_space_separated_japanese(rouge):
    assert scores(rouge, "いぬ ねこ", "いぬ ねこ") == (1.0, 1.0, 1.0)


def test_english_sentence(rouge):
    # kurenai's README: score(target, prediction) gives P 0.75, R 0.6666..., F 0.7058...
    got = scores(
        rouge, "The quick brown dog jumps on the log.", "The quick brown fox jumps over the lazy dog"
    )
    assert got == (0.75, 0.6666666666666666, 0.7058823529411765)


def test_rouge_lsum_over_newline_separated_sentences(rouge):
    got = scores(rouge, "今日 は 曇り\n明日 は 雨", "今日 は 晴れ\n明日 は 雨", rouge_type="rougeLsum")
    assert got == (0.8333333333333334, 0.8333333333333334, 0.8333333333333334)


def test_stemming(rouge):
    got = scores(rouge, "The dog runs", "The dogs are running", use_stemmer=True)
    assert got == (1.0, 0.75, 0.8571428571428571)


def test_custom_tokenizer_keeps_case(rouge):
    class WhitespaceKeepCaseTokenizer(Tokenizer):
        def tokenize(self, text):
            return text.split()

    assert scores(rouge, "testing", "Testing one two", tokenizer=WhitespaceKeepCaseTokenizer()) == (
        0.0,
        0.0,
        0.0,
    )


def test_aggregation(rouge):
    # kurenai's README aggregates these two pairs with BootstrapAggregator: mid F 0.8.
    # Both pairs have F 0.8, so the exact mean is 0.8 too; per example they equal kurenai's.
    pairs = [("テスト いち に", "テスト に"), ("テスト いち", "テスト いち に")]
    predictions = [p for _, p in pairs]
    references = [t for t, _ in pairs]
    per_example = rouge.compute(
        predictions=predictions, references=references, rouge_types=["rouge1"], use_aggregator=False
    )
    scorer = RougeScorer(["rouge1"])
    assert per_example["rouge1"] == [scorer.score(t, p)["rouge1"].fmeasure for t, p in pairs]
    assert rouge.compute(predictions=predictions, references=references, rouge_types=["rouge1"]) == {
        "rouge1": pytest.approx(0.8, abs=1e-15)
    }


def test_recall_snippet(rouge):
    # The snippet counts clipped unigram overlap over reference tokens: 7 of 9 ("the" appears twice).
    result = rouge.compute(
        predictions=["The brown fox quickly jumps over a lazy dog"],
        references=["The quick brown fox jumps over the lazy dog"],
        rouge_types=["rouge1"],
        detailed=True,
    )
    assert result["rouge1_recall"] == 7 / 9
    assert round(result["rouge1_recall"], 2) == 0.78
