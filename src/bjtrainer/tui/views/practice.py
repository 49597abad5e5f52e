"""Plain pictures of a practice set for the set screen and its summary ("attributes down").

The set screen draws the set's own practice table with the table's widgets
(:mod:`bjtrainer.tui.views.table`); this module adds what a set shows on top
of them: its title, "Spot 3 of 10", the score so far, the line telling the
player what to do (retry or play on after a miss, Enter for the next spot),
and which buttons are offered. A set is played with the table's own
controls and scores decisions, not hand outcomes (``docs/practice.md``,
"How a decision is graded"). No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bjtrainer.engine.round import Phase
from bjtrainer.store import RunKind
from bjtrainer.trainer.practice.cells import cell_of
from bjtrainer.trainer.practice.sets import ClearedSpot, PracticeSet
from bjtrainer.trainer.practice.topics import TOPIC_TITLES
from bjtrainer.trainer.spots import Spot, is_insurance_spot
from bjtrainer.trainer.wording import label
from bjtrainer.tui.views.table import prompt_line

#: Each kind of set as the player reads it.
RUN_TITLES: dict[RunKind, str] = {
    RunKind.FOCUS: "Focused practice",
    RunKind.REVIEW: "Mistakes & weak spots",
    RunKind.DAILY: "Daily five",
    RunKind.DUE: "Due spots",
    RunKind.CUSTOM: "Practice set",
}


def spot_label(spot: Spot) -> str:
    """A spot as a player reads it.

    Returns
    -------
    str
        ``"T,6 v T (hard 16)"``, ``"8,3 v 6 (hard 11, split hand)"``,
        ``"A,7 v 9 (soft 18)"``, ``"8,8 v T (pair 8)"``, or for the
        insurance question ``"Insurance? T,6 v A"``. Cards are value ranks
        (T for any ten-value card).
    """
    hand = f"{','.join(spot.cards)} v {spot.up}"
    if is_insurance_spot(spot):
        return f"Insurance? {hand}"
    split = ", split hand" if spot.split_hand else ""
    return f"{hand} ({cell_of(spot).row}{split})"


def set_title(practice_set: PracticeSet) -> str:
    """``"Focused practice · Pairs"``, ``"Daily five 2026-11-29 · replay"``, ``"Due spots"``."""
    title = RUN_TITLES[practice_set.kind]
    if practice_set.topic is not None:
        title += f" · {TOPIC_TITLES[practice_set.topic]}"
    if practice_set.daily_day is not None:
        title += f" {practice_set.daily_day.isoformat()}"
    if practice_set.replay:
        title += " · replay"
    return title


@dataclass(frozen=True)
class SetProgress:
    """Where a set stands, for its side panel.

    Attributes
    ----------
    title : str
        The kind of set (``"Focused practice"``).
    subject : str
        The topic, the daily date, or empty.
    position : int
        The spot being played, 1-based.
    size : int
        Spots in the set.
    right : int
        Unassisted first answers accepted so far (the score).
    decisions : int
        Decisions answered so far, each once.
    after_hint : int
        Decisions first answered after a Hint or Why.
    retries : int
        Retries so far.
    ev_lost : float
        EV given up by the first answers, units of the original wager.
    replay : bool
        A daily five played again: the day's first answers are kept.
    """

    title: str
    subject: str
    position: int
    size: int
    right: int
    decisions: int
    after_hint: int
    retries: int
    ev_lost: float
    replay: bool = False

    def spot_line(self) -> str:
        """``"Spot 3 of 10"``."""
        return f"Spot {self.position} of {self.size}"

    def score_line(self) -> str:
        """``"Right 4 of 5"``: unassisted first answers accepted, of the decisions."""
        return f"Right {self.right} of {self.decisions}"


def set_progress(practice_set: PracticeSet) -> SetProgress:
    """The side panel's picture of ``practice_set`` now."""
    summary = practice_set.summary()
    subject = ""
    if practice_set.topic is not None:
        subject = TOPIC_TITLES[practice_set.topic]
    elif practice_set.daily_day is not None:
        subject = practice_set.daily_day.isoformat()
    return SetProgress(
        title=RUN_TITLES[practice_set.kind],
        subject=subject,
        position=practice_set.position + 1,
        size=practice_set.size,
        right=summary.right,
        decisions=summary.decisions,
        after_hint=summary.after_hint,
        retries=summary.retries,
        ev_lost=summary.ev_lost,
        replay=practice_set.replay,
    )


def set_prompt(practice_set: PracticeSet, *, retrying: bool) -> str:
    """One line telling the player what to do now in the set.

    Parameters
    ----------
    practice_set : PracticeSet
    retrying : bool
        The player pressed the retry key after a miss: the next answer is a retry.
    """
    pending = practice_set.pending
    if pending is None:
        if practice_set.finished:
            return "The set is over. Enter shows the summary."
        return f"Hand over. Enter deals spot {practice_set.position + 2} of {practice_set.size}."
    if pending.missed is not None and not retrying:
        return f"Missed. A retries this decision; K plays on with {label(pending.missed)}."
    move = prompt_line(practice_set.table)
    if retrying:
        return f"Retry (counted apart, never as right). {move}"
    return move


def set_choices(practice_set: PracticeSet, *, retrying: bool) -> frozenset[str]:
    """The buttons to offer now, by choice: legal decisions (action values) and the set's own.

    The set's own choices are deal, hint, why, retry, play_on, leave and help.
    A decision is offered while one is pending and not held after a miss
    (then retry and play on are offered instead, until the retry key is
    pressed); ``"deal"`` (the next spot, or the summary) once the hand is over.
    """
    offered = {"leave", "help"}
    pending = practice_set.pending
    if pending is None:
        offered.add("deal")
        return frozenset(offered)
    offered.update({"hint", "why"})
    if pending.missed is not None and not retrying:
        offered.update({"retry", "play_on"})
        return frozenset(offered)
    round_ = practice_set.round
    if round_.phase is not Phase.SETTLED:
        offered.update(action.value for action in round_.legal_actions())
    return frozenset(offered)


def outcome_result(practice_set: PracticeSet) -> str:
    """The feedback's result line: the settled hand's net change, as at the table, or empty.

    The reason of the last answer (``AnswerOutcome.reason``) has a line of
    its own (:class:`~bjtrainer.tui.widgets.feedback.FeedbackPicture`).
    """
    round_ = practice_set.round
    return round_.result.describe() if round_.phase is Phase.SETTLED and round_.result else ""


def comes_back(due: date, today: date) -> str:
    """``"back on 2026-12-01 (in 2 days)"``: when a cleared spot is due again."""
    days = (due - today).days
    if days <= 0:
        return f"back on {due.isoformat()} (today)"
    if days == 1:
        return f"back on {due.isoformat()} (tomorrow)"
    return f"back on {due.isoformat()} (in {days} days)"


def cleared_lines(cleared: tuple[ClearedSpot, ...], today: date) -> list[str]:
    """The summary's cleared spots: a heading, then one line per spot with its return date.

    Empty when the set cleared nothing. Example::

        ["Cleared from the review queue: 1 spot. The schedule brings it back:",
         "  6,T v T (hard 16): back on 2026-12-01 (in 2 days)"]

    The date is the local date from which the spot is due again
    (``docs/practice.md``, "When a spot is due").
    """
    if not cleared:
        return []
    count = len(cleared)
    spots, it = ("1 spot", "it") if count == 1 else (f"{count} spots", "each")
    lines = [f"Cleared from the review queue: {spots}. The schedule brings {it} back:"]
    lines.extend(f"  {spot_label(item.spot)}: {comes_back(item.due, today)}" for item in cleared)
    return lines
