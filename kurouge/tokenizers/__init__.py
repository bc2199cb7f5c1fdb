"""Tokenizers: by name (``registry``), Unicode words (``words``), segmenters (``segmenters``), presets.

Import a module to use it; this file imports nothing.
"""
