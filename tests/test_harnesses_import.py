"""The core and the harnesses' sub-package import no harness: each adapter imports its own."""

import subprocess
import sys

from conftest import REPO


def test_core_imports_no_harness():
    code = (
        "import sys, kurouge, kurouge.harnesses, kurouge.api, kurouge.cli.main\n"
        "from kurouge.harnesses.lm_eval_path import lm_eval_path\n"
        "kurouge.score(['a b'], ['a b'])\n"
        "print(sorted({'lm_eval', 'lighteval', 'inspect_ai'} & set(sys.modules)))\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "[]"
