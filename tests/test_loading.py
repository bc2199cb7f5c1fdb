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

PAIR = {"predictions": ["いぬ が はしる"], "references": ["いぬ が あるく"]}
EXPECTED = {"rouge1": 2 / 3, "rouge2": 0.5, "rougeL": 2 / 3, "rougeLsum": 2 / 3}


def test_module_files_are_the_relative_imports():
    # evaluate copies only what kurenai_rouge.py imports as `from .name import ...` at column 0.
    assert MODULE_FILES[0] == "kurenai_rouge.py"
    assert {"rouge_engine.py", "rouge_inputs.py", "rouge_stats.py", "rouge_text.py"} <= set(MODULE_FILES)
    # A sibling's own imports are not followed: every sibling one of them imports is imported there too.
    for name in MODULE_FILES:
        siblings = re.findall(r"^\s*from \.(\w+) import", (REPO / name).read_text(), re.M)
        assert {f"{sibling}.py" for sibling in siblings} <= set(MODULE_FILES), name
    assert all((REPO / name).is_file() for name in MODULE_FILES)


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
    assert sorted(set(requested)) == sorted(MODULE_FILES)
