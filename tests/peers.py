"""The real tools ``implementation=`` reproduces, called as their users call them: the test oracles.

``peer_scores(name, predictions, references, language)`` runs the tool's own code and returns its
values under compute's keys, per example and aggregated as the tool aggregates them. LLaMA-Factory's
and OpenCompass's package ``__init__`` files import their whole training and evaluation stacks; the
module that scores needs only its own imports, so ``import_alone`` imports it with its parents as bare
packages (their folder as ``__path__``), the module itself as the framework ships it
(requirements-peers.txt). Used by tests/test_implementations*.py and tools/measure_implementations.py.
"""

import functools
import importlib
import importlib.util
import statistics
import sys
import types
from pathlib import Path

import numpy as np

TYPES = ["rouge1", "rouge2", "rougeL"]
KEYS = {"rouge1": "rouge-1", "rouge2": "rouge-2", "rougeL": "rouge-l"}  # the tools' own keys


@functools.cache
def import_alone(dotted: str):
    """The module ``dotted`` of an installed distribution, its parent packages' ``__init__`` not run."""
    top = dotted.split(".")[0]
    root = Path(importlib.util.find_spec(top).submodule_search_locations[0]).parent
    parts = dotted.split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [str(root.joinpath(*parts[:i]))]
            sys.modules[name] = package
    return importlib.import_module(dotted)


class IdTokenizer:
    """A stand-in for a Hugging Face tokenizer: token id i decodes to the i-th text."""

    pad_token_id = 0

    def __init__(self, texts):
        self.texts = ["", *texts]

    def batch_decode(self, ids, skip_special_tokens):
        return [self.texts[row[0]] for row in ids]


def get_scores_tool(name, predictions, references, detailed):
    """rouge-chinese's or pltrdy's ``Rouge().get_scores``: F (and P, R) per example, and avg=True's F."""
    from rouge import Rouge as PltrdyRouge
    from rouge_chinese import Rouge as ChineseRouge

    tool = {"rouge-chinese": ChineseRouge, "rouge": PltrdyRouge}[name]()
    rows = tool.get_scores(predictions, references)
    parts = (("", "f"), ("_precision", "p"), ("_recall", "r")) if detailed else (("", "f"),)
    per_example = {t + suffix: [row[KEYS[t]][s] for row in rows] for t in TYPES for suffix, s in parts}
    averaged = tool.get_scores(predictions, references, avg=True)
    return per_example, {t: averaged[KEYS[t]]["f"] for t in TYPES}


def sumeval_tool(predictions, references, language):
    """sumeval's RougeCalculator per example; its command line's ``statistics.mean``."""
    from sumeval.metrics.rouge import RougeCalculator

    calculator = RougeCalculator(lang=language)
    functions = {"rouge1": calculator.rouge_1, "rouge2": calculator.rouge_2, "rougeL": calculator.rouge_l}
    per_example = {
        t: [f(p, refs) for p, refs in zip(predictions, references, strict=True)] for t, f in functions.items()
    }
    return per_example, {t: statistics.mean(values) for t, values in per_example.items()}


def llama_factory_tool(predictions, references):
    """LLaMA-Factory's ComputeSimilarity, fed token ids that ``IdTokenizer`` decodes to the texts."""
    metric = import_alone("llamafactory.train.sft.metric")
    texts = [*predictions, *references]
    similarity = metric.ComputeSimilarity(tokenizer=IdTokenizer(texts))
    ids = np.arange(1, len(texts) + 1).reshape(-1, 1)
    batch = types.SimpleNamespace(predictions=ids[: len(predictions)], label_ids=ids[len(predictions) :])
    similarity(batch, compute_result=False)
    per_example = {t: list(similarity.score_dict[KEYS[t]]) for t in TYPES}
    result = similarity._dump()
    return per_example, {t: result[KEYS[t]] for t in TYPES}


def opencompass_tool(predictions, references):
    """OpenCompass's JiebaRougeEvaluator: each example alone, then all of them."""
    module = import_alone("opencompass.openicl.icl_evaluator.icl_jieba_rouge_evaluator")
    evaluator = module.JiebaRougeEvaluator()
    per_example = {t: [] for t in TYPES}
    for prediction, reference in zip(predictions, references, strict=True):
        for t, value in evaluator.score([prediction], [reference]).items():
            per_example[t].append(value)
    return per_example, evaluator.score(predictions, references)


def longbench_tool(predictions, answers, language):
    """lm-eval's LongBench metric (``get_rouge_score`` / ``get_rouge_zh_score``) and its ``mean``."""
    longbench = importlib.import_module("lm_eval.tasks.longbench.metrics")
    mean = importlib.import_module("lm_eval.api.metrics").mean
    function, key = {
        "en": (longbench.get_rouge_score, "rouge_score"),
        "zh": (longbench.get_rouge_zh_score, "rouge_zh_score"),
    }[language]
    values = [function({"answers": a}, [p])[key] for p, a in zip(predictions, answers, strict=True)]
    return {"rougeL": values}, {"rougeL": mean(values)}


def peer_scores(name, predictions, references, language=None, detailed=False):
    """(per example, aggregate) of the real tool ``name`` under compute's keys.

    ``references`` holds one string an example, or for sumeval and LongBench a list of them.
    """
    if name in ("rouge-chinese", "rouge"):
        return get_scores_tool(name, predictions, references, detailed)
    if name == "sumeval":
        return sumeval_tool(predictions, references, language)
    if name == "llama-factory":
        return llama_factory_tool(predictions, references)
    if name == "opencompass":
        return opencompass_tool(predictions, references)
    return longbench_tool(predictions, references, language)
