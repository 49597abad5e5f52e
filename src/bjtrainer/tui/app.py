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

import contextlib
import gc
import importlib
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from rich.theme import Theme as RichTheme
from textual import events, work
from textual.actions import ActionParseResult
from textual.app import App, ScreenStackError
from textual.command import Provider, SearchIcon
from textual.dom import DOMNode
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme
from textual.widget import AwaitMount
from textual.widgets import Static

from bjtrainer.errors import BjTrainerError, StoreError
from bjtrainer.tui.first_look import DESIGN_SETTING, THEME_SETTING, remembered_look, store_file
from bjtrainer.tui.screens.opening import OpeningScreen
from bjtrainer.tui.textual_fixes import cache_inner_outer_by_colour
from bjtrainer.tui.themes import HIGH_CONTRAST, felt_variables, tone_styles
from bjtrainer.tui.views.cards import CardDesign, card_design, plain_rich, plain_text

if TYPE_CHECKING:  # imported where used, once the first frame is drawn (docs/architecture.md)
    import numpy as np

    from bjtrainer.engine.rules import Rules
    from bjtrainer.engine.shoe import Shoe
    from bjtrainer.store import Store
    from bjtrainer.trainer.session import TableSession
    from bjtrainer.tui.seat import Seat

#: What the app imports behind the opening screen (in a thread) before it opens the store.
_OPENED_WITH = (
    "numpy",
    "bjtrainer.store",
    "bjtrainer.trainer.session",
    "bjtrainer.tui.seat",
    "bjtrainer.tui.screens.sit_down",
    "bjtrainer.tui.screens.table",
)

#: Seconds the notice of a store that saves nothing stays on screen.
UNSAVED_NOTICE_SECONDS = 20.0


def local_now() -> datetime:
    """The local date and time in the user's time zone (the default clock).

    The zone is the named one (:func:`bjtrainer.trainer.clock.system_zone`),
    not today's fixed offset, so a local midnight on the far side of a
    daylight-saving change is 00:00 (``docs/practice.md``, "When a spot is due").
    """
    from bjtrainer.trainer.clock import system_zone

    return datetime.now(system_zone())


def _commands() -> type[Provider]:
    """The app's command palette provider, imported when the palette first opens."""
    from bjtrainer.tui.palette import BjTrainerCommands

    return BjTrainerCommands


class BjTrainerApp(App[None]):
    """The blackjack trainer: the sit-down screen, the table and its dialogs.

    Parameters
    ----------
    store : Store or None
        Where tables are saved after every action, decisions recorded, the
        seat remembered and the top-five board kept. ``None``: the app
        draws :class:`~bjtrainer.tui.screens.opening.OpeningScreen` first and
        then opens ``Store.open()`` itself (:meth:`open_error` says why it
        could not; ``docs/architecture.md``, "Start-up").
    rules : Rules or None
        The table to open at once (its saved table, ``store.load_table(
        rules.id)``, is restored if there is one); ``None``: the remembered
        table, or the sit-down screen first.
    rng : numpy.random.Generator or None
        The seeded generator of every new table's shoe; ``None``: one seeded
        from the OS.
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
        If a given store cannot be read.
    """

    CSS_PATH: ClassVar[list[str | PurePath]] = ["styles/bjtrainer.tcss", "styles/practice.tcss"]
    TITLE = "bjtrainer"
    #: Ctrl+P: the app's commands and the screen's keys (:mod:`bjtrainer.tui.palette`),
    #: then Textual's own (Theme, Keys, Screenshot, Quit).
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *App.COMMANDS,
        _commands,
    }

    def __init__(
        self,
        *,
        store: Store | None,
        rules: Rules | None,
        rng: np.random.Generator | None,
        clock: Callable[[], datetime],
        shoe: Shoe | None = None,
        design: CardDesign | None = None,
        invite: bool = False,
    ) -> None:
        super().__init__()
        cache_inner_outer_by_colour()  # removed widgets' lines freed (tui/textual_fixes.py)
        self.register_theme(HIGH_CONTRAST)
        if self.theme == HIGH_CONTRAST.name:
            # TEXTUAL_THEME named it before it was registered: Textual fell back
            # to its default colours, and setting the same name again changes nothing.
            self.set_reactive(App.theme, "textual-dark")
            self.theme = HIGH_CONTRAST.name
        self._remembered_theme: str | None = None  # the theme in the store settings
        #: Offer the guided introduction at the first table (once per store).
        self.invite = invite
        self.clock = clock
        self._shoe = shoe
        self._session: TableSession | None = None
        self._table_ref: str | None = None
        self._seat_problem: str | None = None
        #: Why the store given as ``None`` could not be opened (the app then exits).
        self.open_error: BjTrainerError | None = None
        #: The keys pressed while the opening screen is up; ``None`` once the app is open.
        self._waiting_keys: list[events.Key] | None = None
        self.design: CardDesign = "classic" if design is None else design
        if store is None:
            self._waiting_keys = []
            self._given = (rules, rng, design)
            self._first_look(design)
        else:
            self._settle(store, rules, rng, design)

    def _first_look(self, design: CardDesign | None) -> None:
        """The card design and theme chosen last, read for the opening screen (:mod:`first_look`).

        ``TEXTUAL_THEME`` for this run wins over the remembered theme, as
        at the table (:meth:`_choose_start_theme`).
        """
        look = remembered_look(store_file())
        if design is None:
            with contextlib.suppress(ValueError):  # an unknown design: classic, as at the table
                self.design = card_design(look.get(DESIGN_SETTING, "classic"))
        theme = look.get(THEME_SETTING)
        if not os.environ.get("TEXTUAL_THEME") and theme in self.available_themes:
            self.theme = theme

    def _settle(
        self,
        store: Store,
        rules: Rules | None,
        rng: np.random.Generator | None,
        design: CardDesign | None,
    ) -> None:
        """Take ``store`` and open the table at once (``rules``) or the one remembered.

        Raises
        ------
        StoreError
            If the store cannot be read.
        """
        import numpy as np

        from bjtrainer.engine.presets import PRESETS
        from bjtrainer.tui.seat import remembered_design, remembered_table

        self.store = store
        self.rng = rng if rng is not None else np.random.default_rng()
        self.design = design if design is not None else remembered_design(store)
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
        from bjtrainer.trainer.session import TableSession

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
        from bjtrainer.tui.seat import remembered_theme

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
        from textual.widgets import Button, Input

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
        from bjtrainer.tui.seat import remember_theme

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

    def clear_notifications(self) -> None:
        """Clear every toast, taking each one's holder off the screen with it.

        Textual 8.2 removes a cleared toast but leaves its ``ToastHolder`` in
        the screen's toast rack, and the holder's layout cache keeps the toast
        alive: one holder and one toast more for each notice that replaced
        another (a refused key between rounds, docs/playing.md "A round"),
        never freed.
        """
        try:
            holders = self.screen.query("ToastRack > ToastHolder")
        except ScreenStackError:  # no screen yet: nothing shown to clear
            holders = None
        if holders:
            holders.remove()
        super().clear_notifications()

    class Opened(Message):
        """The first real screen is up in place of the opening screen, its frame drawn."""

    def on_mount(self) -> None:
        if self._waiting_keys is not None:  # the store opens once this frame is drawn
            self.set_class(self.design == "ascii", "-ascii")
            self.push_screen(OpeningScreen())
        else:
            self._show_first_screen()

    def on_ready(self) -> None:
        """The first frame is drawn: behind the opening screen, open the store and the table."""
        if self._waiting_keys is not None:
            self._import_the_rest()

    @work(thread=True, exit_on_error=True, group="opening")
    def _import_the_rest(self) -> None:
        """Import numpy, the store, the table and its screens in a thread, then open them.

        Only the imports run here: the store's SQLite connection belongs to
        the thread that opens it, so :meth:`_open_store` runs on the app's.
        """
        for name in _OPENED_WITH:
            importlib.import_module(name)
        self.call_from_thread(self.call_later, self._open_store)

    async def _open_store(self) -> bool:
        """Open the store and the table, then show the first real screen with the waiting keys.

        A store that cannot be opened (``docs/playing.md``, "A store that
        cannot be opened") ends the app with :attr:`open_error` set, for the
        command line to report as before; then ``False``.
        """
        from bjtrainer.store import Store

        rules, rng, design = self._given
        try:
            store = Store.open()
        except BjTrainerError as exc:
            self._cannot_open(exc)
            return False
        try:
            self._settle(store, rules, rng, design)
        except BjTrainerError as exc:
            store.close()
            self._cannot_open(exc)
            return False
        self._owns_store = True
        keys, self._waiting_keys = self._waiting_keys or [], None
        await self.pop_screen()  # the opening screen
        await self._show_first_screen()
        # The keys pressed on the opening screen, played here in order, before
        # any key pressed since (those wait in the app's queue until this returns).
        for key in keys:
            await self.on_event(events.Key(key.key, key.character))
        self.call_after_refresh(self.post_message, self.Opened())
        return True

    def _cannot_open(self, exc: BjTrainerError) -> None:
        self.open_error = exc
        self.exit(return_code=2)

    def close_store(self) -> None:
        """Close the store the app opened itself (given ``store=None``); else nothing."""
        if self._owns_store:
            self.store.close()
            self._owns_store = False

    _owns_store = False

    async def on_event(self, event: events.Event) -> None:
        """While the opening screen is up, keep each key but Ctrl+Q and Ctrl+C for the table."""
        if (
            self._waiting_keys is not None
            and isinstance(event, events.Key)
            and not event.is_forwarded
            and event.key not in ("ctrl+q", "ctrl+c")
        ):
            self._waiting_keys.append(event)
            if isinstance(self.screen, OpeningScreen):
                self.screen.waiting(len(self._waiting_keys))
            return
        await super().on_event(event)

    def _show_first_screen(self) -> AwaitMount:
        """The theme and card design chosen last, then the table or the sit-down screen."""
        from bjtrainer.tui.screens.table import TableScreen

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
            shown = self.open_sit_down()
        else:
            shown = self.push_screen(TableScreen(self._session, self.design, invite=self.invite))
        if self.store.unsaved is not None:  # a read-only store: play on, saving nothing
            self.notify(self.store.unsaved, severity="error", timeout=UNSAVED_NOTICE_SECONDS)
        return shown

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
        if self._waiting_keys is not None:  # Ctrl+Q or Ctrl+C before the store is open
            return await super().run_action(action, default_namespace, namespaces)
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

    def open_sit_down(self) -> AwaitMount:
        """Show the sit-down screen over the table (or at the first start)."""
        from bjtrainer.tui.screens.sit_down import SitDownScreen

        screen = SitDownScreen(
            self.store,
            table=self._table_ref,
            design=self.design,
            problem=self._seat_problem,
            can_go_back=self._session is not None,
        )
        self._seat_problem = None
        return self.push_screen(screen, self._seated)

    def on_table_screen_sit_down_requested(self) -> None:
        """T at the table (``TableScreen.SitDownRequested``)."""
        self.open_sit_down()

    def open_new_session(self) -> None:
        """Show the New session menu of practice for the table in play."""
        from bjtrainer.tui.screens.new_session import NewSessionScreen

        self.push_screen(NewSessionScreen(self.session.practice, self.design))

    def on_table_screen_new_session_requested(self) -> None:
        """M at the table (``TableScreen.NewSessionRequested``)."""
        self.open_new_session()

    def _seated(self, seat: Seat | None) -> None:
        from bjtrainer.tui.screens.table import TableScreen
        from bjtrainer.tui.seat import remember

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
        user data directory), opened by the app once its first frame (the
        opening screen) is drawn; the caller then closes it with
        :meth:`BjTrainerApp.close_store` after ``run()``.
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
        If a given store cannot be read (one not given that cannot be
        opened or read ends the app with :attr:`BjTrainerApp.open_error`).
    """
    return BjTrainerApp(
        store=store,
        rules=rules,
        rng=rng,
        clock=clock if clock is not None else local_now,
        shoe=shoe,
        design=design,
        invite=invite,
    )
