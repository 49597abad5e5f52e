"""The Hint / Why panel: plain lines from ``bjtrainer.trainer.explain``."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class CoachPanel(Widget):
    """Shows the hint line or the why lines of the current decision.

    Set ``title`` (``"Hint"`` or ``"Why"``) and ``lines``; the panel hides
    itself when there are no lines. The first line is drawn in bold.
    """

    title: reactive[str] = reactive("")
    lines: reactive[tuple[str, ...]] = reactive((), layout=True)

    def on_mount(self) -> None:
        self.display = bool(self.lines)

    def watch_title(self, title: str) -> None:
        self.border_title = title

    def watch_lines(self, lines: tuple[str, ...]) -> None:
        self.display = bool(lines)

    def render(self) -> Text:
        text = Text()
        for index, line in enumerate(self.lines):
            if index:
                text.append("\n")
            text.append(line, style="bold" if index == 0 else "")
        return text
