"""The ``kurenai-rouge`` command (``python -m kurouge``)."""
