"""The felt: the table's main column, which scrolls on a small terminal.

At 100 x 34 the dealer, the hands, the feedback, the round's buttons and
an open Hint or Why panel all fit; at 80 x 24 they do not. The felt is a
``VerticalScroll`` that keeps one chosen widget in view: the round's
buttons after a move (the prompt and the result line sit just above them),
or the Hint or Why panel when it opens. It scrolls again whenever its
content changes size (a wrapped line, a split hand, the exact figures
arriving), so the widget is shown once the layout is final.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget


class Felt(VerticalScroll):
    """A vertical scroll that keeps :attr:`kept` in view (set it with :meth:`keep_in_view`).

    Parameters
    ----------
    id : str, optional
        The widget id (``"felt"`` on the table screen, styled in ``bjtrainer.tcss``).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The widget to keep in view, or ``None``.
        self.kept: Widget | None = None

    def keep_in_view(self, widget: Widget) -> None:
        """Scroll, now and after every change of the content's size, so ``widget`` shows.

        The scroll is the smallest that shows the whole widget (or its top,
        if it is taller than the felt).
        """
        self.kept = widget
        self._scroll_to_kept()

    def watch_virtual_size(self) -> None:
        """The content changed size: bring the kept widget back into view."""
        self._scroll_to_kept()

    def _scroll_to_kept(self) -> None:
        kept = self.kept
        if kept is not None and kept.is_attached and kept.display:
            kept.scroll_visible(animate=False)
