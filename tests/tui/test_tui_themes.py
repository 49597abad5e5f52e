"""Themes (``docs/playing.md``, "Themes"): readable felt in every theme, the theme remembered,
the high-contrast marks, the ASCII dialogs and toasts.

The contrast is computed here from the WCAG 2 definition (relative luminance
of sRGB, ratio (L1 + 0.05) / (L2 + 0.05)), from the colours the felt widget
is really given by the stylesheet in each theme.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.color import Color
from textual.command import CommandPalette, SearchIcon
from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES
from textual.widgets import Input, Select, Static
from textual.widgets._select import SelectCurrent
from textual.widgets._toast import Toast

from bjtrainer.store import Store
from bjtrainer.tui.screens.help import HelpScreen
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.seat import THEME_SETTING
from bjtrainer.tui.themes import HIGH_CONTRAST
from bjtrainer.tui.widgets.chip_rack import RepeatBox
from bjtrainer.tui.widgets.hand_view import HandView
from tests.tui.tui_support import NIGHT, AppFactory, text_of, wcag_ratio

SnapCompare = Callable[..., bool]

#: 80 x 24, the smallest terminal the app is laid out for.
SMALL = (80, 24)
# 8,8 against a 6 (hole T), then a 3 for the first split hand.
SPLIT = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]


def test_wcag_ratio_of_known_pairs() -> None:
    assert wcag_ratio(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21.0)
    # #777777 on white is the usual example of just failing AA: 4.48.
    assert wcag_ratio(Color(0x77, 0x77, 0x77), Color(255, 255, 255)) == pytest.approx(
        4.48, abs=0.01
    )


@pytest.mark.slow
async def test_the_felt_text_reads_in_every_theme(build_app: AppFactory) -> None:
    app = build_app(SPLIT)
    names = [*BUILTIN_THEMES, HIGH_CONTRAST.name]
    ratios: dict[str, float] = {}
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        for name in names:
            app.theme = name
            await pilot.pause()
            felt = app.screen.query_one("#felt")
            ground, text = felt.styles.background, felt.styles.color
            assert ground.a == 1 and ground.ansi is None, name  # a real colour, not the terminal's
            ratios[name] = wcag_ratio(text, ground)
            variables = app.get_css_variables()
            for name_ in ("felt-title", "felt-muted", "felt-active"):
                assert wcag_ratio(Color.parse(variables[name_]), ground) >= 4.5, (name, name_)
    assert {name for name, ratio in ratios.items() if ratio < 4.5} == set(), ratios
    # The default dark theme keeps the dark green felt and the theme's own text colour.
    assert len(ratios) == len(BUILTIN_THEMES) + 1


async def test_light_theme_names_colours_that_read(build_app: AppFactory) -> None:
    """In a light theme the named styles (a right answer, a miss, a key) read on the felt."""
    app = build_app(SPLIT)
    async with app.run_test(size=SMALL) as pilot:
        app.theme = "textual-light"
        await pilot.pause()
        felt = Color.parse(app.get_css_variables()["felt"])
        background = Color.parse(app.get_css_variables()["background"])
        for name in ("bj.good", "bj.bad", "bj.key"):
            style = app.console.get_style(name)
            assert style.color is not None and style.bold, name
            colour = Color.from_rich_color(style.color)
            assert wcag_ratio(colour, felt) >= 4.5, name
            assert wcag_ratio(colour, background) >= 4.5, name


@pytest.mark.slow
def test_table_in_textual_light(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def light(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await pilot.press("enter", "x")

    assert snap_compare(build_app(SPLIT), run_before=light, terminal_size=SMALL)


@pytest.mark.slow
def test_night_table_in_high_contrast(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    async def high_contrast(pilot: Pilot[None]) -> None:
        pilot.app.theme = HIGH_CONTRAST.name
        await pilot.press("enter", "x")

    app = build_app(SPLIT, rules=NIGHT)
    assert snap_compare(app, run_before=high_contrast, terminal_size=SMALL)


@pytest.mark.slow
async def test_high_contrast_marks_the_active_hand_and_the_repeat_box(
    build_app: AppFactory,
) -> None:
    app = build_app(SPLIT, rules=NIGHT)
    async with app.run_test(size=SMALL) as pilot:
        box = app.screen.query_one(RepeatBox)
        assert box.value and box.BUTTON_INNER == "X"  # the usual box: X told by colour
        await pilot.press("e")  # untick Repeat last bet
        await pilot.pause()
        assert not box.value and box.BUTTON_INNER == "X"
        app.theme = HIGH_CONTRAST.name
        await pilot.pause()
        assert box.BUTTON_INNER == " "  # unticked: no mark
        await pilot.press("e")
        await pilot.pause()
        assert box.value and box.BUTTON_INNER == "X"
        await pilot.press("enter", "x")
        await pilot.pause()
        titles = [str(hand.border_title) for hand in app.screen.query(HandView)]
        assert titles == ["▶ Hand 1", "Hand 2"]
        app.theme = "textual-dark"
        await pilot.pause()
        titles = [str(hand.border_title) for hand in app.screen.query(HandView)]
        assert titles == ["Hand 1", "Hand 2"]


@pytest.mark.slow
async def test_the_theme_is_remembered(build_app: AppFactory, store: Store) -> None:
    app = build_app(SPLIT)
    async with app.run_test(size=SMALL) as pilot:
        assert app.theme == "textual-dark"
        app.theme = "nord"
        await pilot.pause()
    assert store.get_setting(THEME_SETTING) == "nord"
    again = build_app(SPLIT)
    async with again.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_a_theme_chosen_on_the_sit_down_screen(build_app: AppFactory, store: Store) -> None:
    app = build_app([], rules=None)
    async with app.run_test(size=(100, 34)) as pilot:
        assert isinstance(app.screen, SitDownScreen)
        chooser = app.screen.query_one("#theme-select", Select)
        assert chooser.value == "textual-dark"
        chooser.value = "textual-light"
        await pilot.pause()
        assert app.theme == "textual-light"
    assert store.get_setting(THEME_SETTING) == "textual-light"


async def test_the_sit_down_chooser_follows_a_theme_chosen_elsewhere(
    build_app: AppFactory,
) -> None:
    app = build_app([], rules=None)
    async with app.run_test(size=(100, 34)) as pilot:
        chooser = app.screen.query_one("#theme-select", Select)
        assert chooser.value == "textual-dark"
        app.theme = "nord"  # what Ctrl+P, Theme does
        await pilot.pause()
        assert chooser.value == "nord"
        shown = chooser.query_one(SelectCurrent).query_one("#label", Static)
        assert text_of(shown) == "nord"
        assert app.theme == "nord"


@pytest.mark.slow
async def test_ascii_design_draws_dialogs_and_toasts_in_ascii(build_app: AppFactory) -> None:
    app = build_app(SPLIT, design="ascii")
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.press("h")  # between rounds: a notice says why not
        app.notify("Deal ⏎ · Bet…")
        await pilot.pause()
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 2
        assert "Deal Enter - Bet..." in str(toasts[1].render())
        for toast in toasts:
            assert toast.styles.border_left[0] == "ascii"
            assert str(toast.render()).isascii()
        await pilot.press("f1")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        dialog = app.screen.query_one("#help-dialog")
        assert {edge[0] for edge in dialog.styles.border} == {"ascii"}
        for static in app.screen.query(Static):
            assert text_of(static).isascii(), text_of(static)
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        assert palette.query_one(SearchIcon).icon == ">"
        assert palette.query_one("#--input").styles.border_top[0] == "ascii"
        assert palette.query_one(Input).placeholder.isascii()


async def test_classic_design_keeps_its_dialog_borders(build_app: AppFactory) -> None:
    app = build_app(SPLIT, design="classic")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        dialog = app.screen.query_one("#help-dialog")
        assert {edge[0] for edge in dialog.styles.border} == {"thick"}


#: Starts the app headless with the environment it is given; prints the theme in use.
THEME_IN_USE = """
import asyncio
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app

async def main():
    app = make_app(store=Store.memory(), rules=PRESETS["practice"])
    async with app.run_test() as pilot:
        await pilot.pause()
        print(app.theme, app.current_theme.name, app.theme_variables["felt"])

asyncio.run(main())
"""


@pytest.mark.slow
def test_textual_theme_can_name_the_high_contrast_theme(tmp_path: Path) -> None:
    # Textual reads TEXTUAL_THEME before the app has registered its own theme.
    env = {**os.environ, "TEXTUAL_THEME": HIGH_CONTRAST.name, "BJTRAINER_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", THEME_IN_USE], env=env, capture_output=True, text=True, check=True
    )
    felt = HIGH_CONTRAST.variables["felt"]
    assert done.stdout.split() == [HIGH_CONTRAST.name, HIGH_CONTRAST.name, felt]
