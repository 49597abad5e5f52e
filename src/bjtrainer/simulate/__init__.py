"""Simulate basic strategy: many rounds played with numpy, and their mean return.

:func:`simulate` plays a table's basic-strategy chart for many rounds, on
independent draws or on the table's real shoe with its cut card, and gives
the mean return per round with its standard error, to set beside the exact
figures (``docs/numbers.md``, "14. House edge per round" and "17.
Simulation"). The rounds are arrays (:mod:`bjtrainer.simulate.rounds`): each
decision is a lookup in tables read once from the chart
(:mod:`bjtrainer.simulate.plan`); chunks of rounds each have their own seed
(:mod:`bjtrainer.simulate.run`), so a seed gives the same result on any
number of processes. No Textual here.
"""

from bjtrainer.simulate.plan import Plan, make_plan
from bjtrainer.simulate.rounds import InfiniteDeck, Shoes, play_rounds
from bjtrainer.simulate.run import SimulationResult, SimulationStopped, simulate

__all__ = [
    "InfiniteDeck",
    "Plan",
    "Shoes",
    "SimulationResult",
    "SimulationStopped",
    "make_plan",
    "play_rounds",
    "simulate",
]
