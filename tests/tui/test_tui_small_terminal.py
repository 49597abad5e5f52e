"""The table at a standard 80 x 24 terminal: everything that matters is on screen.

A new-user test found the Hint and Why panels drawn below the screen, the
insurance buttons and the footer cut, the round's result line pushed out of
a fixed three-row feedback area, and hand outcomes cut on the hand borders.
Here every check reads where a widget is drawn (its screen region, inside
the felt's visible area) and what it draws (``render_lines``), so a panel
that exists but is off screen fails.

Chip figures come from ``docs/rules/practice.md``, "Payouts and half chips",
"Doubling", "Splits" and "The dealer's turn" (1:1 wins, a double and a
split add an equal wager, the dealer stands on 17); the Why figures of hard
16 against a 10 from Wizard of Odds, Blackjack Appendix 1 (stand -0.5404,
hit -0.5398, double -1.0797; ``docs/numbers.md``, "15. Published figures
we match").
"""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.tui.app import BjTrainerApp
from bjtrainer.tui.widgets.buttons import ActionBar
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.footer import KeysLine
from bjtrainer.tui.widgets.hand_view import HandView
from tests.tui.practice_tui_support import practice_app, set_screen
from tests.tui.tui_support import SIZE, AppFactory, text_of

SMALL = (80, 24)

# Hard 16 against a 10 (hole 7): the dealer peeks, no blackjack.
SIXTEEN = ["TS", "TH", "6D", "7C"]
# T,9 against an ace (hole 7): insurance is offered.
ACE_UP = ["TS", "AH", "9D", "7C"]
# 8,8 against a 6 (hole T), split three times: hand 1 takes A, A, A (8,8,1,1,1 = hard 19,
# five cards), hand 2 gets 9 (17), hand 3 a T (18), hand 4 a 5 (13); all stand. The
# dealer's 6,T draws an A: 17. Hand 1 wins 10, hand 2 pushes 17, hand 3 wins 10 and
# hand 4 loses 10: net +10.
FOUR_HANDS = ["8S", "6H", "8D", "TC", "8C", "8H", "8S", "AS", "AH", "AD", "9C", "TD", "5S", "AC"]
FOUR_HANDS_KEYS = ["enter", "x", "x", "x", "h", "h", "h", "s", "s", "s", "s"]
FOUR_OUTCOMES = ["Win +10", "Push", "Win +10", "Loss -10"]


def drawn_lines(widget: Widget) -> list[str]:
    """The rows the widget draws now, border included, as plain text (nothing cropped)."""
    width, height = widget.region.size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def drawn_text(widget: Widget) -> str:
    """The drawn rows inside the border, joined by spaces (a wrapped line reads whole)."""
    return " ".join(line.strip(" │") for line in drawn_lines(widget)[1:-1])


def on_screen(app: BjTrainerApp, widget: Widget) -> bool:
    """The widget is drawn whole inside the felt's visible area (not scrolled or cut off)."""
    felt = app.screen.query_one("#felt")
    region = widget.region
    return bool(region) and felt.scrollable_content_region.contains_region(region)


def footer_fits(app: BjTrainerApp, width: int) -> list[str]:
    """The footer's keys, after checking each one is drawn whole on the footer's one line."""
    line = app.screen.query_one(KeysLine)
    assert line.region.height == 1
    spans = line.spans()
    for entry, _, end in spans:
        assert line.region.x + end <= min(width, line.region.right), entry
    return [entry.key for entry, _, _ in spans]


async def test_why_panel_is_scrolled_into_view(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter", "w")
        await pilot.pause()
        panel = app.screen.query_one(CoachPanel)
        assert panel.display and on_screen(app, panel)
        text = drawn_text(panel)
        for figure in ("Stand -0.5404", "Hit -0.5398", "Double -1.0797"):
            assert figure in text
        assert on_screen(app, app.screen.query_one(ActionBar))  # the buttons stay in view
        await pilot.press("w")  # W again closes it; the hand is in view again
        await pilot.pause()
        assert not panel.display
        assert on_screen(app, app.screen.query_one(HandView))


async def test_hint_panel_is_in_view(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        panel = app.screen.query_one(CoachPanel)
        assert on_screen(app, panel)
        # Late surrender (-0.5) beats hit (-0.5398): the hint names it, its EV
        # and the reason against Hit, wrapped inside the panel.
        assert drawn_text(panel) == (
            "Hint: Surrender (EV -0.500). Surrendering hard 16 v T loses half the bet for "
            "sure (EV -0.500), less than hitting is expected to lose (EV -0.540)."
        )


async def test_insurance_buttons_and_footer_at_80_by_24(build_app: AppFactory) -> None:
    app = build_app(ACE_UP)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.table.round.phase is Phase.INSURANCE  # type: ignore[union-attr]
        for command in ("insurance", "no_insurance"):
            button = app.screen.query_one(f"#button-{command}")
            assert button.display and on_screen(app, button)
            assert app.screen.region.contains_region(button.region)
        assert footer_fits(app, SMALL[0]) == ["y", "n", "question_mark", "w", "f1", "q"]


@pytest.mark.slow
async def test_every_action_button_and_the_footer_fit(build_app: AppFactory) -> None:
    # 8,8 against a 6: all five actions are legal (docs/rules/practice.md, "At a glance").
    app = build_app(["8S", "6H", "8D", "TC"])
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        bar = app.screen.query_one(ActionBar)
        shown = [button for button in bar.children if button.display]
        assert len(shown) == 5
        for button in shown:
            assert bar.region.contains_region(button.region), button.id
        footer_fits(app, SMALL[0])


@pytest.mark.slow
async def test_result_line_is_never_pushed_out(build_app: AppFactory) -> None:
    app = build_app(FOUR_HANDS)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press(*FOUR_HANDS_KEYS)
        await pilot.pause()
        round_ = app.session.table.round
        assert round_ is not None and round_.phase is Phase.SETTLED
        assert app.session.table.balance == 1000 + 10
        feedback = app.screen.query_one(FeedbackView)
        assert on_screen(app, feedback)
        drawn = " ".join(drawn_lines(feedback))
        # The grade of the last stand (hand 4, 5 + 8 = hard 13 v 6) comes first, the
        # result, and the prompt for the next round last.
        assert drawn.startswith("✔ Stand on hard 13 v 6 is right")
        assert "hand 4 -10" in drawn and "Net +10." in drawn
        assert drawn.index("Net +10.") < drawn.index("Round over. Enter deals")
        # The lines wrap at 80 columns: the area grew past 3 rows.
        assert feedback.size.height > 3


@pytest.mark.parametrize("size", [SMALL, SIZE])
@pytest.mark.slow
async def test_hand_outcomes_are_drawn_whole(build_app: AppFactory, size: tuple[int, int]) -> None:
    app = build_app(FOUR_HANDS)
    async with app.run_test(size=size) as pilot:
        await pilot.press(*FOUR_HANDS_KEYS)
        await pilot.pause()
        views = list(app.screen.query(HandView))
        # The outcome is the last row inside each box, drawn whole.
        assert [drawn_lines(view)[-2].strip(" │") for view in views] == FOUR_OUTCOMES
        assert [text_of(view).splitlines()[-1] for view in views] == FOUR_OUTCOMES
        felt = app.screen.query_one("#felt").scrollable_content_region
        for view in views:  # at 80 columns two by two: none cut at the right
            assert felt.x <= view.region.x and view.region.right <= felt.right


async def test_the_table_at_100_by_34_does_not_scroll(build_app: AppFactory) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "w")
        await pilot.pause()
        felt = app.screen.query_one("#felt")
        assert felt.max_scroll_y == 0 and felt.scroll_y == 0
        assert on_screen(app, app.screen.query_one(CoachPanel))


@pytest.mark.slow
async def test_nothing_scrolled_shows_above_the_dealer_in_a_set(store: Store) -> None:
    # Below 30 rows the dealer is docked at the top of the felt while the rest
    # scrolls under it: a margin above the box let a row of the hand show there.
    app = practice_app(store)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("m", "1")
        await pilot.pause()
        set_screen(app)
        await pilot.press("question_mark", "w")  # the Why panel scrolls the felt
        await pilot.pause()
        felt = app.screen.query_one("#felt")
        assert felt.scroll_y > 0
        dealer = app.screen.query_one(DealerView)
        assert dealer.region.y == felt.region.y
