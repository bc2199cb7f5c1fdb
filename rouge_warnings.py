"""Where the metric's warnings point: at the user's call, past the metric's own frames and evaluate's.

A warning's ``stacklevel`` names the line Python shows with it and the place its "once per place" filter
counts. ``user_stacklevel()`` is the level of the first frame outside the metric's files that warn or
lead to a warning (``kurenai_rouge.py``, ``rouge_storage.py``, ``rouge_scoring.py``, ``rouge_text.py``,
side by side in one directory, evaluate's copy included) and outside evaluate's package.
"""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_OWN_NAMES = ("kurenai_rouge.py", "rouge_storage.py", "rouge_scoring.py", "rouge_text.py")


def user_stacklevel() -> int:
    """The ``stacklevel`` for ``warnings.warn`` in the caller of this function that points at the user."""
    frame, level = sys._getframe(1), 1
    while frame is not None and _is_own(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    return level


def _is_own(filename: str) -> bool:
    path = os.path.abspath(filename)
    return (
        os.path.dirname(path) == _HERE and os.path.basename(path) in _OWN_NAMES
    ) or f"{os.sep}evaluate{os.sep}" in path
