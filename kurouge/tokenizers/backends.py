"""The optional packages behind tokenizers and stemmers: importing them, and naming their versions.

Backends are imported when the tokenizer or stemmer that needs them is built, so that a missing
optional package only matters when it is chosen; ``require`` then raises one ImportError naming
every pip package to install. ``package_versions`` gives the ``name-version`` strings that name
them in a signature.
"""

from __future__ import annotations

import importlib
import unicodedata
from importlib.metadata import version
from typing import Any

# The Unicode tables of this Python (NFKC, character categories), for a signature.
UNICODE = f"unicode-{unicodedata.unidata_version}"


# The pip package of each backend whose import name differs from it.
PACKAGES = {
    "MeCab": "mecab-python3",
    "Stemmer": "PyStemmer",
    "pycrfsuite": "python-crfsuite",
    "unidic_lite": "unidic-lite",
}


def require(used_by: str, *modules: str) -> Any:
    """Import every one of ``modules`` and return the first, or raise one ImportError for them all.

    The error names every pip package ``used_by`` needs (``pip install`` with all of them, so that
    one install is enough) and which of them are missing. A module is named by its import path
    (``pythainlp.tokenize``); its pip package is that of its top-level name (see ``PACKAGES``).

    >>> require("the 'xx' tokenizer", "json", "no_such_module")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ImportError: the 'xx' tokenizer needs json, no_such_module (missing: no_such_module): pip install ...
    """
    imported, missing = [], []
    for module in modules:
        try:
            imported.append(importlib.import_module(module))
        except ImportError as error:
            missing.append((module, error))
    if missing:
        packages = list(dict.fromkeys(map(package_of, modules)))
        absent = ", ".join(dict.fromkeys(package_of(module) for module, _ in missing))
        raise ImportError(
            f"{used_by} needs {', '.join(packages)} (missing: {absent}): pip install {' '.join(packages)}"
        ) from missing[0][1]
    return imported[0]


def package_of(module: str) -> str:
    """The pip package that installs ``module`` (an import path)."""
    top = module.split(".")[0]
    return PACKAGES.get(top, top)


def package_versions(*distributions: str) -> list[str]:
    """``name-version`` of each installed distribution, for a signature."""
    return [f"{name}-{version(name)}" for name in distributions]
