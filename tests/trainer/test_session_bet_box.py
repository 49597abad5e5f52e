"""The night's Repeat box and a cleared bet are saved with the table.

An older version kept them in two settings rows per table
(``repeat_bet:<id>``, ``bet_cleared:<id>``); a saved table that does not
hold them takes them from those rows once, and later saves hold them
(docs/rules/night.md, "The Repeat-bet box").
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.session import CLEARED_SETTING, REPEAT_SETTING, TableSession

NIGHT = PRESETS["night"]


def clock() -> datetime:
    return datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def old_save(store: Store, *, repeat: str, cleared: str) -> None:
    """A night table as an older version saved it: the box in settings rows."""
    state: dict[str, Any] = Table(NIGHT, np.random.default_rng(4)).to_state()
    del state["repeat_bet"], state["bet_cleared"]
    store.save_table("night", state)
    store.set_setting(REPEAT_SETTING.format(rules_id="night"), repeat)
    store.set_setting(CLEARED_SETTING.format(rules_id="night"), cleared)


def test_the_box_is_saved_in_the_table_not_in_settings(store: Store) -> None:
    session = TableSession.open(store, NIGHT, np.random.default_rng(4), clock)
    session.set_repeat_bet(False)
    session.clear_bet()
    state = store.load_table("night")
    assert state is not None
    assert (state["repeat_bet"], state["bet_cleared"]) == (False, True)
    assert store.get_setting(REPEAT_SETTING.format(rules_id="night")) is None
    assert store.get_setting(CLEARED_SETTING.format(rules_id="night")) is None
    again = TableSession.open(store, NIGHT, np.random.default_rng(4), clock)
    assert (again.repeat_bet, again.bet_cleared, again.bet_down) == (False, True, 0)


def test_an_older_save_takes_the_box_from_its_settings_rows_once(store: Store) -> None:
    old_save(store, repeat="0", cleared="1")
    session = TableSession.open(store, NIGHT, np.random.default_rng(4), clock)
    assert (session.repeat_bet, session.bet_cleared, session.bet_down) == (False, True, 0)
    session.add_chip(25)  # saves the table, the box in it
    store.set_setting(REPEAT_SETTING.format(rules_id="night"), "1")  # no longer read
    again = TableSession.open(store, NIGHT, np.random.default_rng(4), clock)
    assert (again.repeat_bet, again.bet_cleared, again.bet_down) == (False, False, 25)


def test_an_older_save_without_rows_has_the_box_ticked(store: Store) -> None:
    state: dict[str, Any] = Table(NIGHT, np.random.default_rng(4)).to_state()
    del state["repeat_bet"], state["bet_cleared"]
    store.save_table("night", state)
    session = TableSession.open(store, NIGHT, np.random.default_rng(4), clock)
    assert (session.repeat_bet, session.bet_cleared, session.bet_down) == (True, False, 5)
