"""The benchmarks still name what the package has: they run by hand, so nothing else would notice.

Two of them called ``registry.get_tokenizer`` for rounds after it moved to ``kurouge.settings``
(``bench_rates.py check`` and ``bench_long_inputs.py`` failed at their first tokenizer).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _missing_names(path: Path) -> list[str]:
    """``module.name`` uses in ``path`` (and names imported from kurouge) that the package lacks."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules, missing = {}, []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kurouge"):
            for alias in node.names:
                try:
                    modules[alias.asname or alias.name] = importlib.import_module(
                        f"{node.module}.{alias.name}"
                    )
                except ImportError:
                    if not hasattr(importlib.import_module(node.module), alias.name):
                        missing.append(f"{node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kurouge"):
                    modules[alias.asname or alias.name] = importlib.import_module(alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            if not hasattr(modules[node.value.id], node.attr):
                missing.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return missing


@pytest.mark.parametrize("path", sorted(BENCHMARKS.glob("*.py")), ids=lambda path: path.name)
def test_a_benchmark_names_only_what_the_package_has(path: Path) -> None:
    assert _missing_names(path) == []


def test_the_check_finds_a_name_the_package_lacks(tmp_path: Path) -> None:
    script = tmp_path / "bench_old.py"
    script.write_text("from kurouge.tokenizers import registry\nregistry.get_tokenizer('word')\n")
    assert _missing_names(script) == ["line 2: registry.get_tokenizer"]
