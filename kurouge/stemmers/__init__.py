"""Stemmers by language (``registry``) and XL-Sum's Bengali rules (``bengali``)."""
