"""kurouge.harnesses.inspect_scorer run end to end by ``inspect_ai.eval`` with its mock model.

The mock model answers each sample with a completion this test gives; the reported means equal
``kurouge.score`` on the same pairs, where rouge-score (the stock scorers' engine) gives 0.
"""

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from inspect_ai.solver import generate
from rouge_score import rouge_scorer

import kurouge
from kurouge.harnesses.inspect_scorer import ROUGE_TYPES, kurenai_rouge

# Amharic samples: (input, targets, the model's completion).
SAMPLES = [
    ("Summarize: የኢትዮጵያ መንግስት ዛሬ አዲስ የትምህርት ፖሊሲ አወጀ ።", ["ኢትዮጵያ አዲስ የትምህርት ፖሊሲ አወጀች"], "ኢትዮጵያ አዲስ ፖሊሲ"),
    ("Summarize: በአዲስ አበባ ከባድ ዝናብ ጣለ ።", ["በአዲስ አበባ ዝናብ ጣለ", "ዝናብ"], "በአዲስ አበባ ዝናብ መንገዶች"),
]


def output(completion):
    """The mock model's answer; its token usage given, so that mockllm counts none (tiktoken downloads)."""
    answer = ModelOutput.from_content("mockllm/model", completion)
    answer.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return answer


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    model = get_model("mockllm/model", custom_outputs=[output(completion) for _, _, completion in SAMPLES])
    task = Task(
        dataset=[Sample(input=text, target=targets) for text, targets, _ in SAMPLES],
        solver=generate(),
        scorer=kurenai_rouge(language="am"),
    )
    [result] = eval(task, model=model, log_dir=str(tmp_path_factory.mktemp("inspect")), display="none")
    return result


def test_scorer_reports_the_mean_of_kurouge_scores(log):
    assert log.status == "success", log.error
    expected = kurouge.score(
        [c for _, _, c in SAMPLES], [t for _, t, _ in SAMPLES], language="am", use_aggregator=False
    )
    reported = {s.name: {m.name: m.value for m in s.metrics.values()} for s in log.results.scores}
    for rouge_type in ROUGE_TYPES:
        assert reported[rouge_type]["mean"] == pytest.approx(sum(expected[rouge_type]) / len(SAMPLES))
        assert "stderr" in reported[rouge_type]
    assert reported["rouge1"]["mean"] > 0.2


def test_signature_is_in_the_metadata(log):
    signature = kurouge.score([""], [""], language="am", multi_ref="best", return_signature=True)["signature"]
    for sample in log.samples:
        [score] = sample.scores.values()
        assert score.metadata["signature"] == signature


def test_stock_scorer_gives_zero_on_the_same_pairs():
    scorer = rouge_scorer.RougeScorer(ROUGE_TYPES)
    for _, targets, completion in SAMPLES:
        for target in targets:
            assert all(s.fmeasure == 0.0 for s in scorer.score(target, completion).values())
