"""Scoring engines: n-grams, LCS (bit-parallel, compiled), ROUGE-W/S/SU, worker processes, Ray."""
