"""Importing one module of a large framework without running its packages' ``__init__`` files.

LLaMA-Factory's and OpenCompass's package ``__init__`` files import their whole training and
evaluation stacks; the module that scores needs only its own imports. The parents become bare
packages (their folder as ``__path__``), and the module itself is imported as the framework ships it.
"""

import functools
import importlib
import importlib.util
import sys
import types
from pathlib import Path


@functools.cache
def import_alone(dotted: str):
    """The module ``dotted`` of an installed distribution, its parent packages' ``__init__`` not run."""
    top = dotted.split(".")[0]
    root = Path(importlib.util.find_spec(top).submodule_search_locations[0]).parent
    parts = dotted.split(".")
    for i in range(1, len(parts)):
        name = ".".join(parts[:i])
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [str(root.joinpath(*parts[:i]))]
            sys.modules[name] = package
    return importlib.import_module(dotted)
