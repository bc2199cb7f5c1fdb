"""``python -m kurouge``: the ``kurenai-rouge`` command."""

from kurouge.cli.main import console

if __name__ == "__main__":
    console()
