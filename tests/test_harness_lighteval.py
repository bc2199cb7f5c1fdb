"""kurouge.harnesses.lighteval_metric end to end in lighteval's Pipeline, with a tiny model built here.

A custom-tasks file imports the package's metric and prompt and defines two tasks over Amharic
documents this test writes: one scored by kurenai_rouge, one by lighteval's own rouge metrics
(rouge-score inside), which give 0. Two defects of lighteval 0.13.0 in this environment are worked
around here, nowhere else (docs/harnesses.md):
- making a Pipeline imports every built-in task module: tiny_benchmarks downloads a file from
  GitHub at import, and mt_bench calls ``HfApi.list_models(model_name=...)``, which
  huggingface-hub 2 removed; only the custom tasks are loaded instead;
- its details logger hashes ``str`` with xxhash, which xxhash 4 refuses; the text is encoded first.
lighteval's transformers model turns autograd off for the whole process when imported and when built
(``torch.set_grad_enabled(False)``): it is imported inside the fixture, and the fixture turns autograd
back on, so that the Trainer tests that run later in the same session can train.
"""

import types

import evaluate
import pytest
import torch
import xxhash
from harness_fixtures import DOCUMENTS, build_model, write_documents

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
CUSTOM_TASKS = """
from lighteval.metrics.metrics import Metrics
from lighteval.tasks.lighteval_task import LightevalTaskConfig

from kurouge.harnesses.lighteval_metric import kurenai_rouge_metric
from kurouge.harnesses.lighteval_tasks import xlsum_prompt


def task(name, metrics):
    return LightevalTaskConfig(
        name=name, prompt_function=xlsum_prompt, hf_repo={data!r}, hf_subset="default", metrics=metrics,
        hf_avail_splits=["test"], evaluation_splits=["test"], generation_size=4, stop_sequence=["</s>"],
    )


TASKS_TABLE = [
    task("test_kurenai_amharic", [kurenai_rouge_metric("am")]),
    task("test_stock_amharic", [Metrics.rouge1, Metrics.rouge2, Metrics.rougeL, Metrics.rougeLsum]),
]
"""


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    grad_enabled = torch.is_grad_enabled()
    try:
        return run_pipeline(tmp_path_factory)
    finally:
        torch.set_grad_enabled(grad_enabled)


def run_pipeline(tmp_path_factory):
    """lighteval's Pipeline evaluated on the two custom tasks, with the tiny local model."""
    from lighteval.logging import info_loggers
    from lighteval.logging.evaluation_tracker import EvaluationTracker
    from lighteval.models.transformers.transformers_model import TransformersModelConfig
    from lighteval.pipeline import ParallelismManager, Pipeline, PipelineParameters
    from lighteval.tasks.registry import Registry

    tmp = tmp_path_factory.mktemp("lighteval")
    (tmp / "data").mkdir()
    write_documents(tmp / "data" / "test.jsonl")
    tasks = tmp / "tasks.py"
    tasks.write_text(CUSTOM_TASKS.format(data=str(tmp / "data")), encoding="utf-8")
    encoded = types.SimpleNamespace(
        xxh64=lambda data: xxhash.xxh64(data.encode() if isinstance(data, str) else data)
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Registry, "_load_from_files", staticmethod(lambda files, prefix: {}))
        patch.setattr(Registry, "_load_from_subdirs", staticmethod(lambda subdirs: {}))
        patch.setattr(info_loggers, "xxhash", encoded)
        pipeline = Pipeline(
            tasks="test_kurenai_amharic|0,test_stock_amharic|0",
            pipeline_parameters=PipelineParameters(
                launcher_type=ParallelismManager.NONE, custom_tasks_directory=str(tasks)
            ),
            evaluation_tracker=EvaluationTracker(output_dir=str(tmp / "out"), save_details=False),
            model_config=TransformersModelConfig(
                model_name=str(build_model(tmp / "model")), device="cpu", batch_size=1, dtype="float32"
            ),
        )
        pipeline.evaluate()
    return pipeline


def test_metric_scores_each_document_and_reports_the_mean(pipeline, metric_dir):
    details = pipeline.evaluation_tracker.details_logger.details["test_kurenai_amharic|0"]
    by_reference = {detail.doc.get_golds()[0]: detail for detail in details}
    references = [doc["summary"] for doc in DOCUMENTS]
    assert sorted(by_reference) == sorted(references)
    predictions = [by_reference[r].model_response.final_text[0] for r in references]
    assert predictions == ["ኢትዮጵያ ኢትዮጵያ ኢትዮጵያ ኢትዮጵያ"] * len(DOCUMENTS)
    expected = evaluate.load(str(metric_dir)).compute(
        predictions=predictions, references=references, language="am", use_aggregator=False
    )
    results = pipeline.get_results()["results"]["test_kurenai_amharic:0"]
    for rouge_type in TYPES:
        assert [by_reference[r].metric[rouge_type] for r in references] == expected[rouge_type]
        assert results[rouge_type] == pytest.approx(sum(expected[rouge_type]) / len(DOCUMENTS), abs=1e-15)
    assert results["rouge1"] > 0.2


def test_lighteval_rouge_scores_zero_on_the_same_task(pipeline):
    results = pipeline.get_results()["results"]["test_stock_amharic:0"]
    assert {t: results[t] for t in TYPES} == dict.fromkeys(TYPES, 0.0)


def test_signature_names_the_language():
    from kurouge.harnesses import lighteval_metric, lighteval_tasks

    assert "|lang:am(Amharic)|" in lighteval_metric.signature("am")
    assert [task.name for task in lighteval_tasks.TASKS_TABLE][:2] == [
        "kurenai_xlsum_amharic",
        "kurenai_xlsum_tigrinya",
    ]


def test_autograd_is_on_after_the_pipeline(pipeline):
    assert torch.is_grad_enabled()
