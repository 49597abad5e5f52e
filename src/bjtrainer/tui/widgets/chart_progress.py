"""A line of text over Textual's ``ProgressBar``: long work, shown while it runs.

A custom table's chart is computed once (about half a second to a few
seconds; ``docs/numbers.md``, "12. The basic-strategy chart"); the screen
computes it in a worker thread and shows this widget meanwhile, fed by the
solver's ``on_progress(done, total)`` steps. It is hidden when idle, so it
takes no room on a screen that has nothing to compute.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widgets import ProgressBar, Static

#: The bar's total while no work runs (any known total: the bar stands still).
IDLE_TOTAL = 1


class WorkProgress(Vertical):
    """What is being computed and how far it got (hidden until :meth:`begin`).

    The class ``-running`` shows it (``display: none`` otherwise).
    """

    DEFAULT_CSS = """
    WorkProgress {
        height: auto;
        display: none;
        margin: 1 0 0 0;
    }
    WorkProgress.-running {
        display: block;
    }
    WorkProgress Static {
        width: 1fr;
        height: auto;
        text-style: italic;
    }
    WorkProgress ProgressBar {
        width: 1fr;
    }
    WorkProgress ProgressBar Bar {
        width: 1fr;
    }
    """

    def _parts(self) -> tuple[Static, ProgressBar]:
        """The line and the bar, made when work first begins (a screen that never waits: none)."""
        if not self.children:
            # A total from the start: an unknown total animates the bar 15 times
            # a second (Textual's Bar), hidden or not.
            self.mount(Static(classes="work-label"), ProgressBar(total=IDLE_TOTAL, show_eta=False))
        return self.query_one(".work-label", Static), self.query_one(ProgressBar)

    def begin(self, label: str) -> None:
        """Show ``label`` and a bar that waits for its first step (total unknown)."""
        self.say(label)
        self._parts()[1].update(total=None, progress=0)
        self.add_class("-running")

    def say(self, label: str) -> None:
        """Change the line above the bar."""
        self._parts()[0].update(label)

    def advance(self, done: int, total: int) -> None:
        """``done`` of ``total`` steps are done (an ``on_progress`` step)."""
        self._parts()[1].update(total=total, progress=done)

    def end(self) -> None:
        """Hide the widget: the work is over (and the bar's animation stopped)."""
        self.remove_class("-running")
        if self.children:
            self._parts()[1].update(total=IDLE_TOTAL, progress=0)
