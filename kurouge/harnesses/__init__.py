"""Adapters for evaluation harnesses; each module imports its harness, nothing here is imported eagerly.

- ``lm_eval_tasks/``: an lm-evaluation-harness include path (``kurenai-rouge lm-eval-path`` prints it).
- ``lighteval_metric``, ``lighteval_tasks``: a lighteval sample-level metric and a custom tasks file.
- ``inspect_scorer``: an inspect-ai ``@scorer``.
"""
