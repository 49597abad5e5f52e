"""The shoe-aware Why panel (Z): exact figures for the cards left, from the cards seen.

``docs/numbers.md``, "11. The shoe-aware figures". The figures are checked
against a brute-force enumeration
of the unseen cards written in this folder (``finite_deck.py``), with the
unseen composition built by hand from the cards the player has seen; the
split figure, which that enumeration does not cover, against
``bjtrainer.ev.exact.spot.analyse_shoe`` on the hand-built composition.
The independent-draw side is the published infinite-deck figure (Wizard of
Odds, Blackjack Appendix 1: 16 or less v 10 stands at -0.5404; Appendix 5:
hard 14 v 10 -0.4663 with best play, a hit).
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Sequence

import numpy as np
import pytest
from textual.app import App
from textual.pilot import Pilot

import bjtrainer.tui.screens.table as table_screen
from bjtrainer.engine.actions import Action
from bjtrainer.engine.cards import Card, full_deck
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.ev import HandSpot
from bjtrainer.ev.exact.spot import analyse_shoe
from bjtrainer.store import AttemptKind, Store
from bjtrainer.trainer.shoe_aware import RESPLIT_LINE, ShoeFigures, ShoeQuestion, seen_ranks
from bjtrainer.tui.app import make_app
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.shoe_why import ShoeWhyPanel
from tests.ev.oracles.finite_deck import INDEX, bust_next, one_deck, remove, spot_evs
from tests.tui.tui_support import HOME, PRACTICE, SIZE, AppFactory, fixed_clock, notices, text_of

#: 7,7 against a ten at the one-deck home table, hole card 9: a stand at one deck, a
#: clear hit with independent draws (``docs/numbers.md``, "11. The shoe-aware figures").
SEVENS = ["7S", "TH", "7D", "9C"]
SEVENS_OTHER_HOLE = ["7S", "TH", "7D", "5C"]


def six_decks() -> tuple[int, ...]:
    return (24,) * 9 + (96,)


def panel_of(app: App[None]) -> ShoeWhyPanel:
    return app.screen.query_one(ShoeWhyPanel)


async def shoe_answer(pilot: Pilot[None]) -> ShoeFigures:
    """Wait for the worker, let its answer reach the screen, return the figures shown."""
    panel = panel_of(pilot.app)
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if panel.why is not None and panel.why.shoe is not None:
            return panel.why.shoe
    raise AssertionError(f"no shoe figures shown: {panel.why}")


def late_shoe(rules: Rules, seen: Sequence[str], round_cards: Sequence[str]) -> Shoe:
    """A six-deck shoe from which ``seen`` was dealt since the shuffle; the next round is stacked.

    The order after the round's cards is the rest of the six decks, as in a
    real shoe; nothing there is read by the figures.
    """
    pool = full_deck() * rules.decks
    order: list[Card] = []
    for rank in [*seen, *round_cards]:
        card = next(card for card in pool if card.rank == rank)
        pool.remove(card)
        order.append(card)
    order += pool
    state = {
        "order": "".join(card.code for card in order),
        "dealt": len(seen),
        "stacked": len(seen) + len(round_cards),
    }
    return Shoe.from_state(rules, state, np.random.default_rng(5))


# Which cards count as seen


def test_seen_cards_leave_out_the_face_down_hole_card_by_its_place() -> None:
    # 8,8 against a 6, the hole card the only ace dealt; a split draws 3 and then T.
    shoe = Shoe.stacked(PRACTICE, ["8S", "6H", "8D", "AC", "3H", "TD", "9C"])
    table = Table(PRACTICE, np.random.default_rng(1), shoe=shoe)
    round_ = table.deal()
    assert seen_ranks(table.shoe, round_) == ("8", "6", "8")
    round_.apply(Action.SPLIT)  # hand 1 takes the 3
    assert seen_ranks(table.shoe, round_) == ("8", "6", "8", "3")
    round_.apply(Action.STAND)  # hand 2 takes the T
    assert seen_ranks(table.shoe, round_) == ("8", "6", "8", "3", "T")
    round_.apply(Action.STAND)  # the dealer turns the ace over: now it is seen
    assert round_.hole_revealed
    assert seen_ranks(table.shoe, round_)[:6] == ("8", "6", "8", "A", "3", "T")


# The figures


async def test_home_figures_equal_a_brute_force_of_the_unseen_cards(
    build_app: AppFactory,
) -> None:
    app = build_app(SEVENS, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")
        figures = await shoe_answer(pilot)
        # Seen by the player: 7, T, 7 (the 9 underneath is not).
        unseen = remove(one_deck(), 7, 10, 7)
        assert (figures.seen, figures.unseen) == (3, 49)
        exact = spot_evs([7, 7], 10, unseen, peeked=True)  # home peeks with a ten up
        assert figures.evs[Action.STAND] == pytest.approx(exact["stand"], abs=1e-9)
        assert figures.evs[Action.HIT] == pytest.approx(exact["hit"], abs=1e-9)
        assert figures.evs[Action.DOUBLE] == pytest.approx(exact["double"], abs=1e-9)
        split = analyse_shoe(HOME, HandSpot(cards=("7", "7"), up="T"), unseen)
        assert figures.evs[Action.SPLIT] == pytest.approx(split.evs[Action.SPLIT], abs=1e-12)
        assert figures.chance == pytest.approx(bust_next([7, 7], unseen, 10, peeked=True))
        assert set(figures.evs) == {Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT}
        assert figures.dealer_checked
        # One deck: standing is best; independent draws hit (Appendix 5: -0.4663).
        assert exact["stand"] > exact["hit"] > split.evs[Action.SPLIT]
        assert figures.best is Action.STAND
        panel = panel_of(app)
        text = text_of(panel)
        assert "The shoe changes the best play: Stand instead of Hit." in text
        assert f"{exact['stand']:+.3f}" in text and f"{exact['hit']:+.3f}" in text
        assert "-0.540" in text and "-0.466" in text  # the independent row, published
        assert f"{100 * figures.chance:.1f}%" in text
        assert "Dealer has checked: no blackjack." in text
        assert panel.border_subtitle == "3 cards seen · 49 left, hole card included"
        assert not app.screen.query_one(CoachPanel).display  # one Why panel at a time


@pytest.mark.slow
async def test_the_figures_never_depend_on_the_hole_card_or_the_shoe_order(
    store: Store,
) -> None:
    shown: list[tuple[ShoeFigures, str]] = []
    for cards, seed in ((SEVENS, 1), (SEVENS_OTHER_HOLE, 2)):
        shoe = Shoe.stacked(HOME, cards, np.random.default_rng(seed))
        with Store.memory() as own:
            app = make_app(
                store=own, rules=HOME, rng=np.random.default_rng(seed), clock=fixed_clock, shoe=shoe
            )
            async with app.run_test(size=SIZE) as pilot:
                await pilot.press("enter", "z")
                figures = await shoe_answer(pilot)
                shown.append((figures, text_of(panel_of(app))))
    assert shown[0] == shown[1]


async def test_late_in_a_six_deck_shoe_the_cards_left_change_the_best_play(
    store: Store,
) -> None:
    # 120 cards dealt since the shuffle, 48 of them ten-values (37 would be
    # usual): then T,2 against a 4. Independent draws stand (Appendix 5: hard
    # 12 v 4 -0.2111, best play stands); this ten-poor shoe hits.
    seen = ["T", "J", "Q", "K"] * 12 + [rank for rank in "A23456789" for _ in range(8)]
    shoe = late_shoe(PRACTICE, seen, ["T", "4", "2", "7"])
    app = make_app(
        store=store, rules=PRACTICE, rng=np.random.default_rng(3), clock=fixed_clock, shoe=shoe
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")
        figures = await shoe_answer(pilot)
        unseen = remove(six_decks(), *[10] * 48, *[v for v in range(1, 10) for _ in range(8)])
        unseen = remove(unseen, 10, 4, 2)
        assert unseen[INDEX[10]] == 47
        assert (figures.seen, figures.unseen) == (123, 309 - 120)
        exact = spot_evs([10, 2], 4, unseen, peeked=False)  # no peek with a 4 up
        for action, name in ((Action.STAND, "stand"), (Action.HIT, "hit")):
            assert figures.evs[action] == pytest.approx(exact[name], abs=1e-9)
        assert figures.evs[Action.SURRENDER] == -0.5  # half the wager back
        assert exact["hit"] > exact["stand"]
        text = text_of(panel_of(app))
        assert "The shoe changes the best play: Hit instead of Stand." in text
        assert "123 cards seen · 189 left" in panel_of(app).border_subtitle
        assert "No dealer blackjack is possible with this up card." in text


async def test_at_the_insurance_offer_the_chance_of_a_ten_underneath(
    build_app: AppFactory,
) -> None:
    app = build_app(["9S", "AH", "7D", "5C"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")
        figures = await shoe_answer(pilot)
        # Seen: 9, A, 7 of six decks; the 5 underneath is one of the 309 unseen.
        tens, cards = 96, 312 - 3
        p = tens / cards
        assert figures.chance == pytest.approx(p)
        # Half the bet insured at 2:1: (2p - (1 - p)) / 2 of the bet.
        assert figures.evs[Action.INSURANCE] == pytest.approx((2 * p - (1 - p)) / 2)
        assert figures.evs[Action.NO_INSURANCE] == 0.0
        assert figures.best is Action.NO_INSURANCE
        text = text_of(panel_of(app))
        assert "Dealer BJ" in text and f"{100 * p:.1f}%" in text and "30.8%" in text
        assert "The shoe keeps the best play: No insurance." in text


# The toggle


@pytest.mark.slow
async def test_the_panel_says_computing_until_the_worker_answers(
    build_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = table_screen.shoe_figures

    def slow(question: ShoeQuestion) -> ShoeFigures:
        release.wait(timeout=10)
        return real(question)

    monkeypatch.setattr(table_screen, "shoe_figures", slow)
    app = build_app(SEVENS, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")
        panel = panel_of(app)
        assert panel.why is not None and panel.why.shoe is None
        assert "computing…" in text_of(panel)
        assert "-0.540" in text_of(panel)  # the independent figures are there at once
        await pilot.press("f1")  # the app answers keys meanwhile
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        release.set()
        figures = await shoe_answer(pilot)
        assert "computing…" not in text_of(panel)
        assert figures.best is Action.STAND


@pytest.mark.slow
async def test_z_switches_the_why_panel_and_a_move_closes_it(
    build_app: AppFactory, store: Store
) -> None:
    # 7,7 v T at home; the hit draws a 2 (16), then the stand ends the round.
    app = build_app([*SEVENS, "2H"], rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "w")
        coach = app.screen.query_one(CoachPanel)
        assert coach.title == "Why" and coach.display
        await pilot.press("z")  # on: the Why panel becomes the shoe-aware one
        await shoe_answer(pilot)
        assert panel_of(app).display and not coach.display
        await pilot.press("z")  # off: back to the plain Why panel
        assert not panel_of(app).display and coach.title == "Why" and coach.display
        await pilot.press("z", "w")  # on again; W closes the panel
        assert not panel_of(app).display and not coach.display
        await pilot.press("w")  # W opens it again, shoe-aware
        assert panel_of(app).display
        await pilot.press("h")  # a decision closes it; the toggle stays on
        assert not panel_of(app).display
        await pilot.press("w")
        figures = await shoe_answer(pilot)
        assert set(figures.evs) == {Action.STAND, Action.HIT}  # three cards: no double
        assert figures.seen == 4
        await pilot.press("s")
        await pilot.press("w")  # the round is over
        assert not panel_of(app).display
        assert "There is no decision to explain now." in notices(app)
    # Both answers were given with a Why shown.
    assert [d.kind for d in store.attempts()] == [AttemptKind.AFTER_HINT] * 2


@pytest.mark.slow
async def test_between_rounds_z_only_turns_the_toggle(build_app: AppFactory) -> None:
    app = build_app(SEVENS, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("z")
        assert notices(app) == ["Shoe-aware figures on: W shows them at the next decision."]
        assert not panel_of(app).display
        await pilot.press("enter", "w")
        await shoe_answer(pilot)
        assert panel_of(app).display


def test_the_shoe_aware_code_does_not_import_textual() -> None:
    code = (
        "import bjtrainer.trainer.shoe_aware, bjtrainer.strategy.cells, sys\n"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


async def test_the_ascii_design_draws_the_panel_and_the_chart_in_ascii(
    build_app: AppFactory,
) -> None:
    app = build_app(SEVENS, rules=HOME, design="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z")
        panel = panel_of(app)
        await shoe_answer(pilot)
        shown = [text_of(panel), str(panel.border_title), str(panel.border_subtitle)]
        assert all(text.isascii() for text in shown), shown
        await pilot.press("g")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        texts = [text_of(widget) for widget in screen.query("Static, ChartGrid")]
        assert texts and all(text.isascii() for text in texts), texts


async def test_a_shoe_that_cannot_be_real_gives_a_sentence_not_figures(
    build_app: AppFactory,
) -> None:
    # A stacked one-deck shoe that deals a fifth 5: no real deck does.
    app = build_app(["5S", "5H", "5D", "9C", "5C", "5S", "2D"], rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "x", "h", "z")  # split, hit hand 1: its second 5 and a 5
        panel = panel_of(app)
        for _ in range(50):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if panel.why is not None and panel.why.problem:
                break
        assert panel.why is not None and panel.why.shoe is None
        assert panel.why.problem.startswith("No exact figures for this shoe:")
        text = text_of(panel)
        assert "unavailable" in text and "No exact figures for this shoe" in text
        assert "-0.167" in text  # independent stand on 15 v 5, Appendix 1: -0.1672


async def test_a_split_that_may_be_resplit_says_how_each_model_resplits(
    build_app: AppFactory,
) -> None:
    """T,T v 5 from a full six-deck shoe: this shoe's split is Farmer's CDP +0.37171389348.

    The exact figure resplits every ten that comes (up to 4 hands); the
    independent one declines those resplits (standing on 20 pays more), so
    it reads far higher, and the panel says why (``docs/numbers.md``, 7).
    """
    app = build_app(["TS", "5H", "TD", "9C"], rules=PRACTICE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "w", "z")
        figures = await shoe_answer(pilot)
        why = panel_of(app).why
        assert why is not None
        assert figures.evs[Action.SPLIT] == pytest.approx(0.37171389348, abs=1e-9)
        assert why.independent[Action.SPLIT] > figures.evs[Action.SPLIT] + 0.1
        assert why.split_line == RESPLIT_LINE
        shown = " ".join(text_of(panel_of(app)).split())
        assert "this shoe resplits whenever allowed" in shown


async def test_no_resplit_line_where_a_split_cannot_be_resplit(build_app: AppFactory) -> None:
    # home: split to two hands only, so both models split once and agree in kind
    app = build_app(SEVENS, rules=HOME)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "w", "z")
        await shoe_answer(pilot)
        why = panel_of(app).why
        assert why is not None and Action.SPLIT in why.independent
        assert why.split_line == ""
