"""Loading the metric as users do: a directory, the .py file, and the Hub code path (offline)."""

import http.server
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import evaluate
import pytest
from conftest import MODULE_FILES, REPO, copy_module

import kurouge

PAIR = {"predictions": ["いぬ が はしる"], "references": ["いぬ が あるく"]}
EXPECTED = {"rouge1": 2 / 3, "rouge2": 0.5, "rougeL": 2 / 3, "rougeLsum": 2 / 3}


def test_the_script_needs_no_sibling():
    # evaluate copies only what kurenai_rouge.py imports as `from .name import ...` at column 0: nothing.
    assert MODULE_FILES == ["kurenai_rouge.py"]
    assert not re.findall(r"^from \.", (REPO / "kurenai_rouge.py").read_text(), re.M)


def test_load_directory(metric_dir):
    metric = evaluate.load(str(metric_dir))
    assert type(metric).__name__ == "KurenaiRouge"
    assert metric.compute(**PAIR) == EXPECTED


def test_load_script_path():
    metric = evaluate.load(str(REPO / "kurenai_rouge.py"))
    assert type(metric).__name__ == "KurenaiRouge"
    assert metric.compute(**PAIR) == EXPECTED


class _SpaceHandler(http.server.BaseHTTPRequestHandler):
    """Serves files as the Hub serves a Space: /spaces/<user>/<name>/resolve/<rev>/<file>."""

    root: Path
    requested: list

    def _serve(self, with_body: bool) -> None:
        parts = self.path.split("?")[0].strip("/").split("/")
        target = self.root / "/".join(parts[5:]) if len(parts) > 5 and parts[0] == "spaces" else None
        if target is None or parts[3] != "resolve" or not target.is_file():
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.requested.append(target.name)
        data = target.read_bytes()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", f'"{hash(data)}"')
        self.end_headers()
        if with_body:
            self.wfile.write(data)

    def do_GET(self):  # noqa: N802
        self._serve(True)

    def do_HEAD(self):  # noqa: N802
        self._serve(False)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_hub(tmp_path):
    """A loopback HTTP server holding a copy of the Space's files (and nothing else of the repo)."""
    space = copy_module(tmp_path / "space")
    handler = type("Handler", (_SpaceHandler,), {"root": space, "requested": []})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", handler.requested
    server.shutdown()


def test_load_from_the_hub(fake_hub, tmp_path):
    endpoint, requested = fake_hub
    script = (
        "import evaluate, json\n"
        "m = evaluate.load('someone/kurenai_rouge')\n"
        f"print(json.dumps(m.compute(**{PAIR!r})))\n"
    )
    env = dict(os.environ)
    env.update(
        HF_ENDPOINT=endpoint,
        HF_HUB_OFFLINE="0",
        HF_MODULES_CACHE=str(tmp_path / "modules"),
        HF_HOME=str(tmp_path / "home"),
    )
    # Run from an empty folder so that nothing can be imported from the repository by accident.
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == EXPECTED
    # The Hub serves one file: the script (evaluate may ask for it more than once, HEAD then GET).
    assert set(requested) == {"kurenai_rouge.py"}


def run_loading(code: str, tmp_path: Path, metric_dir: Path) -> subprocess.CompletedProcess:
    """``code`` then ``evaluate.load`` of the metric, in a fresh interpreter started in an empty folder."""
    env = {**os.environ, "HF_MODULES_CACHE": str(tmp_path / "modules")}
    script = f"{code}\nimport evaluate\nevaluate.load({str(metric_dir)!r})\n"
    return subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )


def test_without_the_library_one_import_error_says_what_to_install(tmp_path, metric_dir):
    # As in an environment without the package: importing kurouge fails.
    done = run_loading("import sys\nsys.modules['kurouge'] = None", tmp_path, metric_dir)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: kurenai_rouge needs its library, the Python package kurouge"), last
    assert "pip install ./kurenai_rouge" in last
    assert "pip install 'kurenai-rouge @ git+https://huggingface.co/spaces/<owner>/kurenai_rouge'" in last


def test_a_library_of_another_api_is_refused(tmp_path, metric_dir):
    done = run_loading("import kurouge\nkurouge.API_VERSION = 999", tmp_path, metric_dir)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    written_for = f"written for kurouge API {kurouge.API_VERSION}, but the installed"
    assert last.startswith(f"ImportError: this kurenai_rouge.py is {written_for}")
    assert "has API 999: install the kurouge that comes with this file" in last


def test_a_missing_dependency_of_the_library_is_named_as_it_is(tmp_path, metric_dir):
    # Not the library's own message: the library is there, one of its dependencies is not.
    done = run_loading("import sys\nsys.modules['rouge_score_rs'] = None", tmp_path, metric_dir)
    assert done.returncode == 1
    assert "rouge_score_rs" in done.stderr.strip().splitlines()[-1]
    assert "needs its library" not in done.stderr


def test_one_copy_of_every_module_with_the_space_and_the_metric_in_one_process(tmp_path, metric_dir):
    # The Space's modules and the metric loaded by evaluate share every module: a warning class
    # imported from the library silences the metric's warning.
    code = f"""
import json, sys, warnings
import evaluate
from kurouge.space import page
from kurouge.tokenizers.unsegmented import UnsegmentedTextWarning
metric = evaluate.load({str(metric_dir)!r})
script = sys.modules[type(metric).__module__]
assert script.kurouge is sys.modules["kurouge"]
files = [getattr(m, "__file__", None) for m in list(sys.modules.values())]
ours = [f for f in files if f and "kurouge" in f]
assert len(ours) == len(set(ours)) and len(ours) > 20, ours
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", category=UnsegmentedTextWarning)
    metric.compute(predictions=["今日は晴れです"], references=["今日は雨です"])
print(json.dumps([str(w.category.__name__) for w in caught]))
"""
    env = {**os.environ, "HF_MODULES_CACHE": str(tmp_path / "modules")}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
