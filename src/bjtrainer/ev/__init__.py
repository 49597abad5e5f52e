"""Expected returns: two models of the cards, and which feature reads which.

Chance is enumerated with probabilities, never sampled. Every EV is per unit
of the hand's original wager: a double risks two units, late surrender is
exactly -0.5, and only chip settlement rounds half chips down (EVs use exact
ratios, ``Rules.blackjack_ratio``; ``docs/numbers.md``, "Units" and "10.
Chips").

:mod:`bjtrainer.ev.independent`: independent draws
    Every card comes from an infinite deck, each rank 1/13, ten-values 4/13
    (``docs/numbers.md``, sections 1 to 8); the hole card and the shoe are
    never read. It gives the Hint and the Why panel (:func:`analyse`), the
    grade of every decision at the table, in the practice sets, the review
    queue and the daily five (``docs/numbers.md``, "9. Grading"), the
    insurance answer (:func:`insurance_evs`), ``bjtrainer hint``, and the
    expected return per round of ``bjtrainer edge`` (:func:`round_ev`).
:mod:`bjtrainer.ev.exact`: the cards left in the shoe
    Cards are drawn without replacement from a shoe composition. It gives
    the basic-strategy charts (``ev.exact.two_card``, read by
    :mod:`bjtrainer.strategy`: the chart screen, ``bjtrainer chart``, the
    files in ``strategy_tables/``, and the chart play the grading also
    accepts; ``docs/numbers.md``, "12. The basic-strategy chart") and the
    shoe-aware row of the Why panel (``ev.exact.spot.analyse_shoe`` and
    ``ev.exact.insurance``; ``docs/numbers.md``, "11. The shoe-aware
    figures"). Its whole-round return, ``ev.exact.two_card.game_return``,
    is checked against Wizard of Odds, Blackjack Appendix 9, and shown by
    ``bjtrainer simulate --shoe real`` (``docs/numbers.md``, "17. Simulation").

Both models read a decision through :mod:`bjtrainer.ev.spot` (:class:`HandSpot`,
the checks of a spot, :func:`rules_actions`), so they refuse the same spots
and value the same actions. Each model names its dimension letters once, in
its package docstring; no letter means two things in ``ev``.

Example: hard 16 against a ten at the ``practice`` table, after the peek
(``docs/numbers.md``, sections 3 to 6):

>>> from bjtrainer.engine.presets import PRESETS
>>> spot = HandSpot(cards=("T", "6"), up="T")
>>> figures = analyse(PRESETS["practice"], spot)
>>> for action, ev in figures.evs.items():
...     print(f"{action.value:<9} {ev:+.4f}")
stand     -0.5404
hit       -0.5398
double    -1.0797
surrender -0.5000
>>> figures.best.value, round(figures.bust_next, 4)
('surrender', 0.6154)
"""

from bjtrainer.ev.independent.dealer import dealer_distribution
from bjtrainer.ev.independent.house_edge import RoundEV, round_ev
from bjtrainer.ev.independent.insurance import insurance_ev_per_chip, insurance_evs
from bjtrainer.ev.independent.spots import SpotAnalysis, analyse
from bjtrainer.ev.spot import HandSpot, rules_actions

__all__ = [
    "HandSpot",
    "RoundEV",
    "SpotAnalysis",
    "analyse",
    "dealer_distribution",
    "insurance_ev_per_chip",
    "insurance_evs",
    "round_ev",
    "rules_actions",
]
