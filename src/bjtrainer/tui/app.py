"""The Textual app and the one factory the CLI and the tests use.

Nothing here opens the database, reads the clock or seeds a generator at
import time: :func:`make_app` does it when called.

Where the player sits (``docs/playing.md``, "Sitting down"): given ``rules`` (``bjtrainer
--rules NAME|FILE``) the app opens that table at once; otherwise the table
remembered in the store settings (:mod:`bjtrainer.tui.seat`); at the first
start, or when the remembered rules file no longer loads, the sit-down
screen comes first. T at the table brings the sit-down screen back; each
table keeps its own saved state (``Store.save_table(rules.id, ...)``), so
switching back finds it as it was.

M at the table opens the New session menu of practice (``docs/practice.md``;
:class:`~bjtrainer.tui.screens.new_session.NewSessionScreen`) for the table
in play; each table's practice sets draw from a child of the app's seeded
generator (``Generator.spawn``), so the table's own shoe is not disturbed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import PurePath
from typing import ClassVar

import numpy as np
from textual import on
from textual.actions import ActionParseResult
from textual.app import App
from textual.dom import DOMNode

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import StoreError
from bjtrainer.store import Store
from bjtrainer.trainer.clock import system_zone
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.seat import Seat, remember, remembered_design, remembered_table
from bjtrainer.tui.views.cards import CardDesign

#: Seconds the notice of a store that saves nothing stays on screen.
UNSAVED_NOTICE_SECONDS = 20.0


def local_now() -> datetime:
    """The local date and time in the user's time zone (the default clock).

    The zone is the named one (:func:`bjtrainer.trainer.clock.system_zone`),
    not today's fixed offset, so a local midnight on the far side of a
    daylight-saving change is 00:00 (``docs/practice.md``, "When a spot is due").
    """
    return datetime.now(system_zone())


class BjTrainerApp(App[None]):
    """The blackjack trainer: the sit-down screen, the table and its dialogs.

    Parameters
    ----------
    store : Store
        Where tables are saved after every action, decisions recorded, the
        seat remembered and the top-five board kept.
    rules : Rules or None
        The table to open at once (its saved table, ``store.load_table(
        rules.id)``, is restored if there is one); ``None``: the remembered
        table, or the sit-down screen first.
    rng : numpy.random.Generator
        The seeded generator of every new table's shoe.
    clock : callable returning datetime
        Timestamps of recorded decisions and board entries.
    shoe : Shoe, optional
        The shoe of the first new table the app opens (stacked in tests);
        ignored when that table is restored.
    design : CardDesign, optional
        The card design; default the one remembered (classic at first).

    Raises
    ------
    StoreError
        If the store cannot be read.
    """

    CSS_PATH: ClassVar[list[str | PurePath]] = ["styles/bjtrainer.tcss", "styles/practice.tcss"]
    TITLE = "bjtrainer"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        *,
        store: Store,
        rules: Rules | None,
        rng: np.random.Generator,
        clock: Callable[[], datetime],
        shoe: Shoe | None = None,
        design: CardDesign | None = None,
        invite: bool = False,
    ) -> None:
        super().__init__()
        #: Offer the guided introduction at the first table (once per store).
        self.invite = invite
        self.store = store
        self.rng = rng
        self.clock = clock
        self.design: CardDesign = design if design is not None else remembered_design(store)
        self._shoe = shoe
        self._session: TableSession | None = None
        self._table_ref: str | None = None
        self._seat_problem: str | None = None
        if rules is None:
            remembered = remembered_table(store)
            rules, self._table_ref, self._seat_problem = (
                remembered.rules,
                remembered.ref,
                remembered.problem,
            )
        elif rules.id in PRESETS and PRESETS[rules.id] == rules:
            self._table_ref = rules.id
        if rules is not None:
            self._session = self._open(rules)

    @property
    def session(self) -> TableSession:
        """The table in play.

        Raises
        ------
        RuntimeError
            Before the player has sat down at a table.
        """
        if self._session is None:
            raise RuntimeError("No table yet: the sit-down screen is open.")
        return self._session

    def _open(self, rules: Rules) -> TableSession:
        shoe, self._shoe = self._shoe, None
        practice_rng = self.rng.spawn(1)[0]
        return TableSession.open(
            self.store, rules, self.rng, self.clock, shoe=shoe, practice_rng=practice_rng
        )

    def on_mount(self) -> None:
        # The table screen goes on top of the blank default screen, so that
        # switching tables can replace it (``switch_screen``).
        if self._session is None:
            self.open_sit_down()
        else:
            self.push_screen(TableScreen(self._session, self.design, invite=self.invite))
        if self.store.unsaved is not None:  # a read-only store: play on, saving nothing
            self.notify(self.store.unsaved, severity="error", timeout=UNSAVED_NOTICE_SECONDS)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Run a key's or a button's action; a store problem gives a notice, never a traceback.

        When the action found that the store cannot be written (a full disk,
        a read-only file: ``Store.unsaved``), its notice stays on screen for
        :data:`UNSAVED_NOTICE_SECONDS`; the table plays on in memory
        (``docs/playing.md``, "A store that cannot be opened").
        """
        saving = self.store.unsaved is None
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except StoreError as exc:  # a screen that did not catch it
            self.notify(str(exc), severity="error", timeout=UNSAVED_NOTICE_SECONDS)
            return True
        finally:
            if saving and self.store.unsaved is not None:
                self.call_later(self._unsaved_notice)  # after the screen's queued notice

    def _unsaved_notice(self) -> None:
        """Replace the screen's short notice of the failed write by the lasting one."""
        self.clear_notifications()
        if self.store.unsaved is not None:
            self.notify(self.store.unsaved, severity="error", timeout=UNSAVED_NOTICE_SECONDS)

    def open_sit_down(self) -> None:
        """Show the sit-down screen over the table (or at the first start)."""
        screen = SitDownScreen(
            self.store,
            table=self._table_ref,
            design=self.design,
            problem=self._seat_problem,
            can_go_back=self._session is not None,
        )
        self._seat_problem = None
        self.push_screen(screen, self._seated)

    @on(TableScreen.SitDownRequested)
    def _on_sit_down_requested(self) -> None:
        self.open_sit_down()

    def open_new_session(self) -> None:
        """Show the New session menu of practice for the table in play."""
        self.push_screen(NewSessionScreen(self.session.practice, self.design))

    @on(TableScreen.NewSessionRequested)
    def _on_new_session_requested(self) -> None:
        self.open_new_session()

    def _seated(self, seat: Seat | None) -> None:
        if seat is None:
            if self._session is None:
                self.exit()
            return
        try:
            remember(self.store, seat)
        except StoreError as exc:  # locked by another window: only the seat is not remembered
            self.notify(str(exc), severity="warning")
        self.design = seat.design
        self._table_ref = seat.ref
        current = self._session
        if current is None or current.table.rules != seat.rules:
            self._session = self._open(seat.rules)
        table_screen = TableScreen(self.session, self.design, invite=self.invite)
        if isinstance(self.screen, TableScreen):
            self.switch_screen(table_screen)
        else:
            self.push_screen(table_screen)


def make_app(
    *,
    store: Store | None = None,
    rules: Rules | None = None,
    rng: np.random.Generator | None = None,
    clock: Callable[[], datetime] | None = None,
    shoe: Shoe | None = None,
    design: CardDesign | None = None,
    invite: bool = False,
) -> BjTrainerApp:
    """Build the app with defaults for everything not given.

    Parameters
    ----------
    store : Store, optional
        Default ``Store.open()`` (``$BJTRAINER_HOME/bjtrainer.db`` or the
        user data directory).
    rules : Rules, optional
        The table to open at once (``bjtrainer --rules``). Default: the
        table remembered in the store, or the sit-down screen at the first
        start (the card design is chosen before sitting down:
        ``docs/playing.md``, "Sitting down").
    rng : numpy.random.Generator, optional
        Default ``numpy.random.default_rng()`` seeded from the OS.
    clock : callable returning datetime, optional
        Default :func:`local_now`.
    shoe : Shoe, optional
        The first new table's shoe (tests), used only when no table is saved.
    design : CardDesign, optional
        Default the remembered card design (classic at first).
    invite : bool, optional
        Offer the guided introduction at the first table, once per store
        (``docs/playing.md``, "Guided introductions"); the CLI asks for it.

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
        rules=rules,
        rng=rng if rng is not None else np.random.default_rng(),
        clock=clock if clock is not None else local_now,
        shoe=shoe,
        design=design,
        invite=invite,
    )
