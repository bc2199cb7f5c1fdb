"""The lm-evaluation-harness task pack shipped in kurouge, run end to end by ``simple_evaluate``.

Each task of the pack is included by a test task that reads documents this test writes (JSON lines,
no download); a stand-in model answers each document with its ``prediction`` field. The reported
numbers equal ``kurouge.score`` on the same pairs; rouge-score, what ``evaluate.load("rouge")`` and
the stock tasks run, gives 0 on the Amharic, Arabic-script and Chinese pairs; afrobench's own Amharic
task, run beside on the same outputs, reports 0 and prompts with the word "text", not the article.
"""

import json
from pathlib import Path

import lm_eval
import pytest
from lm_eval.api.model import LM
from lm_eval.tasks import TaskManager
from rouge_score import rouge_scorer

import kurouge
from kurouge.cli.main import main
from kurouge.harnesses.lm_eval_path import lm_eval_path

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
# lm-eval's own afrobench Amharic XL-Sum task, scored as its utils.py does: rouge-score's RougeScorer,
# what its evaluate.load("rouge") runs, per document.
AFROBENCH = (
    Path(lm_eval.__file__).parent / "tasks" / "afrobench" / "xlsum" / "prompt_2" / "xlsum_amharic.yaml"
)
STOCK = """from rouge_score import rouge_scorer

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def process_results(doc, results):
    scores = rouge_scorer.RougeScorer(TYPES).score(doc["summary"], results[0])
    return {t: scores[t].fmeasure for t in TYPES}
"""
STOCK_METRICS = "process_results: !function stock.process_results\nmetric_list:\n" + "".join(
    f"  - metric: {t}\n    aggregation: mean\n    higher_is_better: true\n" for t in TYPES
)
AM = [
    ("የኢትዮጵያ መንግስት ዛሬ አዲስ የትምህርት ፖሊሲ አወጀ ።", "ኢትዮጵያ አዲስ የትምህርት ፖሊሲ አወጀች", "ኢትዮጵያ አዲስ ፖሊሲ"),
    ("በአዲስ አበባ ከባድ ዝናብ ጣለ ። መንገዶች ተዘጉ ።", "በአዲስ አበባ ዝናብ መንገዶችን ዘጋ", "በአዲስ አበባ ዝናብ ጣለ"),
]
YO = [("Ọba tuntun dé sí ìlú Ọ̀yọ́ lánàá.", "Ọba tuntun dé sí Ọ̀yọ́", "Ọba tuntun dé Ọ̀yọ́")]
DARIJA = [
    (
        "الحكومة المغربية علنات على برنامج جديد ديال التعليم",
        "الحكومة علنات برنامج جديد",
        "علنات الحكومة برنامج",
    )
]
JA = [("東京で新しい美術館が今日開館した。", "東京で美術館が開館した", "東京の美術館が開館")]
ZH = [("会议讨论了明年的预算和招聘计划。", ["会议讨论了预算和招聘", "讨论明年预算"], "会议讨论预算")]
EN = [
    (
        "The board met on Monday.",
        ["The board met on Monday to discuss the budget.", "A meeting."],
        "The board met",
    )
]
# The pack's task: (language, documents as the task reads them, each with the model's answer).
CASES = {
    "kurenai_xlsum_amharic": ("am", [{"text": t, "summary": s, "prediction": p} for t, s, p in AM]),
    "kurenai_xlsum_yoruba": ("yo", [{"text": t, "summary": s, "prediction": p} for t, s, p in YO]),
    "kurenai_ja_xlsum": ("ja", [{"text": t, "summary": s, "prediction": p} for t, s, p in JA]),
    "kurenai_darija_summarization": (
        "ar",
        [
            {"messages": [{"content": f"لخص هاد المقطع: {t}"}, {"content": s}], "prediction": p}
            for t, s, p in DARIJA
        ],
    ),
    "kurenai_longbench_vcsum": ("zh", [{"context": t, "answers": a, "prediction": p} for t, a, p in ZH]),
    "kurenai_longbench_qmsum": (
        "en",
        [{"context": t, "question": "What happened?", "answers": a, "prediction": p} for t, a, p in EN],
    ),
}


class FixedAnswers(LM):
    """A stand-in model: each document's answer is its ``prediction`` field; it records the prompts."""

    def __init__(self) -> None:
        super().__init__()
        self.prompts: dict[tuple[str, str], str] = {}

    def generate_until(self, requests):
        for request in requests:
            self.prompts[request.task_name, request.doc["prediction"]] = request.args[0]
        return [request.doc["prediction"] for request in requests]

    def loglikelihood(self, requests):
        raise NotImplementedError

    def loglikelihood_rolling(self, requests):
        raise NotImplementedError


def pairs(task, documents):
    """(prediction, reference or references) of a task's documents."""
    if task.startswith("kurenai_longbench"):
        return [(d["prediction"], d["answers"]) for d in documents]
    if task == "kurenai_darija_summarization":
        return [(d["prediction"], d["messages"][1]["content"]) for d in documents]
    return [(d["prediction"], d["summary"]) for d in documents]


def local_task(include, name, data, override=""):
    """A task ``test_<name>`` that includes ``include`` and reads ``data`` (JSON lines) instead."""
    return (
        f"include: {include}\ntask: test_{name}\n{override}dataset_path: json\n"
        f"dataset_name: null\ndataset_kwargs:\n  data_files:\n    test: {data}\n"
        "test_split: test\ntraining_split: null\nvalidation_split: null\nfewshot_split: null\n"
        "num_fewshot: 0\n"
    )


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lm_eval")
    for task, (_, documents) in CASES.items():
        data = tmp / f"{task}.jsonl"
        lines = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in documents)
        data.write_text(lines, encoding="utf-8")
        pack_task = local_task(f"{lm_eval_path()}/{task}.yaml", task, data)
        (tmp / f"test_{task}.yaml").write_text(pack_task, encoding="utf-8")
    (tmp / "stock.py").write_text(STOCK, encoding="utf-8")
    amharic = tmp / "kurenai_xlsum_amharic.jsonl"
    stock = local_task(AFROBENCH, "stock_afrobench_amharic", amharic, STOCK_METRICS)
    (tmp / "test_stock_afrobench_amharic.yaml").write_text(stock, encoding="utf-8")
    model = FixedAnswers()
    results = lm_eval.simple_evaluate(
        model=model,
        tasks=[f"test_{task}" for task in [*CASES, "stock_afrobench_amharic"]],
        task_manager=TaskManager(include_path=str(tmp)),
        log_samples=False,
    )
    return results["results"], model.prompts


@pytest.mark.parametrize("task", list(CASES))
def test_task_reports_kurouge_scores_and_signature(run, task):
    language, documents = CASES[task]
    results = run[0][f"test_{task}"]
    predictions, references = zip(*pairs(task, documents), strict=True)
    types = ["rougeL"] if task.startswith("kurenai_longbench") else TYPES
    expected = kurouge.score(
        list(predictions), list(references), rouge_types=types, language=language, use_aggregator=False
    )
    for rouge_type in types:
        assert results[f"{rouge_type},none"] == pytest.approx(sum(expected[rouge_type]) / len(documents))
    assert results[f"{types[0]},none"] > 0.2
    if task.startswith("kurenai_longbench"):  # LongBench's own number, beside
        printed = kurouge.score(
            list(predictions),
            list(references),
            implementation="longbench",
            language=language,
            use_aggregator=False,
        )
        assert results["longbench_rougeL,none"] == pytest.approx(sum(printed["rougeL"]) / len(documents))
    signature = kurouge.score([""], [""], language=language, multi_ref="best", return_signature=True)
    assert results["signature,none"] == signature["signature"]


@pytest.mark.parametrize(
    "task", ["kurenai_xlsum_amharic", "kurenai_darija_summarization", "kurenai_longbench_vcsum"]
)
def test_stock_scorer_gives_zero_on_the_same_pairs(task):
    scorer = rouge_scorer.RougeScorer(TYPES)
    for prediction, references in pairs(task, CASES[task][1]):
        for reference in [references] if isinstance(references, str) else references:
            assert all(s.fmeasure == 0.0 for s in scorer.score(reference, prediction).values())


def test_article_is_in_the_prompt_where_afrobench_shows_the_word_text(run):
    prompts = run[1]
    for text, _, prediction in AM:
        assert f"```{text}```" in prompts["test_kurenai_xlsum_amharic", prediction]
        assert "```text```" in prompts["test_stock_afrobench_amharic", prediction]


def test_stock_afrobench_task_scores_zero_on_the_same_outputs(run):
    results = run[0]
    stock = results["test_stock_afrobench_amharic"]
    assert {t: stock[f"{t},none"] for t in TYPES} == dict.fromkeys(TYPES, 0.0)
    assert results["test_kurenai_xlsum_amharic"]["rouge1,none"] > 0.2


def test_pack_is_an_include_path_with_every_task(capsys):
    assert main(["lm-eval-path"]) == 0
    assert capsys.readouterr().out.strip() == lm_eval_path()
    tasks = set(TaskManager(include_path=lm_eval_path()).all_tasks)
    languages = "amharic arabic hausa igbo kirundi oromo pidgin somali swahili telugu tigrinya yoruba"
    longbench = "gov_report qmsum multi_news vcsum samsum dureader"
    assert {f"kurenai_xlsum_{name}" for name in languages.split()} <= tasks
    assert {f"kurenai_longbench_{name}" for name in longbench.split()} <= tasks
    assert {"kurenai_darija_summarization", "kurenai_ja_xlsum"} <= tasks
    assert not {"_kurenai_summary", "_kurenai_longbench", "_kurenai_afrobench_xlsum"} & tasks
