"""Why one play beats another, in one sentence, from the figures of that comparison.

Every graded play gets a reason (``docs/playing.md``, "Hint, Why and the
grade line"): one sentence comparing the action chosen with the best one or,
when the best was chosen, with the next best (the legal action with the
next highest EV). The Hint gives the best play and the same sentence against
the second-best play (:func:`hint_reason`). A sentence names the two
actions it compares and no other, and quotes only the figures of that
comparison, all from the EV layer (independent draws, ``docs/numbers.md``):

- hit v stand: the chance of busting on one more card, the stand result
  (win, push and loss chances) and the two EVs;
- double v hit or stand: one card for twice the bet, its EV per unit staked
  and in all, against hitting freely or standing;
- split v another play: the pair split into two hands against the pair
  played as its total (``pair 8`` as hard 16);
- surrender v another play: half the bet lost for sure (EV -0.500) against
  the expected loss, or gain, of the other play;
- insurance v no insurance: 2:1 paid with chance 4/13 (the hole card is a
  ten-value) against 9/13 lost.

EVs are in units of the original wager, signed with 3 decimals (4 where the
two EVs compared would print alike); chances are percentages with one
decimal. Hands are named as the chart names its rows (``hard 16``,
``soft 18``, ``pair 8``, :mod:`bjtrainer.strategy.cells`) and up cards as
its columns (``2`` .. ``9``, ``T``, ``A``). Example, hard 16 v 7 stood::

    Standing on hard 16 v 7 wins 26.2% and loses 73.8% (EV -0.475); hitting
    busts 61.5% of the time on the next card and still does better (EV -0.415).

The coach (:meth:`bjtrainer.trainer.coach.Coach.grade`) attaches the reason
to every grade; callers read ``grade.reason``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bjtrainer.engine.actions import Action
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import SpotAnalysis, analyse, insurance_ev_per_chip
from bjtrainer.ev.spot import INSURANCE_PAYS, SURRENDER_EV
from bjtrainer.strategy.cells import hand_cell
from bjtrainer.trainer.explain import ACE_UP_BLACKJACK
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.legal import best_of
from bjtrainer.trainer.spots import Spot, is_insurance_spot
from bjtrainer.trainer.wording import label, percent, signed

__all__ = ["compare", "hint_reason", "next_best", "reason_line", "spot_name"]

#: The gerund of each hand action, as the sentences use it.
_GERUNDS: dict[Action, str] = {
    Action.STAND: "standing",
    Action.HIT: "hitting",
    Action.DOUBLE: "doubling",
    Action.SPLIT: "splitting",
    Action.SURRENDER: "surrendering",
}


def hand_name(spot: Spot, *, as_pair: bool = True) -> str:
    """The hand as the chart names its row: ``"hard 16"``, ``"soft 18"``, ``"pair 8"``.

    A two-card pair that may split now is ``pair <rank>`` (``as_pair``);
    otherwise, and at the insurance offer, its hard or soft total.
    """
    may_split = as_pair and not is_insurance_spot(spot) and Action.SPLIT in spot.legal
    return hand_cell(spot.cards, spot.up, may_split=may_split).hand


def spot_name(spot: Spot) -> str:
    """The spot as the grade line names it: ``"hard 10 v A"``, ``"pair 8 v T"``.

    The hand as the chart's row (:func:`hand_name`), ``v``, the up card as
    the chart's column (``T`` for any ten-value card).
    """
    return f"{hand_name(spot)} v {spot.up}"


def next_best(evs: Mapping[Action, float], action: Action) -> Action | None:
    """The legal action with the highest EV other than ``action`` (ties: display order).

    ``None`` when ``action`` is the only one.
    """
    others = {other: ev for other, ev in evs.items() if other != action}
    return best_of(others) if others else None


def reason_line(rules: Rules, spot: Spot, grade: Grade) -> str:
    """The reason of a graded play: the action chosen against the best one.

    When the best play was chosen, it is compared with the next best
    (:func:`next_best`), so an accepted answer says why it is right.

    Parameters
    ----------
    rules : Rules
        The spot's table.
    spot : Spot
        The decision (a hand decision or the insurance question).
    grade : Grade
        Its grade: the action taken, the best legal action and every legal
        EV (units of the original wager; the insurance EV for the chips
        staked).

    Returns
    -------
    str
        One sentence (see the module docstring); a spot with one legal
        action says that it is the only play.

    Raises
    ------
    InvalidSpotError
        If the spot cannot occur under ``rules``.
    """
    chosen = grade.action
    other = grade.best if grade.best != chosen else next_best(grade.evs, chosen)
    if other is None:
        return f"{label(chosen)} is the only play the rules allow here."
    return compare(rules, spot, chosen, other, grade.evs)


def hint_reason(rules: Rules, spot: Spot, evs: Mapping[Action, float]) -> str:
    """The Hint's reason: the best play against the second-best (the next highest EV).

    Parameters
    ----------
    rules, spot
        As :func:`reason_line`.
    evs : Mapping[Action, float]
        EV of every legal action, units of the original wager.

    Raises
    ------
    ValueError
        If ``evs`` is empty.
    InvalidSpotError
        If the spot cannot occur under ``rules``.
    """
    best = best_of(evs)
    other = next_best(evs, best)
    if other is None:
        return f"{label(best)} is the only play the rules allow here."
    return compare(rules, spot, best, other, evs)


def compare(
    rules: Rules, spot: Spot, first: Action, second: Action, evs: Mapping[Action, float]
) -> str:
    """One sentence on why the better of two actions beats the other.

    Parameters
    ----------
    rules : Rules
        The spot's table.
    spot : Spot
        The decision.
    first, second : Action
        The two actions compared, in any order: the one with the higher EV
        is argued for (a tie goes to the first in display order).
    evs : Mapping[Action, float]
        EVs of at least these two actions, units of the original wager.

    Returns
    -------
    str
        The sentence of the pair (see the module docstring); it names only
        ``first`` and ``second``.

    Raises
    ------
    ValueError
        If ``first`` and ``second`` are the same action.
    KeyError
        If ``evs`` lacks one of them.
    InvalidSpotError
        If the spot cannot occur under ``rules``.
    """
    if first == second:
        raise ValueError(f"A reason compares two actions, not {label(first)} with itself.")
    pair = {first: evs[first], second: evs[second]}
    better = best_of(pair)
    worse = second if better == first else first
    if is_insurance_spot(spot):
        return _insurance(rules, spot, better, pair)
    analysis = analyse(rules, spot.to_hand_spot())
    figures = _Figures(spot, analysis, pair)
    actions = {better, worse}
    if Action.SURRENDER in actions:
        return _surrender(figures, better, worse)
    if Action.SPLIT in actions:
        return _split(figures, better, worse)
    if Action.DOUBLE in actions:
        return _double(figures, better, worse)
    return _hit_stand(figures, better)


class _Figures:
    """The figures one sentence may quote, formatted alike."""

    def __init__(self, spot: Spot, analysis: SpotAnalysis, evs: Mapping[Action, float]) -> None:
        self.spot = spot
        self.analysis = analysis
        self.evs = evs
        values = list(evs.values())
        # 4 decimals where the two EVs would print alike at 3.
        self.digits = 4 if len({signed(v) for v in values}) < len(set(values)) else 3

    def ev(self, action: Action) -> str:
        return signed(self.evs[action], self.digits)

    def where(self, *, as_pair: bool = False) -> str:
        """``"hard 16 v 7"``: the hand (its total unless ``as_pair``) and the up card."""
        return f"{hand_name(self.spot, as_pair=as_pair)} v {self.spot.up}"

    def stand_result(self) -> str:
        """``"wins 26.2% and loses 73.8%"``, with the push chance when it is not 0.0%."""
        a = self.analysis
        win, push, loss = percent(a.stand_win), percent(a.stand_push), percent(a.stand_loss)
        if push == percent(0.0):
            return f"wins {win} and loses {loss}"
        return f"wins {win}, pushes {push} and loses {loss}"

    def can_bust(self) -> bool:
        return percent(self.analysis.bust_next) != percent(0.0)

    def bust(self) -> str:
        """``"busts 61.5% of the time on the next card"`` or ``"cannot bust on the next card"``."""
        if not self.can_bust():
            return "cannot bust on the next card"
        return f"busts {percent(self.analysis.bust_next)} of the time on the next card"


def _hit_stand(f: _Figures, better: Action) -> str:
    """Hit v stand: the bust chance of one more card against the stand result."""
    where = f.where()
    if better is Action.HIT:
        still = "and still does better" if f.can_bust() else "and does better"
        return (
            f"Standing on {where} {f.stand_result()} (EV {f.ev(Action.STAND)}); "
            f"hitting {f.bust()} {still} (EV {f.ev(Action.HIT)})."
        )
    joint = "while" if f.can_bust() else "but"
    return (
        f"Hitting {where} {f.bust()} (EV {f.ev(Action.HIT)}), {joint} standing "
        f"{f.stand_result()} and does better (EV {f.ev(Action.STAND)})."
    )


def _double(f: _Figures, better: Action, worse: Action) -> str:
    """Double v hit or stand: one card for twice the bet against drawing freely or none."""
    other = worse if better is Action.DOUBLE else better
    double = f.evs[Action.DOUBLE]
    lead = (
        f"Doubling {f.where()} takes one card for twice the bet: "
        f"{signed(double / 2, f.digits)} per unit staked, {f.ev(Action.DOUBLE)} in all"
    )
    if other is Action.HIT:
        hit, freely = f.ev(Action.HIT), "hitting freely, drawing as many cards as you like"
        if better is Action.DOUBLE:
            return f"{lead}, better than {freely} (EV {hit})."
        return f"{lead}, while {freely}, does better (EV {hit})."
    stand = f.ev(Action.STAND)
    if better is Action.DOUBLE:
        return f"{lead}, better than standing, which {f.stand_result()} (EV {stand})."
    return f"{lead}, while standing, which {f.stand_result()}, does better (EV {stand})."


def _article(rank: str) -> str:
    """The split card with its article: ``"an 8"``, ``"an ace"``, ``"a ten-value card"``."""
    return {"A": "an ace", "8": "an 8", "T": "a ten-value card"}.get(rank, f"a {rank}")


def _split(f: _Figures, better: Action, worse: Action) -> str:
    """Split v another play: two hands from one card each against the pair's total."""
    other = worse if better is Action.SPLIT else better
    pair, total, up = hand_name(f.spot), hand_name(f.spot, as_pair=False), f.spot.up
    start = _article(f.spot.cards[0])
    split = f"into two hands, each starting with {start} (EV {f.ev(Action.SPLIT)} for both)"
    played = f"as {total} and {_GERUNDS[other]} (EV {f.ev(other)})"
    if better is Action.SPLIT:
        return f"Splitting {pair} v {up} {split}, beats playing it {played}."
    return f"Playing {pair} v {up} {played} beats splitting it {split}."


def _surrender(f: _Figures, better: Action, worse: Action) -> str:
    """Surrender v another play: half the bet for sure against the other's expected result."""
    other = worse if better is Action.SURRENDER else better
    where = f.where(as_pair=other is Action.SPLIT)
    if f.evs[Action.SURRENDER] < SURRENDER_EV:
        # Late surrender before any check: a hidden blackjack takes the whole bet.
        lost = "half the bet, or all of it to a hidden dealer blackjack"
    else:
        lost = "half the bet for sure"
    lead = f"Surrendering {where} loses {lost} (EV {f.ev(Action.SURRENDER)}), "
    doing, ev = _GERUNDS[other], f.ev(other)
    if better is Action.SURRENDER:
        return f"{lead}less than {doing} is expected to lose (EV {ev})."
    if f.evs[other] < 0:
        return f"{lead}more than {doing} is expected to lose (EV {ev})."
    return f"{lead}while {doing} is expected to win (EV {ev})."


def _insurance(rules: Rules, spot: Spot, better: Action, evs: Mapping[Action, float]) -> str:
    """Insurance v no insurance: paid 2:1 with chance 4/13, lost with chance 9/13."""
    ten = Fraction(ACE_UP_BLACKJACK).limit_denominator(13)
    per_chip = Fraction(insurance_ev_per_chip(rules, spot.up)).limit_denominator(169)
    digits = 4 if signed(evs[Action.INSURANCE]) == signed(evs[Action.NO_INSURANCE]) else 3
    taken = signed(evs[Action.INSURANCE], digits)
    declined = signed(evs[Action.NO_INSURANCE], digits)
    odds = (
        f"Insurance pays {INSURANCE_PAYS}:1 only when the hole card is a ten-value, "
        f"{ten} ({percent(float(ten))}) of the time, and is lost the other "
        f"{1 - ten} ({percent(float(1 - ten))})"
    )
    if better is Action.NO_INSURANCE:
        return (
            f"{odds}, so it gives up {-per_chip} of every chip it stakes (EV {taken}), "
            f"while no insurance costs nothing (EV {declined})."
        )
    return (  # pragma: no cover - at 2:1 and 4/13 insurance never beats declining
        f"{odds}, so it returns {per_chip} on every chip it stakes (EV {taken}), "
        f"more than no insurance (EV {declined})."
    )
