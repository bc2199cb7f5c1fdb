"""Every example in the README and in the metric's docstring runs, against the local module."""

import doctest
import sys

import evaluate
import pytest
from conftest import REPO


@pytest.fixture
def doc_globals(metric_dir, monkeypatch):
    """Globals for the examples, with ``evaluate.load("kurenai_rouge")`` loading the local module."""
    real_load = evaluate.load

    def load(path, *args, **kwargs):
        assert path == "kurenai_rouge", f"examples load 'kurenai_rouge', not {path!r}"
        return real_load(str(metric_dir), *args, **kwargs)

    monkeypatch.setattr(evaluate, "load", load)
    return {"evaluate": evaluate}


def run_examples(text: str, name: str, globs: dict) -> None:
    test = doctest.DocTestParser().get_doctest(text, globs, name, name, 0)
    assert test.examples, f"{name} has no examples"
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    runner.run(test, out=sys.stderr.write)
    assert runner.summarize(verbose=False).failed == 0, f"{name}: failing examples, see stderr"


def test_readme_examples(doc_globals):
    run_examples((REPO / "README.md").read_text(encoding="utf-8"), "README.md", doc_globals)


@pytest.mark.parametrize("page", sorted((REPO / "docs").glob("*.md")), ids=lambda page: page.name)
def test_docs_page_examples(doc_globals, page):
    text = page.read_text(encoding="utf-8")
    if ">>> " in text:
        # As in the card, the examples use a metric loaded as `rouge = evaluate.load("kurenai_rouge")`.
        run_examples(text, f"docs/{page.name}", {**doc_globals, "rouge": evaluate.load("kurenai_rouge")})


def test_metric_docstring_examples(doc_globals, metric_dir):
    module = sys.modules[type(evaluate.load("kurenai_rouge")).__module__]
    run_examples(module._KWARGS_DESCRIPTION, "kurenai_rouge._KWARGS_DESCRIPTION", doc_globals)


def test_docstring_reaches_compute(rouge):
    # evaluate appends the inputs description to compute's docstring, as for the stock metric.
    assert "rouge_types" in rouge.compute.__doc__


def test_every_page_that_loads_the_metric_by_name_says_where_to_run_it_from():
    """evaluate.load("kurenai_rouge") finds the folder in the current directory only."""
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        if 'evaluate.load("kurenai_rouge")' not in text or page.name == "space.md":
            continue
        first = next(line for line in text.splitlines() if 'evaluate.load("kurenai_rouge")' in line)
        said = "from the folder that holds" in first or "run them from the folder that holds" in text
        assert said, f"{page.name}: say where {first.strip()!r} runs from"
