"""The ROUGE-1.5.5 mode's loops, compiled by numba when the input is large (plain Python otherwise).

``Kernel(function, helpers)`` defers ``import numba`` (half a second) and the compilation (about
ten seconds the first time, cached on disk when it can be; a second to load from there) to the
first call that needs it, so that loading the metric pays nothing for them. Inside
``compiled_if(False)`` (a small input: ``scoring.evaluate`` decides) a kernel not yet compiled in
this process runs as plain Python, which takes a fraction of a second there: a first call on a few
documents does not wait for a compiler. The helpers the function calls are compiled first and take
their place in its module, where numba looks them up.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from typing import Any

import numpy as np

# Whether a kernel not yet compiled compiles now (a large input) or runs as Python (a small one).
_COMPILE: ContextVar[bool] = ContextVar("kurouge_rouge155_compile", default=True)


@contextlib.contextmanager
def compiled_if(large: bool) -> Iterator[None]:
    """Within the block, kernels not yet compiled compile only if ``large`` (else run as Python)."""
    token = _COMPILE.set(large)
    try:
        yield
    finally:
        _COMPILE.reset(token)


class Kernel:
    """A function compiled by ``numba.njit`` when first called, or run as it is without numba."""

    def __init__(self, function: Callable[..., Any], helpers: Sequence[Callable[..., Any]] = ()) -> None:
        self.function = function
        self.helpers = helpers
        self.__doc__ = function.__doc__
        self._run: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        """Run the compiled function (compiling it on the first call), or as Python (see the module)."""
        if self._run is None and not _COMPILE.get():
            return self._interpreted(*args)
        if self._run is None:
            self._run = self._compile()
        return self._run(*args)

    def _compile(self) -> Callable[..., Any]:
        try:
            import numba
        except ImportError:  # pragma: no cover - numba is in requirements.txt where it has wheels
            return self._interpreted

        def jit(function: Callable[..., Any]) -> Callable[..., Any]:
            try:
                return numba.njit(function, cache=True, nogil=True)
            except RuntimeError:  # no writable cache directory: compile in every process
                return numba.njit(function, nogil=True)

        for helper in self.helpers:
            self.function.__globals__[helper.__name__] = jit(helper)
        return jit(self.function)

    def _interpreted(self, *args: Any) -> Any:
        with np.errstate(over="ignore"):  # uint64 arithmetic wraps, as compiled
            return self.function(*args)
