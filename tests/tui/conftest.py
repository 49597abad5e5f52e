"""Fixtures of the TUI tests: a store and the app on a stacked shoe.

Every app here is built with ``make_app`` (the CLI's factory) from the
``practice`` preset, a seeded generator, a fixed clock and a stacked shoe,
so each test knows every card that will be dealt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from tui_support import PRACTICE, AppFactory, fixed_clock

from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp, make_app


@pytest.fixture
def store() -> Iterator[Store]:
    """A fresh in-memory store, closed after the test."""
    with Store.memory() as opened:
        yield opened


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    """A store file in the test's own directory."""
    return tmp_path / "table.db"


@pytest.fixture
def build_app(store: Store) -> AppFactory:
    """Build the app on ``store`` (or another one) with a stacked practice shoe.

    Call it with the cards to deal first, in deal order (player, up card,
    player, hole card, then draws), e.g. ``build_app(["TS", "TH", "6D", "7C"])``.
    """

    def build(cards: Sequence[str], *, on: Store | None = None, seed: int = 7) -> BjTrainerApp:
        shoe = Shoe.stacked(PRACTICE, list(cards), np.random.default_rng(seed))
        return make_app(
            store=on if on is not None else store,
            rules=PRACTICE,
            rng=np.random.default_rng(seed),
            clock=fixed_clock,
            shoe=shoe,
        )

    return build
