"""A whole set played through the trainer API, from stacked shoes (no TUI).

``docs/practice.md``, "How a decision is graded", "Three kinds of answer,
counted apart" and "Dealing a spot": every decision of a hand counts, after
a hit or a split too; each is graded as at the table (accepted within 0.02
of the best: ``docs/numbers.md``, "The 2% rule") and recorded as first,
after-hint or retry; the end shows score, EV given up and the spots missed
with best play and reason.

Expected EVs (units of the original wager): Wizard of Odds, Blackjack
Appendix 1 (S17, DAS, split to 4; the practice rules without surrender, and
surrender does not change the values of the other actions): hard 16 v 10
stand -0.5404, hit -0.5398; 8,8 v 10 split -0.4807. Late surrender is -0.5
exactly; half-bet insurance is -1/26 (``docs/numbers.md``, "8. Insurance").
Deals go player, up, player, hole, then draws (``docs/rules/practice.md``,
"Order of a round").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase
from bjtrainer.errors import IllegalActionError, PracticeError
from bjtrainer.store import AttemptKind, RunKind, Store
from bjtrainer.trainer.practice.attempts import count_attempts
from bjtrainer.trainer.practice.deals import DealPlan
from bjtrainer.trainer.practice.review import ReviewChange
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.spots import Spot
from tests.trainer.practice.practice_support import PRACTICE, make_practice

S, H, D, P, R = Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER
YES, NO = Action.INSURANCE, Action.NO_INSURANCE


def spot(cards: tuple[str, ...], up: str, *legal: Action) -> Spot:
    return Spot("practice", cards, up, legal=frozenset(legal))


SIXTEEN = DealPlan(spot(("T", "6"), "T", S, H, D, R), ("TS", "TH", "6D", "7C"))
# 8,8 v T, hole 9. Split: the first hand gets 3 (8,3 = 11, double draws 9),
# the second gets T (8,T = 18, stand). Dealer T,9 = 19.
EIGHTS = DealPlan(spot(("8", "8"), "T", S, H, D, P, R), ("8S", "TH", "8D", "9C", "3S", "9H", "TD"))
# T,9 v A, hole 7: the insurance question, then the hand after a clean peek.
INSURE = DealPlan(spot(("T", "9"), "A", YES, NO), ("TS", "AH", "9D", "7C"))
# A,7 v 9, hole 8: soft 18 against 9 hits in every basic-strategy chart; a 2 makes soft 20.
SOFT = DealPlan(spot(("A", "7"), "9", S, H, D, R), ("AS", "9H", "7D", "8C", "2S"))


@pytest.fixture
def store() -> Iterator[Store]:
    with Store.memory() as opened:
        yield opened


def test_a_whole_set_from_stacked_shoes(store: Store) -> None:
    practice = make_practice(store)
    practice_set = practice.start_custom([SIXTEEN, EIGHTS, INSURE, SOFT])
    assert practice_set.size == 4 and practice_set.kind is RunKind.CUSTOM

    # 1. Hard 16 v 10: stand is a miss, held; the retry surrenders.
    pending = practice_set.pending
    assert pending is not None and pending.is_target and pending.first_answer
    miss = practice_set.answer(S, token=pending.token)
    assert not miss.applied and miss.kind is AttemptKind.FIRST
    assert miss.grade.best is R
    assert miss.grade.ev_lost == pytest.approx(0.5404 - 0.5, abs=1e-4)
    assert miss.review is ReviewChange.ENTERED
    assert miss.reason == (
        "Surrendering hard 16 v T loses half the bet for sure (EV -0.500), "
        "less than standing is expected to lose (EV -0.540)."
    )
    assert miss.line == "✘ Stand on hard 16 v T gives up 0.040: best is Surrender (EV -0.500)."
    held = practice_set.pending
    assert held is not None and held.missed is S and not held.first_answer
    retry = practice_set.answer(R, token=held.token)
    assert retry.applied and retry.kind is AttemptKind.RETRY
    assert practice_set.hand_over and practice_set.pending is None
    with pytest.raises(IllegalActionError, match="hand is over"):
        practice_set.answer(S)
    assert practice_set.next_spot()

    # 2. 8,8 v 10: split, then each split hand is a decision of its own.
    pending = practice_set.pending
    assert pending is not None
    outcome = practice_set.answer(P, token=pending.token)
    assert outcome.applied
    assert outcome.grade.evs[P] == pytest.approx(-0.4807, abs=1e-4)
    first_hand = practice_set.pending
    assert first_hand is not None and not first_hand.is_target
    assert first_hand.spot.key == "practice|8,3|T|split:2:1|stand+hit+double"
    assert practice_set.answer(D, token=first_hand.token).grade.accepted  # 11 v 10 doubles
    second_hand = practice_set.pending
    assert second_hand is not None
    assert second_hand.spot.key == "practice|8,T|T|split:2:0|stand+hit+double"
    assert practice_set.answer(S, token=second_hand.token).grade.accepted
    round_ = practice_set.round
    assert round_.phase is Phase.SETTLED
    assert [len(hand.cards) for hand in round_.hands] == [3, 2]
    assert practice_set.next_spot()

    # 3. T,9 v A: insurance is a graded decision; taking it gives up 1/26.
    pending = practice_set.pending
    assert pending is not None and pending.spot.legal == frozenset({YES, NO})
    insured = practice_set.answer(YES, token=pending.token)
    assert not insured.applied and not insured.grade.accepted
    assert insured.grade.ev_lost == pytest.approx(1 / 26)
    practice_set.play_on()  # keep the insurance, play on
    assert practice_set.round.insurance_wager > 0
    hand = practice_set.pending
    assert (
        hand is not None and hand.spot.key == "practice|9,T|A|hand:1:0|stand+hit+double+surrender"
    )
    assert practice_set.answer(S, token=hand.token).grade.accepted
    assert practice_set.next_spot()

    # 4. A,7 v 9: hit, then soft 20 stands.
    pending = practice_set.pending
    assert pending is not None
    assert practice_set.answer(H, token=pending.token).grade.accepted
    after_hit = practice_set.pending
    assert after_hit is not None and after_hit.spot.cards == ("A", "2", "7")
    assert practice_set.answer(S, token=after_hit.token).grade.accepted
    assert practice_set.finished and not practice_set.next_spot()

    summary = practice_set.summary()
    assert (summary.spots, summary.decisions, summary.right) == (4, 8, 6)
    assert (summary.after_hint, summary.retries) == (0, 1)
    assert summary.ev_lost == pytest.approx((0.5404 - 0.5) + 1 / 26, abs=1e-4)
    assert [(m.taken, m.best) for m in summary.missed] == [(S, R), (YES, NO)]
    assert summary.missed[1].reason.startswith("Insurance pays 2:1 only when the hole card")
    assert summary.score_line.startswith("Score 6 of 8 decisions right; EV given up 0.079")

    attempts = store.attempts("practice", run_id=practice_set.run_id)
    counts = count_attempts(attempts)
    assert (counts.first, counts.first_right, counts.after_hint, counts.retry) == (8, 6, 0, 1)
    run = store.run(practice_set.run_id)
    assert run is not None and run.finished_at is not None
    assert run.spot_keys == tuple(plan.target.key for plan in (SIXTEEN, EIGHTS, INSURE, SOFT))
    assert {item.spot.key for item in practice.review_queue()} == {
        SIXTEEN.target.key,
        INSURE.target.key,
    }


def test_a_double_key_press_is_recorded_once(store: Store) -> None:
    practice_set = make_practice(store).start_custom([SIXTEEN, EIGHTS])
    pending = practice_set.pending
    assert pending is not None
    first = practice_set.answer(R, token=pending.token)
    again = practice_set.answer(R, token=pending.token)  # the same key, pressed twice
    assert first.recorded and not again.recorded
    assert again.grade == first.grade
    assert len(store.attempts("practice")) == 1
    assert practice_set.position == 0 and practice_set.hand_over
    with pytest.raises(PracticeError, match="token"):
        practice_set.answer(R, token="run999/d0/a0")


def test_a_double_press_after_a_miss_is_not_a_retry(store: Store) -> None:
    practice_set = make_practice(store).start_custom([SIXTEEN])
    pending = practice_set.pending
    assert pending is not None
    practice_set.answer(S, token=pending.token)
    practice_set.answer(S, token=pending.token)
    assert [a.kind for a in store.attempts("practice")] == [AttemptKind.FIRST]
    practice_set.play_on(token=pending.token)  # a stale token: ignored
    assert not practice_set.hand_over
    practice_set.play_on()
    assert practice_set.hand_over and practice_set.round.hands[0].cards[-1].rank == "6"


def test_illegal_answers_are_refused_and_not_recorded(store: Store) -> None:
    practice_set = make_practice(store).start_custom([INSURE])
    with pytest.raises(IllegalActionError, match="insurance"):
        practice_set.answer(S)
    assert store.attempts("practice") == []
    with pytest.raises(IllegalActionError, match="no missed answer"):
        practice_set.play_on()
    with pytest.raises(IllegalActionError, match="still in play"):
        practice_set.next_spot()


def test_hint_and_why_make_the_first_answer_assisted(store: Store) -> None:
    practice_set = make_practice(store).start_custom([INSURE, SIXTEEN])
    pending = practice_set.pending
    assert pending is not None and pending.spot.legal == {YES, NO}  # insurance comes first
    assert practice_set.why_lines() is not None
    outcome = practice_set.answer(NO)
    assert outcome.kind is AttemptKind.AFTER_HINT and outcome.grade.accepted
    pending = practice_set.pending
    assert pending is not None and not pending.hint_shown
    assert practice_set.coach.insurance_evs(pending.spot) is None
    why = practice_set.why_lines()
    # Hard 19 busts on 3..9 and every ten-value: 11 of 13 ranks.
    assert why is not None and why[0] == "Bust on one more card: 84.6%."
    assert practice_set.pending is not None and practice_set.pending.hint_shown


def test_sets_refuse_spots_of_another_table(store: Store) -> None:
    practice = make_practice(store)
    other = DealPlan(
        Spot("guide", ("T", "6"), "T", legal=frozenset({S, H, D})), ("TS", "TH", "6D", "7C")
    )
    with pytest.raises(PracticeError, match="guide"):
        practice.start_custom([other])
    with pytest.raises(PracticeError, match="at least one"):
        practice.start_custom([])
    assert PRACTICE.id == "practice"


def test_the_menu_starts_a_set_of_each_kind(store: Store) -> None:
    practice = make_practice(store)
    with pytest.raises(PracticeError, match="Choose a topic"):
        practice.start(RunKind.FOCUS)
    with pytest.raises(PracticeError, match="review queue is empty"):
        practice.start(RunKind.REVIEW)
    with pytest.raises(PracticeError, match="No learned spot is due"):
        practice.start(RunKind.DUE)
    with pytest.raises(PracticeError, match="custom set cannot be started from the menu"):
        practice.start(RunKind.CUSTOM)
    focus = practice.start(RunKind.FOCUS, Topic.PAIRS)
    assert (focus.kind, focus.topic, focus.size) == (RunKind.FOCUS, Topic.PAIRS, 10)
    daily = practice.start(RunKind.DAILY)
    assert daily.kind is RunKind.DAILY and daily.size == 5
