"""kurouge: ROUGE for every language, the library behind the ``kurenai_rouge`` evaluate metric.

>>> import kurouge
>>> kurouge.score(["今日 は 晴れ です"], ["今日 は 雨 です"], rouge_types=["rouge1"])
{'rouge1': 0.75}
>>> kurouge.score(["今日は晴れです"], ["今日は雨です"], language="ja", rouge_types=["rouge1"])
{'rouge1': 0.75}

``score`` is ``compute()`` without evaluate, ``compare`` the paired significance tests,
``compare_implementations`` the same outputs under every tool's ROUGE, ``get_tokenizer`` the
tokenizer a set of options scores with. Nothing is imported until it is used.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"
# The contract between the metric script (kurenai_rouge.py) and this package: the script names the
# number it was written for, and refuses a package of another. Raise it when api.score's or compare's
# parameters change.
API_VERSION = 2

_LAZY = {
    "score": "kurouge.api",
    "compare": "kurouge.api",
    "compare_implementations": "kurouge.audit",
    "get_tokenizer": "kurouge.settings",
    "tokenizer_names": "kurouge.tokenizers.registry",
}
__all__ = ["API_VERSION", "__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'kurouge' has no attribute {name!r}")
