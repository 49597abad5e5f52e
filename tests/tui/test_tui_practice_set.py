"""A focused set played through the table's keys: grade lines, a miss, a retry, the summary.

``docs/practice.md``, "Focused practice", "How a decision is graded", "A
miss, a retry, playing on" and "Three kinds of answer, counted apart":
every set deals real hands with the same controls as the table, deals ten
spots of its topic, grades each decision as at the table (the best legal
action, or within 0.02 of it) and records it as a first unassisted answer,
an answer after a hint, or a retry (after a miss the same decision may be
answered again), counted apart; at the end: the score, the EV given up, and
each spot missed with its best play and a one-line reason taken from the
Why figures. Which key is right comes from the EV layer
(practice_tui_support.best_action); the expected records and figures are
counted from the answers the test gave.
"""

from __future__ import annotations

import pytest

from bjtrainer.store import AttemptKind, RunKind, Store
from bjtrainer.trainer.wording import label
from bjtrainer.tui.screens.leave_set import LEAVE_QUESTION, LeaveSetScreen
from bjtrainer.tui.screens.new_session import NewSessionScreen
from bjtrainer.tui.screens.set_summary import SetSummaryScreen
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.feedback import FeedbackView
from bjtrainer.tui.widgets.set_panel import SetPanel
from tests.tui.practice_tui_support import (
    ACTION_KEYS,
    PRACTICE,
    always_best,
    best_action,
    decision_evs,
    play_set,
    practice_app,
    set_screen,
    worst_action,
)
from tests.tui.tui_support import SIZE, notices, text_of


def summary_text(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, SetSummaryScreen)
    return "\n".join(text_of(widget) for widget in screen.query("#summary-body Static"))


@pytest.mark.slow
async def test_a_focused_set_through_the_keys(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "3")  # Focused practice: pairs
        screen = set_screen(app)
        practice_set = screen.practice_set
        pending = practice_set.pending
        assert pending is not None and pending.is_target
        worst, best = worst_action(PRACTICE, pending), best_action(PRACTICE, pending)
        evs = decision_evs(PRACTICE, pending)
        lost = evs[best] - evs[worst]
        await pilot.press(ACTION_KEYS[worst])
        feedback = screen.query_one(FeedbackView).picture
        assert feedback.grade.startswith(f"✘ {label(worst)} on pair ")  # pairs may split
        assert f" gives up {lost:.3f}: best is {label(best)}" in feedback.grade
        assert not feedback.accepted
        assert label(worst).lower()[:4] in feedback.reason.lower()  # the reason compares
        assert label(best).lower()[:4] in feedback.reason.lower()  # the two plays
        assert feedback.prompt.startswith("Missed. A retries")
        assert len(store.attempts("practice")) == 1
        # The same key again (a double press) is not a retry: nothing is recorded.
        await pilot.press(ACTION_KEYS[worst])
        assert len(store.attempts("practice")) == 1
        assert notices(app)[-1].startswith("You missed this decision: A retries it")
        # An answer carrying the token of a decision already answered changes nothing.
        outcome = screen.answer(best, pending.token)
        assert outcome is not None and not outcome.recorded
        assert len(store.attempts("practice")) == 1
        # T, then the best play: a retry, accepted, counted apart.
        await pilot.press("a")
        await pilot.press(ACTION_KEYS[best])
        retried = screen.query_one(FeedbackView).picture.grade
        assert retried.startswith(f"✔ {label(best)} on pair ") and " (retry) " in retried
        panel = text_of(screen.query_one(SetPanel))
        assert "Right 0 of 1" in panel and "Retries 1" in panel
        answered = await play_set(pilot, always_best(PRACTICE))
        assert practice_set.finished and practice_set.position == 9
        assert "Spot 10 of 10" in text_of(screen.query_one(SetPanel))
        text = summary_text(app)
        n = 1 + len(answered)
        assert f"Score {n - 1} of {n} decisions right; EV given up {lost:.3f} of a bet." in text
        assert "Missed 1 decision: it is in the review queue now" in text
        # The missed spot's row: the reason, with the EVs of the two plays it compares
        # (the Why column wraps: read it with the spaces folded).
        folded = " ".join(text.split())
        assert f"(EV {evs[best]:+.3f}" in folded
        # A double's reason gives its EV per unit staked and "in all" (twice the bet).
        worst_ev = f"{evs[worst]:+.3f}"
        assert f"(EV {worst_ev}" in folded or f"{worst_ev} in all" in folded
    attempts = store.attempts("practice")
    kinds = [(a.spot_key, a.kind, a.accepted) for a in attempts]
    assert kinds[:2] == [
        (pending.spot.key, AttemptKind.FIRST, False),
        (pending.spot.key, AttemptKind.RETRY, True),
    ]
    assert kinds[2:] == [(p.spot.key, AttemptKind.FIRST, True) for p in answered]
    # Ten hands, each dealt as a pair; the later decisions of a hand (after a split) count too.
    targets = [pending.spot] + [p.spot for p in answered if p.is_target]
    assert len(targets) == 10
    assert all(len(s.cards) == 2 and s.cards[0] == s.cards[1] for s in targets)
    assert n > 10
    (run,) = store.runs("practice")
    assert run.kind is RunKind.FOCUS and run.finished_at is not None
    (queued,) = store.review_records("practice")
    assert queued.spot_key == pending.spot.key and queued.misses == 1


@pytest.mark.slow
async def test_hint_first_makes_the_answer_count_apart(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")  # hard totals
        screen = set_screen(app)
        pending = screen.practice_set.pending
        assert pending is not None
        best = best_action(PRACTICE, pending)
        await pilot.press("question_mark")
        coach = screen.query_one(CoachPanel)
        assert coach.title == "Hint" and label(best) in coach.lines[0]
        await pilot.press(ACTION_KEYS[best])
        (attempt,) = store.attempts("practice")
        assert attempt.kind is AttemptKind.AFTER_HINT and attempt.accepted
        assert "Right 0 of 1" in text_of(screen.query_one(SetPanel))
        assert "After a hint 1" in text_of(screen.query_one(SetPanel))
    # Right, but not unassisted: the review queue takes it (docs/practice.md, "Mistakes &
    # weak spots: the review queue").
    assert [r.spot_key for r in store.review_records("practice")] == [pending.spot.key]


@pytest.mark.slow
async def test_leaving_a_set_midway_asks_first_and_shows_the_answers_so_far(
    store: Store,
) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")  # Focused practice: hard totals
        screen = set_screen(app)
        practice_set = screen.practice_set
        pending = practice_set.pending
        assert pending is not None
        worst = worst_action(PRACTICE, pending)
        await pilot.press(ACTION_KEYS[worst], "k")  # one miss, played on
        assert len(store.attempts("practice")) == 1
        # Esc asks; Esc again keeps the set where it was (N is No insurance in a set).
        await pilot.press("escape")
        assert isinstance(app.screen, LeaveSetScreen)
        assert LEAVE_QUESTION == "Leave the set? Your answers so far are kept."
        assert LEAVE_QUESTION in text_of(app.screen.query_one("#leave-title"))
        assert "1 decision answered" in text_of(app.screen.query_one("#leave-text"))
        await pilot.press("n", "y")  # the insurance answers answer nothing here
        assert isinstance(app.screen, LeaveSetScreen)
        await pilot.press("escape")
        assert app.screen is screen and not practice_set.finished
        # Esc, then Enter: the summary of the one answer, then back to the menu.
        await pilot.press("escape", "enter")
        assert isinstance(app.screen, SetSummaryScreen)
        title = text_of(app.screen.query_one("#title"))
        assert f"left at spot 1 of {practice_set.size}" in title
        text = summary_text(app)
        assert "Score 0 of 1 decision right" in text
        assert label(worst) in text  # the missed spot, with the play taken
        assert len(store.attempts("practice")) == 1  # the answer is kept
        await pilot.press("escape")
        assert isinstance(app.screen, NewSessionScreen)
        assert not store.runs("practice")[-1].finished_at  # left before its end


@pytest.mark.slow
async def test_leaving_a_set_before_any_answer_goes_straight_back(store: Store) -> None:
    app = practice_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "1")
        set_screen(app)
        await pilot.press("escape")
        assert "No decision answered yet." in text_of(app.screen.query_one("#leave-text"))
        await pilot.press("enter")
        assert isinstance(app.screen, NewSessionScreen)
