"""The lines under the hands: what to do now, the grade, the round's result."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class FeedbackPicture:
    """The three lines of feedback.

    Attributes
    ----------
    prompt : str
        What the player can do now ("Your move on hand 1 ...").
    grade : str
        The last decision's grade line (``Grade.line()``), or empty.
    accepted : bool
        Whether that decision was accepted (green) or not (red).
    result : str
        ``RoundResult.describe()`` once the round is settled; while it goes
        on, what the peek found after an insurance answer
        (:func:`~bjtrainer.tui.views.table.peek_line`); else empty.
    """

    prompt: str = ""
    grade: str = ""
    accepted: bool = True
    result: str = ""


class FeedbackView(Widget):
    """Draws a :class:`FeedbackPicture`: prompt, grade and result, each from its own row.

    A long line wraps onto more rows and the widget grows (``height: auto``
    in the stylesheet), so the result line is never pushed out.
    """

    picture: reactive[FeedbackPicture] = reactive(FeedbackPicture(), layout=True)

    def render(self) -> Text:
        picture = self.picture
        text = Text(picture.prompt, style="italic")
        text.append("\n")
        text.append(picture.grade, style="bold green" if picture.accepted else "bold red")
        text.append("\n")
        text.append(picture.result, style="bold")
        return text
