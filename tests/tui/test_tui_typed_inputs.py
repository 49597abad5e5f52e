"""Every input of the app takes what it shows and answers anything else with a line.

``docs/playing.md``, "Typing a bet, a name or a path": the bet and the
insurance amount are whole chips written with the digits 0-9; the name for
the top-five board is at most 20 characters without control characters; the
rules-file path on the sit-down screen names a rules file (or a preset). Text
pasted into each (digits of other scripts, control characters, 10,000
characters, an empty string, or random Unicode from hypothesis) is either
taken, exactly when it is what the field asks for, or answered with a short
message under the field; the app never crashes (``run_test`` re-raises any
exception of the app).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.events import Paste
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.store.board import Board, check_name
from bjtrainer.tui.app import BjTrainerApp, make_app
from bjtrainer.tui.screens.bet import BetScreen
from bjtrainer.tui.screens.board import BoardScreen
from bjtrainer.tui.screens.cash_out import CashOutScreen
from bjtrainer.tui.screens.insurance import InsuranceScreen
from bjtrainer.tui.screens.sit_down import SitDownScreen
from bjtrainer.tui.screens.table import TableScreen
from tests.tui.tui_support import NIGHT, SIZE, fixed_clock, text_of

#: The longest line under a field: it quotes 40 characters of a bet or a name, 120 of a path.
LONGEST_MESSAGE = 300

#: Texts no field asks for, and two that some field does ("5": a bet, an amount, a
#: name; "Practice": the preset, typed in another case, as a path).
NASTY: tuple[str, ...] = (
    "",
    "٣",  # int() reads 3
    "²",  # isdigit() is true, int() raises
    "5\x00",
    "a\x1cb",  # str.split() reads \x1c as a space
    "1" * 10_000,
    "x" * 10_000,
    "5",
    "Practice",
)

TEXT = (
    st.text(max_size=30)
    | st.text(st.characters(categories=["Nd", "No", "Cc", "Cf", "Zs"]), max_size=6)
    | st.sampled_from(NASTY)
)


def app_at(store: Store, rules_id: str, cards: Sequence[str]) -> BjTrainerApp:
    rules = PRESETS[rules_id]
    return make_app(
        store=store,
        rules=rules,
        rng=np.random.default_rng(3),
        clock=fixed_clock,
        shoe=Shoe.stacked(rules, list(cards), np.random.default_rng(3)),
    )


async def paste(pilot: Pilot[object], field: Input, text: str) -> None:
    """Empty the field and paste ``text`` into it, as a terminal paste does."""
    field.value = ""
    field.focus()
    field.post_message(Paste(text))
    await pilot.pause()


def message_under(screen: object, selector: str) -> str:
    message = text_of(screen.query_one(selector, Static))  # type: ignore[attr-defined]
    assert message, "nothing said"
    for line in message.splitlines():
        assert len(line) <= LONGEST_MESSAGE, line[:300]
    return message


def typed_whole(text: str) -> int | None:
    """The amount ``text`` is, written as the field asks: digits 0-9, spaces around."""
    written = text.splitlines()[0].strip(" \t") if text.splitlines() else ""
    ok = written.isascii() and written.isdigit() and len(written) <= 18
    return int(written) if ok else None


async def fuzz_bet_and_insurance(texts: Sequence[str], store: Store) -> None:
    """The bet, the insurance amount and the rules-file path, each open while it refuses."""
    # guide: insurance any amount up to half the bet. T,9 against an ace, hole 7.
    app = app_at(store, "guide", ["TS", "AH", "9D", "7C"])
    async with app.run_test(size=SIZE) as pilot:
        for text in texts:
            if not isinstance(app.screen, BetScreen):
                await pilot.press("b")
            screen = app.screen
            assert isinstance(screen, BetScreen)
            await paste(pilot, screen.query_one(Input), text)
            await pilot.press("enter")
            amount = typed_whole(text)
            if app.screen is screen:  # refused: a line under the field, the bet unchanged
                message_under(screen, "#bet-error")
                assert amount is None or app.session.table.bet_problem(amount), text
            else:
                assert amount is not None and app.session.table.bet == amount, text
        if isinstance(app.screen, BetScreen):
            await pilot.press("escape")
        app.session.set_bet(10)
        await pilot.press("enter")  # the ace up: insurance up to 5
        round_ = app.session.round
        assert round_ is not None and round_.phase is Phase.INSURANCE
        await pilot.press("y")
        for text in texts:
            screen = app.screen
            assert isinstance(screen, InsuranceScreen)
            await paste(pilot, screen.query_one(Input), text)
            await pilot.press("enter")
            amount = typed_whole(text)
            if app.screen is not screen:
                assert amount is not None and round_.insurance_wager == amount, text
                break
            message_under(screen, "#bet-error")
            assert amount is None or not 1 <= amount <= 5, text
            assert round_.phase is Phase.INSURANCE
        else:
            await pilot.press("escape")
        await pilot.press("t")  # the sit-down screen: a rules file of one's own
        for text in texts:
            if not isinstance(app.screen, SitDownScreen):
                await pilot.press("t")
            screen = app.screen
            assert isinstance(screen, SitDownScreen)
            tables = screen.query_one("#table-list", OptionList)
            tables.highlighted = tables.option_count - 1  # "a rules file"
            await paste(pilot, screen.query_one("#rules-path", Input), text)
            await pilot.press("enter")
            await pilot.pause()
            typed = text.splitlines()[0].strip(" \t") if text.splitlines() else ""
            if app.screen is screen:
                message_under(screen, "#seat-error")
            else:  # only a preset's name sits down: no rules file is there
                assert isinstance(app.screen, TableScreen)
                assert app.session.table.rules.id == typed.lower(), text


async def fuzz_cash_out_name(texts: Sequence[str], store: Store) -> None:
    """The name for the top-five board, the CASH OUT screen open while it refuses."""
    app = app_at(store, "night", [])
    async with app.run_test(size=SIZE) as pilot:
        for text in texts:
            if not isinstance(app.screen, CashOutScreen):
                await pilot.press("o")
            screen = app.screen
            assert isinstance(screen, CashOutScreen)
            await paste(pilot, screen.query_one(Input), text)
            await pilot.press("enter")
            await pilot.pause()
            if app.screen is screen:
                message_under(screen, "#cash-error")
                with pytest.raises(ValueError):
                    check_name(screen.query_one(Input).value)
            else:
                assert isinstance(app.screen, BoardScreen)
                name = check_name(text.splitlines()[0])
                assert name in [entry.name for entry in Board(store).top("night", 100)]
                await pilot.press("escape")
        assert app.session.table.rules == NIGHT


async def fuzz_every_input(texts: Sequence[str]) -> None:
    with Store.memory() as store:
        await fuzz_bet_and_insurance(texts, store)
    with Store.memory() as store:
        await fuzz_cash_out_name(texts, store)


@pytest.mark.slow
async def test_nasty_texts_in_every_input() -> None:
    await fuzz_every_input(NASTY)


async def test_the_bet_refuses_unicode_digits_and_long_numbers() -> None:
    with Store.memory() as store:
        app = app_at(store, "practice", [])
        async with app.run_test(size=SIZE) as pilot:
            messages = {}
            await pilot.press("b")
            for text in ("٣", "²", "1" * 10_000, "5\x00"):
                await paste(pilot, app.screen.query_one(Input), text)
                await pilot.press("enter")
                messages[text] = message_under(app.screen, "#bet-error")
            await pilot.press("escape")
            assert app.session.table.bet == 10  # never changed
    assert messages["٣"] == (
        "'٣' is not a whole number of chips: enter a number from 1 to 1000 with the digits 0-9."
    )
    assert messages["²"] == (
        "'²' is not a whole number of chips: enter a number from 1 to 1000 with the digits 0-9."
    )
    assert messages["1" * 10_000] == (
        f"'{'1' * 40}…' (10000 characters) is more chips than any table holds: "
        "enter a number from 1 to 1000."
    )
    assert messages["5\x00"] == (
        "'5\\x00' is not a whole number of chips: "
        "enter a number from 1 to 1000 with the digits 0-9."
    )


@pytest.mark.slow
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(texts=st.lists(TEXT, min_size=3, max_size=3))
def test_random_unicode_in_every_input(texts: list[str]) -> None:
    """Hypothesis pastes random text into the bet, insurance, name and path fields."""
    asyncio.run(fuzz_every_input(texts))
