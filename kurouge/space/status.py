"""How a request's outcome reaches the page: a status line under its button, errors as messages.

``user_errors`` turns every exception of a handler into a short, HTML-escaped ``gr.Error`` message (never a
traceback); ``with_status`` makes a handler a button's function: its results, then a status line that
says what was done, with the warnings the scoring raised (``space.notes``), or why nothing was done.
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable, Sequence
from typing import Any

import gradio as gr

from kurouge.space import notes
from kurouge.space.inputs import shortened
from kurouge.space.tables import four_decimals

log = logging.getLogger("kurenai_rouge.app")
MESSAGE_CHARS = 600  # a message or log line is cut to this many characters


def counted(count: int, noun: str) -> str:
    """``"1 example"``, ``"2 examples"``, with thousands separators.

    >>> counted(1, "example"), counted(1200, "example")
    ('1 example', '1,200 examples')
    """
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def user_errors(function: Callable[..., Any]) -> Callable[..., Any]:
    """Show every exception of ``function`` in the page as a ``gr.Error`` message, never a traceback.

    The message is cut to ``MESSAGE_CHARS`` and HTML-escaped, since gradio renders it as HTML and it
    quotes user text (file and column names, cell values). A refused request (``gr.Error``, or the
    metric's ``ValueError`` or ``TypeError`` about its input) is logged in one line; any other failure
    with its traceback.
    """

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except gr.Error as error:
            message = shortened(str(error.message), MESSAGE_CHARS)
            log.info("%s refused: %s", function.__name__, message)
        except (ValueError, TypeError) as error:
            message = shortened(f"{type(error).__name__}: {error}", MESSAGE_CHARS)
            log.info("%s refused: %s", function.__name__, message)
        except Exception as error:  # the UI boundary: every failure becomes a readable message
            message = shortened(f"{type(error).__name__}: {error}", MESSAGE_CHARS)
            log.exception("%s failed", function.__name__)
        raise gr.Error(html.escape(message, quote=False), print_exception=False)

    return wrapper


def status_html(
    text: str, error: bool = False, warnings: Sequence[str] = (), box: str = notes.LANGUAGE_BOX
) -> str:
    """A status line for ``gr.HTML``; ``text`` must already be HTML-escaped (``user_errors`` escapes).

    ``warnings`` (plain text) follow it, each in a paragraph of its own marked "warning", in the words
    of a page whose choice of tokenizer is ``box`` (``notes.page_words``).
    """
    style = "color: var(--error-text-color, #b91c1c); font-weight: 600" if error else ""
    shown = [f'<p style="{style}">{text}</p>']
    for warning in warnings:
        escaped = html.escape(notes.page_words(warning, box), quote=False).replace("\n", "<br>")
        shown.append(f'<p class="status-warning" style="color: #92400e; font-weight: 600">⚠ {escaped}</p>')
    return "".join(shown)


def with_status(
    function: Callable[..., tuple],
    outputs: int,
    describe: Callable[[tuple], str],
    tables: Sequence[int] = (),
    box: str = notes.LANGUAGE_BOX,
) -> Callable[..., tuple]:
    """``function`` for a button: its ``outputs`` results, then a status line (HTML).

    ``box`` is where the page picks a tokenizer (``notes.LANGUAGE_BOX`` or ``notes.TOKENIZER_BOX``),
    so that a warning's advice names what the page offers.

    The results at the indices ``tables`` are shown with ``four_decimals``. The warnings ``function``
    raised follow the status line. A refused request leaves the results on the page as they were and
    says why in the status line, which stays until the next run (a ``gr.Error`` would replace every
    output with an "Error" badge and show the reason in a toast that vanishes).
    """

    @functools.wraps(function)
    def wrapper(*args: Any) -> tuple:
        with notes.collected() as caught:
            try:
                results = function(*args)
            except gr.Error as error:
                message = f"Not done: {error.message}<br>The results below are from the last run, if any."
                return (*[gr.skip()] * outputs, status_html(message, error=True))
        shown = [four_decimals(r) if i in tables else r for i, r in enumerate(results)]
        described = html.escape(describe(results), quote=False)
        return (*shown, status_html(described, warnings=list(dict.fromkeys(caught)), box=box))

    return wrapper
