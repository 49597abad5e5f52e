"""The table's footer is one line of keys: drawn as Textual's keys, clickable, never laid out again.

The keys between rounds at the practice table are Enter (deal), B (bet),
M (train), F1 (help) and Q (quit) (``docs/playing.md``, "Keys"); with a
hand in play (hard 13 against a 6, no pair) they are the plays the rules
allow and the coach's keys.
"""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.widget import Widget

from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.widgets.footer import KeysFooter, KeysLine
from tests.tui.tui_support import SIZE, AppFactory, wcag_ratio

# T,3 v 6 (hole T): hard 13, no pair; the dealer's 16 draws a T and busts.
THIRTEEN = ["TS", "6H", "3D", "TC", "TD"]


def drawn_row(line: KeysLine) -> str:
    """The footer's row as drawn on the screen (the strip of its one line)."""
    return "".join(segment.text for segment in line.render_line(0)).rstrip()


def line_of(app: BjTrainerApp) -> KeysLine:
    return app.screen.query_one(KeysFooter).line


async def test_the_line_draws_every_key_where_its_span_says(build_app: AppFactory) -> None:
    app = build_app(THIRTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = line_of(app)
        assert drawn_row(line) == "Enter Deal B Bet M Train F1 Help Q Quit"
        row = drawn_row(line)
        for entry, start, end in line.spans():
            assert row[start:end] == f"{entry.display} {entry.description}"
        await pilot.press("enter")
        await pilot.pause()
        assert drawn_row(line) == (
            "H / C Hit S / P Stand D Double R Surr. ? Hint W Why F1 Help Q Quit"
        )


async def test_a_click_on_a_key_presses_it(build_app: AppFactory) -> None:
    app = build_app(THIRTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = line_of(app)
        deal = next(start for entry, start, _ in line.spans() if entry.description == "Deal")
        await pilot.click(KeysLine, offset=(deal + 1, 0))
        await pilot.pause()
        assert app.session.in_play  # the round is dealt
        stand = next(start for entry, start, _ in line.spans() if entry.description == "Stand")
        await pilot.click(KeysLine, offset=(stand, 0))
        await pilot.pause()
        assert not app.session.in_play and app.session.table.balance == 1010  # the dealer bust


async def test_new_keys_change_no_widget_of_the_footer(build_app: AppFactory) -> None:
    app = build_app(THIRTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        before: list[Widget] = list(footer.walk_children())
        region = line_of(app).region
        await pilot.press("enter", "s")
        await pilot.pause()
        assert list(footer.walk_children()) == before == [line_of(app)]
        assert line_of(app).region == region  # one row, the whole width, whatever the keys


def key_colours(line: KeysLine, description: str) -> tuple[Color, Color]:
    """The colour and background of the cell that draws the key of ``description``."""
    start = next(start for entry, start, _ in line.spans() if entry.description == description)
    x = 0
    for segment in line.render_line(0):
        if x <= start < x + len(segment.text):
            style = segment.style
            assert style is not None and style.color and style.bgcolor
            return Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor)
        x += len(segment.text)
    raise AssertionError(description)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "bjtrainer-high-contrast"])
async def test_the_key_under_the_mouse_is_shaded_and_stays_readable(
    build_app: AppFactory, theme: str
) -> None:
    app = build_app(THIRTEEN)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await pilot.pause()
        line = line_of(app)
        colour, background = key_colours(line, "Bet")
        start = next(start for entry, start, _ in line.spans() if entry.description == "Bet")
        await pilot.hover(KeysLine, offset=(start, 0))
        await pilot.pause()
        hovered, shade = key_colours(line, "Bet")
        assert hovered == colour and shade != background
        # Readable (WCAG AA, 4.5:1) where the key was, else not much worse than it was.
        assert wcag_ratio(hovered, shade) >= min(4.5, 0.8 * wcag_ratio(colour, background))
        assert key_colours(line, "Train") == (colour, background)  # only the key under it
