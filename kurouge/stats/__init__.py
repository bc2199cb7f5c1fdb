"""Aggregation and intervals (``summary``, ``quantiles``) and paired significance tests (``significance``)."""
