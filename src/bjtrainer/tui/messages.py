"""Domain messages: what happened in play, posted by the screen where it happened.

Each is a Textual :class:`~textual.message.Message` that bubbles from the
screen up to the app, so a parent (or a test) learns what the player did
and what came of it without reading any widget:

- :class:`DecisionGraded`: a decision was graded, at the table or in a
  practice set (the grade is the one shown in the grade line);
- :class:`RoundSettled`: a round was settled (its result line's net chips);
- :class:`SetFinished`: the last hand of a practice set is over (the
  figures of the set's summary).

A message is posted once per event: an answer a set had recorded already
(the same decision's token again) posts nothing, and a round or a set is
announced once however often the screen is redrawn.
"""

from __future__ import annotations

from textual.message import Message

from bjtrainer.engine.records import RoundResult
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.practice.sets import SetSummary


class DecisionGraded(Message):
    """A decision was graded.

    Attributes
    ----------
    grade : Grade
        The verdict: the action taken (``grade.action``), the best legal
        action, every legal action's EV in units of the original wager, and
        whether the answer was accepted (``grade.accepted``).
    """

    def __init__(self, grade: Grade) -> None:
        super().__init__()
        self.grade = grade


class RoundSettled(Message):
    """A round was settled.

    Attributes
    ----------
    result : RoundResult
        The settled round: ``result.net`` is the net change of the balance
        over every wager of the round, in chips.
    """

    def __init__(self, result: RoundResult) -> None:
        super().__init__()
        self.result = result


class SetFinished(Message):
    """The last hand of a practice set is over.

    Attributes
    ----------
    summary : SetSummary
        The set's figures: decisions answered, the score (``summary.right``),
        EV given up in units of the original wager, the spots missed.
    """

    def __init__(self, summary: SetSummary) -> None:
        super().__init__()
        self.summary = summary
