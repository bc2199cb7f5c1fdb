"""One process of `torchrun` (tests/test_launch.py): two evaluations of a saved model.

1. ``Seq2SeqTrainer.evaluate()`` with ``predict_with_generate`` and the README's ``compute_metrics``.
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


def evaluate_with_trainer(model_dir: str, metric_dir: str, dataset: list[dict], output_dir: str) -> dict:
    """``trainer.evaluate()`` of the saved model on ``dataset``, as every process logs it."""
    tokenizer = PreTrainedTokenizerFast.from_pretrained(model_dir)
    model = T5ForConditionalGeneration.from_pretrained(model_dir)
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
        compute_metrics=make_compute_metrics(tokenizer, evaluate.load(metric_dir), {}),
    )
    return trainer.evaluate()


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
    trainer_metrics = evaluate_with_trainer(model_dir, metric_dir, data["dataset"], output_dir)
    distributed = evaluate_distributed(metric_dir, cache_dir, data["pairs"])
    state = PartialState()
    if state.is_main_process:
        result = {"world_size": state.num_processes, "trainer": trainer_metrics, "distributed": distributed}
        with open(result_path, "w", encoding="utf-8") as file:
            json.dump(result, file)
    else:
        assert distributed is None, distributed


if __name__ == "__main__":
    main()
