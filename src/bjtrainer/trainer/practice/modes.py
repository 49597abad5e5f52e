"""Practice at one table: the API the screens call for every practice mode.

One :class:`Practice` per table (rules) serves the menu under "New session"
(``docs/practice.md``, "The New session menu"): **Focused practice** in six
topics, **Mistakes & weak spots**, **Daily five**, due spots after the daily
five, and **Stats**.
Every mode starts a :class:`~bjtrainer.trainer.practice.sets.PracticeSet` that the
screen plays with the table's controls. Nothing here imports Textual,
opens the database or reads the clock by itself: the store, the clock and
the seeded generator are passed in.

Menu entries that may be unavailable follow the engine's triple:
``verify_starting_X()`` raises :class:`~bjtrainer.errors.PracticeError`
with a sentence saying why, ``can_start_X()`` returns a bool,
``start_X()`` starts the set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

import numpy as np

from bjtrainer.engine.rules import Rules
from bjtrainer.errors import InvalidSpotError, PracticeError
from bjtrainer.store import AttemptRecord, RunKind, SavedTable, Store
from bjtrainer.trainer.clock import Clock, local_date, now
from bjtrainer.trainer.grading import Grade
from bjtrainer.trainer.luck import saved_luck
from bjtrainer.trainer.practice.answers import Recorded, record_answer
from bjtrainer.trainer.practice.attempts import attempt_kind, histories_of
from bjtrainer.trainer.practice.daily import (
    DailyResult,
    daily_result,
    daily_rng,
    daily_spots,
    streak,
)
from bjtrainer.trainer.practice.deals import DealPlan, plan_deal
from bjtrainer.trainer.practice.review import QueueItem, queue_items
from bjtrainer.trainer.practice.schedule import DUE_PER_DAY, DUE_PER_FOCUS_SET, due_records
from bjtrainer.trainer.practice.selection import draw_spots
from bjtrainer.trainer.practice.sets import PracticeSet
from bjtrainer.trainer.practice.stats import Stats, stats_from_summary
from bjtrainer.trainer.practice.topics import TOPIC_TITLES, Topic, topic_spots, topics_of
from bjtrainer.trainer.spots import Spot, parse_spot_key

__all__ = ["FOCUS_SET_SIZE", "REVIEW_SET_SIZE", "DailyStatus", "Practice", "TopicInfo"]

#: Spots in a focused-practice set (``docs/practice.md``, "Focused practice").
FOCUS_SET_SIZE = 10

#: Most spots in a Mistakes & weak spots set (decided here: like a focused set).
REVIEW_SET_SIZE = 10


@dataclass(frozen=True)
class TopicInfo:
    """A topic as the menu shows it.

    Attributes
    ----------
    topic : Topic
    title : str
        ``"Stiff hands 12-16"``.
    spots : int
        Candidate spots at this table (0: the topic is not offered here).
    due : int
        Learned spots of the topic due now (not counting the daily limit).
    """

    topic: Topic
    title: str
    spots: int
    due: int


@dataclass(frozen=True)
class DailyStatus:
    """The daily five of a date as the menu shows it.

    Attributes
    ----------
    spots : tuple of Spot, shape (5,)
        The five spots of the date.
    result : DailyResult
        The kept first answers; ``result.line`` is the line to copy.
    streak : int
        Consecutive days with all five answered, up to that date.
    """

    spots: tuple[Spot, ...]
    result: DailyResult
    streak: int

    @property
    def next_is_replay(self) -> bool:
        """Playing now would be a replay: the date has first answers already."""
        return self.result.started


class Practice:
    """Every practice mode of one table.

    Parameters
    ----------
    store : Store
        Runs, attempts, the review queue, daily answers and cards.
    rules : Rules
        The table; each table keeps its own queue, daily five and figures.
    clock : Clock
        Returns the current aware datetime in the user's time zone
        (:mod:`bjtrainer.trainer.clock`); the local date comes from it.
    rng : numpy.random.Generator
        The only source of randomness of focused, review and due sets
        (spot draws, hole cards, shoes). The daily five uses its own
        generator, seeded from the date and the table.
    """

    def __init__(self, store: Store, rules: Rules, clock: Clock, rng: np.random.Generator) -> None:
        self.store = store
        self.rules = rules
        self.clock = clock
        self.rng = rng

    def today(self) -> date:
        """The user's local date now."""
        return local_date(now(self.clock))

    def start(self, kind: RunKind, topic: Topic | None = None) -> PracticeSet:
        """Start a set of ``kind`` as the menu does (a focused set needs its ``topic``).

        Raises
        ------
        PracticeError
            With the reason the set cannot start (an empty queue, nothing
            due, a topic this table does not have, no topic for a focused
            set, or a kind the menu does not offer: ``CUSTOM``).
        """
        if kind is RunKind.FOCUS:
            if topic is None:
                raise PracticeError("Choose a topic for focused practice.")
            return self.start_focus(topic)
        if kind is RunKind.REVIEW:
            return self.start_review()
        if kind is RunKind.DAILY:
            return self.start_daily()
        if kind is RunKind.DUE:
            return self.start_due()
        raise PracticeError(f"A {kind.value} set cannot be started from the menu.")

    # Focused practice

    def topics(self) -> list[TopicInfo]:
        """The six topics in menu order, with their spot and due counts here."""
        due = self._due_spots(limit=None)
        infos = []
        for topic, title in TOPIC_TITLES.items():
            due_here = sum(topic in topics_of(self.rules, spot) for spot in due)
            infos.append(TopicInfo(topic, title, len(topic_spots(self.rules, topic)), due_here))
        return infos

    def verify_starting_focus(self, topic: Topic) -> None:
        """Raise unless a focused set of ``topic`` can start.

        Raises
        ------
        PracticeError
            If the table has no spot of the topic (``home`` has neither
            surrender nor insurance).
        """
        if not topic_spots(self.rules, topic):
            raise PracticeError(
                f"The {self.rules.id} table has nothing to practise in "
                f"{TOPIC_TITLES[topic].lower()}."
            )

    def can_start_focus(self, topic: Topic) -> bool:
        """Whether :meth:`start_focus` would start a set."""
        return _can(lambda: self.verify_starting_focus(topic))

    def start_focus(self, topic: Topic) -> PracticeSet:
        """Start a focused set: ten spots of ``topic``, due spots of it mixed in.

        The spots are drawn with :func:`bjtrainer.trainer.practice.selection.draw_spots`
        (close, costly decisions and missed or unseen spots weigh more); up to
        ``DUE_PER_FOCUS_SET`` learned spots of the topic that are due, within
        the day's limit of ``DUE_PER_DAY``, take places among the ten at
        random positions.

        Raises
        ------
        PracticeError
            See :meth:`verify_starting_focus`.
        """
        self.verify_starting_focus(topic)
        due = [
            spot
            for spot in self._due_spots(limit=self._due_left())
            if topic in topics_of(self.rules, spot)
        ][:DUE_PER_FOCUS_SET]
        due_plans = self._plans(due)
        due_keys = {plan.target.key for plan in due_plans}
        histories = histories_of(self.store.answer_summary(self.rules.id))
        drawn = draw_spots(
            self.rules,
            topic_spots(self.rules, topic),
            histories,
            FOCUS_SET_SIZE - len(due_plans),
            self.rng,
            exclude=due_keys,
        )
        plans = due_plans + self._plans(drawn)
        order = self.rng.permutation(len(plans))
        mixed = [plans[int(index)] for index in order]
        return PracticeSet.start(
            self.store,
            self.rules,
            self.clock,
            self.rng,
            RunKind.FOCUS,
            mixed,
            topic=topic,
            due_keys=sorted(due_keys),
        )

    # Mistakes & weak spots

    def review_queue(self) -> list[QueueItem]:
        """The visible queue: each spot with its misses and "1 of 2 done", most missed first.

        A spot missed four times or more carries a ``study`` link to its Why
        figures and chart row. Each item counts apart the misses that were
        right answers given only after a hint (``QueueItem.hinted``), read
        from the spot's stored answers.
        """
        records = self.store.review_records(self.rules.id)
        spots = self.store.answer_summary(self.rules.id).spots
        hinted = {
            key: spot.after_hint_right for key, spot in spots.items() if spot.after_hint_right
        }
        return queue_items(self.rules, records, hinted)

    def verify_starting_review(self) -> None:
        """Raise unless the review queue has a spot to drill.

        Raises
        ------
        PracticeError
            If the queue is empty.
        """
        if not self.store.review_records(self.rules.id):
            raise PracticeError("The review queue is empty: there is nothing to review.")

    def can_start_review(self) -> bool:
        """Whether :meth:`start_review` would start a set."""
        return _can(self.verify_starting_review)

    def start_review(self) -> PracticeSet:
        """Start a Mistakes & weak spots set: up to ten queued spots, most missed first.

        The spots are dealt in a random order; a spot reached only after a
        hit or a split comes with its lead-in played
        (:mod:`bjtrainer.trainer.practice.deals`).

        Raises
        ------
        PracticeError
            If the queue is empty, or no queued spot can be dealt at this table.
        """
        self.verify_starting_review()
        spots = [item.spot for item in self.review_queue()]
        plans = self._plans(spots)[:REVIEW_SET_SIZE]
        if not plans:
            raise PracticeError("No spot of the review queue can be dealt at this table.")
        order = self.rng.permutation(len(plans))
        return PracticeSet.start(
            self.store,
            self.rules,
            self.clock,
            self.rng,
            RunKind.REVIEW,
            [plans[int(index)] for index in order],
        )

    # Daily five

    def daily_spots(self, day: date | None = None) -> tuple[Spot, ...]:
        """The five spots of ``day`` (default today), the same on every start."""
        return daily_spots(self.rules, day if day is not None else self.today())

    def daily_status(self, day: date | None = None) -> DailyStatus:
        """The five spots, the kept first answers and the streak of ``day`` (default today)."""
        when = day if day is not None else self.today()
        answers = self.store.daily_answers(self.rules.id)
        return DailyStatus(
            spots=self.daily_spots(when),
            result=daily_result(when, answers),
            streak=streak(answers, when),
        )

    def start_daily(self) -> PracticeSet:
        """Start today's daily five (a replay if today has first answers already).

        The five spots always come from the date's generator
        (:func:`bjtrainer.trainer.practice.daily.daily_rng`). On the first play
        so do the deals (hole cards, suits) and the shoe behind each deal, so
        the first play is the same for everyone on that date and table. On a
        replay (the date has first answers) the spot's own cards stay but the
        hole card, the suits and every card drawn come from this trainer's
        generator (``self.rng``), so a replay does not deal what the first play
        already showed (``docs/practice.md``, "Daily five").
        """
        day = self.today()
        rng = daily_rng(self.rules.id, day)
        spots = daily_spots(self.rules, day, rng)
        if self.store.daily_answers(self.rules.id, day.isoformat()):
            rng = self.rng  # a replay: what follows the spots is dealt afresh
        plans = [plan_deal(self.rules, spot, rng) for spot in spots]
        return PracticeSet.start(
            self.store, self.rules, self.clock, rng, RunKind.DAILY, plans, daily_day=day
        )

    # Due spots (spaced repetition)

    def _queued_keys(self) -> set[str]:
        return {record.spot_key for record in self.store.review_records(self.rules.id)}

    def _due_left(self) -> int:
        served = self.store.due_served_on(self.rules.id, self.today().isoformat())
        return max(0, DUE_PER_DAY - served)

    def _due_spots(self, limit: int | None) -> list[Spot]:
        records = due_records(
            self.store.card_records(self.rules.id), now(self.clock), exclude=self._queued_keys()
        )
        spots = []
        for record in records:
            try:
                spots.append(parse_spot_key(record.spot_key))
            except InvalidSpotError:
                continue
        return spots if limit is None else spots[:limit]

    def due_spots(self) -> list[Spot]:
        """Learned spots due now that may still be served today (at most ten a day)."""
        return self._due_spots(limit=self._due_left())

    def verify_starting_due(self) -> None:
        """Raise unless a learned spot is due and today's limit is not used up.

        Raises
        ------
        PracticeError
            With the reason: nothing due, or ten due spots served today.
        """
        if self._due_left() == 0:
            raise PracticeError(
                f"{DUE_PER_DAY} due spots have been served today; the rest wait for tomorrow."
            )
        if not self.due_spots():
            raise PracticeError("No learned spot is due now.")

    def can_start_due(self) -> bool:
        """Whether :meth:`start_due` would start a set (offer it after the daily five)."""
        return _can(self.verify_starting_due)

    def start_due(self) -> PracticeSet:
        """Start a set of the due learned spots, at most the day's remaining limit.

        Raises
        ------
        PracticeError
            See :meth:`verify_starting_due`, or when no due spot can be dealt.
        """
        self.verify_starting_due()
        plans = self._plans(self.due_spots())
        if not plans:
            raise PracticeError("No due spot can be dealt at this table.")
        return PracticeSet.start(
            self.store,
            self.rules,
            self.clock,
            self.rng,
            RunKind.DUE,
            plans,
            due_keys=[plan.target.key for plan in plans],
        )

    # Any spots

    def start_custom(self, spots: Sequence[Spot | DealPlan]) -> PracticeSet:
        """Start a set of chosen spots (lessons, tests), in the order given.

        A :class:`DealPlan` is dealt as it is (its stacked cards fix the
        hand's later cards too); a :class:`Spot` gets a plan drawn with the
        practice generator.

        Raises
        ------
        PracticeError
            If there is no spot, or one is for another table.
        InvalidSpotError
            If a spot cannot be dealt at this table.
        """
        plans = [
            item if isinstance(item, DealPlan) else plan_deal(self.rules, item, self.rng)
            for item in spots
        ]
        return PracticeSet.start(
            self.store, self.rules, self.clock, self.rng, RunKind.CUSTOM, plans
        )

    def _plans(self, spots: Sequence[Spot]) -> list[DealPlan]:
        plans = []
        for spot in spots:
            try:
                plans.append(plan_deal(self.rules, spot, self.rng))
            except InvalidSpotError:
                continue
        return plans

    # Stats

    def stats(self) -> Stats:
        """The practice figures of this table (:mod:`bjtrainer.trainer.practice.stats`)."""
        rules_id = self.rules.id
        return stats_from_summary(
            self.rules, self.store.answer_summary(rules_id), luck=saved_luck(self.store, rules_id)
        )

    # The ordinary table

    def record_table_answer(
        self,
        spot: Spot,
        verdict: Grade,
        *,
        hint_shown: bool,
        token: str | None = None,
        table: SavedTable | None = None,
    ) -> Recorded:
        """Record an answer given at the ordinary table: one store write.

        The answer is an attempt outside any run. A miss there sends the
        spot to the review queue and reviews a learned spot's card, and the
        answer counts in the figures; it never counts toward leaving the
        queue (that needs answers in runs). Call it with the spot and grade
        of ``Coach.answer``.

        Parameters
        ----------
        spot : Spot
            The decision (``decision_spot(round)`` or ``insurance_spot(round)``
            before the action was applied).
        verdict : Grade
            Its grade.
        hint_shown : bool
            The Hint or Why was shown first.
        token : str, optional
            Idempotency key; default the answer time and the spot key, so a
            repeated call for the same answer is stored once.
        table : SavedTable, optional
            The table after the answer, saved in the same transaction.

        Raises
        ------
        PracticeError
            If the spot is for another table.
        StoreError
            If the store cannot be written; nothing of the answer is kept.
        """
        if spot.rules_id != self.rules.id:
            raise PracticeError(
                f"The spot {spot.key} is for the {spot.rules_id!r} table, not {self.rules.id!r}."
            )
        moment = now(self.clock)
        key = token if token is not None else f"table/{moment.isoformat()}/{spot.key}"
        attempt = AttemptRecord(
            token=key,
            decision_key=key,
            run_id=None,
            position=None,
            rules_id=self.rules.id,
            spot_key=spot.key,
            cards=spot.cards,
            up=spot.up,
            split_hand=spot.split_hand,
            kind=attempt_kind(first_answer=True, hint_shown=hint_shown),
            action=verdict.action,
            best=verdict.best,
            accepted=verdict.accepted,
            ev_lost=verdict.ev_lost,
            evs=dict(verdict.evs),
            created_at=moment.isoformat(),
            local_date=local_date(moment).isoformat(),
        )
        return record_answer(self.store, attempt, moment, table=table)


def _can(verify: Callable[[], None]) -> bool:
    try:
        verify()
    except PracticeError:
        return False
    return True
