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

The colours come from the Textual theme in use (``docs/playing.md``,
"Themes"): ``TEXTUAL_THEME`` for one run, else the theme chosen last (the
command palette's Theme, or the sit-down screen), remembered in the store;
:mod:`bjtrainer.tui.themes` derives the felt's colours and the named text
styles for each. Ctrl+P opens the command palette (:mod:`bjtrainer.tui.palette`).

M at the table opens the New session menu of practice (``docs/practice.md``;
:class:`~bjtrainer.tui.screens.new_session.NewSessionScreen`) for the table
in play; each table's practice sets draw from a child of the app's seeded
generator (``Generator.spawn``), so the table's own shoe is not disturbed.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import PurePath
from typing import ClassVar

import numpy as np
from rich.text import Text
from rich.theme import Theme as RichTheme
from textual import on
from textual.actions import ActionParseResult
from textual.app import App
from textual.command import Provider, SearchIcon
from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Button, Input, Static

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.errors import StoreError
from bjtrainer.store import Store
from bjtrainer.trainer.clock import system_zone
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.palette import BjTrainerCommands
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.seat import (
    Seat,
    remember,
    remember_theme,
    remembered_design,
    remembered_table,
    remembered_theme,
)
from bjtrainer.tui.themes import HIGH_CONTRAST, felt_variables, tone_styles
from bjtrainer.tui.views.cards import CardDesign, plain_rich, plain_text

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
    #: Ctrl+P: the app's commands and the screen's keys (:mod:`bjtrainer.tui.palette`),
    #: then Textual's own (Theme, Keys, Screenshot, Quit).
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *App.COMMANDS,
        BjTrainerCommands,
    }

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
        self.register_theme(HIGH_CONTRAST)
        self._remembered_theme: str | None = None  # the theme in the store settings
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

    def get_css_variables(self) -> dict[str, str]:
        """Textual's variables of the theme in use, with the felt's (:func:`felt_variables`).

        Called whenever the theme changes, before the styles are applied: the
        named text styles of the pictures (:func:`tone_styles`) are put on
        the console here, so that every widget redrawn after it has them.
        """
        variables = super().get_css_variables()
        dark = self.current_theme.dark
        variables = {**variables, **felt_variables(variables, dark=dark)}
        self.theme_variables = variables
        tones = RichTheme(tone_styles(self.current_theme.name, variables, dark=dark))
        if self._tones_pushed:
            self.console.pop_theme()
        self.console.push_theme(tones)
        self._tones_pushed = True
        return variables

    _tones_pushed = False

    def _choose_start_theme(self) -> None:
        """``TEXTUAL_THEME`` for this run if set, else the theme chosen last (if it exists)."""
        if not os.environ.get("TEXTUAL_THEME"):
            name = remembered_theme(self.store)
            if name is not None and name in self.available_themes:
                self.theme = name
        self._remembered_theme = self.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def _screen_changed(self, screen: Screen[object]) -> None:
        """With the ASCII card design, a screen's text, buttons and inputs are made ASCII.

        Every screen: the dialogs (the bet, help, CASH OUT, board, leave-set
        and lesson dialogs, the command palette), the sit-down screen, the
        New session menu, stats... (their borders: ``App.-ascii`` in the
        stylesheets; titles, lists and boxes: :mod:`bjtrainer.tui.plain`).
        """
        if self.design == "ascii":
            screen.call_after_refresh(self._plain_dialog, screen)

    @staticmethod
    def _plain_dialog(screen: Screen[object]) -> None:
        for static in screen.query(Static):
            content = static.content
            if isinstance(content, str) and not content.isascii():
                static.update(plain_text(content))
            elif isinstance(content, Text) and not content.plain.isascii():
                static.update(plain_rich(content))
        for button in screen.query(Button):
            label = str(button.label)
            if not label.isascii():
                button.label = plain_text(label)
        for field in screen.query(Input):
            field.placeholder = plain_text(field.placeholder)
        for icon in screen.query(SearchIcon):  # the command palette's magnifying glass
            icon.icon = ">"
            icon.refresh()  # a var: setting it does not redraw
        from bjtrainer.tui.plain import plain_widgets  # titles, lists, boxes (every screen)

        plain_widgets(screen)

    def _theme_changed(self, theme: Theme) -> None:
        """Redraw the text drawn before the change; remember a theme newly chosen."""
        for screen in self.screen_stack:
            for static in screen.query(Static):
                static.update(static.content)  # its named styles, in the new theme
            for widget in screen.query("*"):
                widget.refresh()
        if theme.name == self._remembered_theme:
            return
        self._remembered_theme = theme.name
        try:
            remember_theme(self.store, theme.name)
        except StoreError as exc:  # locked by another window: only the theme is not remembered
            self.notify(str(exc), severity="warning")

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a toast; with the ASCII card design its text is ASCII too (``plain_text``)."""
        if self.design == "ascii":
            message, title = plain_text(message), plain_text(title)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_mount(self) -> None:
        # What is alive now (the modules, Textual's classes and styles) lives as long
        # as the process: kept out of the collector's full passes, which otherwise walk
        # it all every few dozen key presses (a 50-70 ms pause of the key then). Once
        # per process: a later app's (tests) cycles stay collectable.
        if not gc.get_freeze_count():
            gc.freeze()
        self._choose_start_theme()
        self.set_class(self.design == "ascii", "-ascii")
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
        self.set_class(self.design == "ascii", "-ascii")
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
