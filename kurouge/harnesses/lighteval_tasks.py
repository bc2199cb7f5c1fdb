"""lighteval custom tasks: XL-Sum summarization scored by kurenai_rouge in each language.

``TASKS_TABLE`` holds ``kurenai_xlsum_<subset>`` for the languages of ``LANGUAGES`` (the prompt of
lm-eval's afrobench XL-Sum task, with the article); pass this module's file as lighteval's custom tasks:

    lighteval accelerate "model_name=..." "kurenai_xlsum_amharic|0" \\
        --custom-tasks "$(python -m kurouge.harnesses.lighteval_tasks)"
"""

from __future__ import annotations

from lighteval.tasks.lighteval_task import LightevalTaskConfig
from lighteval.tasks.requests import Doc

from kurouge.harnesses.lighteval_metric import kurenai_rouge_metric

# XL-Sum's subsets (csebuetnlp/xlsum) by ISO 639-1 code; add any other of XL-Sum's languages.
LANGUAGES = {"am": "amharic", "ti": "tigrinya", "ja": "japanese", "zh": "chinese_simplified", "bn": "bengali"}
PROMPT = "Summarize the document below in triple backticks and return only the summary and nothing else.\n"


def xlsum_prompt(line: dict, task_name: str) -> Doc:
    """An XL-Sum document as a summarization request, its summary the gold."""
    return Doc(
        task_name=task_name, query=f"{PROMPT}```{line['text']}```\n", choices=[line["summary"]], gold_index=0
    )


def xlsum_task(code: str, subset: str) -> LightevalTaskConfig:
    """The XL-Sum task of one language, scored by kurenai_rouge."""
    return LightevalTaskConfig(
        name=f"kurenai_xlsum_{subset}",
        prompt_function=xlsum_prompt,
        hf_repo="csebuetnlp/xlsum",
        hf_subset=subset,
        metrics=[kurenai_rouge_metric(code)],
        hf_avail_splits=["train", "validation", "test"],
        evaluation_splits=["test"],
        generation_size=128,
        stop_sequence=["</s>"],
    )


TASKS_TABLE = [xlsum_task(code, subset) for code, subset in LANGUAGES.items()]

if __name__ == "__main__":
    print(__file__)
