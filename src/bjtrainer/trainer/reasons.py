"""Why a missed spot's best play is best, in one line, from the Why figures.

The end of a set lists the spots missed, each with its best play and a
one-line reason (``docs/practice.md``). The figures are those of the Why
panel (the chance of busting on one more card, the win/push/loss chances
if you stand, every action's EV; :mod:`bjtrainer.trainer.explain`), for
independent draws, in units of the original wager (``docs/numbers.md``).
The coach (:meth:`bjtrainer.trainer.coach.Coach.reason`) is what callers
use. Example for hard 16 v 7 stood::

    Hit -0.415 beats Stand -0.475: standing on hard 16 wins only 26.2%; one more card busts 61.5%.
"""

from __future__ import annotations

from bjtrainer.engine.actions import Action
from bjtrainer.engine.hand import evaluate
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import analyse
from bjtrainer.trainer.explain import ACE_UP_BLACKJACK
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.spots import Spot, is_insurance_spot
from bjtrainer.trainer.wording import label, percent, signed

__all__ = ["reason_line"]

#: Share of blackjacks insurance at 2:1 needs to break even: 1/3.
_INSURANCE_BREAK_EVEN = 1 / 3


def _hand_name(spot: Spot) -> str:
    value = evaluate(spot.cards)
    return f"{'soft' if value.soft else 'hard'} {value.total}"


def _up_name(up: str) -> str:
    """The up card with its article: "an ace", "an 8", "a ten", "a 7"."""
    return {"A": "an ace", "8": "an 8", "T": "a ten"}.get(up, f"a {up}")


def _fact(rules: Rules, spot: Spot, best: Action) -> str:
    analysis = analyse(rules, spot.to_hand_spot())
    hand = _hand_name(spot)
    win, loss, bust = analysis.stand_win, analysis.stand_loss, analysis.bust_next
    if best is Action.STAND:
        return f"standing on {hand} wins {percent(win)}; one more card busts {percent(bust)}"
    if best is Action.HIT:
        return f"standing on {hand} wins only {percent(win)}; one more card busts {percent(bust)}"
    if best is Action.DOUBLE:
        return f"one card on {hand} is worth doubling the bet against {_up_name(spot.up)}"
    if best is Action.SPLIT:
        return (
            f"two hands each starting with {spot.cards[0]} are worth more than {hand} "
            f"against {_up_name(spot.up)}"
        )
    return f"standing on {hand} loses {percent(loss)}, so keeping half the bet costs less"


def reason_line(rules: Rules, spot: Spot, grade: Grade) -> str:
    """One line: the best play, what it beats, and the figure that decides it.

    Parameters
    ----------
    rules : Rules
        The spot's table.
    spot : Spot
        The decision (a hand decision or the insurance question).
    grade : Grade
        Its grade (:func:`bjtrainer.trainer.grading.grade`): the action
        taken, the best legal action and every legal EV.

    Returns
    -------
    str
        ``"<Best> <ev> beats <Taken> <ev>: <fact>."`` with EVs in units of
        the original wager; when the taken action was accepted anyway, the
        line says how close it was.

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur under ``rules``.
    """
    best, taken = grade.best, grade.action
    head = (
        f"{label(best)} {signed(grade.evs[best])} beats {label(taken)} {signed(grade.evs[taken])}"
    )
    if best == taken:
        return f"{label(best)} {signed(grade.evs[best])} is the best play."
    if is_insurance_spot(spot):
        fact = (
            f"the dealer has blackjack {percent(ACE_UP_BLACKJACK)} of the time with an ace up, "
            f"less than the {percent(_INSURANCE_BREAK_EVEN)} insurance at 2:1 needs"
        )
    else:
        fact = _fact(rules, spot, best)
    return f"{head}: {fact}."
