"""The optional packages behind tokenizers and stemmers: importing them, and naming their versions.

Backends are imported when the tokenizer or stemmer that needs them is built, so that a missing
optional package only matters when it is chosen; ``require`` then raises an ImportError naming the
pip package. ``package_versions`` gives the ``name-version`` strings a signature names them by.
"""

from __future__ import annotations

import importlib
import unicodedata
from importlib.metadata import version
from typing import Any

# The Unicode tables of this Python (NFKC, character categories), for a signature.
UNICODE = f"unicode-{unicodedata.unidata_version}"


def require(module: str, package: str, used_by: str) -> Any:
    """Import ``module``, or raise an ImportError saying what needs which pip ``package``."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"{used_by} needs the {package!r} package: pip install {package}") from error


def package_versions(*distributions: str) -> list[str]:
    """``name-version`` of each installed distribution, for a signature."""
    return [f"{name}-{version(name)}" for name in distributions]
