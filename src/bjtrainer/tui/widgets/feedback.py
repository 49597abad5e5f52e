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
        ``RoundResult.describe()`` once the round is settled, else empty.
    """

    prompt: str = ""
    grade: str = ""
    accepted: bool = True
    result: str = ""


class FeedbackView(Widget):
    """Draws a :class:`FeedbackPicture` on three lines."""

    picture: reactive[FeedbackPicture] = reactive(FeedbackPicture())

    def render(self) -> Text:
        picture = self.picture
        text = Text(picture.prompt, style="italic")
        text.append("\n")
        text.append(picture.grade, style="bold green" if picture.accepted else "bold red")
        text.append("\n")
        text.append(picture.result, style="bold")
        return text
