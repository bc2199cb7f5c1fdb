"""Where the lm-evaluation-harness task pack is installed."""

from __future__ import annotations

from pathlib import Path


def lm_eval_path() -> str:
    """The folder to pass as lm-eval's ``--include_path``: the tasks shipped in this package."""
    return str(Path(__file__).resolve().parent / "lm_eval_tasks")
