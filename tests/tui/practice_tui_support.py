"""Helpers of the practice-screen tests: the app on a manual clock, and sets played by keys.

Every app here is built with ``make_app`` (the CLI's factory) on the
``practice`` table with a seeded generator and a
:class:`~bjtrainer.trainer.clock.ManualClock` at noon on 2026-11-29 (the date
of the example result line of ``docs/practice.md``, "Daily five") in
Copenhagen, so the daily five, the focused sets and their shoes are
the same on every run. Decisions are made by pressing the table's keys; which
key is right comes from the EV layer (``bjtrainer.ev``), never from the
screen under test.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import numpy as np
from textual.pilot import Pilot

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.ev import analyse, insurance_evs
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.legal import legal_evs
from bjtrainer.trainer.practice.sets import PendingDecision
from bjtrainer.trainer.spots import is_insurance_spot
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.screens.practice_set import SetScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen

PRACTICE: Rules = PRESETS["practice"]
COPENHAGEN = ZoneInfo("Europe/Copenhagen")

#: Noon on the example date of ``docs/practice.md``, "Daily five" (``Daily 2026-11-29
#: ...``), Copenhagen time.
NOON = datetime(2026, 11, 29, 12, 0, tzinfo=COPENHAGEN)

#: The table's key for each decision (``docs/practice.md``, "Keys of the practice screens":
#: the same keys in a set).
ACTION_KEYS: dict[Action, str] = {
    Action.HIT: "h",
    Action.STAND: "s",
    Action.DOUBLE: "d",
    Action.SPLIT: "x",
    Action.SURRENDER: "r",
    Action.INSURANCE: "y",
    Action.NO_INSURANCE: "n",
}


def practice_app(
    store: Store, clock: ManualClock | None = None, *, seed: int = 11, rules: Rules = PRACTICE
) -> BjTrainerApp:
    """The app at ``rules`` on ``store``, seeded, on a manual clock (default :data:`NOON`)."""
    return make_app(
        store=store,
        rules=rules,
        rng=np.random.default_rng(seed),
        clock=clock if clock is not None else ManualClock(NOON),
    )


def decision_evs(rules: Rules, pending: PendingDecision) -> dict[Action, float]:
    """The legal actions' EVs of a pending decision, straight from the EV layer."""
    spot = pending.spot
    if is_insurance_spot(spot):
        return legal_evs(insurance_evs(rules, spot.up), spot.legal)
    return legal_evs(analyse(rules, spot.to_hand_spot()).evs, spot.legal)


def best_action(rules: Rules, pending: PendingDecision) -> Action:
    """The legal action with the highest EV."""
    evs = decision_evs(rules, pending)
    return max(evs, key=evs.__getitem__)


def worst_action(rules: Rules, pending: PendingDecision) -> Action:
    """The legal action with the lowest EV (always more than 0.02 below the best here)."""
    evs = decision_evs(rules, pending)
    return min(evs, key=evs.__getitem__)


#: Chooses the answer to a decision: (decision, index of the decision in the set) -> action.
Chooser = Callable[[PendingDecision, int], Action]


def always_best(rules: Rules) -> Chooser:
    """A chooser that always plays the best action."""
    return lambda pending, _: best_action(rules, pending)


def set_screen(app: BjTrainerApp) -> SetScreen:
    """The set screen on top, or fail."""
    screen = app.screen
    assert isinstance(screen, SetScreen), f"expected the set screen, got {screen!r}"
    return screen


async def play_set(pilot: Pilot[None], choose: Chooser) -> list[PendingDecision]:
    """Play the set on screen to its summary with the keys; a miss is played on with O.

    Returns
    -------
    list of PendingDecision
        Every decision answered, in order, as it was pending.
    """
    app = pilot.app
    assert isinstance(app, BjTrainerApp)
    answered: list[PendingDecision] = []
    screen = set_screen(app)
    practice_set = screen.practice_set
    while True:
        pending = practice_set.pending
        if pending is None:
            await pilot.press("enter")
            if isinstance(app.screen, SetSummaryScreen):
                return answered
            continue
        action = choose(pending, len(answered))
        answered.append(pending)
        await pilot.press(ACTION_KEYS[action])
        after = practice_set.pending
        if after is not None and after.missed is not None:
            await pilot.press("k")  # play on with the missed answer
