"""Where the library's warnings point: at the user's call, past kurouge's own frames and evaluate's.

A warning's ``stacklevel`` names the line Python shows with it and the place its "once per place" filter
counts. ``user_stacklevel()`` is the level of the first frame outside the kurouge package, the metric
script (``kurenai_rouge.py``, evaluate's copy of it included) and evaluate's package.
"""

from __future__ import annotations

import os
import sys

_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep
_SCRIPT = "kurenai_rouge.py"


def user_stacklevel() -> int:
    """The ``stacklevel`` for ``warnings.warn`` in the caller of this function that points at the user."""
    frame, level = sys._getframe(1), 1
    while frame is not None and _is_own(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    return level


def _is_own(filename: str) -> bool:
    path = os.path.abspath(filename)
    return (
        path.startswith(_PACKAGE) or os.path.basename(path) == _SCRIPT or f"{os.sep}evaluate{os.sep}" in path
    )
