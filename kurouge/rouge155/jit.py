"""The ROUGE-1.5.5 mode's loops, compiled by numba on their first call (plain Python without numba).

``Kernel(function, helpers)`` defers ``import numba`` (half a second) and the compilation (cached
on disk when it can be) to the first call, so that loading the metric pays nothing for them. The
helpers the function calls are compiled first and take their place in its module, where numba
looks them up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


class Kernel:
    """A function compiled by ``numba.njit`` when first called, or run as it is without numba."""

    def __init__(self, function: Callable[..., Any], helpers: Sequence[Callable[..., Any]] = ()) -> None:
        self.function = function
        self.helpers = helpers
        self.__doc__ = function.__doc__
        self._run: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        """Run the compiled function (compiling it on the first call)."""
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

    def _interpreted(self, *args: Any) -> Any:  # pragma: no cover - without numba
        with np.errstate(over="ignore"):  # uint64 arithmetic wraps, as compiled
            return self.function(*args)
