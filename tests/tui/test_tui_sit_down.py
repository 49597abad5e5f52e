"""Sitting down: choose the table and the card design, switch tables, a table of your own.

``docs/playing.md``, "Sitting down": before sitting down you choose the
table (practice, guide, night, home, or a rules file) and the card design;
``bjtrainer --rules NAME|FILE`` sits down at that table at once; "Each table
keeps its own saved state and figures: switching back finds it as it was."
``docs/custom-tables.md``, "When the file is wrong": "Nothing starts with a
half-valid table", and every problem is named with the field, the value and
what is allowed. The custom table here is H17 and pays 6:5
(``docs/custom-tables.md``, "Every field"): a natural on 10 wins
10 x 6/5 = 12, and a dealer soft 17 draws.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from textual.widgets import Input, OptionList

from bjtrainer.engine.rules_file import rules_from_toml
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.screens.table import TableScreen
from bjtrainer.tui.seat import DESIGN_SETTING, TABLE_SETTING
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.hand_view import HandsRow
from bjtrainer.tui.widgets.status_panel import StatusPanel
from tests.tui.tui_support import NIGHT, PRACTICE, SIZE, AppFactory, fixed_clock, text_of

# T,7 = 17 against the dealer's T,9 = 19: the bet is lost.
LOSE = ["TS", "TH", "7D", "9C"]

H17_WITH_TYPOS = """\
dealer_hits_soft17 = true
blackjack_payout = "6:5"
decks = 9
"""
H17 = """\
dealer_hits_soft_17 = true
blackjack_payout = "6:5"
"""
# A natural against a 9 (no peek to make: paid at once), then T,8 = 18 against
# a 6 with an ace in the hole: soft 17, which an H17 dealer hits (a 2: 19).
H17_CARDS = ["AS", "9H", "KD", "7C", "TS", "6H", "8D", "AC", "2S"]


@pytest.mark.slow
async def test_first_start_asks_then_remembers(build_app: AppFactory, store: Store) -> None:
    app = build_app([], rules=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)
        with pytest.raises(RuntimeError):
            app.session  # noqa: B018 - nobody sits yet
        about = text_of(app.screen.query_one("#table-about"))
        assert about.startswith(PRACTICE.name) and "A new table: 1000 chips." in about
        await pilot.press("down", "down")  # practice -> guide -> night
        about = text_of(app.screen.query_one("#table-about"))
        assert "from chips of 5, 25, 100, 500" in about and "CASH OUT" in about
        await pilot.press("tab", "down", "enter")  # the card designs: four-colour, sit down
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.table.rules == NIGHT
        assert app.screen.query_one(DealerView).design == "four_colour"
    assert store.get_setting(TABLE_SETTING) == "night"
    assert store.get_setting(DESIGN_SETTING) == "four_colour"

    again = build_app([], rules=None)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TableScreen)  # straight to the table chosen last
        assert again.session.table.rules == NIGHT
        assert again.screen.query_one(HandsRow).design == "four_colour"


async def test_escape_at_the_first_start_quits(build_app: AppFactory, store: Store) -> None:
    app = build_app([], rules=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0
    assert store.get_setting(TABLE_SETTING) is None


async def test_rules_given_skip_the_choice(build_app: AppFactory, store: Store) -> None:
    app = build_app([], rules=NIGHT, design="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.session.table.rules == NIGHT
    assert store.get_setting(TABLE_SETTING) is None  # --rules does not change the choice


@pytest.mark.slow
async def test_switching_tables_keeps_each_table(build_app: AppFactory, store: Store) -> None:
    app = build_app(LOSE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        assert app.session.table.balance == 990
        practice_round = app.screen.query_one(HandsRow).pictures
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)
        assert "Your saved table: 990 chips" in text_of(app.screen.query_one("#table-about"))
        await pilot.press("escape")  # back, nothing changed
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.session.table.balance == 990
        await pilot.press("t", "down", "down", "enter")  # night
        await pilot.pause()
        assert app.session.table.rules == NIGHT and app.session.table.balance == 500
        await pilot.press("0", "3")  # 100 down at night
        assert app.screen.query_one(StatusPanel).picture.bet == 100  # type: ignore[union-attr]
        await pilot.press("t", "up", "up", "enter")  # back to practice
        await pilot.pause()
        assert app.session.table.rules == PRACTICE
        assert app.session.table.balance == 990  # as it was, last round on the felt
        assert app.screen.query_one(HandsRow).pictures == practice_round
        await pilot.press("t", "down", "down", "enter")  # and night again
        await pilot.pause()
        assert app.session.table.balance == 500
        assert app.screen.query_one(StatusPanel).picture.bet == 100  # type: ignore[union-attr]
    assert [d.rules_id for d in store.attempts()] == ["practice"]  # statistics per table


@pytest.mark.slow
async def test_a_rules_file_with_typos_then_fixed(
    build_app: AppFactory, store: Store, tmp_path: Path
) -> None:
    path = tmp_path / "h17.toml"
    path.write_text(H17_WITH_TYPOS, encoding="utf-8")
    app = build_app(H17_CARDS, rules=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tables = app.screen.query_one("#table-list", OptionList)
        await pilot.press("end", "enter")  # "a rules file": Enter with no path focuses the path
        assert tables.highlighted == tables.option_count - 1
        field = app.screen.query_one("#rules-path", Input)
        assert field.has_focus
        field.value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)  # nothing starts
        head, *problems = text_of(app.screen.query_one("#seat-error")).splitlines()
        assert head == f"{path}: 2 problems:"  # the file once
        assert len(problems) == 2  # then one line per problem, each naming field and value
        assert '"dealer_hits_soft17"' in problems[0] and '"dealer_hits_soft_17"' in problems[0]
        assert "decks = 9" in problems[1] and "1 to 8" in problems[1]
        assert all(line.startswith("- ") and str(path) not in line for line in problems)
        with pytest.raises(RuntimeError):
            app.session  # noqa: B018 - still no table
        path.write_text(H17, encoding="utf-8")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        rules = app.session.table.rules
        assert rules.dealer_hits_soft_17 and rules.blackjack_payout == "6:5"
        await pilot.press("enter")  # a natural on 10 at 6:5
        assert app.session.table.balance == 1000 + 12
        await pilot.press("enter", "s")  # 18 against 6,A: the dealer hits soft 17, 19
        dealer = app.screen.query_one(DealerView).picture
        assert dealer.total == 19 and len(dealer.cards) == 3
        assert app.session.table.balance == 1012 - 10
        assert "Net -10" in app.screen.query_one(FeedbackView).picture.result
    assert store.get_setting(TABLE_SETTING) == str(path.resolve())


async def test_a_remembered_file_that_broke_is_shown_on_the_sit_down_screen(
    build_app: AppFactory, store: Store, tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("decks = 0\n", encoding="utf-8")
    store.set_setting(TABLE_SETTING, str(path))
    app = build_app([], rules=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SitDownScreen)
        assert app.screen.query_one("#rules-path", Input).value == str(path)
        assert "decks = 0" in text_of(app.screen.query_one("#seat-error"))


def test_a_table_saved_under_other_rules_starts_anew(store: Store) -> None:
    # The same id (from the file name) with a changed rule: the old state is not replayed,
    # but kept aside unchanged (TableSession.open) and the new table saved in its place.
    old = rules_from_toml(H17, origin="mine.toml")
    new = rules_from_toml('blackjack_payout = "3:2"\n', origin="mine.toml")
    assert old.id == new.id == "mine"
    table = Table(old, np.random.default_rng(1))
    table.deal()
    store.save_table(old.id, table.to_state())
    session = TableSession.open(store, new, np.random.default_rng(2), fixed_clock)
    assert session.table.rules == new and session.table.round is None
    assert session.restore_problem is not None and "other rules" in session.restore_problem
    kept = "mine.unrestorable-20250102T030405"  # the fixed clock's time
    assert repr(kept) in session.restore_problem
    assert store.load_table(kept) == table.to_state()
    assert Table.from_state(store.load_table(kept) or {}) == table
    assert store.load_table(new.id) == session.table.to_state()


# Nine problems (docs/custom-tables.md, "When the file is wrong"): an unknown
# key, six values out of range, min_bet above max_bet, and starting_chips (the
# practice table's 1000, left out) below that min_bet.
NINE_PROBLEMS = """\
id = "bad table!"
decks = 12
penetration = 1.5
peek = "sometimes"
blackjack_payout = "3-2"
max_split_hands = 0
min_bet = 5000
max_bet = 1000
colour = "blue"
"""


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_problem_is_reachable_with_pgdn_while_the_path_has_the_focus(
    build_app: AppFactory, tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "nine.toml"
    path.write_text(NINE_PROBLEMS, encoding="utf-8")
    app = build_app([], rules=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("end", "enter")
        field = app.screen.query_one("#rules-path", Input)
        field.value = str(path)
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one("#seat-error")
        head, *problems = text_of(error).splitlines()
        assert head == f"{path}: 9 problems:"
        assert len([line for line in problems if line.startswith("- ")]) == 9
        assert "PgUp/PgDn scroll" in text_of(app.screen.query_one("#seat-keys"))
        column = app.screen.query_one("#seat-tables")
        seen = column.scrollable_content_region.height

        def on_screen() -> tuple[bool, bool]:
            """Whether the error's first line and its last line are in the column's view."""
            top, bottom = error.virtual_region.y, error.virtual_region.bottom
            shown = range(round(column.scroll_y), round(column.scroll_y) + seen)
            return top in shown, bottom - 1 in shown

        assert on_screen()[0]  # the file's line is shown at once
        for _ in range(10):
            if on_screen()[1]:
                break
            await pilot.press("pagedown")
            await pilot.pause()
            assert field.has_focus  # the keys work while the path is being typed
        assert on_screen()[1]  # the last problem's last line
        await pilot.press("pageup", "pageup", "pageup", "pageup", "pageup")
        await pilot.pause()
        assert column.scroll_y == 0 and field.has_focus
