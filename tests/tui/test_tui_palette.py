"""The command palette (``docs/playing.md``, "The command palette"): Ctrl+P at every screen.

Ctrl+P lists the app's own commands (deal, hint, why, chart, new session,
daily five, stats, tables, lessons, help), Textual's Theme, and the keys of
the screen that work now; choosing one runs it as its key would.
"""

from __future__ import annotations

import csv
import importlib
import pkgutil
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.screen import Screen

import bjtrainer.tui.screens
from bjtrainer.store import Store
from bjtrainer.tui.palette import APP_COMMANDS, palette_entries
from bjtrainer.tui.screens.daily_five import DailyFiveScreen
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.table import TableScreen
from tests.tui.tui_support import NIGHT, AppFactory, notices

# Hard 16 against a 10 (hole 7).
SIXTEEN = ["TS", "TH", "6D", "7C"]

APP_NAMES = [
    "Deal",
    "Hint",
    "Why",
    "Chart",
    "New session",
    "Daily five",
    "Stats",
    "Tables",
    "Lessons",
    "Export",
    "Help",
]


def listed(palette: CommandPalette) -> list[str]:
    """The names the palette lists now, top to bottom."""
    options = palette.query_one(CommandList)
    return [
        str(options.get_option_at_index(i).prompt).split("\n")[0]
        for i in range(options.option_count)
    ]


@pytest.mark.slow
async def test_ctrl_p_lists_the_app_commands_theme_and_the_table_keys(
    build_app: AppFactory,
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")  # hard 16 v 10: hit, stand, surrender work now
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.pause(0.3)
        names = listed(palette)
        for name in [*APP_NAMES, "Theme", "Hit", "Stand", "Surr."]:
            assert name in names, (name, names)
        assert "Refill" not in names  # a key that does not work mid-hand is not offered
        assert len(names) == len(set(names))  # H and C, S and P: one entry each


@pytest.mark.slow
async def test_the_palette_runs_a_command(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"daily five")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, DailyFiveScreen)
        assert isinstance(app.screen_stack[-2], NewSessionScreen)  # Esc goes back to the menu


@pytest.mark.slow
async def test_the_palette_deals_and_hints_like_the_keys(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=(100, 34)) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        entries = {name: run for name, _, run in palette_entries(table)}
        assert [name for name in entries if name in APP_NAMES] == APP_NAMES
        await entries["Deal"]()
        await pilot.pause()
        assert app.session.in_play
        assert [str(card) for card in app.session.table.round.hands[0].cards] == ["TS", "6D"]
        await entries["Hint"]()
        await pilot.pause()
        assert table.query_one("#coach").title == "Hint"


async def test_every_app_command_is_offered_over_the_table(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=(100, 34)):
        names = [name for name, _, _ in palette_entries(app.screen)]
        assert names[: len(APP_COMMANDS)] == [command.name for command in APP_COMMANDS]


@pytest.mark.slow
async def test_over_the_menu_the_palette_lists_its_keys(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        names = [name for name, _, _ in palette_entries(app.screen)]
        topics = [f"Topic {number}" for number in range(1, 7)]
        assert names == ["Help", *topics, "Mistakes", "Daily five", "Due", "Stats", "Back"]


@pytest.mark.slow
async def test_export_writes_the_tables_decisions_and_names_the_file(
    build_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hard 16 v 10 stood on: one graded decision, exported as one CSV row."""
    monkeypatch.setenv("BJTRAINER_HOME", str(tmp_path / "home"))
    with Store.open(tmp_path / "bj.db") as store:
        app = build_app(SIXTEEN, on=store)
        async with app.run_test(size=(100, 34), notifications=True) as pilot:
            await pilot.press("enter", "s")
            await pilot.pause()
            entries = {name: run for name, _, run in palette_entries(app.screen)}
            await entries["Export"]()
            await app.workers.wait_for_complete()
            await pilot.pause()
            said = notices(app)
    files = list((tmp_path / "home").glob("bjtrainer-decisions-practice-*.csv"))
    assert len(files) == 1
    assert said[-1] == f"Exported 1 graded decision to {files[0]}"
    with files[0].open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(row["cards"], row["up"], row["action"], row["rules_id"]) for row in rows] == [
        ("6 T", "T", "stand", "practice")
    ]
    # Late surrender returns half the bet: -0.5, better than standing on 16 v 10
    # (-0.540 with independent draws), so the stand gives up the difference.
    row = rows[0]
    assert (row["best"], row["ev_surrender"], row["accepted"]) == ("surrender", "-0.5", "false")
    assert float(row["ev_lost"]) == pytest.approx(-0.5 - float(row["ev_stand"]))
    assert float(row["ev_stand"]) == pytest.approx(-0.540, abs=5e-4)


def _screen_classes() -> list[type[Screen[object]]]:
    for module in pkgutil.iter_modules(bjtrainer.tui.screens.__path__):
        importlib.import_module(f"bjtrainer.tui.screens.{module.name}")
    found: list[type[Screen[object]]] = []
    todo: list[type[Screen[object]]] = [Screen]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("bjtrainer."):
                found.append(sub)
            todo.append(sub)
    return found


def test_no_screen_binds_ctrl_p() -> None:
    """Ctrl+P is the palette's on every screen: no key of ours takes it."""
    screens = _screen_classes()
    assert TableScreen in screens and len(screens) >= 15
    for screen in screens:
        for binding in screen.BINDINGS:
            keys = binding.key if hasattr(binding, "key") else binding[0]  # type: ignore[union-attr]
            assert "ctrl+p" not in str(keys).split(","), screen


async def test_each_key_entry_says_what_it_does_once(build_app: AppFactory) -> None:
    """At ``night`` (``docs/rules/night.md``: chips 1 = 5, 2 = 25, 3 = 100, 4 = 500)."""
    app = build_app([], rules=NIGHT)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        helps = {name: help_line for name, help_line, _ in palette_entries(app.screen)}
        assert helps["Chip 1"] == "Add a 5 chip to the bet (key 1)"
        assert helps["Chip 2"] == "Add a 25 chip to the bet (key 2)"
        assert helps["Chip 4"] == "Add a 500 chip to the bet (key 4)"
        assert "Chip 5" not in helps  # four chips at night: 5 adds nothing
        assert helps["Board"] == "Show the top-five board (key V)"
        assert helps["Cash out"] == "End the night, score on the board (key O)"
        assert helps["Shoe-aware Why"] == "Exact figures for the cards left, on or off (key Z)"
        for name, help_line in helps.items():  # no entry says its own name again
            assert not help_line.casefold().startswith(f"{name.casefold()}:"), (name, help_line)
            assert not help_line.startswith(f"{name.split()[0]} /"), (name, help_line)
            assert not help_line.endswith(f": {name.split()[0]}"), (name, help_line)
