"""The segmenters' models, loaded in the background when the app starts, and a wait that says so.

A segmenter loads its model on first use in a process: Korean's Kiwi about 5 s on a 2-core machine,
jieba's dictionary about 2 s, Sudachi's under 1 s. ``load_in_background`` loads them in a thread as the
app starts; a request that needs one still loading shows a message (a gradio toast) and waits for that
load rather than starting a second one.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

import gradio as gr

from kurouge.languages import LANGUAGE_NAMES
from kurouge.settings import get_tokenizer

log = logging.getLogger("kurenai_rouge.app")
PRELOADED = ("ko", "zh", "ja")  # the slowest first
SAMPLE = "오늘은 今天天气 今日は"
_started = threading.Event()
_loaded = {name: threading.Event() for name in PRELOADED}


def load_model(name: str) -> None:
    """Load the model of the tokenizer ``name`` by tokenizing a sample with it."""
    get_tokenizer(name).tokenize(SAMPLE)


def load_in_background(
    names: Sequence[str] = PRELOADED, load: Callable[[str], None] = load_model
) -> threading.Thread:
    """Load each of ``names`` (of ``PRELOADED``) with ``load`` in a daemon thread, logging each one's time."""

    def run() -> None:
        for name in names:
            start = time.monotonic()
            try:
                load(name)
                log.info("loaded the %s tokenizer's model in %.1f s", name, time.monotonic() - start)
            except Exception:  # a missing backend: the request that needs it says so
                log.exception("could not load the %s tokenizer's model", name)
            finally:
                _loaded[name].set()

    _started.set()
    thread = threading.Thread(target=run, name="kurenai_rouge-models", daemon=True)
    thread.start()
    return thread


def wait_for_model(tokenizer: str) -> None:
    """If ``tokenizer``'s model is loading in the background, say so on the page and wait for it."""
    loaded = _loaded.get(tokenizer)
    if not _started.is_set() or loaded is None or loaded.is_set():
        return
    gr.Info(
        f"Loading the {LANGUAGE_NAMES[tokenizer]} tokenizer's model (once, as the app starts): a few seconds"
    )
    loaded.wait()
