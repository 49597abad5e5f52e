"""The side panel of a practice set: the kind of set, "Spot 3 of 10", the score so far."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from bjtrainer.tui.views.practice import SetProgress


class SetPanel(Widget):
    """Draws a :class:`~bjtrainer.tui.views.practice.SetProgress` (set ``picture``).

    The score counts unassisted first answers only; answers after a hint and
    retries are counted apart (``docs/practice.md``, "Three kinds of
    answer, counted apart"). EV is
    in units of the original wager.
    """

    picture: reactive[SetProgress | None] = reactive(None, layout=True)

    def on_mount(self) -> None:
        self.border_title = "Set"

    def render(self) -> Text:
        picture = self.picture
        if picture is None:
            return Text()
        text = Text(picture.title + "\n", style="bold")
        if picture.subject:
            text.append(picture.subject + "\n", style="bold")
        if picture.replay:
            text.append("A replay\n", style="italic")
        text.append(picture.spot_line() + "\n", style="bj.key")
        text.append(picture.score_line() + "\n")
        text.append(f"After a hint {picture.after_hint}\n", style="dim")
        text.append(f"Retries {picture.retries}\n", style="dim")
        text.append(f"EV given up {picture.ev_lost:.3f}", style="dim")
        return text
