"""A real distributed launch: `torchrun` starts two CPU processes (gloo backend) on this machine.

(`accelerate launch --cpu` starts several CPU processes only through MPI's mpirun; torchrun is what
`accelerate launch --multi_gpu` runs, and the Trainer's Accelerator reads the same RANK and WORLD_SIZE.)

The model is trained here once, saved, and evaluated by both launched processes
(tests/launched_evaluation.py) and by this process alone, with the same batches.
"""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from launched_evaluation import OPTIONS, evaluate_with_trainer
from test_distributed import PREDICTIONS, REFERENCES
from test_trainer import EXAMPLES, one_torch_thread, tiny_t5  # noqa: F401 (a fixture)
from transformers import (
    DataCollatorForSeq2Seq,
    Seq2SeqTrainer,
    Seq2SeqTrainingArguments,
)

WORLD_SIZE = 2
# 24 examples in batches of 4: each process gets 3 whole batches, so distributed evaluation pads
# nothing and drops nothing, and the batches are those of one process (generation depends on them).
assert len(EXAMPLES) % (WORLD_SIZE * 4) == 0 and len(PREDICTIONS) % WORLD_SIZE == 0
# 21 examples: 6 batches, the last of 1, which distributed evaluation fills up with repeated samples.
UNEVEN = 21
LAUNCH_TIMEOUT = 240  # seconds; the launch takes about 30 s on 2 busy cores


def train_and_save(model_dir: Path) -> list[dict]:
    """Train the tiny T5 of tests/test_trainer.py a little, save it with its tokenizer, return the data."""
    tokenizer, model, dataset = tiny_t5()
    Seq2SeqTrainer(
        model=model,
        args=Seq2SeqTrainingArguments(
            output_dir=str(model_dir / "training"),
            per_device_train_batch_size=8,
            max_steps=40,
            learning_rate=1e-2,
            save_strategy="no",
            use_cpu=True,
            report_to="none",
            disable_tqdm=True,
        ),
        train_dataset=dataset,
        data_collator=DataCollatorForSeq2Seq(tokenizer, model=model),
    ).train()
    model.save_pretrained(model_dir)
    tokenizer.save_pretrained(model_dir)
    return dataset


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def launched(metric_dir, tmp_path_factory):
    """Launch two processes once; return (their main process's results, the dataset, the model dir)."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    work = tmp_path_factory.mktemp("launch")
    try:
        dataset = train_and_save(work / "model")
    finally:
        torch.set_num_threads(threads)
    data_path = work / "data.json"
    data_path.write_text(
        json.dumps(
            {"dataset": dataset, "uneven": UNEVEN, "pairs": list(zip(PREDICTIONS, REFERENCES, strict=True))}
        )
    )
    result_path = work / "result.json"
    command = [
        sys.executable, "-m", "torch.distributed.run",
        "--nnodes", "1", "--nproc_per_node", str(WORLD_SIZE),
        "--master_addr", "127.0.0.1", "--master_port", str(free_port()),
        str(Path(__file__).with_name("launched_evaluation.py")),
        str(work / "model"), str(metric_dir), str(data_path), str(work / "shared_cache"),
        str(work / "eval"), str(result_path),
    ]  # fmt: skip
    # gloo on the loopback interface only; one thread per process on a 2-core machine.
    env = {**os.environ, "GLOO_SOCKET_IFNAME": "lo", "OMP_NUM_THREADS": "1"}
    process = subprocess.run(command, env=env, capture_output=True, text=True, timeout=LAUNCH_TIMEOUT)
    assert process.returncode == 0, process.stderr[-5000:]
    return json.loads(result_path.read_text()), dataset, work


def rouge_of(metrics: dict) -> dict:
    """The eval_rouge* entries of logged metrics."""
    return {key: value for key, value in metrics.items() if key.startswith("eval_rouge")}


@pytest.mark.usefixtures("one_torch_thread")
def test_trainer_evaluate_on_two_processes_equals_one(launched, metric_dir, tmp_path):
    results, dataset, work = launched
    assert results["world_size"] == WORLD_SIZE
    run = results["trainer"]["even"]
    single, decoded = evaluate_with_trainer(str(work / "model"), str(metric_dir), dataset, str(tmp_path))
    logged = rouge_of(run["metrics"])
    assert sorted(logged) == ["eval_rouge1", "eval_rouge2", "eval_rougeL", "eval_rougeLsum"]
    assert logged == rouge_of(single)
    assert run["references"] == decoded["references"] == [summary for _, summary in EXAMPLES]
    assert logged["eval_rouge1"] > 0


@pytest.mark.usefixtures("one_torch_thread")
def test_uneven_split_repeats_samples_unless_truncated(launched, metric_dir, tmp_path):
    results, dataset, work = launched
    single, decoded = evaluate_with_trainer(
        str(work / "model"), str(metric_dir), dataset[:UNEVEN], str(tmp_path)
    )
    summaries = [summary for _, summary in EXAMPLES[:UNEVEN]]
    assert decoded["references"] == summaries
    # Seq2SeqTrainer gathers with accelerator.gather: the last batch, [20], filled up with the first
    # samples to a whole batch, reaches compute_metrics whole, and the logged ROUGE counts them twice.
    uneven = results["trainer"]["uneven"]
    assert uneven["references"] == summaries + summaries[:3]
    assert rouge_of(uneven["metrics"]) != rouge_of(single)
    # Keeping the first len(eval_dataset) rows drops them: the repeated samples come last.
    truncated = results["trainer"]["uneven_truncated"]
    assert truncated["references"] == summaries
    assert rouge_of(truncated["metrics"]) == rouge_of(single)


def test_evaluate_distributed_mode_under_the_launcher(launched, rouge):
    results, _, _ = launched
    expected = rouge.compute(predictions=PREDICTIONS, references=REFERENCES, **OPTIONS)
    assert "rouge1_low" in expected and "signature" in expected
    assert results["distributed"] == expected
