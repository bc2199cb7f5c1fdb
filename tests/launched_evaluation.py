"""One process of `torchrun` (tests/test_launch.py): two evaluations of a saved model.

1. ``Seq2SeqTrainer.evaluate()`` with ``predict_with_generate`` and the README's ``compute_metrics``,
   on all the examples, then on the first ``uneven`` (a count the processes cannot share evenly),
   and on those again with a ``compute_metrics`` that drops the repeated samples.
2. evaluate's distributed mode with the launcher's rank and world size: each process adds its own
   share of the examples, process 0 computes over all of them.

Process 0 writes both results as JSON to the path given last on the command line.
"""

import json
import sys

import evaluate
import torch
from accelerate import PartialState
from test_trainer import make_compute_metrics
from transformers import (
    DataCollatorForSeq2Seq,
    PreTrainedTokenizerFast,
    Seq2SeqTrainer,
    Seq2SeqTrainingArguments,
    T5ForConditionalGeneration,
)

# The options of the second evaluation; the test computes the same in one process.
OPTIONS = {"bootstrap": True, "seed": 7, "n_samples": 200, "detailed": True, "return_signature": True}


def first_rows(compute_metrics, count: int):
    """``compute_metrics`` on the first ``count`` rows it is given.

    Under a distributed launch, Seq2SeqTrainer.evaluate gathers with ``accelerator.gather``, not
    ``gather_for_metrics``: the samples repeated to fill the last batch reach ``compute_metrics``,
    after every real row. Keeping ``len(eval_dataset)`` rows drops them.
    """

    def truncated(eval_pred):
        predictions, labels = eval_pred
        return compute_metrics((predictions[:count], labels[:count]))

    return truncated


def evaluate_with_trainer(
    model_dir: str, metric_dir: str, dataset: list[dict], output_dir: str, truncate: bool = False
) -> tuple[dict, dict]:
    """``trainer.evaluate()`` of the saved model on ``dataset``, and the strings compute_metrics scored.

    With ``truncate``, compute_metrics keeps the first ``len(dataset)`` rows (:func:`first_rows`).
    """
    tokenizer = PreTrainedTokenizerFast.from_pretrained(model_dir)
    model = T5ForConditionalGeneration.from_pretrained(model_dir)
    decoded = {}
    compute_metrics = make_compute_metrics(tokenizer, evaluate.load(metric_dir), decoded)
    trainer = Seq2SeqTrainer(
        model=model,
        args=Seq2SeqTrainingArguments(
            output_dir=output_dir,
            per_device_eval_batch_size=4,
            predict_with_generate=True,
            generation_max_length=12,
            use_cpu=True,
            report_to="none",
            disable_tqdm=True,
        ),
        eval_dataset=dataset,
        data_collator=DataCollatorForSeq2Seq(tokenizer, model=model),
        processing_class=tokenizer,
        compute_metrics=first_rows(compute_metrics, len(dataset)) if truncate else compute_metrics,
    )
    return trainer.evaluate(), decoded


def evaluate_distributed(metric_dir: str, cache_dir: str, pairs: list[list[str]]) -> dict | None:
    """evaluate's distributed mode: process ``r`` of ``n`` adds the ``r``-th of ``n`` contiguous shares."""
    state = PartialState()
    rouge = evaluate.load(
        metric_dir,
        num_process=state.num_processes,
        process_id=state.process_index,
        experiment_id="launched",
        cache_dir=cache_dir,
    )
    share = len(pairs) // state.num_processes
    mine = pairs[state.process_index * share : (state.process_index + 1) * share]
    rouge.add_batch(predictions=[p for p, _ in mine], references=[r for _, r in mine])
    return rouge.compute(**OPTIONS)


def main() -> None:
    """Run both evaluations; process 0 writes the results."""
    model_dir, metric_dir, data_path, cache_dir, output_dir, result_path = sys.argv[1:]
    torch.set_num_threads(1)
    data = json.loads(open(data_path, encoding="utf-8").read())
    dataset, uneven = data["dataset"], data["dataset"][: data["uneven"]]
    runs = {
        "even": evaluate_with_trainer(model_dir, metric_dir, dataset, output_dir),
        "uneven": evaluate_with_trainer(model_dir, metric_dir, uneven, output_dir),
        "uneven_truncated": evaluate_with_trainer(model_dir, metric_dir, uneven, output_dir, truncate=True),
    }
    distributed = evaluate_distributed(metric_dir, cache_dir, data["pairs"])
    state = PartialState()
    if state.is_main_process:
        result = {
            "world_size": state.num_processes,
            "trainer": {
                name: {"metrics": metrics, "references": decoded["references"]}
                for name, (metrics, decoded) in runs.items()
            },
            "distributed": distributed,
        }
        with open(result_path, "w", encoding="utf-8") as file:
            json.dump(result, file)
    else:
        assert distributed is None, distributed


if __name__ == "__main__":
    main()
