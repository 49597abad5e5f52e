"""A whole round at the practice table, played with keys and with the mouse.

Every expected chip figure is worked out by hand from the rules of
``docs/rules/practice.md`` ("Payouts and half chips", "Doubling", "Splits",
"The dealer's turn"): an ordinary win pays 1:1, a double adds an equal
wager and takes one card, a split adds an equal wager and each later hand
gets its second card when its turn begins, the dealer stands on every 17.
The grades are checked against six-deck basic
strategy (Wizard of Odds, "4-Deck to 8-Deck Blackjack Strategy"): split 8s
and double 11 against a 6, stand 17.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.store import AttemptKind, Store
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.hand_view import HandsRow, HandView
from bjtrainer.tui.widgets.status_panel import StatusPanel
from tests.tui.tui_support import SIZE, AppFactory, notices, text_of

# Player 8,8 against a 6 (hole T); hand 1 draws 3 and doubles onto a T (21);
# hand 2 draws 9 (17) and stands; the dealer's 16 draws a T and busts.
#: Keys of the table from ``docs/playing.md``, "Keys", that the help screen must list.
ISSUE_KEYS = ("Enter", "H / C", "S / P", "D", "X", "R", "Y", "N", "?", "W", "B", "F", "F1", "Q")

SPLIT_DOUBLE = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]


@pytest.mark.slow
async def test_round_with_split_and_double(build_app: AppFactory, store: Store) -> None:
    app = build_app(SPLIT_DOUBLE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        table = app.session.table
        assert table.balance == 1000 - 10
        await pilot.press("x")  # split the 8s: another 10 chips
        assert table.balance == 1000 - 20
        hands = app.screen.query_one(HandsRow).pictures
        assert [len(hand.cards) for hand in hands] == [2, 1]
        assert [hand.active for hand in hands] == [True, False]
        assert hands[0].total == 11  # 8 + 3
        await pilot.press("d")  # double the 11: another 10 chips, one card (T) -> 21
        assert table.balance == 1000 - 30
        hands = app.screen.query_one(HandsRow).pictures
        assert hands[0].total == 21 and hands[0].wager == 20
        assert hands[1].active and hands[1].total == 17  # 8 + 9, dealt when its turn began
        await pilot.press("s")
        await pilot.pause()
        round_ = table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        # Hand 1 wins 20 (doubled), hand 2 wins 10; the dealer's 6+T+T busts.
        assert table.balance == 1000 + 30
        feedback = app.screen.query_one(FeedbackView).picture
        assert round_.result is not None
        assert feedback.result == round_.result.describe()
        assert "Net +30" in feedback.result
        assert "Bust 26" in text_of(app.screen.query_one(DealerView))
        views = list(app.screen.query(HandView))
        # The outcome is the last line inside each hand's box, never cut by the border.
        assert [text_of(view).splitlines()[-1] for view in views] == ["Win +20", "Win +10"]

    decisions = store.attempts("practice")
    assert [(d.cards, d.up, d.action) for d in decisions] == [
        (("8", "8"), "6", Action.SPLIT),
        (("8", "3"), "6", Action.DOUBLE),
        (("8", "9"), "6", Action.STAND),
    ]
    assert [d.accepted for d in decisions] == [True, True, True]
    assert [d.split_hand for d in decisions] == [False, True, True]
    assert all(d.kind is AttemptKind.FIRST for d in decisions)  # no hint shown
    assert all(d.created_at == "2025-01-02T03:04:05+00:00" for d in decisions)


@pytest.mark.slow
async def test_mouse_buttons_play_the_same_round(build_app: AppFactory) -> None:
    app = build_app(SPLIT_DOUBLE)
    async with app.run_test(size=SIZE) as pilot:
        # Each answer adds its grade line and reason above the buttons, which move
        # down: let the layout settle before the next click finds its button.
        for button in ("deal", "split", "double", "stand"):
            assert await pilot.click(f"#button-{button}")
            await pilot.pause()
        assert app.session.table.balance == 1030


@pytest.mark.slow
async def test_only_legal_actions_are_offered(build_app: AppFactory) -> None:
    # 8,8 v 6: all five hand actions are legal (docs/rules/practice.md, "Doubling": any two
    # cards; "Splits": equal values; "Surrender": late, on the first two cards); after a
    # hit (18) only hit, stand.
    app = build_app(["8S", "6H", "8D", "TC", "2C"])
    async with app.run_test(size=SIZE) as pilot:
        bar = app.screen.query_one("#actions")

        def shown() -> set[str]:
            return {b.id.removeprefix("button-") for b in bar.query("ChoiceButton") if b.display}

        assert shown() == {"deal"}
        await pilot.press("enter")
        assert shown() == {"hit", "stand", "double", "split", "surrender"}
        await pilot.press("h")
        assert shown() == {"hit", "stand"}


@pytest.mark.slow
async def test_late_surrender_returns_half_the_bet_rounded_down(
    build_app: AppFactory, store: Store
) -> None:
    # docs/rules/practice.md, "Surrender": late surrender returns half the bet, half chips
    # rounded down.
    # A bet of 15 on 16 v 10 (hole 7): 7 chips come back.
    app = build_app(["TS", "TH", "6D", "7C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "end", "ctrl+u", "1", "5", "enter", "enter", "r")
        assert app.session.table.balance == 1000 - 15 + 7
        assert "Net -8" in app.screen.query_one(FeedbackView).picture.result
        assert text_of(app.screen.query_one(HandView)).splitlines()[-1] == "Surrendered -8"
    decision = store.attempts()[0]
    assert decision.action is Action.SURRENDER and decision.accepted  # -0.5 beats hit -0.5398


async def test_an_illegal_key_changes_nothing(build_app: AppFactory, store: Store) -> None:
    # T,2 v 7 hits a 4: three cards, so doubling is not allowed (docs/rules/practice.md,
    # "Doubling": first two cards of any hand).
    app = build_app(["TS", "7H", "2D", "9C", "4C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")
        before = app.session.table.to_state()
        saved = store.load_table("practice")
        decided = len(store.attempts())
        await pilot.press("d")
        await pilot.pause()
        assert app.session.table.to_state() == before
        assert store.load_table("practice") == saved
        assert len(store.attempts()) == decided == 1
        hand = app.screen.query_one(HandsRow).pictures[0]
        assert [card.code for card in hand.cards] == ["TS", "2D", "4C"]
        shown = notices(app)
        assert shown and shown[-1].startswith("Cannot double")


async def test_keys_between_rounds_only_give_a_notice(build_app: AppFactory) -> None:
    app = build_app(["TS", "7H", "9D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        expected = {"h": "Cannot hit", "s": "Cannot stand", "y": "Cannot take insurance"}
        for key, start in expected.items():
            await pilot.press(key)
            shown = notices(app)
            assert len(shown) == 1 and shown[0].startswith(start)  # one at a time
        await pilot.press("question_mark")
        assert "no decision" in notices(app)[0]
        assert app.session.table.round is None
        assert app.session.table.balance == 1000


async def test_hole_card_stays_hidden_until_the_reveal(build_app: AppFactory) -> None:
    # Up card T, hole K: the screen must show neither the K nor a total of 20.
    app = build_app(["9S", "TH", "7D", "KC", "2C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        dealer = text_of(app.screen.query_one(DealerView))
        assert "K♣" not in dealer and "20" not in dealer
        assert "Shows 10" in dealer and "10♥" in dealer
        await pilot.press("s")  # 16 stands; the dealer shows T,K = 20 and wins
        dealer = text_of(app.screen.query_one(DealerView))
        assert "K♣" in dealer and "Total 20" in dealer
        assert app.session.table.balance == 990


@pytest.mark.slow
async def test_soft_total_is_marked(build_app: AppFactory) -> None:
    app = build_app(["AS", "9H", "6D", "7C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        view = app.screen.query_one(HandView)
        assert "Soft 17" in text_of(view)
        assert view.has_class("-active") and view.has_class("-soft")


@pytest.mark.slow
async def test_bet_chooser(build_app: AppFactory, store: Store) -> None:
    app = build_app(["TS", "7H", "9D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        error = app.screen.query_one("#bet-error", Static)
        assert "1 to 1000" in text_of(app.screen.query_one("#bet-range", Static))
        await pilot.press("end", "ctrl+u", *"abc", "enter")
        assert "not a whole number" in text_of(error)
        await pilot.press("end", "ctrl+u", *"2000", "enter")
        assert text_of(error).startswith("Cannot bet 2000")
        await pilot.press("end", "ctrl+u", *"25", "enter")
        await pilot.pause()
        assert app.session.table.bet == 25
        assert store.load_table("practice")["bet"] == 25  # type: ignore[index]
        await pilot.press("enter")  # deals 25
        assert app.session.table.balance == 975
        await pilot.press("b")  # not while a round is in play
        await pilot.pause()
        assert not app.screen.query("#bet-input")


@pytest.mark.slow
async def test_bet_quick_buttons_and_cancel(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        field = app.screen.query_one("#bet-input")
        await pilot.click("Button.quick", offset=(1, 0))  # Min
        assert field.value == "1"  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.table.bet == 10


async def test_refill_between_rounds(build_app: AppFactory) -> None:
    # 17 against the dealer's T,9 = 19: the bet of 10 is lost.
    app = build_app(["TS", "TH", "7D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        assert not app.screen.query_one("#button-refill").display  # nothing to refill
        await pilot.press("enter", "s")
        assert app.session.table.balance == 990
        assert app.screen.query_one("#button-refill").display
        await pilot.press("f")
        assert app.session.table.balance == 1000
        assert "1000" in text_of(app.screen.query_one(StatusPanel))


async def test_help_screen_lists_every_key(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        text = text_of(app.screen.query_one("#help-keys", Static))
        for key in ISSUE_KEYS:
            assert key in text
        await pilot.press("escape")
        assert app.screen.query_one(HandsRow)


async def test_q_quits(build_app: AppFactory) -> None:
    app = build_app([])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.slow
async def test_four_split_hands_fit_the_table(build_app: AppFactory) -> None:
    # 8,8 v 6 split three times (docs/rules/practice.md, "Splits": up to 4 hands). Hand 1 then
    # draws another 8: a pair, but a fifth hand is not allowed. It hits three aces
    # (8+8+1+1+1 = hard 19), so it holds five cards.
    cards = ["8S", "6H", "8D", "TC", "8C", "8H", "8S", "AS", "AH", "AD"]
    app = build_app(cards)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "x", "x", "x")
        row = app.screen.query_one(HandsRow)
        assert [len(hand.cards) for hand in row.pictures] == [2, 1, 1, 1]
        assert row.pictures[0].total == 16
        assert not app.screen.query_one("#button-split").display
        await pilot.press("x")  # the key only gives a notice
        assert notices(app)[-1].startswith("Cannot split")
        await pilot.press("h", "h", "h")
        assert len(row.pictures) == 4 and row.pictures[0].total == 19
        assert app.session.table.balance == 1000 - 40
        assert row.max_scroll_x == 0  # all four hands visible, no scrolling


async def test_a_refusal_between_rounds_goes_when_the_next_round_is_dealt(
    build_app: AppFactory,
) -> None:
    # T,9 against 7 (hole T): stand settles the round; then S is refused.
    app = build_app(["TS", "7H", "9D", "TC", "5S", "6H", "8D", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s")
        assert app.session.table.round is not None
        assert app.session.table.round.phase is Phase.SETTLED
        await pilot.press("s")
        assert notices(app) == ["Cannot stand: no hand is in play. Press Enter to deal."]
        await pilot.press("enter")  # 5,8 against 6: a hand is in play
        assert app.session.table.round.phase is Phase.PLAYER
        assert notices(app) == []


async def test_a_refusal_mid_hand_goes_with_the_next_move(build_app: AppFactory) -> None:
    # 5,8 against 6 (hole T): H draws a 2 (15), so D is refused (three cards,
    # docs/rules/practice.md, "Doubling"); S then stands: the notice is stale.
    app = build_app(["5S", "6H", "8D", "TC", "2S", "9C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h", "d")
        assert notices(app)[-1].startswith("Cannot double")
        await pilot.press("s")
        assert app.session.table.round is not None
        assert app.session.table.round.phase is Phase.SETTLED
        assert notices(app) == []
