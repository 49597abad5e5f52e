"""The running totals of the answers (``bjtrainer.store.summary``) against the answers.

A seeded stream of answers of every kind, at two tables, with retries of
earlier decisions and repeated tokens, is stored one write at a time. The
totals the store kept as it went must equal the same sums folded here in
plain Python from the stored rows (written out below, independently of
``summarise``), the totals recomputed in SQL (``rebuild``), the totals of
the same answers written by the bulk path, and those of an older store
whose answers were there before the migration that created the totals.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlite_utils import Database

from bjtrainer.engine.actions import Action
from bjtrainer.store import AttemptKind, AttemptRecord, Store
from bjtrainer.store.migrations import MIGRATIONS
from bjtrainer.store.practice import _attempt_row
from bjtrainer.store.summary import AnswerSummary, rebuild, summarise

KEYS = [
    "practice|6,T|T|hand:1:0|stand+hit+double+surrender",
    "practice|5,6|6|hand:1:0|stand+hit+double+surrender",
    "practice|A,7|9|hand:1:0|stand+hit+double+surrender",
    "practice|8,8|T|hand:1:0|stand+hit+double+split+surrender",
]
ACTIONS = [Action.STAND, Action.HIT, Action.DOUBLE, Action.SURRENDER]
DAYS = ["2026-11-27", "2026-11-28", "2026-11-29"]


def answer_stream(count: int, seed: int) -> list[AttemptRecord]:
    """``count`` answers: first, after a hint or retries of an earlier decision; some repeated."""
    rng = np.random.default_rng(seed)
    answers: list[AttemptRecord] = []
    for number in range(count):
        if answers and rng.random() < 0.05:
            answers.append(answers[int(rng.integers(len(answers)))])  # a double key press
            continue
        kind = [AttemptKind.FIRST, AttemptKind.AFTER_HINT, AttemptKind.RETRY][
            int(rng.choice(3, p=[0.7, 0.1, 0.2]))
        ]
        decision = (
            f"d{int(rng.integers(number + 1))}" if kind is AttemptKind.RETRY else f"d{number}"
        )
        action = ACTIONS[int(rng.integers(len(ACTIONS)))]
        best = ACTIONS[int(rng.integers(len(ACTIONS)))]
        accepted = action is best or rng.random() < 0.1
        day = DAYS[int(rng.integers(len(DAYS)))]
        key = KEYS[int(rng.integers(len(KEYS)))]
        rules_id = "practice" if rng.random() < 0.8 else "home"
        answers.append(
            AttemptRecord(
                token=f"t{number}",
                decision_key=decision,
                run_id=None,
                position=None,
                rules_id=rules_id,
                spot_key=key.replace("practice|", f"{rules_id}|"),
                cards=("6", "T"),
                up="T",
                split_hand=False,
                kind=kind,
                action=action,
                best=best,
                accepted=accepted,
                ev_lost=0.0 if accepted else round(float(rng.random()) / 4, 6),
                evs={best: 0.0},
                created_at=f"{day}T12:00:00+01:00",
                local_date=day,
            )
        )
    return answers


def by_hand(attempts: list[AttemptRecord], rules_id: str) -> dict[str, Any]:
    """The totals of ``rules_id`` summed here from the stored answers, oldest first."""
    mine = [attempt for attempt in attempts if attempt.rules_id == rules_id]
    spots: dict[str, dict[str, Any]] = {}
    wrong_plays: dict[str, Counter[Action]] = {}
    days: dict[str, list[float]] = {}
    for attempt in mine:
        row = spots.setdefault(attempt.spot_key, Counter())
        first = attempt.kind is AttemptKind.FIRST
        hinted = attempt.kind is AttemptKind.AFTER_HINT
        wrong = attempt.kind is not AttemptKind.RETRY and not attempt.accepted
        row["first"] += first
        row["first_right"] += first and attempt.accepted
        row["first_ev_lost"] += attempt.ev_lost if first else 0.0
        row["after_hint"] += hinted
        row["after_hint_right"] += hinted and attempt.accepted
        row["retry"] += attempt.kind is AttemptKind.RETRY
        row["wrong"] += wrong
        row["wrong_ev_lost"] += attempt.ev_lost if wrong else 0.0
        if wrong:
            row["wrong_best"] = attempt.best
            wrong_plays.setdefault(attempt.spot_key, Counter())[attempt.action] += 1
        if first:
            row["last_action"] = attempt.action
            day = days.setdefault(attempt.local_date, [0, 0, 0.0])
            day[0] += 1
            day[1] += attempt.accepted
            day[2] += attempt.ev_lost
    retried = {a.decision_key for a in mine if a.kind is AttemptKind.RETRY}
    return {
        "spots": {key: {name: value for name, value in row.items()} for key, row in spots.items()},
        "wrong_plays": {key: dict(plays) for key, plays in wrong_plays.items()},
        "days": {day: tuple(values) for day, values in days.items()},
        "retried": len(retried),
    }


def as_dict(summary: AnswerSummary) -> dict[str, Any]:
    """A summary in the shape of :func:`by_hand` (zero counts and empty fields left out)."""
    spots = {}
    for key, spot in summary.spots.items():
        row = {
            name: getattr(spot, name)
            for name in (
                "first",
                "first_right",
                "first_ev_lost",
                "after_hint",
                "after_hint_right",
                "retry",
                "wrong",
                "wrong_ev_lost",
                "wrong_best",
                "last_action",
            )
        }
        spots[key] = {name: value for name, value in row.items() if value not in (0, None)}
    return {
        "spots": spots,
        "wrong_plays": summary.wrong_plays,
        "days": {day.local_date: (day.first, day.first_right, day.ev_lost) for day in summary.days},
        "retried": summary.retried,
    }


def same(got: dict[str, Any], want: dict[str, Any]) -> None:
    want = {
        **want,
        "spots": {
            key: {name: value for name, value in row.items() if value not in (0, None)}
            for key, row in want["spots"].items()
        },
    }
    assert _approx(got) == _approx(want)


def _approx(value: Any) -> Any:
    """Floats rounded to 1e-9 (sums in another order differ in the last bits)."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {key: _approx(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return tuple(_approx(item) for item in value)
    return value


STREAM = answer_stream(600, seed=13)


@pytest.fixture(scope="module")
def recorded() -> tuple[dict[str, AnswerSummary], list[AttemptRecord]]:
    """Every answer of the stream stored one write at a time; the totals and the stored rows."""
    with Store.memory() as store:
        stored = [store.record_answer(attempt) for attempt in STREAM]
        assert stored.count(False) == sum(
            1 for i, a in enumerate(STREAM) if a in STREAM[:i]
        )  # each repeated token stored once
        totals = {rules_id: store.answer_summary(rules_id) for rules_id in ("practice", "home")}
        return totals, store.attempts()


@pytest.mark.parametrize("rules_id", ["practice", "home"])
def test_totals_kept_as_answers_are_written_match_the_answers(
    recorded: tuple[dict[str, AnswerSummary], list[AttemptRecord]], rules_id: str
) -> None:
    totals, attempts = recorded
    want = by_hand(attempts, rules_id)
    same(as_dict(totals[rules_id]), want)
    same(as_dict(summarise(attempts, rules_id)), want)
    assert totals[rules_id].retried > 0 and totals[rules_id].days


def test_the_sql_rebuild_and_the_bulk_path_give_the_same_totals(
    recorded: tuple[dict[str, AnswerSummary], list[AttemptRecord]],
) -> None:
    totals, attempts = recorded
    with Store.memory() as store:
        assert store.record_attempts(STREAM) == len(attempts)
        assert store.record_attempts(STREAM[:50]) == 0  # every token stored already
        for rules_id in ("practice", "home"):
            same(as_dict(store.answer_summary(rules_id)), as_dict(totals[rules_id]))
        with store.transaction():
            rebuild(store.db.conn)
        for rules_id in ("practice", "home"):
            same(as_dict(store.answer_summary(rules_id)), as_dict(totals[rules_id]))


def test_the_migration_fills_the_totals_from_the_answers_already_stored(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m014_answer_totals")
    unique = list({attempt.token: attempt for attempt in STREAM}.values())
    db.table("attempts").insert_all(_attempt_row(attempt) for attempt in unique)
    db.close()
    with Store.open(path) as store:
        attempts = store.attempts()
        for rules_id in ("practice", "home"):
            same(as_dict(store.answer_summary(rules_id)), by_hand(attempts, rules_id))
        assert store.answer_summary("guide") == AnswerSummary()
