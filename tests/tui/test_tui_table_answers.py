"""Decisions at the ordinary table count in practice too.

``docs/playing.md``, "A round": "Every graded decision at the table also
counts in your practice figures, and a wrong one (or one made after a hint)
enters the review queue of Mistakes & weak spots" (``docs/practice.md``,
"Mistakes & weak spots: the review queue" and "Stats"); first unassisted
answers and answers after a hint are counted apart (``docs/practice.md``,
"Three kinds of answer, counted apart"). Hitting
hard 20 against a 6 gives up far more than 0.02 (six-deck basic strategy
stands on hard 17 and up: Wizard of Odds, "4-Deck to 8-Deck Blackjack
Strategy"); standing on it is right.
"""

from __future__ import annotations

import pytest

from bjtrainer.store import AttemptKind, Store
from tests.tui.tui_support import SIZE, AppFactory

# Player T,T against a 6 (hole 7); a hit draws a 5 and busts.
TWENTY = ["TS", "6H", "TD", "7C", "5C"]
# Player T,6 against a 10 (hole 7).
SIXTEEN = ["TS", "TH", "6D", "7C"]


async def test_a_table_mistake_enters_the_review_queue(build_app: AppFactory, store: Store) -> None:
    app = build_app(TWENTY)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")
        practice = app.session.practice
        (item,) = practice.review_queue()
        assert item.spot.cards == ("T", "T") and item.spot.up == "6"
        assert item.misses == 1 and item.progress == "0 of 2 done"
    (attempt,) = store.attempts("practice")  # the one record of the answer
    assert attempt.kind is AttemptKind.FIRST and not attempt.accepted and attempt.run_id is None
    assert practice.stats().counts.first == 1


@pytest.mark.slow
async def test_a_hinted_table_answer_counts_as_after_a_hint(
    build_app: AppFactory, store: Store
) -> None:
    app = build_app(SIXTEEN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "question_mark", "r")  # hint, then late surrender
    (attempt,) = store.attempts("practice")
    assert attempt.kind is AttemptKind.AFTER_HINT and attempt.accepted
    assert attempt.cards == ("6", "T") and attempt.up == "T"
