"""The warnings a request's scoring raised, collected per thread, and the words the page shows for them.

The metric warns through ``warnings.warn`` (an ``UnsegmentedTextWarning`` for text its tokenizer cannot
split, a warning for a stemmer a language does not have, the significance test's small-sample warning).
gradio runs requests in threads side by side, and ``warnings.catch_warnings`` swaps module-wide state,
so it cannot tell one request's warnings from another's. ``collected`` instead hooks
``warnings.showwarning`` for the whole process (once in the app; again after a ``catch_warnings``
block, such as a test's, put the old one back), and hands each warning to the list of the thread that
raised it. Every warning still gets the usual log line. User warnings are shown
every time (``"always"``), not once per place in the code, so that a second identical request warns too.
"""

from __future__ import annotations

import re
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kurouge.languages import language_label
from kurouge.space.scoring import FROM_LANGUAGE

_local = threading.local()
_install_lock = threading.Lock()
_fallback: Any = warnings.showwarning  # what shows a warning outside ``collected``: the log line


def _show(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
    caught = getattr(_local, "caught", None)
    if caught is not None and issubclass(category, UserWarning):
        caught.append(str(message))
    _fallback(message, category, *args, **kwargs)  # the server log keeps every warning


def _install() -> None:
    """Hook ``warnings.showwarning`` and show user warnings always, again if a ``catch_warnings`` undid it."""
    global _fallback
    with _install_lock:
        if warnings.showwarning is not _show:
            _fallback, warnings.showwarning = warnings.showwarning, _show
        warnings.simplefilter("always", UserWarning)  # moved to the front, not added twice


@contextmanager
def collected() -> Iterator[list[str]]:
    """The messages of the user warnings (``UserWarning`` and subclasses) this thread raises in the block.

    >>> with collected() as caught:
    ...     warnings.warn("the texts look odd")
    >>> caught
    ['the texts look odd']
    """
    _install()
    outer = getattr(_local, "caught", None)
    _local.caught = caught = []
    try:
        yield caught
    finally:
        _local.caught = outer
        if outer is not None:
            outer.extend(caught)


# The language a tokenizer warning proposes: "... choose one of tokenizer='ja', ..., or language='ja'"
# (text written without spaces) or "choose tokenizer='ko', or language='ko'" (Korean's particles).
# Other warnings name languages too (a missing stemmer's) and are shown as they are.
_PROPOSED_LANGUAGE = re.compile(r"choose (?:one of )?tokenizer='[^']*'.*?, or language='([a-z]{2,3})'")
LANGUAGE_BOX = "language"
"""A page with a language box (Score, Compare): the advice names the language to choose there."""
TOKENIZER_BOX = "tokenizer"
"""A page with a tokenizer list only (Inspect): the advice names the tokenizer to choose there."""


def page_words(message: str, box: str = LANGUAGE_BOX) -> str:
    """A warning as the page says it: for a language's text, first what to choose in the page's ``box``.

    >>> print(page_words("... written without spaces: ... choose one of tokenizer='th', or language='th'"))
    These texts have no spaces between words; choose language th — Thai (tokenizer "(from the language)").
    Details: ... written without spaces: ... choose one of tokenizer='th', or language='th'.
    >>> korean = "... Korean: ... choose tokenizer='ko', or language='ko'"
    >>> print(page_words(korean, TOKENIZER_BOX).splitlines()[0])
    For these texts choose tokenizer "ko".
    """
    codes = list(dict.fromkeys(_PROPOSED_LANGUAGE.findall(message)))
    if not codes:
        return f"Warning: {message}."
    if box == TOKENIZER_BOX:
        advice = "tokenizer " + " or ".join(f'"{code}"' for code in codes)
    else:
        choices = " or ".join(language_label(code) for code in codes)
        advice = f'language {choices} (tokenizer "{FROM_LANGUAGE}")'
    why = (
        "These texts have no spaces between words; "
        if "written without spaces" in message
        else "For these texts "
    )
    return f"{why}choose {advice}.\nDetails: {message}."
