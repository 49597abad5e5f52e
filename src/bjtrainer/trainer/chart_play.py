"""The table's basic-strategy chart play for a spot, for grading.

A decision is accepted when it is the table's basic-strategy chart play or
within 2% of the original wager of the best independent-draw EV
(``docs/numbers.md``, "9. Grading"). The chart is the table's own
(``docs/numbers.md``, "12. The basic-strategy chart"):
computed exactly for its deck count (six decks; one for ``home``) by
:mod:`bjtrainer.strategy`: a preset's read from the committed files, any
other table's computed once per rules and then cached on disk.

Basic strategy never takes insurance, so the chart play at the insurance
offer is to decline.
"""

from __future__ import annotations

from bjtrainer.engine.actions import INSURANCE_ACTIONS, Action
from bjtrainer.engine.rules import Rules
from bjtrainer.strategy import cached_chart, chart_action
from bjtrainer.trainer.spots import Spot


def chart_play(rules: Rules, spot: Spot) -> Action | None:
    """The chart's play for ``spot`` among its legal actions.

    Parameters
    ----------
    rules : Rules
        The table; a preset's chart is read from the committed files, any
        other's computed on first use (about 0.4 s for six decks) and cached
        in memory and on disk.
    spot : Spot
        A hand decision, or an insurance offer (legal actions
        ``INSURANCE`` / ``NO_INSURANCE``).

    Returns
    -------
    Action or None
        ``NO_INSURANCE`` at the insurance offer; otherwise the chart's code
        resolved against the legal actions (``Dh`` is hit when doubling is
        not allowed, ...). None when the spot has no legal action.
    """
    if not spot.legal:
        return None
    if set(spot.legal) <= set(INSURANCE_ACTIONS):
        return Action.NO_INSURANCE if Action.NO_INSURANCE in spot.legal else None
    return chart_action(cached_chart(rules), spot.cards, spot.up, spot.legal)
