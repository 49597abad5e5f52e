"""A saved table whose rules differ only in their description is the same table.

``name`` and ``source`` describe a table (docs/custom-tables.md, "Every
field"); rewording them must neither set a saved table aside nor recompute
its chart.
"""

from __future__ import annotations

import numpy as np

from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.strategy.cache import cache_key
from bjtrainer.trainer.session import TableSession
from tests.tui.tui_support import fixed_clock

PRACTICE = PRESETS["practice"]


def test_a_save_under_an_older_description_is_restored(store: Store) -> None:
    older = PRACTICE.model_copy(update={"name": "Old words", "source": "an old document"})
    session = TableSession.open(store, older, np.random.default_rng(3), fixed_clock)
    session.deal()
    balance = session.table.balance
    cards = [str(card) for card in session.table.round.hands[0].cards]  # type: ignore[union-attr]

    again = TableSession.open(store, PRACTICE, np.random.default_rng(4), fixed_clock)

    assert again.restore_problem is None
    assert again.table.rules == PRACTICE
    assert again.table.balance == balance
    assert [str(card) for card in again.table.round.hands[0].cards] == cards  # type: ignore[union-attr]


def test_other_rules_are_still_set_aside(store: Store) -> None:
    other = PRACTICE.model_copy(update={"dealer_hits_soft_17": True})
    TableSession.open(store, other, np.random.default_rng(3), fixed_clock).deal()

    again = TableSession.open(store, PRACTICE, np.random.default_rng(4), fixed_clock)

    assert again.restore_problem is not None
    assert "other rules" in again.restore_problem


def test_the_chart_cache_key_ignores_the_description_only() -> None:
    reworded = PRACTICE.model_copy(update={"name": "x", "source": "y"})
    assert cache_key(reworded) == cache_key(PRACTICE)
    assert cache_key(PRACTICE.model_copy(update={"decks": 2})) != cache_key(PRACTICE)
    # The key holds only what the solver reads: another id or other chips reuse the chart
    # (docs/numbers.md, 12.).
    assert cache_key(PRACTICE.model_copy(update={"id": "mine"})) == cache_key(PRACTICE)
    assert cache_key(PRACTICE.model_copy(update={"starting_chips": 5})) == cache_key(PRACTICE)
