"""docs/recipes/lm_eval run end to end by lm-evaluation-harness, with a tiny model built here.

The recipe's task (its YAML and utils.py, as the docs give them) is included by a task that reads
Amharic documents this test writes; beside it, the same task scored by rouge-score's RougeScorer,
what ``evaluate.load("rouge")`` runs (and what lm-eval's afrobench XL-Sum task calls), gives 0.
"""

import shutil
from pathlib import Path

import evaluate
import lm_eval
import pytest
from conftest import REPO
from harness_fixtures import DOCUMENTS, build_model, write_documents
from lm_eval.tasks import TaskManager

RECIPE = REPO / "docs" / "recipes" / "lm_eval"
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
# The stock metric's scorer: rouge-score's RougeScorer without stemming, per document.
STOCK = """
from rouge_score import rouge_scorer

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def process_results(doc, results):
    scores = rouge_scorer.RougeScorer(TYPES).score(doc["summary"], results[0])
    return {t: scores[t].fmeasure for t in TYPES} | {"signature": "rouge-score"}
"""


# afrobench's XL-Sum task pointed at the recipe, as docs/harnesses.md says (utils.py beside the YAML).
AFROBENCH = (
    Path(lm_eval.__file__).parent / "tasks" / "afrobench" / "xlsum" / "prompt_2" / "xlsum_amharic.yaml"
)
AFROBENCH_OVERRIDE = """process_results: !function utils.process_results_am
validation_split: null
metric_list:
  - metric: rouge1
    aggregation: mean
    higher_is_better: true
  - metric: signature
    aggregation: !function utils.signature
    higher_is_better: true
"""


def task_yaml(name, data, override="", include=RECIPE / "kurenai_xlsum_amharic.yaml"):
    """A task that includes ``include`` and reads ``data`` instead of XL-Sum."""
    return (
        f"include: {include}\ntask: {name}\n{override}"
        f"dataset_path: json\ndataset_name: null\ndataset_kwargs:\n  data_files:\n    test: {data}\n"
        "fewshot_split: null\ngeneration_kwargs:\n  until: ['</s>']\n  max_gen_toks: 4\n  do_sample: false\n"
    )


@pytest.fixture(scope="module")
def evaluation(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lm_eval")
    tasks = tmp / "tasks"
    tasks.mkdir()
    data = write_documents(tmp / "documents.jsonl")
    (tasks / "kurenai.yaml").write_text(task_yaml("test_kurenai_amharic", data), encoding="utf-8")
    (tasks / "stock.py").write_text(STOCK, encoding="utf-8")
    stock_task = task_yaml("test_stock_amharic", data, "process_results: !function stock.process_results\n")
    (tasks / "stock.yaml").write_text(stock_task, encoding="utf-8")
    shutil.copy(RECIPE / "utils.py", tasks / "utils.py")
    afrobench = task_yaml("test_afrobench_amharic", data, AFROBENCH_OVERRIDE, AFROBENCH)
    (tasks / "afrobench.yaml").write_text(afrobench, encoding="utf-8")
    return lm_eval.simple_evaluate(
        model="hf",
        model_args={"pretrained": str(build_model(tmp / "model")), "device": "cpu"},
        tasks=["test_kurenai_amharic", "test_stock_amharic", "test_afrobench_amharic"],
        task_manager=TaskManager(include_path=str(tasks)),
        batch_size=1,
        log_samples=True,
    )


def test_recipe_scores_each_document_and_reports_the_mean(evaluation, metric_dir):
    rouge = evaluate.load(str(metric_dir))
    samples = sorted(evaluation["samples"]["test_kurenai_amharic"], key=lambda s: s["doc_id"])
    assert [s["doc"]["summary"] for s in samples] == [doc["summary"] for doc in DOCUMENTS]
    predictions = [s["filtered_resps"][0] for s in samples]
    assert predictions == ["ኢትዮጵያ ኢትዮጵያ ኢትዮጵያ ኢትዮጵያ"] * len(DOCUMENTS)
    references = [doc["summary"] for doc in DOCUMENTS]
    expected = rouge.compute(
        predictions=predictions, references=references, language="am", use_aggregator=False
    )
    results = evaluation["results"]["test_kurenai_amharic"]
    for rouge_type in TYPES:
        assert [s[rouge_type] for s in samples] == expected[rouge_type]
        assert results[f"{rouge_type},none"] == sum(expected[rouge_type]) / len(DOCUMENTS)
    assert results["rouge1,none"] > 0.2
    signature = rouge.compute(
        predictions=predictions, references=references, language="am", return_signature=True
    )
    assert results["signature,none"] == signature["signature"]
    assert "|lang:am(Amharic)|" in signature["signature"]


def test_stock_metric_scores_zero_on_the_same_task(evaluation):
    results = evaluation["results"]["test_stock_amharic"]
    assert {t: results[f"{t},none"] for t in TYPES} == dict.fromkeys(TYPES, 0.0)
    assert evaluation["results"]["test_kurenai_amharic"]["rouge1,none"] > 0.2


def test_recipe_folder_is_an_include_path():
    tasks = TaskManager(include_path=str(RECIPE)).all_tasks
    assert {"kurenai_xlsum_amharic", "kurenai_xlsum_tigrinya"} <= set(tasks)
    assert "kurenai_xlsum" not in tasks  # the base, as afrobench's, is not a task


def test_afrobench_task_pointed_at_the_recipe(evaluation):
    kurenai = evaluation["results"]["test_kurenai_amharic"]
    afrobench = evaluation["results"]["test_afrobench_amharic"]
    assert afrobench["rouge1,none"] == kurenai["rouge1,none"] > 0.2
    assert afrobench["signature,none"] == kurenai["signature,none"]
    # afrobench's prompt 2 writes {{'text'}}, a Jinja string literal: the model sees "text", not the document.
    prompts = [s["arguments"][0][0] for s in evaluation["samples"]["test_afrobench_amharic"]]
    assert all("```text```" in prompt for prompt in prompts)
