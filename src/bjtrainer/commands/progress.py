"""A progress bar on standard error for long command-line work (rich.progress).

:func:`progress_bar` yields an ``on_progress(done, total)`` callback, the
shape the solver takes (:data:`bjtrainer.strategy.ProgressCallback`), that
moves a bar on standard error -- only when standard error is a terminal and
the output is not ``--json``. Piped or redirected, it yields None and prints
nothing, so standard output and standard error hold only what they held
before. The bar is transient: it disappears when the work is done.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

__all__ = ["progress_bar"]


@contextlib.contextmanager
def progress_bar(
    description: str, *, quiet: bool = False
) -> Iterator[Callable[[int, int], None] | None]:
    """A bar on standard error while the ``with`` block runs, driven by the yielded callback.

    Parameters
    ----------
    description : str
        What is being done, e.g. ``"Computing the chart of mine"``.
    quiet : bool
        True for machine-readable output (``--json``): no bar at all.

    Yields
    ------
    callable or None
        ``on_progress(done, total)``: ``done`` of ``total`` whole steps; None
        when no bar is shown (standard error not a terminal, or ``quiet``).
    """
    from rich.console import Console

    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(description, total=None)

        def on_progress(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield on_progress
