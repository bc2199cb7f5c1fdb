"""The evaluate glue: the only code that imports evaluate (the metric script's base class)."""
