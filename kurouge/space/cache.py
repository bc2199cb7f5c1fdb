"""The app's own folder in gradio's cache of uploads, removed with everything in it when the app ends.

gradio keeps uploads under ``GRADIO_TEMP_DIR`` (``<temp>/gradio`` by default), a folder other apps may
share. On closing it deletes the files it tracked but leaves their folders and its upload temp files.
``use_private_cache`` points gradio at a fresh subfolder of that cache and removes the subfolder at exit
(after Ctrl-C or SIGTERM; nothing runs after SIGKILL). gradio reads the variable when it is imported,
so this runs first.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path


def use_private_cache() -> Path:
    """Make a fresh folder inside gradio's cache its cache for this process, removed at exit.

    A RuntimeError if gradio is already imported (it would keep the old folder).
    """
    if "gradio" in sys.modules:
        raise RuntimeError("use_private_cache() must run before gradio is imported")
    base = Path(os.environ.get("GRADIO_TEMP_DIR") or Path(tempfile.gettempdir()) / "gradio")
    base.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="kurenai_rouge-", dir=base))
    os.environ["GRADIO_TEMP_DIR"] = str(folder)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder
