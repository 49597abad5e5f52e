"""Helpers for the engine tests: tables dealt from stacked shoes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table

PRACTICE = PRESETS["practice"]

Dealer = Callable[..., tuple[Table, Round]]


def stacked_table(
    cards: Sequence[str],
    *,
    rules: Rules = PRACTICE,
    bet: int | None = None,
    balance: int | None = None,
) -> Table:
    """A table whose shoe deals ``cards`` first (player, up, player, hole, ...)."""
    table = Table(rules, np.random.default_rng(0), shoe=Shoe.stacked(rules, cards))
    if balance is not None:
        table.bankroll.balance = balance
    if bet is not None:
        table.set_bet(bet)
    return table


@pytest.fixture
def deal() -> Dealer:
    """``deal(cards, rules=..., bet=..., balance=...) -> (table, round)``."""

    def _deal(
        cards: Sequence[str],
        *,
        rules: Rules = PRACTICE,
        bet: int | None = None,
        balance: int | None = None,
    ) -> tuple[Table, Round]:
        table = stacked_table(cards, rules=rules, bet=bet, balance=balance)
        return table, table.deal()

    return _deal
