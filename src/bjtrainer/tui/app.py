"""The Textual app and the one factory the CLI and the tests use.

Nothing here opens the database, reads the clock or seeds a generator at
import time: :func:`make_app` does it when called.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import numpy as np
from textual.app import App
from textual.screen import Screen

from bjtrainer.engine.rules import DEFAULT_PRESET, PRESETS, Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.session import TableSession


def local_now() -> datetime:
    """The local date and time, with its UTC offset (the default clock)."""
    return datetime.now().astimezone()


class BjTrainerApp(App[None]):
    """The blackjack trainer: one table screen, a help screen, a bet chooser.

    Parameters
    ----------
    store : Store
        Where the table is saved after every action and decisions are recorded.
    rules : Rules
        The table's rules; its saved table (``store.load_table(rules.id)``)
        is restored if there is one.
    rng : numpy.random.Generator
        The seeded generator of a new table's shoe.
    clock : callable returning datetime
        Timestamps of recorded decisions.
    shoe : Shoe, optional
        The shoe of a new table (stacked in tests); ignored when a saved
        table is restored.

    Raises
    ------
    StoreError
        If the store cannot be read.
    """

    CSS_PATH = "bjtrainer.tcss"
    TITLE = "bjtrainer"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        *,
        store: Store,
        rules: Rules,
        rng: np.random.Generator,
        clock: Callable[[], datetime],
        shoe: Shoe | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.session = TableSession.open(store, rules, rng, clock, shoe=shoe)

    def get_default_screen(self) -> Screen[None]:
        return TableScreen(self.session)


def make_app(
    *,
    store: Store | None = None,
    rules: Rules | None = None,
    rng: np.random.Generator | None = None,
    clock: Callable[[], datetime] | None = None,
    shoe: Shoe | None = None,
) -> BjTrainerApp:
    """Build the app with defaults for everything not given.

    Parameters
    ----------
    store : Store, optional
        Default ``Store.open()`` (``$BJTRAINER_HOME/bjtrainer.db`` or the
        user data directory).
    rules : Rules, optional
        Default the ``practice`` preset (``shared/RULES.md``; seed
        ``003_2bdd88f24671a4ec.txt``): 1000 free chips, first bet 10.
    rng : numpy.random.Generator, optional
        Default ``numpy.random.default_rng()`` seeded from the OS.
    clock : callable returning datetime, optional
        Default :func:`local_now`.
    shoe : Shoe, optional
        A new table's shoe (tests), used only when no table is saved.

    Returns
    -------
    BjTrainerApp
        Ready to ``run()``.

    Raises
    ------
    StoreError
        If the store cannot be opened or read.
    """
    return BjTrainerApp(
        store=store if store is not None else Store.open(),
        rules=rules if rules is not None else PRESETS[DEFAULT_PRESET],
        rng=rng if rng is not None else np.random.default_rng(),
        clock=clock if clock is not None else local_now,
        shoe=shoe,
    )
