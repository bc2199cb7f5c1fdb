"""The modules' import graph: no circle, and no private name imported from another file."""

import graphlib
import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCES = {path.stem: path.read_text() for path in [*REPO.glob("rouge*.py"), *REPO.glob("app*.py")]}
# `from .x import a, b`, `from x import (a, b)`, `import x`, `from . import x`, at any indentation.
IMPORT = re.compile(
    r"^\s*(?:from \.?(\w+) import \(?([^)]*?)\)?$|import (\w+)$|from \. import (\w+)$)", re.M | re.S
)


def _imports(source: str) -> list[tuple[str, list[str]]]:
    found = []
    for module, names, plain, relative in IMPORT.findall(source):
        if module:
            found.append(
                (module, [name.split(" as ")[0].strip() for name in names.split(",") if name.strip()])
            )
        else:
            found.append((plain or relative, []))
    return [(module, names) for module, names in found if module in SOURCES]


def test_the_sibling_modules_import_no_circle():
    graph = {name: {module for module, _ in _imports(source)} for name, source in SOURCES.items()}
    assert {"rouge_segmenters", "rouge_presets"} <= graph["rouge_text"]  # the registry imports them
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError on a circle


def test_no_private_name_is_imported_from_another_file():
    private = [
        (name, module, imported)
        for name, source in SOURCES.items()
        for module, names in _imports(source)
        for imported in names
        if imported.startswith("_")
    ]
    assert private == []
