"""The files the Space writes and keeps: each request's downloads, and the uploads gradio caches.

``DOWNLOADS`` holds the CSV and JSON files of the newest requests in a folder of the app's own, removed at
exit. ``UPLOADS`` bounds the disk the uploads in gradio's cache take.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import threading
import uuid
from pathlib import Path

import gradio as gr

from kurouge.space.limits import LIMITS

# gradio runs this many Score requests at once, and Inspect requests in a lane of their own, so that a
# long Score never holds up an Inspect or another Score.
SCORE_LANES = 2


class Downloads:
    """Folders for the files of each Score request, under one folder per app that is removed at exit.

    ``new_folder`` keeps the ``keep`` newest request folders and deletes older ones, so the files of
    any number of requests take at most ``keep`` requests' worth of disk. The app serves them from
    here (``gr.set_static_paths``): a page's download links work until ``keep`` more requests.
    """

    def __init__(self, keep: int = 4 * SCORE_LANES) -> None:
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix="kurenai_rouge_"))
        self._folders: list[Path] = []
        self._lock = threading.Lock()
        atexit.register(shutil.rmtree, self.root, ignore_errors=True)

    def new_folder(self) -> Path:
        """An empty folder for one request's files."""
        folder = self.root / uuid.uuid4().hex
        folder.mkdir()
        with self._lock:
            self._folders.append(folder)
            old, self._folders = self._folders[: -self.keep], self._folders[-self.keep :]
        for path in old:
            shutil.rmtree(path, ignore_errors=True)
        return folder


DOWNLOADS = Downloads()


class Uploads:
    """The uploads this app has been handed, oldest first, deleted from gradio's cache past a total size.

    gradio keeps each upload for an hour (``delete_cache``), whatever their number and size. ``seen``
    records an upload and deletes the oldest recorded ones (never the one just seen) while together
    they take more than ``keep_bytes``; at exit (Ctrl-C or SIGTERM) every recorded one is deleted. Only
    files recorded here are deleted: the cache folder may be shared with other apps.
    """

    def __init__(self, keep_bytes: int) -> None:
        self.keep_bytes = keep_bytes
        self._paths: dict[Path, int] = {}  # path: size, oldest first
        self._lock = threading.Lock()
        atexit.register(self.delete_all)

    def delete_all(self) -> None:
        """Delete every recorded upload."""
        with self._lock:
            for path in self._paths:
                path.unlink(missing_ok=True)
            self._paths.clear()

    def seen(self, path: Path) -> list[Path]:
        """Record the upload at ``path``; return the older uploads deleted to stay within the size."""
        with self._lock:
            self._paths.pop(path, None)
            self._paths[path] = path.stat().st_size
            deleted = []
            while sum(self._paths.values()) > self.keep_bytes and len(self._paths) > 1:
                oldest = next(iter(self._paths))
                del self._paths[oldest]
                oldest.unlink(missing_ok=True)
                deleted.append(oldest)
            return deleted


# Uploads are at most LIMITS.upload_bytes each; this keeps about twenty of the largest.
UPLOADS = Uploads(keep_bytes=20 * LIMITS.upload_bytes)


def uploaded(path: str | None) -> Path | None:
    """The uploaded file at ``path`` (None when there is none), recorded in ``UPLOADS``.

    Refused with a message when it is no longer there (the cache deletes old uploads).
    """
    if not path:
        return None
    if not Path(path).is_file():
        raise gr.Error(f"the uploaded file {Path(path).name} is no longer on the server: upload it again")
    UPLOADS.seen(Path(path))
    return Path(path)
