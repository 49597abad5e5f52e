"""The command palette (Ctrl+P): the app's own commands and every key of the screen.

Ctrl+P opens Textual's command palette (``docs/playing.md``, "The command
palette"). :class:`BjTrainerCommands` offers:

- the app's own commands, :data:`APP_COMMANDS`: Deal, Hint, Why, Chart and
  Help run on the screen the palette was opened over when it has them (the
  table, a practice set...); New session, Daily five, Stats, Tables and
  Lessons are offered at the table, and Export, which writes the table's
  graded decisions as a CSV file into the data folder and says where
  (``docs/export.md``; the rows of ``bjtrainer export``). A command that
  cannot be done now says why in a notice, as its key does;
- every other key of that screen that works now, by its footer label, with
  its key and its help line (the binding's tooltip);

and Textual's own provider adds Theme (every theme, the high-contrast one
included), Keys, Screenshot and Quit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from functools import partial

from textual.actions import parse as parse_action
from textual.binding import ActiveBinding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from bjtrainer.tui.exporting import export_decisions as export_table
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.play_base import ButtonScreen
from bjtrainer.tui.screens.table import TableScreen

__all__ = ["APP_COMMANDS", "AppCommand", "BjTrainerCommands", "palette_entries"]


@dataclass(frozen=True)
class AppCommand:
    """One of the app's own commands.

    Attributes
    ----------
    name : str
        What the palette lists (``"Daily five"``).
    help : str
        The line under it.
    action : str
        The screen action run (``"deal"``), or for a command of the New
        session menu, that menu's action (``"daily"``).
    table_only : bool
        Offered only over the table screen (the commands that open another
        screen from the table).
    menu : bool
        Run on the New session menu, opened first.
    """

    name: str
    help: str
    action: str
    table_only: bool = False
    menu: bool = False


#: The app's own commands, in the order listed.
APP_COMMANDS: tuple[AppCommand, ...] = (
    AppCommand("Deal", "Deal a new round (Enter)", "deal"),
    AppCommand("Hint", "The best play for this spot (?)", "hint"),
    AppCommand("Why", "Bust chance, stand odds, EV of each play (W)", "why"),
    AppCommand("Chart", "The basic-strategy chart, your hand marked (G)", "chart"),
    AppCommand(
        "New session",
        "Focused practice, mistakes & weak spots, daily five, stats (M)",
        "new_session",
        table_only=True,
    ),
    AppCommand(
        "Daily five", "Five spots fixed by today's date", "daily", table_only=True, menu=True
    ),
    AppCommand(
        "Stats", "Accuracy, heat map, EV given up, progress", "stats", table_only=True, menu=True
    ),
    AppCommand("Tables", "Choose the table, the card design and the theme (T)", "tables"),
    AppCommand("Lessons", "The guided introductions (L)", "lessons", table_only=True),
    AppCommand(
        "Export",
        "Write this table's graded decisions as a CSV file into the data folder",
        "export",
        table_only=True,
    ),
    AppCommand("Help", "The keys of this screen (F1)", "help"),
)


def _offered(command: AppCommand, screen: Screen[object]) -> bool:
    if command.table_only or command.menu:
        return isinstance(screen, TableScreen)
    return hasattr(screen, f"action_{command.action}")


async def _run_app_command(command: AppCommand, screen: Screen[object]) -> None:
    """Run ``command`` on ``screen`` (or on the New session menu it opens first)."""
    if command.action == "export" and isinstance(screen, TableScreen):
        export_decisions(screen)
        return
    if command.menu:
        menu = NewSessionScreen(screen.app.session.practice, screen.design)  # type: ignore[attr-defined]
        await screen.app.push_screen(menu)
        getattr(menu, f"action_{command.action}")()
        return
    if isinstance(screen, ButtonScreen):
        screen.run_now(command.action)  # says why in a notice when it cannot be done now
    else:
        await screen.run_action(command.action)


def export_decisions(screen: TableScreen) -> None:
    """Write the table's graded decisions into the data folder (:mod:`bjtrainer.tui.exporting`)."""
    session = screen.session
    export_table(screen, session.store, session.table.rules.id, session.clock)


async def _run_binding(action: str, screen: Screen[object]) -> None:
    await screen.run_action(action)


#: Names Textual's own provider already lists (its Quit quits as our Q does).
SYSTEM_NAMES: frozenset[str] = frozenset({"Quit", "Theme", "Keys", "Screenshot"})


def _own_actions(screen: Screen[object]) -> set[str]:
    """The actions the screen's own classes bind (not Textual's Tab or Ctrl+C)."""
    actions: set[str] = set()
    for cls in type(screen).__mro__:
        if cls.__module__.startswith("bjtrainer."):
            for binding in cls.__dict__.get("BINDINGS", ()):
                actions.add(binding.action if hasattr(binding, "action") else binding[1])
    return actions


def palette_entries(
    screen: Screen[object],
) -> Iterator[tuple[str, str, Callable[[], Awaitable[None]]]]:
    """``(name, help, run)`` of every command offered over ``screen``, app commands first.

    The screen's own keys follow, each action once (a letter bound in both
    cases is one entry), leaving out those an app command already runs,
    hidden bindings without a label, Textual's own keys (Tab, Ctrl+C),
    Quit (Textual lists it) and keys that do not work now (``check_action``).
    """
    own = _own_actions(screen)
    actions: set[str] = set()
    for command in APP_COMMANDS:
        if _offered(command, screen):
            actions.add(command.action)
            yield command.name, command.help, partial(_run_app_command, command, screen)
    offered = []
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node is not screen or not binding.description or not active.enabled:
            continue
        if binding.action not in own or binding.description in SYSTEM_NAMES:
            continue
        _, name, parameters = parse_action(binding.action)
        if name in actions or binding.action in actions:
            continue
        if name == "add_chip" and _chip(screen, parameters) is None:
            continue  # a digit past the table's chips adds nothing
        actions.add(binding.action)
        offered.append(active)
    labels = [active.binding.description for active in offered]
    for active in offered:
        binding = active.binding
        label = binding.description
        if labels.count(label) > 1:  # the chips 1 to 4: "Chip 1" ... "Chip 4"
            label = f"{label} {binding.key}"
        help_line = key_help(screen, active, label)
        yield label, help_line, partial(_run_binding, binding.action, screen)


def key_help(screen: Screen[object], active: ActiveBinding, label: str) -> str:
    """The palette's line under a key's entry ``label``: what it does, then the key.

    ``"Show the top-five board (key V)"``; a help line that starts with the
    label says it once (``"CASH OUT: end the night..."`` under "Cash out"
    reads ``"End the night..."``); a chip key names its chip from the
    table's ``chip_denominations`` (``"Add a 25 chip to the bet (key 2)"``
    at ``night``, ``docs/rules/night.md``). Without a help line of its own
    the label stands in.
    """
    binding = active.binding
    keys = binding.key_display or binding.key
    text = active.tooltip or binding.tooltip or binding.description
    head, colon, rest = text.partition(": ")
    if colon and head.casefold() == binding.description.casefold() and rest:
        text = rest[0].upper() + rest[1:]
    _, name, parameters = parse_action(binding.action)
    chip = _chip(screen, parameters) if name == "add_chip" else None
    if chip is not None:
        keys = binding.key  # the footer writes the chip keys "1-4"
        text = f"Add a {chip} chip to the bet"
    return f"{text} (key {keys})"


def _chip(screen: Screen[object], parameters: tuple[object, ...]) -> int | None:
    """The chip (its value in chips) that ``add_chip(N)`` adds at the screen's table, if any."""
    if not isinstance(screen, TableScreen) or not parameters:
        return None
    chips = screen.session.table.rules.chip_denominations
    number = parameters[0]
    return chips[number - 1] if isinstance(number, int) and 1 <= number <= len(chips) else None


class BjTrainerCommands(Provider):
    """The app's commands and the screen's keys in the command palette (:func:`palette_entries`)."""

    async def discover(self) -> Hits:
        """Everything offered, listed when nothing is typed yet."""
        for name, help_line, run in palette_entries(self.screen):
            yield DiscoveryHit(name, run, help=help_line)

    async def search(self, query: str) -> Hits:
        """The entries whose name matches ``query`` (fuzzy), best first."""
        matcher = self.matcher(query)
        for name, help_line, run in palette_entries(self.screen):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, text=name, help=help_line)
