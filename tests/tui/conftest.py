"""Fixtures of the TUI tests: a store and the app on a stacked shoe.

Every app here is built with ``make_app`` (the CLI's factory) from a preset
(``practice`` unless a test asks for another table, or ``None`` for the
sit-down screen first), a seeded generator, a fixed clock and a stacked
shoe, so each test knows every card that will be dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.views.cards import CardDesign
from tests.tui.tui_support import PRACTICE, AppFactory, fixed_clock


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    """A store file in the test's own directory."""
    return tmp_path / "table.db"


@pytest.fixture
def build_app(store: Store) -> AppFactory:
    """Build the app on ``store`` (or another one) with a stacked shoe.

    Call it with the cards to deal first, in deal order (player, up card,
    player, hole card, then draws), e.g. ``build_app(["TS", "TH", "6D", "7C"])``.
    ``rules`` is the table to open at once (default ``practice``; ``None``
    opens the sit-down screen first, and the stack is the shoe of the first
    new table sat at); ``design`` the card design (default the remembered one).
    """

    def build(
        cards: Sequence[str],
        *,
        on: Store | None = None,
        seed: int = 7,
        rules: Rules | None = PRACTICE,
        design: CardDesign | None = None,
    ) -> BjTrainerApp:
        shoe_rules = rules if rules is not None else PRACTICE
        shoe = Shoe.stacked(shoe_rules, list(cards), np.random.default_rng(seed))
        return make_app(
            store=on if on is not None else store,
            rules=rules,
            rng=np.random.default_rng(seed),
            clock=fixed_clock,
            shoe=shoe,
            design=design,
        )

    return build
