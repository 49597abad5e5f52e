"""Export a table's graded decisions from a screen: the Stats screen's Ctrl+E and the palette.

The rows are :func:`bjtrainer.trainer.export.export_to_folder`'s (``docs/export.md``).
A store file is read on a connection of its own in a worker thread, so the
keys keep working through a long export; a store held in memory (nothing
saved to a file) is read at once. The outcome is a notice on the screen: the
path written, or the problem (no data folder, a store that cannot be read, a
file that cannot be written), with no file left.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from textual.notifications import SeverityLevel
from textual.screen import Screen

from bjtrainer import paths
from bjtrainer.errors import BjTrainerError
from bjtrainer.store import Store
from bjtrainer.trainer.clock import Clock, now
from bjtrainer.trainer.export import export_to_folder


def export_decisions(screen: Screen[Any], store: Store, rules_id: str, clock: Clock) -> None:
    """Write ``rules_id``'s graded decisions as CSV into the data folder; notify the path."""
    try:
        folder = paths.data_dir()
    except BjTrainerError as exc:
        screen.notify(str(exc), severity="error")
        return
    moment = now(clock)
    location = Path(store.location)
    if store.unsaved is None and location.is_file():
        screen.notify("Exporting your decisions...")

        def in_thread() -> None:
            try:
                with Store.open(location) as own:
                    message, severity = _exported(own, rules_id, folder, moment)
            except BjTrainerError as exc:
                message, severity = str(exc), "error"
            screen.app.call_from_thread(screen.notify, message, severity=severity)

        screen.run_worker(in_thread, thread=True, group="export", exclusive=True)
        return
    message, severity = _exported(store, rules_id, folder, moment)
    screen.notify(message, severity=severity)


def _exported(
    store: Store, rules_id: str, folder: Path, moment: datetime
) -> tuple[str, SeverityLevel]:
    """Export ``rules_id``'s decisions into ``folder``: the notice and its severity."""
    try:
        path, count = export_to_folder(store, folder, moment, rules_id=rules_id)
    except BjTrainerError as exc:
        return str(exc), "error"
    noun = "decision" if count == 1 else "decisions"
    return f"Exported {count} graded {noun} to {path}", "information"
