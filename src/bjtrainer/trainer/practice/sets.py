"""A practice set, or *run*: spots dealt one by one at a practice table, every decision graded.

A set deals its spots on a practice table with the real table controls
(chips do not matter here), each from a stacked shoe so the spot is exactly
the one chosen, and scores decisions, never hand outcomes. Decisions after
the first one of a hand (after a hit, after a split) count too. At the end:
score, EV given up, and the spots missed, each with its best play and a
one-line reason from the Why figures (``docs/practice.md``).

How a screen drives a set (nothing here imports Textual)::

    practice_set = practice.start_focus(Topic.PAIRS)    # or start_review(), ...
    while True:
        pending = practice_set.pending                  # None once the hand is over
        if pending is None:
            if not practice_set.next_spot():            # deal the next spot
                break                                   # the set is over
            continue
        # draw practice_set.round like the table screen; Hint / Why:
        #   practice_set.hint_lines(), practice_set.why_lines()
        outcome = practice_set.answer(action, token=pending.token)
        # outcome.line is the grade line; after a miss (not outcome.applied)
        # the same decision waits: answer again (a retry), or play_on()
    summary = practice_set.summary()

Each decision is graded and explained by the table's
:class:`~bjtrainer.trainer.coach.Coach`, as at the table (accepted: the
chart play, or within 0.02 of the best legal action; ``docs/numbers.md``,
"9. Grading") and recorded as an
attempt of one of three kinds (:mod:`bjtrainer.trainer.practice.attempts`). An
accepted answer is played at once. A missed one is *held*: the table stays
at the decision, the next answer to it is a retry, and :meth:`PracticeSet.play_on`
plays the missed answer instead. The insurance question, where the table
asks it, is a decision like any other.

A set is not saved mid-hand: after a restart the ordinary table comes back
and the answers already given stay recorded. A set left unfinished stays
unfinished in the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.table import Table
from bjtrainer.errors import IllegalActionError, PracticeError
from bjtrainer.store import AttemptKind, AttemptRecord, RunKind, RunRecord, Store
from bjtrainer.trainer.clock import Clock, local_date, now
from bjtrainer.trainer.coach import Coach, insured_share
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.practice.answers import DailyPlace, record_answer
from bjtrainer.trainer.practice.attempts import attempt_kind, is_miss
from bjtrainer.trainer.practice.deals import DealPlan, deal
from bjtrainer.trainer.practice.review import ReviewChange
from bjtrainer.trainer.practice.schedule import due_on
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.spots import Spot

__all__ = [
    "AnswerOutcome",
    "ClearedSpot",
    "DecisionResult",
    "MissedSpot",
    "PendingDecision",
    "PracticeSet",
    "SetSummary",
]


@dataclass(frozen=True)
class PendingDecision:
    """The decision the set waits for.

    Attributes
    ----------
    token : str
        Pass it back to :meth:`PracticeSet.answer`: an answer with a token
        that is no longer pending (a double key press) is not recorded again.
    spot : Spot
        The decision (a hand decision, or the insurance question).
    position : int
        Index of the set's spot (the hand) it belongs to, 0-based.
    number : int
        The decision's number in the set, 0-based.
    first_answer : bool
        No answer was given yet; False after a miss (the next is a retry).
    hint_shown : bool
        The Hint or Why was shown for it.
    is_target : bool
        It is the spot the set dealt (not a later decision of the hand).
    missed : Action or None
        The held wrong answer, after a miss.
    """

    token: str
    spot: Spot
    position: int
    number: int
    first_answer: bool
    hint_shown: bool
    is_target: bool
    missed: Action | None = None


@dataclass(frozen=True)
class AnswerOutcome:
    """What an answer did.

    Attributes
    ----------
    grade : Grade
        The verdict; :attr:`line` is the grade line.
    kind : AttemptKind
        First unassisted, after a hint, or retry.
    applied : bool
        The action was played at the table (it was accepted). False after a
        miss: the decision waits for a retry or :meth:`PracticeSet.play_on`.
    recorded : bool
        False when this token was answered already; nothing new was stored.
    review : ReviewChange
        The effect on the review queue (entered, 1 of 2 done, cleared, ...).
    reason : str
        One sentence comparing the answer with the best play (or, when it
        is the best, with the next best): ``grade.reason``.
    """

    grade: Grade
    kind: AttemptKind
    applied: bool
    recorded: bool
    review: ReviewChange
    reason: str

    @property
    def line(self) -> str:
        """The grade line (``Grade.line()``) as at the table, with "(after a hint)", "(retry)"."""
        return self.grade.line()


@dataclass(frozen=True)
class DecisionResult:
    """One decision of the set, by its first answer.

    Attributes
    ----------
    position : int
        The set's spot (hand) it belongs to.
    number : int
        The decision's number in the set.
    spot : Spot
    first : Grade
        The first answer's grade.
    kind : AttemptKind
        ``FIRST`` or ``AFTER_HINT``.
    retries : int
        Retries after it.
    reason : str
        The one-line reason from the Why figures.
    """

    position: int
    number: int
    spot: Spot
    first: Grade
    kind: AttemptKind
    retries: int
    reason: str

    @property
    def right(self) -> bool:
        """An unassisted first answer that was accepted."""
        return self.kind is AttemptKind.FIRST and self.first.accepted

    @property
    def missed(self) -> bool:
        """Wrong, or answered only after a hint (the review queue's miss)."""
        return is_miss(self.kind, self.first.accepted)


@dataclass(frozen=True)
class MissedSpot:
    """A missed decision in the end-of-set summary.

    Attributes
    ----------
    spot : Spot
    taken : Action
        The first answer.
    best : Action
        The best legal play.
    ev_lost : float
        EV given up by the first answer, units of the original wager.
    after_hint : bool
        The first answer came after a hint.
    reason : str
        One line from the Why figures.
    """

    spot: Spot
    taken: Action
    best: Action
    ev_lost: float
    after_hint: bool
    reason: str


@dataclass(frozen=True)
class ClearedSpot:
    """A spot this set took out of the review queue, and when it comes back.

    Attributes
    ----------
    spot : Spot
        The spot as its clearing answer met it.
    due : date
        The local date from which the schedule has it due again (its card's
        due date: ``docs/practice.md``, "When a spot is due"); it is then
        served as a due spot.
    """

    spot: Spot
    due: date


@dataclass(frozen=True)
class SetSummary:
    """The end of a set: score, EV given up, the spots missed.

    Attributes
    ----------
    kind : RunKind
    topic : Topic or None
    spots : int
        Hands dealt.
    decisions : int
        Decisions answered (each counted once, by its first answer).
    right : int
        Unassisted first answers accepted: the score.
    after_hint : int
        Decisions first answered after a hint.
    retries : int
        Retries.
    ev_lost : float
        EV given up by the first answers, summed, units of the original wager.
    missed : tuple of MissedSpot
        Decisions missed (wrong, or answered only after a hint), in play order.
    cleared : tuple of ClearedSpot
        Spots whose answer in this set took them out of the review queue,
        in play order, each with the date it is due again.
    """

    kind: RunKind
    topic: Topic | None
    spots: int
    decisions: int
    right: int
    after_hint: int
    retries: int
    ev_lost: float
    missed: tuple[MissedSpot, ...] = field(default=())
    cleared: tuple[ClearedSpot, ...] = field(default=())

    @property
    def score_line(self) -> str:
        """``"Score 8 of 11 decisions right; EV given up 0.215 of a bet."``"""
        noun = "decision" if self.decisions == 1 else "decisions"
        return (
            f"Score {self.right} of {self.decisions} {noun} right; "
            f"EV given up {self.ev_lost:.3f} of a bet."
        )


@dataclass
class _Open:
    """The decision in progress: its number, spot and answers so far."""

    number: int
    spot: Spot
    is_target: bool
    answers: int = 0
    hint_shown: bool = False
    missed: Action | None = None
    result_index: int | None = None


class PracticeSet:
    """One run: spots dealt at a practice table, every decision graded and recorded.

    Build one with :meth:`start` (or the ``start_*`` methods of
    :class:`bjtrainer.trainer.practice.modes.Practice`). The first spot is dealt
    at once.

    Attributes
    ----------
    rules : Rules
    coach : Coach
        Grades and explains every decision of the set.
    kind : RunKind
    topic : Topic or None
    run_id : int
        The run's number in the store.
    plans : tuple of DealPlan
        The spots, in play order, with their deals.
    daily_day : date or None
        The local date of a daily five.
    replay : bool
        A daily five replayed: its answers never change the day's result.
    """

    def __init__(
        self,
        store: Store,
        rules: Rules,
        clock: Clock,
        rng: np.random.Generator,
        *,
        kind: RunKind,
        plans: Sequence[DealPlan],
        run_id: int,
        topic: Topic | None = None,
        daily_day: date | None = None,
        replay: bool = False,
    ) -> None:
        self.store = store
        self.rules = rules
        self.coach = Coach(rules)
        self.clock = clock
        self.kind = kind
        self.topic = topic
        self.run_id = run_id
        self.plans = tuple(plans)
        self.daily_day = daily_day
        self.replay = replay
        self._rng = rng
        self._position = 0
        self._number = 0
        self._open: _Open | None = None
        self._results: list[DecisionResult] = []
        self._outcomes: dict[str, AnswerOutcome] = {}
        self._cleared: dict[str, Spot] = {}
        self._finished = False
        self._table = deal(rules, self.plans[0], rng)
        self._after_play()

    @classmethod
    def start(
        cls,
        store: Store,
        rules: Rules,
        clock: Clock,
        rng: np.random.Generator,
        kind: RunKind,
        plans: Sequence[DealPlan],
        *,
        topic: Topic | None = None,
        daily_day: date | None = None,
        due_keys: Sequence[str] = (),
    ) -> PracticeSet:
        """Record a new run and deal its first spot.

        Parameters
        ----------
        store, rules, clock, rng
            Where the run is recorded; the table; the clock of every
            answer; the generator that shuffles the shoe behind each stacked
            deal.
        kind : RunKind
        plans : sequence of DealPlan
            The spots (``bjtrainer.trainer.practice.deals.plan_deal``).
        topic : Topic, optional
            The topic of a focused set.
        daily_day : date, optional
            The date of a daily five; the run is a replay when that date
            already has answers.
        due_keys : sequence of str
            Keys of the spots served because they were due.

        Raises
        ------
        PracticeError
            If there is no spot, or a spot is for another table.
        InvalidSpotError
            If a plan does not reach its spot.
        StoreError
            If the run cannot be recorded.
        """
        if not plans:
            raise PracticeError("A practice set needs at least one spot.")
        for plan in plans:
            if plan.target.rules_id != rules.id:
                raise PracticeError(
                    f"The spot {plan.target.key} is for the {plan.target.rules_id!r} table, "
                    f"not {rules.id!r}."
                )
        moment = now(clock)
        replay = daily_day is not None and bool(
            store.daily_answers(rules.id, daily_day.isoformat())
        )
        run = RunRecord(
            rules_id=rules.id,
            kind=kind,
            spot_keys=tuple(plan.target.key for plan in plans),
            started_at=moment.isoformat(),
            local_date=local_date(moment).isoformat(),
            topic=topic.value if topic is not None else None,
            daily_date=daily_day.isoformat() if daily_day is not None else None,
            replay=replay,
            due_keys=tuple(due_keys),
        )
        run_id = store.start_run(run)
        return cls(
            store,
            rules,
            clock,
            rng,
            kind=kind,
            plans=plans,
            run_id=run_id,
            topic=topic,
            daily_day=daily_day,
            replay=replay,
        )

    # What the screen shows

    @property
    def size(self) -> int:
        """Spots in the set."""
        return len(self.plans)

    @property
    def position(self) -> int:
        """Index of the spot being played, 0-based."""
        return self._position

    @property
    def target(self) -> Spot:
        """The spot dealt now."""
        return self.plans[self._position].target

    @property
    def table(self) -> Table:
        """The practice table of the spot dealt now."""
        return self._table

    @property
    def round(self) -> Round:
        """The round of the spot dealt now (draw it like the table's round)."""
        round_ = self._table.round
        if round_ is None:  # pragma: no cover - deal() always leaves a round
            raise PracticeError("No round has been dealt.")
        return round_

    @property
    def hand_over(self) -> bool:
        """The current hand is settled: call :meth:`next_spot`."""
        return self.round.phase is Phase.SETTLED

    @property
    def finished(self) -> bool:
        """Every spot has been played."""
        return self._finished

    def _current(self) -> _Open | None:
        if self._open is None:
            spot = self.coach.spot(self.round)
            if spot is None:
                return None
            self._open = _Open(self._number, spot, is_target=spot.key == self.target.key)
        return self._open

    def _token(self, current: _Open) -> str:
        return f"run{self.run_id}/d{current.number}/a{current.answers}"

    @property
    def pending(self) -> PendingDecision | None:
        """The decision waiting for an answer, or ``None`` once the hand is over."""
        current = self._current()
        if current is None:
            return None
        return PendingDecision(
            token=self._token(current),
            spot=current.spot,
            position=self._position,
            number=current.number,
            first_answer=current.answers == 0,
            hint_shown=current.hint_shown,
            is_target=current.is_target,
            missed=current.missed,
        )

    # Hint and Why

    def hint_lines(self) -> list[str] | None:
        """The Hint (one line) for the pending decision, noting that it was shown."""
        return self._explain(why=False)

    def why_lines(self) -> list[str] | None:
        """The Why panel for the pending decision, noting that it was shown.

        The first answer to the decision then counts as after a hint.
        """
        return self._explain(why=True)

    def chart_looked(self) -> bool:
        """A look at the chart with the hand marked: the pending decision counts as hinted.

        As at the table (``docs/practice.md``, "Keys of the practice
        screens"): the chart shows the play of the hand's cell, so the first
        answer to the decision is graded and recorded as after a hint.

        Returns
        -------
        bool
            Whether a decision was pending (and is now marked).
        """
        current = self._current()
        if current is None:
            return False
        current.hint_shown = True
        return True

    def _explain(self, *, why: bool) -> list[str] | None:
        current = self._current()
        if current is None:
            return None
        lines = self.coach.explain(current.spot, why=why)
        current.hint_shown = True
        return lines

    # Answering

    def answer(self, action: Action, token: str | None = None) -> AnswerOutcome:
        """Grade and record an answer to the pending decision; play it if accepted.

        Parameters
        ----------
        action : Action
            A hand action, or ``INSURANCE`` / ``NO_INSURANCE`` at the
            insurance question.
        token : str, optional
            ``pending.token`` as the screen showed it. An answer whose
            token was answered already returns that answer's outcome with
            ``recorded=False`` and changes nothing: a double key press is
            recorded once. Without a token the answer goes to whatever
            decision is pending.

        Returns
        -------
        AnswerOutcome

        Raises
        ------
        IllegalActionError
            If the hand is over, or the action is not allowed now (the
            engine's message says why); nothing is recorded.
        PracticeError
            If ``token`` names no decision of this set.
        StoreError
            If the answer cannot be recorded; the table is not changed.
        """
        current = self._current()
        if token is not None and (current is None or token != self._token(current)):
            if token in self._outcomes:
                return replace(self._outcomes[token], recorded=False)
            raise PracticeError(f"No decision of this set has the token {token!r}.")
        if current is None:
            raise IllegalActionError("Cannot answer: the hand is over; deal the next spot.")
        self.coach.verify(self.round, action)
        spot = current.spot
        kind = attempt_kind(first_answer=current.answers == 0, hint_shown=current.hint_shown)
        # Insurance is graded by the chips the set's table stakes on it (the
        # full cost, half the bet rounded down: docs/numbers.md, "8. Insurance").
        staked = insured_share(self.round, None) if action is Action.INSURANCE else 1.0
        verdict = self.coach.grade(spot, action, insured=staked).marked(
            after_hint=kind is AttemptKind.AFTER_HINT, retry=kind is AttemptKind.RETRY
        )
        moment = now(self.clock)
        this_token = self._token(current)
        attempt = AttemptRecord(
            token=this_token,
            decision_key=f"run{self.run_id}/d{current.number}",
            run_id=self.run_id,
            position=self._position,
            rules_id=self.rules.id,
            spot_key=spot.key,
            cards=spot.cards,
            up=spot.up,
            split_hand=spot.split_hand,
            kind=kind,
            action=action,
            best=verdict.best,
            accepted=verdict.accepted,
            ev_lost=verdict.ev_lost,
            evs=dict(verdict.evs),
            created_at=moment.isoformat(),
            local_date=local_date(moment).isoformat(),
        )
        daily = None
        if self.kind is RunKind.DAILY and self.daily_day is not None:
            daily = DailyPlace(self.daily_day, self._position, self.target.key)
        finishing = verdict.accepted and self._finishes(action)
        recorded = record_answer(
            self.store,
            attempt,
            moment,
            daily,
            run_finished_at=moment.isoformat() if finishing else None,
        )
        reason = verdict.reason
        if current.result_index is None:
            current.result_index = len(self._results)
            self._results.append(
                DecisionResult(self._position, current.number, spot, verdict, kind, 0, reason)
            )
        else:
            earlier = self._results[current.result_index]
            self._results[current.result_index] = replace(earlier, retries=earlier.retries + 1)
        current.answers += 1
        outcome = AnswerOutcome(
            grade=verdict,
            kind=kind,
            applied=verdict.accepted,
            recorded=recorded.stored,
            review=recorded.review,
            reason=reason,
        )
        self._outcomes[this_token] = outcome
        if outcome.review is ReviewChange.CLEARED:
            self._cleared.setdefault(spot.key, spot)
        elif outcome.review is ReviewChange.ENTERED:  # missed again later in the set
            self._cleared.pop(spot.key, None)
        if verdict.accepted:
            self._play(action, finish_recorded=finishing)
        else:
            current.missed = action
        return outcome

    def _finishes(self, action: Action) -> bool:
        """Playing ``action`` settles the set's last hand (tried on a copy of the table)."""
        if self._position != self.size - 1 or self._finished:
            return False
        trial = Table.from_state(self._table.to_state())
        if trial.round is None:  # pragma: no cover - deal() always leaves a round
            return False
        trial.round.apply(action)
        return trial.round.phase is Phase.SETTLED

    def play_on(self, token: str | None = None) -> None:
        """Play the held missed answer instead of retrying, and go on.

        Parameters
        ----------
        token : str, optional
            ``pending.token``; a token that is no longer pending is ignored.

        Raises
        ------
        IllegalActionError
            If no missed answer is waiting.
        """
        current = self._current()
        if token is not None and (current is None or token != self._token(current)):
            return
        if current is None or current.missed is None:
            raise IllegalActionError("Cannot play on: no missed answer is waiting.")
        self._play(current.missed)

    def _play(self, action: Action, *, finish_recorded: bool = False) -> None:
        self.round.apply(action)
        self._open = None
        self._number += 1
        self._after_play(finish_recorded=finish_recorded)

    def _after_play(self, *, finish_recorded: bool = False) -> None:
        """Once the last hand is settled the run is finished (recorded with the answer, or now)."""
        if self.hand_over and self._position == self.size - 1 and not self._finished:
            self._finished = True
            if not finish_recorded:
                self.store.finish_run(self.run_id, now(self.clock).isoformat())

    def next_spot(self) -> bool:
        """Deal the next spot once the hand is over.

        Returns
        -------
        bool
            True if a spot was dealt; False when the set is over (the run is
            then recorded as finished).

        Raises
        ------
        IllegalActionError
            If the current hand is not over yet.
        """
        if not self.hand_over:
            raise IllegalActionError("Cannot deal the next spot: the hand is still in play.")
        if self._position >= self.size - 1:
            return False
        self._position += 1
        self._open = None
        self._table = deal(self.rules, self.plans[self._position], self._rng)
        self._after_play()
        return True

    def summary(self) -> SetSummary:
        """Score, EV given up, the spots missed and the spots cleared, so far.

        A cleared spot carries the local date its card is due from, read
        from the store now (the clock's zone).
        """
        first = self._results
        missed = tuple(
            MissedSpot(
                spot=result.spot,
                taken=result.first.action,
                best=result.first.best,
                ev_lost=result.first.ev_lost,
                after_hint=result.kind is AttemptKind.AFTER_HINT,
                reason=result.reason,
            )
            for result in first
            if result.missed
        )
        return SetSummary(
            kind=self.kind,
            topic=self.topic,
            spots=self._position + 1,
            decisions=len(first),
            right=sum(result.right for result in first),
            after_hint=sum(result.kind is AttemptKind.AFTER_HINT for result in first),
            retries=sum(result.retries for result in first),
            ev_lost=sum(result.first.ev_lost for result in first),
            missed=missed,
            cleared=self._cleared_spots(),
        )

    def _cleared_spots(self) -> tuple[ClearedSpot, ...]:
        """The spots cleared by this set, each with its card's due date (local)."""
        zone = now(self.clock).tzinfo
        assert zone is not None  # now() is aware
        cleared = []
        for key, spot in self._cleared.items():
            card = self.store.card_record(self.rules.id, key)
            if card is None:  # pragma: no cover - clearing graduates the spot (answers._card)
                continue
            cleared.append(ClearedSpot(spot, due_on(card, zone)))
        return tuple(cleared)
