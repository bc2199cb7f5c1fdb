"""The package's shape: no import circle, layers kept, no private name across files, light __init__s."""

import ast
import graphlib
import subprocess
import sys
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "kurouge"


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """Every import in the file, at any depth: (module, names imported from it)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import"
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def prefixes(name: str) -> set[str]:
    """The packages importing ``name`` imports first: ``a`` and ``a.b`` for ``a.b.c``."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def edges(name: str) -> set[str]:
    """The package's modules that importing ``name`` imports: its imports, their packages and its own."""
    targets = prefixes(name)
    for module, names in imports(MODULES[name]):
        for candidate in [module, *(f"{module}.{n}" for n in names)]:
            if candidate in MODULES:
                targets |= {candidate} | prefixes(candidate)
    return targets - {name}


def test_no_import_circle():
    graph = {name: edges(name) for name in MODULES}
    assert "kurouge.tokenizers.presets" in graph["kurouge.tokenizers.registry"]  # the registry imports them
    assert "kurouge.tokenizers" in graph["kurouge.tokenizers.registry"]  # each module imports its package
    graphlib.TopologicalSorter(graph).prepare()  # raises CycleError on a circle


def third_party(name: str) -> set[str]:
    return {module.split(".")[0] for module, _ in imports(MODULES[name])}


def test_only_the_glue_imports_evaluate_and_only_the_space_gradio():
    evaluate_users = {name for name in MODULES if "evaluate" in third_party(name)}
    gradio_users = {name for name in MODULES if "gradio" in third_party(name)}
    assert evaluate_users and all(name.startswith("kurouge.metric") for name in evaluate_users)
    assert gradio_users and all(name.startswith("kurouge.space") for name in gradio_users)
    # the core (everything but the glue and the Space) imports neither
    core = [name for name in MODULES if not name.startswith(("kurouge.metric", "kurouge.space"))]
    assert not [name for name in core if third_party(name) & {"evaluate", "gradio"}]


def test_no_private_name_is_imported_from_another_file():
    private = [
        (name, module, imported)
        for name in MODULES
        for module, names in imports(MODULES[name])
        if module and module.startswith("kurouge")
        for imported in names
        if imported.startswith("_") and imported != "__version__"
    ]
    assert private == []


def test_no_module_is_named_as_a_standard_library_module():
    stems = {name.rpartition(".")[2] for name in MODULES}
    assert stems & set(sys.stdlib_module_names) == set()


def test_importing_the_package_imports_nothing_else():
    code = (
        "import sys; before = set(sys.modules); import kurouge, kurouge.tokenizers, kurouge.engine, "
        "kurouge.stats, kurouge.stemmers, kurouge.rouge155, kurouge.metric, kurouge.space, kurouge.cli; "
        "print(sorted(set(sys.modules) - before))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(eval(done.stdout))  # noqa: S307 - our own subprocess's list of names
    # the standard library's typing and importlib at most: no numpy, no backend, no evaluate
    assert {name.split(".")[0] for name in loaded if not name.startswith("kurouge")} <= set(
        sys.stdlib_module_names
    )
    assert {name for name in loaded if name.startswith("kurouge")} == {
        "kurouge",
        "kurouge.tokenizers",
        "kurouge.engine",
        "kurouge.stats",
        "kurouge.stemmers",
        "kurouge.rouge155",
        "kurouge.metric",
        "kurouge.space",
        "kurouge.cli",
    }


def test_the_metric_script_and_the_app_are_thin():
    script = (REPO / "kurenai_rouge.py").read_text(encoding="utf-8")
    column_zero = [line for line in script.splitlines() if line.startswith(("import ", "from "))]
    # evaluate's loader reads these: third-party names only, no relative import, no comment on the line
    assert column_zero == [
        "from typing import Any",
        "import datasets",
        "import evaluate",
        "from evaluate.utils.logging import tqdm",
    ]
    app = (REPO / "app.py").read_text(encoding="utf-8")
    assert len(app.splitlines()) <= 10 and "from kurouge.space.page import main" in app
