"""``python rouge_cli.py``, kept for one release: the command is ``kurenai-rouge`` (``python -m kurouge``)."""

import sys

from kurouge.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
