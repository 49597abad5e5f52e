"""The EV figures of a spot cut down to the actions the round allows now.

The EV layer gives every action the *rules* allow in a spot; the round may
allow fewer (a double or a split needs chips to cover it). The Hint is "the
legal action with the highest expected net return" (``docs/numbers.md``,
"13. The Hint and the Why"), so the trainer picks the best among the legal
ones.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from bjtrainer.engine.actions import Action
from bjtrainer.ev import SpotAnalysis
from bjtrainer.trainer.wording import DISPLAY_ORDER, in_display_order, join_labels


def best_of(evs: Mapping[Action, float]) -> Action:
    """The action with the highest EV; a tie goes to the first in display order.

    Raises
    ------
    ValueError
        If ``evs`` is empty.
    """
    if not evs:
        raise ValueError("No action to choose from.")
    return max(evs, key=lambda action: (evs[action], -DISPLAY_ORDER.index(action)))


def legal_evs(evs: Mapping[Action, float], legal: Collection[Action]) -> dict[Action, float]:
    """The EVs of the ``legal`` actions only, in display order.

    Parameters
    ----------
    evs : Mapping[Action, float]
        EV of every action the rules allow, units of the original wager.
    legal : collection of Action
        The actions the round allows now.

    Raises
    ------
    ValueError
        If ``legal`` is empty or holds an action ``evs`` has no figure for
        (the round and the EV layer disagree on the rules: a bug).
    """
    if not legal:
        raise ValueError("No legal action: there is no decision to make.")
    missing = [action for action in in_display_order(legal) if action not in evs]
    if missing:
        raise ValueError(f"No EV for {join_labels(missing)}: the rules do not allow it here.")
    return {action: evs[action] for action in in_display_order(legal)}


def legal_analysis(analysis: SpotAnalysis, legal: Collection[Action]) -> SpotAnalysis:
    """``analysis`` with only the legal actions' EVs and the best legal action.

    The chances (bust on one more card, win/push/loss standing) do not depend
    on the choice and are kept as they are.

    Raises
    ------
    ValueError
        As :func:`legal_evs`.
    """
    evs = legal_evs(analysis.evs, legal)
    return replace(analysis, evs=evs, best=best_of(evs))
