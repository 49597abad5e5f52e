"""The footer shows the keys that work now; capital letters work like small ones.

Which actions are legal comes from ``docs/rules/practice.md``, "Doubling",
"Splits", "Surrender", "Insurance" and "Out of chips": with 8,8 against a 6
the player may hit, stand, double (first two cards), split (equal values)
and surrender (late, first two cards); after a hit only hit and stand; with
an ace up insurance is answered first (Y or N); "Refill free chips" works
between rounds once the balance is below 1000. A key that does not work now
is not in the footer but still answers with the reason (``docs/playing.md``,
"Keys").
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from bjtrainer.engine.round import Phase
from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.keys import TABLE_KEYS
from tests.tui.tui_support import SIZE, AppFactory, notices, text_of

BETWEEN_ROUNDS = ["deal", "bet", "new_session", "help", "quit"]
ALWAYS_IN_PLAY = ["hint", "why", "help", "quit"]

# 8,8 v 6 (hole T); a hit draws a 2 (18); the dealer's 16 draws a T and busts.
EIGHTS = ["8S", "6H", "8D", "TC", "2C", "TD"]
# T,9 v A (hole 7): the insurance offer.
ACE_UP = ["TS", "AH", "9D", "7C"]
# Player 8,8 v 6, split, the first hand takes 3 and doubles onto a T, the second takes 9
# and stands; the dealer's 16 draws a T: both hands win, +30 (as in test_tui_round.py).
SPLIT_DOUBLE = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]


def footer(app: BjTrainerApp) -> list[str]:
    """The actions the footer lists now, in order (one entry per action, as it draws them)."""
    actions = [
        active.binding.action
        for active in app.screen.active_bindings.values()
        if active.binding.show and active.enabled
    ]
    return list(dict.fromkeys(actions))


def plays(*names: str) -> list[str]:
    return [f"play({name!r})" for name in names]


async def test_footer_follows_the_round(build_app: AppFactory) -> None:
    app = build_app(EIGHTS)
    async with app.run_test(size=SIZE) as pilot:
        assert footer(app) == BETWEEN_ROUNDS  # no refill at 1000 chips
        await pilot.press("enter")
        assert footer(app) == [
            *plays("hit", "stand", "double", "split", "surrender"),
            *ALWAYS_IN_PLAY,
        ]
        await pilot.press("h")
        assert footer(app) == [*plays("hit", "stand"), *ALWAYS_IN_PLAY]
        await pilot.press("s")  # 18 against the dealer's 6,T,T = 26: a win
        assert app.session.table.balance == 1010
        assert footer(app) == BETWEEN_ROUNDS


async def test_refill_and_insurance_keys_show_when_they_work(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert footer(app) == [*plays("insurance", "no_insurance"), *ALWAYS_IN_PLAY]
        await pilot.press("y", "s")  # insurance lost (-5); 19 beats the dealer's 18 (+10)
        assert app.session.table.balance == 1005
        assert footer(app) == BETWEEN_ROUNDS  # above 1000: nothing to refill


async def test_refill_key_shows_after_a_loss(build_app: AppFactory) -> None:
    # 17 against the dealer's T,9 = 19: the bet of 10 is lost; F refills.
    app = build_app(["TS", "TH", "7D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        assert app.session.table.balance == 990
        assert footer(app) == ["deal", "bet", "refill", "new_session", "help", "quit"]


@pytest.mark.slow
async def test_hidden_keys_still_say_why(build_app: AppFactory) -> None:
    app = build_app(EIGHTS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")  # three cards: no double any more
        assert "play('double')" not in footer(app)
        await pilot.press("d")
        assert notices(app)[-1].startswith("Cannot double")
        await pilot.press("enter")  # a round is in play
        assert notices(app)[-1].startswith("Cannot deal")
        await pilot.press("m")  # M is left out of the footer mid-hand, but opens the menu
        await pilot.pause()
        assert type(app.screen).__name__ == "NewSessionScreen"


async def test_capital_letters_play_the_same_round(build_app: AppFactory) -> None:
    app = build_app(SPLIT_DOUBLE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "X", "D", "S")  # as with Shift or Caps Lock
        await pilot.pause()
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        assert app.session.table.balance == 1000 + 30


async def test_capital_c_and_p_and_w(build_app: AppFactory) -> None:
    # T,2 v 7 (hole 9): C hits (a 4: 16), W shows why, P stands; the dealer's 7,9 = 16
    # draws a 5: 21, and the bet of 10 is lost.
    app = build_app(["TS", "7H", "2D", "9C", "4C", "5D"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "C")
        hand = app.session.table.round.hands[0]  # type: ignore[union-attr]
        assert [card.code for card in hand.cards] == ["TS", "2D", "4C"]
        await pilot.press("W")
        assert app.screen.query_one("CoachPanel").display
        await pilot.press("P")
        assert app.session.table.balance == 990


def test_every_letter_key_is_bound_in_both_cases() -> None:
    for key in TABLE_KEYS:
        names = key.keys.split(",")
        letters = [name for name in names if len(name) == 1 and name.isalpha()]
        assert sorted(letters) == sorted({*letters, *(letter.swapcase() for letter in letters)})


async def test_help_lists_each_key_once(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        text = text_of(app.screen.query_one("#help-keys", Static))
        lines = text.splitlines()
        for display in ("H / C", "S / P", "D", "X", "Y", "N", "W", "F", "Q"):
            assert sum(line.startswith(f"{display} ") for line in lines) == 1, display
