"""Grading a decision: accepted or not, the EV given up, and the grade line.

A decision is accepted when its expected return is within
:data:`TOLERANCE` of the best legal action's: ``EV_best - EV_choice <= 0.02``
in units of the original wager, or when it is the table's basic-strategy
chart play, passed as ``chart_action`` (``docs/numbers.md``, "9. Grading";
:mod:`bjtrainer.trainer.chart_play`).

When more than one legal action is within the tolerance of the best, the
decision is a *close call* and the grade line says so.

The grade line names its spot and says whether the answer came after a hint
or as a retry (``docs/playing.md``, "Hint, Why and the grade line")::

    ✔ Hit on hard 10 v A is right (EV +0.081).
    ✘ Surrender on hard 10 v A (after a hint) gives up 0.581: best is Hit (EV +0.081).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from bjtrainer.engine.actions import Action
from bjtrainer.ev import SpotAnalysis
from bjtrainer.trainer.legal import best_of, legal_evs
from bjtrainer.trainer.wording import join_labels, label, signed

#: Accepted EV loss, units of the original wager (2%; ``docs/numbers.md``, "9. Grading").
TOLERANCE = 0.02

#: Slack for float rounding, so an EV exactly 0.02 below the best is accepted.
_SLACK = 1e-12


@dataclass(frozen=True)
class Grade:
    """The verdict on one decision.

    Attributes
    ----------
    action : Action
        The action taken.
    best : Action
        The legal action with the highest EV (ties: the first in display order).
    evs : Mapping[Action, float]
        EV of every legal action, display order, units of the original wager.
    ev_lost : float
        ``EV(best) - EV(action)``, ``>= 0``, units of the original wager.
    accepted : bool
        ``ev_lost <= TOLERANCE``, or the action is the table's chart play.
    close_call : bool
        More than one legal action is within ``TOLERANCE`` of the best.
    close_actions : tuple of Action
        The legal actions within ``TOLERANCE`` of the best, display order
        (the best included).
    chart_action : Action or None
        The table's basic-strategy chart play when one was given and is
        legal; ``None`` otherwise.
    spot_name : str
        The spot as the grade line names it, ``"hard 10 v A"``
        (:func:`bjtrainer.trainer.reasons.spot_name`); empty when the grade
        was made from EVs alone.
    reason : str
        One sentence comparing the action with the best one, or with the
        next best when it is the best (:func:`bjtrainer.trainer.reasons.reason_line`);
        empty when the grade was made from EVs alone.
    after_hint : bool
        The answer came after a Hint, a Why or a look at the chart (:meth:`marked`).
    retry : bool
        The answer is a retry of a decision missed in a practice set.
    """

    action: Action
    best: Action
    evs: Mapping[Action, float]
    ev_lost: float
    accepted: bool
    close_call: bool
    close_actions: tuple[Action, ...]
    chart_action: Action | None = None
    spot_name: str = ""
    reason: str = ""
    after_hint: bool = False
    retry: bool = False

    def marked(self, *, after_hint: bool = False, retry: bool = False) -> Grade:
        """This grade with the marks of how the answer was given (shown on the grade line)."""
        return replace(self, after_hint=after_hint, retry=retry)

    @property
    def best_ev(self) -> float:
        """EV of the best legal action, units of the original wager."""
        return self.evs[self.best]

    @property
    def within_tolerance(self) -> bool:
        """Whether the action is within ``TOLERANCE`` of the best."""
        return self.ev_lost <= TOLERANCE + _SLACK

    @property
    def is_chart_play(self) -> bool:
        """Whether the action is the table's chart play (``chart_action``)."""
        return self.chart_action is not None and self.action == self.chart_action

    def line(self) -> str:
        """The grade line shown right after the decision.

        Returns
        -------
        str
            The action on its spot, its marks, and one of (EVs signed, 3
            decimals; 4 for a close call, where the differences are small)::

                ✔ Stand on hard 13 v 6 is right (EV -0.154).
                ✘ Hit on hard 13 v 6 (after a hint) gives up 0.082: best is Stand (EV -0.154).
                ✔ Hit on hard 16 v T (retry): close call, Stand and Hit are within 0.02
                  (best Hit -0.5398).

            Without a spot name the action stands alone (``"✔ Stand is
            right (EV -0.154)."``). A refused action in a close call adds
            which actions were close; an action accepted as the table's chart
            play says so.
        """
        name = label(self.action)
        if self.spot_name:
            name += f" on {self.spot_name}"
        if self.retry:
            name += " (retry)"
        elif self.after_hint:
            name += " (after a hint)"
        close = f"{join_labels(self.close_actions)} are within {TOLERANCE:.2f}"
        if not self.within_tolerance and self.is_chart_play:
            return (
                f"✔ {name} is the table's chart play; independent draws favour "
                f"{label(self.best)} (EV {signed(self.best_ev)}) by {self.ev_lost:.3f}: "
                "both are accepted."
            )
        if not self.accepted:
            text = (
                f"✘ {name} gives up {self.ev_lost:.3f}: "
                f"best is {label(self.best)} (EV {signed(self.best_ev)})."
            )
            if self.close_call:
                text += f" Close call: {close}."
            return text + self._chart_note()
        if self.close_call:
            return (
                f"✔ {name}: close call, {close} "
                f"(best {label(self.best)} {signed(self.best_ev, 4)}).{self._chart_note()}"
            )
        return f"✔ {name} is right (EV {signed(self.evs[self.action])}).{self._chart_note()}"

    def _chart_note(self) -> str:
        """What the line adds about the chart play, when it differs from the best EV."""
        if self.chart_action is None or self.chart_action == self.best:
            return ""
        chart = label(self.chart_action)
        if self.is_chart_play:
            return (
                f" It is also the table's chart play; independent draws favour {label(self.best)}."
            )
        if self.accepted:
            return f" The table's chart plays {chart}: both are accepted."
        return f" The table's chart plays {chart}."


def grade_evs(
    evs: Mapping[Action, float], action: Action, *, chart_action: Action | None = None
) -> Grade:
    """Grade ``action`` against the EVs of the legal actions.

    Parameters
    ----------
    evs : Mapping[Action, float]
        EV of every legal action (and only those), units of the original wager.
    action : Action
        The action taken.
    chart_action : Action, optional
        The table's basic-strategy chart play; accepted too when it is legal.

    Raises
    ------
    ValueError
        If ``action`` is not one of the legal actions.
    """
    if action not in evs:
        legal = join_labels(evs) or "none"
        raise ValueError(f"{label(action)} is not a legal action here (legal: {legal}).")
    best = best_of(evs)
    best_ev = evs[best]
    ev_lost = max(0.0, best_ev - evs[action])
    close_actions = tuple(a for a in evs if best_ev - evs[a] <= TOLERANCE + _SLACK)
    chart = chart_action if chart_action in evs else None
    return Grade(
        action=action,
        best=best,
        evs=dict(evs),
        ev_lost=ev_lost,
        accepted=ev_lost <= TOLERANCE + _SLACK or action == chart,
        close_call=len(close_actions) > 1,
        close_actions=close_actions,
        chart_action=chart,
    )


def grade(
    analysis: SpotAnalysis,
    action: Action,
    legal: Collection[Action],
    *,
    chart_action: Action | None = None,
) -> Grade:
    """Grade a hand decision.

    Parameters
    ----------
    analysis : SpotAnalysis
        The EV layer's figures for the spot (``bjtrainer.ev.analyse``).
    action : Action
        The action taken.
    legal : collection of Action
        The actions the round allowed (``Round.legal_actions()``); the best
        is chosen among these only.
    chart_action : Action, optional
        The table's basic-strategy chart play (:mod:`bjtrainer.trainer.chart_play`):
        when given and legal, it is accepted and the grade line notes it.

    Returns
    -------
    Grade

    Raises
    ------
    ValueError
        If ``action`` is not in ``legal``, or ``legal`` holds an action the
        analysis has no EV for.

    Notes
    -----
    Hard 16 v 10 at the ``guide`` table (Wizard of Odds, Blackjack Appendix 1:
    stand -0.5404, hit -0.5398): standing gives up 0.0006, is accepted, and
    is a close call.
    """
    return grade_evs(legal_evs(analysis.evs, legal), action, chart_action=chart_action)
