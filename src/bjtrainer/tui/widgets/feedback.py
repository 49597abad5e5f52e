"""The lines under the hands: the grade of the decision just made, its reason, the result, what now.

The grade line and its reason come first, so they read as being about the
decision just made, and the prompt for the next one comes last, just above
the round's buttons (``docs/playing.md``, "Hint, Why and the grade line").
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class FeedbackPicture:
    """The lines of feedback.

    Attributes
    ----------
    prompt : str
        What the player can do now ("Your move on hand 1 ...").
    grade : str
        The last decision's grade line (``Grade.line()``: the action on its
        spot, "✔ Hit on hard 10 v A ..."), or empty.
    accepted : bool
        Whether that decision was accepted (green) or not (red).
    reason : str
        The one-sentence reason of that decision (``Grade.reason``), or empty.
    result : str
        ``RoundResult.describe()`` once the round is settled; while it goes
        on, what the peek found after an insurance answer
        (:func:`~bjtrainer.tui.views.table.peek_line`); else empty.
    """

    prompt: str = ""
    grade: str = ""
    accepted: bool = True
    result: str = ""
    reason: str = ""


class FeedbackView(Widget):
    """Draws a :class:`FeedbackPicture`: grade, reason, result and prompt, each from its own row.

    Only the lines that have something to say are drawn, in that order: the
    grade and the reason of the decision just made, the round's result, and
    last the prompt for what comes next. A long line wraps onto more rows and
    the widget grows (``height: auto`` in the stylesheet).
    """

    picture: reactive[FeedbackPicture] = reactive(FeedbackPicture(), layout=True)

    def render(self) -> Text:
        picture = self.picture
        parts = [
            (picture.grade, "bj.good" if picture.accepted else "bj.bad"),
            (picture.reason, ""),
            (picture.result, "bold"),
            (picture.prompt, "italic"),
        ]
        text = Text()
        for line, style in parts:
            if not line:
                continue
            if text:
                text.append("\n")
            text.append(line, style=style)
        return text
