"""What ``pip install`` gets: the wheel's files, the extras' pins and the Space's requirements.txt."""

import re
import shutil
import subprocess
import sys
import zipfile

import pytest
import tomllib
from conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel pip builds from the checkout's files, with this environment's setuptools (no download).

    Built from a copy of what the build reads, so that a build folder left in the checkout plays no part.
    """
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("dist")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "kurouge", source / "kurouge", ignore=shutil.ignore_patterns("__pycache__"))
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-w", str(out), str(source)], check=True, capture_output=True, timeout=600)
    (built,) = out.glob("kurenai_rouge-*.whl")
    return built


def test_the_wheel_holds_every_module_of_the_package_and_nothing_else(wheel):
    import kurouge

    names = zipfile.ZipFile(wheel).namelist()
    modules = {name for name in names if name.endswith(".py")}
    in_checkout = {path.relative_to(REPO).as_posix() for path in (REPO / "kurouge").rglob("*.py")}
    assert modules == in_checkout
    # The lm-evaluation-harness task pack (package data): its bases have no suffix.
    pack = "kurouge/harnesses/lm_eval_tasks/"
    assert {pack + "_kurenai_summary", pack + "kurenai_xlsum_amharic.yaml"} <= set(names)
    assert all(
        name.startswith(("kurouge/", f"kurenai_rouge-{kurouge.__version__}.dist-info/")) for name in names
    )
    entry_points = zipfile.ZipFile(wheel).read(
        f"kurenai_rouge-{kurouge.__version__}.dist-info/entry_points.txt"
    )
    assert b"kurenai-rouge = kurouge.cli.main:console" in entry_points


def requirement(line: str) -> str:
    """A requirement line without spaces around its marker's ``;``."""
    return re.sub(r"\s*;\s*", "; ", line.strip())


def extra(name: str) -> list[str]:
    """The pins of an extra, with the extras it names (``kurenai-rouge[a,b]``) expanded."""
    pins = []
    for line in PYPROJECT["optional-dependencies"][name]:
        named = re.fullmatch(r"kurenai-rouge\[([\w,-]+)\]", line)
        pins += [pin for part in named[1].split(",") for pin in extra(part)] if named else [requirement(line)]
    return pins


def test_the_spaces_requirements_are_the_package_with_the_space_and_every_backend():
    lines = (REPO / "requirements.txt").read_text(encoding="utf-8").splitlines()
    listed = [requirement(line) for line in lines if line.strip() and not line.startswith("#")]
    assert len(listed) == len(set(listed))
    expected = (
        {requirement(line) for line in PYPROJECT["dependencies"]} | set(extra("all")) | set(extra("space"))
    )
    assert set(listed) == expected


def test_every_extra_is_pinned():
    for name in PYPROJECT["optional-dependencies"]:
        for pin in extra(name):
            assert "==" in pin or pin == "pandas", (name, pin)


def test_the_version_has_one_source():
    import kurouge

    assert PYPROJECT["dynamic"] == ["version"]
    assert not list(REPO.glob("*.py")) or all(
        "0.1.0" not in path.read_text(encoding="utf-8") for path in REPO.glob("*.py")
    )
    assert re.fullmatch(r"\d+\.\d+\.\d+", kurouge.__version__)


def test_pip_installs_the_package_from_its_git_repository(tmp_path):
    # As `pip install "kurenai-rouge @ git+https://huggingface.co/spaces/<owner>/kurenai_rouge"` does,
    # from this checkout's git repository (its committed HEAD), into a folder of its own.
    url = f"kurenai-rouge @ git+file://{REPO}"
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "--target", str(tmp_path), url], check=True, capture_output=True, timeout=600)
    assert (tmp_path / "kurouge" / "api.py").is_file() and (tmp_path / "bin" / "kurenai-rouge").is_file()
