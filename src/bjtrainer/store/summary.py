"""The running totals of the graded answers: what the stats and the draws read.

A store of a year's practice holds a million answers; the figures of
``docs/practice.md`` ("Stats"), the weighted draw of a focused set and the
review queue need only sums of them, per spot and per day. Those sums are
kept in four tables, updated by :func:`count_attempt` in the transaction
that stores each answer (:meth:`bjtrainer.store.Store.record_answer`), so a
read is a few hundred rows whatever the size of the history:

``answer_spots``
    One row per table and spot key: first unassisted answers and the
    accepted ones, their EV given up; first answers after a hint and the
    accepted ones; retries; wrong first answers (either kind: ``accepted``
    false) with their EV given up and the best play of the latest one; the
    action and row id of the latest first unassisted answer.
``answer_wrong_plays``
    Wrong first answers per table, spot key and action taken.
``answer_days``
    First unassisted answers per table and local date, the accepted ones
    and their EV given up.
``answer_tables``
    Per table, the decisions retried at least once.

:func:`rebuild` computes the same tables from the ``attempts`` rows in SQL
(the migration that created them, and the bulk write
:meth:`bjtrainer.store.Store.record_attempts`); :func:`summarise` folds
answers in Python the same way, so a test can compare the three.
EV is in units of the original wager (``docs/numbers.md``, "Units").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from bjtrainer.engine.actions import Action
from bjtrainer.store.records import AttemptKind, AttemptRecord

__all__ = [
    "SUMMARY_TABLES",
    "AnswerSummary",
    "DaySummary",
    "SpotSummary",
    "count_attempt",
    "create_summary_tables",
    "read_summary",
    "rebuild",
    "summarise",
]

#: The tables this module keeps, in the order :func:`rebuild` clears them.
SUMMARY_TABLES = ("answer_spots", "answer_wrong_plays", "answer_days", "answer_tables")


@dataclass(frozen=True)
class SpotSummary:
    """The answers to one spot of one table, summed.

    Attributes
    ----------
    spot_key : str
    first, first_right : int
        First unassisted answers (``AttemptKind.FIRST``), and the accepted ones.
    first_ev_lost : float
        EV those answers gave up, summed.
    after_hint, after_hint_right : int
        First answers given after a Hint or Why, and the accepted ones.
    retry : int
        Retries.
    wrong : int
        First answers of either kind that were not accepted.
    wrong_ev_lost : float
        EV they gave up, summed.
    wrong_best : Action or None
        The best play of the latest of them; ``None`` with none.
    last_action : Action or None
        The play of the latest first unassisted answer; ``None`` with none.
    last_id : int or None
        Its row id (answers are numbered as they are stored).
    """

    spot_key: str
    first: int = 0
    first_right: int = 0
    first_ev_lost: float = 0.0
    after_hint: int = 0
    after_hint_right: int = 0
    retry: int = 0
    wrong: int = 0
    wrong_ev_lost: float = 0.0
    wrong_best: Action | None = None
    last_action: Action | None = None
    last_id: int | None = None

    @property
    def seen(self) -> int:
        """First answers, unassisted or after a hint."""
        return self.first + self.after_hint

    @property
    def misses(self) -> int:
        """First answers that were wrong or given after a hint (every hinted one is a miss)."""
        return self.after_hint + self.first - self.first_right


@dataclass(frozen=True)
class DaySummary:
    """First unassisted answers of one local date, summed.

    Attributes
    ----------
    local_date : str
        ISO date.
    first, first_right : int
    ev_lost : float
    """

    local_date: str
    first: int = 0
    first_right: int = 0
    ev_lost: float = 0.0


@dataclass(frozen=True)
class AnswerSummary:
    """Every running total of one table.

    Attributes
    ----------
    spots : dict of str to SpotSummary
        By spot key, in key order.
    days : tuple of DaySummary
        Oldest first.
    wrong_plays : dict of str to dict of Action to int
        Wrong first answers per spot key and action taken.
    retried : int
        Decisions retried at least once.
    """

    spots: dict[str, SpotSummary] = field(default_factory=dict)
    days: tuple[DaySummary, ...] = ()
    wrong_plays: dict[str, dict[Action, int]] = field(default_factory=dict)
    retried: int = 0


def create_summary_tables(conn: sqlite3.Connection) -> None:
    """Create the four tables and the index the retry count reads (inside a migration)."""
    conn.execute(
        "create table answer_spots (rules_id text not null, spot_key text not null, "
        "first integer not null default 0, first_right integer not null default 0, "
        "first_ev_lost real not null default 0, after_hint integer not null default 0, "
        "after_hint_right integer not null default 0, retry integer not null default 0, "
        "wrong integer not null default 0, wrong_ev_lost real not null default 0, "
        "wrong_best text, last_action text, last_id integer, "
        "primary key (rules_id, spot_key))"
    )
    conn.execute(
        "create table answer_wrong_plays (rules_id text not null, spot_key text not null, "
        "action text not null, count integer not null default 0, "
        "primary key (rules_id, spot_key, action))"
    )
    conn.execute(
        "create table answer_days (rules_id text not null, local_date text not null, "
        "first integer not null default 0, first_right integer not null default 0, "
        "ev_lost real not null default 0, primary key (rules_id, local_date))"
    )
    conn.execute(
        "create table answer_tables (rules_id text primary key, retried integer not null default 0)"
    )
    conn.execute(
        "create index if not exists idx_attempts_decision_kind "
        "on attempts (rules_id, decision_key, kind)"
    )


_SPOT_UPSERT = (
    "insert into answer_spots (rules_id, spot_key, first, first_right, first_ev_lost, "
    "after_hint, after_hint_right, retry, wrong, wrong_ev_lost, wrong_best, last_action, "
    "last_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "on conflict (rules_id, spot_key) do update set "
    "first = first + excluded.first, first_right = first_right + excluded.first_right, "
    "first_ev_lost = first_ev_lost + excluded.first_ev_lost, "
    "after_hint = after_hint + excluded.after_hint, "
    "after_hint_right = after_hint_right + excluded.after_hint_right, "
    "retry = retry + excluded.retry, wrong = wrong + excluded.wrong, "
    "wrong_ev_lost = wrong_ev_lost + excluded.wrong_ev_lost, "
    "wrong_best = coalesce(excluded.wrong_best, wrong_best), "
    "last_action = case when excluded.last_id is not null "
    "and (last_id is null or excluded.last_id > last_id) "
    "then excluded.last_action else last_action end, "
    "last_id = case when excluded.last_id is not null "
    "and (last_id is null or excluded.last_id > last_id) "
    "then excluded.last_id else last_id end"
)


def count_attempt(conn: sqlite3.Connection, attempt: AttemptRecord, row_id: int) -> None:
    """Add one stored answer to the running totals (inside its write's transaction).

    Parameters
    ----------
    conn : sqlite3.Connection
        The store's connection, in the transaction that stored the answer.
    attempt : AttemptRecord
        The answer just stored.
    row_id : int
        Its ``attempts`` row id.
    """
    kind, ok, lost = attempt.kind, attempt.accepted, float(attempt.ev_lost)
    first = kind is AttemptKind.FIRST
    hinted = kind is AttemptKind.AFTER_HINT
    wrong = kind is not AttemptKind.RETRY and not ok
    conn.execute(
        _SPOT_UPSERT,
        [
            attempt.rules_id,
            attempt.spot_key,
            int(first),
            int(first and ok),
            lost if first else 0.0,
            int(hinted),
            int(hinted and ok),
            int(kind is AttemptKind.RETRY),
            int(wrong),
            lost if wrong else 0.0,
            attempt.best.value if wrong else None,
            attempt.action.value if first else None,
            row_id if first else None,
        ],
    )
    if wrong:
        conn.execute(
            "insert into answer_wrong_plays (rules_id, spot_key, action, count) "
            "values (?, ?, ?, 1) on conflict (rules_id, spot_key, action) "
            "do update set count = count + 1",
            [attempt.rules_id, attempt.spot_key, attempt.action.value],
        )
    if first:
        conn.execute(
            "insert into answer_days (rules_id, local_date, first, first_right, ev_lost) "
            "values (?, ?, 1, ?, ?) on conflict (rules_id, local_date) do update set "
            "first = first + 1, first_right = first_right + excluded.first_right, "
            "ev_lost = ev_lost + excluded.ev_lost",
            [attempt.rules_id, attempt.local_date, int(ok), lost],
        )
    if kind is AttemptKind.RETRY:
        earlier = conn.execute(
            "select 1 from attempts where rules_id = ? and decision_key = ? "
            "and kind = 'retry' and id <> ? limit 1",
            [attempt.rules_id, attempt.decision_key, row_id],
        ).fetchone()
        if earlier is None:
            conn.execute(
                "insert into answer_tables (rules_id, retried) values (?, 1) "
                "on conflict (rules_id) do update set retried = retried + 1",
                [attempt.rules_id],
            )


def rebuild(conn: sqlite3.Connection, rules_ids: Sequence[str] | None = None) -> None:
    """Compute the running totals from the ``attempts`` rows, in SQL (inside a write).

    Parameters
    ----------
    conn : sqlite3.Connection
    rules_ids : sequence of str, optional
        The tables to recompute; default every table.
    """
    if rules_ids is None:
        where, params = "", []
    else:
        where = f"where rules_id in ({', '.join('?' for _ in rules_ids)})"
        params = list(rules_ids)
    for table in SUMMARY_TABLES:
        conn.execute(f"delete from {table} {where}", params)
    conn.execute(
        "insert into answer_spots (rules_id, spot_key, first, first_right, first_ev_lost, "
        "after_hint, after_hint_right, retry, wrong, wrong_ev_lost) "
        "select rules_id, spot_key, "
        "sum(kind = 'first'), sum(kind = 'first' and accepted), "
        "total(case when kind = 'first' then ev_lost end), "
        "sum(kind = 'after_hint'), sum(kind = 'after_hint' and accepted), "
        "sum(kind = 'retry'), sum(kind <> 'retry' and not accepted), "
        "total(case when kind <> 'retry' and not accepted then ev_lost end) "
        f"from attempts {where} group by rules_id, spot_key",
        params,
    )
    conn.execute(
        "update answer_spots set "
        "wrong_best = (select best from attempts a where a.rules_id = answer_spots.rules_id "
        "and a.spot_key = answer_spots.spot_key and a.kind <> 'retry' and not a.accepted "
        "order by a.id desc limit 1), "
        "last_id = (select max(id) from attempts a where a.rules_id = answer_spots.rules_id "
        "and a.spot_key = answer_spots.spot_key and a.kind = 'first') " + where,
        params,
    )
    conn.execute(
        "update answer_spots set last_action = "
        "(select action from attempts a where a.id = answer_spots.last_id) "
        + (where + " and" if where else "where")
        + " last_id is not null",
        params,
    )
    conn.execute(
        "insert into answer_wrong_plays (rules_id, spot_key, action, count) "
        "select rules_id, spot_key, action, count(*) from attempts "
        + (where + " and" if where else "where")
        + " kind <> 'retry' and not accepted group by rules_id, spot_key, action",
        params,
    )
    conn.execute(
        "insert into answer_days (rules_id, local_date, first, first_right, ev_lost) "
        "select rules_id, local_date, count(*), sum(accepted), total(ev_lost) from attempts "
        + (where + " and" if where else "where")
        + " kind = 'first' group by rules_id, local_date",
        params,
    )
    conn.execute(
        "insert into answer_tables (rules_id, retried) "
        "select rules_id, count(distinct decision_key) from attempts "
        + (where + " and" if where else "where")
        + " kind = 'retry' group by rules_id",
        params,
    )


def _action(name: str | None) -> Action | None:
    return None if name is None else Action(name)


def read_summary(conn: sqlite3.Connection, rules_id: str) -> AnswerSummary:
    """The running totals of one table (a few hundred rows, whatever the history).

    Raises
    ------
    sqlite3.DatabaseError
        If the tables cannot be read.
    ValueError
        If a stored action is not an :class:`~bjtrainer.engine.actions.Action`.
    """
    spots = {
        row[0]: SpotSummary(
            spot_key=row[0],
            first=int(row[1]),
            first_right=int(row[2]),
            first_ev_lost=float(row[3]),
            after_hint=int(row[4]),
            after_hint_right=int(row[5]),
            retry=int(row[6]),
            wrong=int(row[7]),
            wrong_ev_lost=float(row[8]),
            wrong_best=_action(row[9]),
            last_action=_action(row[10]),
            last_id=None if row[11] is None else int(row[11]),
        )
        for row in conn.execute(
            "select spot_key, first, first_right, first_ev_lost, after_hint, "
            "after_hint_right, retry, wrong, wrong_ev_lost, wrong_best, last_action, last_id "
            "from answer_spots where rules_id = ? order by spot_key",
            [rules_id],
        )
    }
    days = tuple(
        DaySummary(row[0], int(row[1]), int(row[2]), float(row[3]))
        for row in conn.execute(
            "select local_date, first, first_right, ev_lost from answer_days "
            "where rules_id = ? and first > 0 order by local_date",
            [rules_id],
        )
    )
    wrong_plays: dict[str, dict[Action, int]] = {}
    for key, action, count in conn.execute(
        "select spot_key, action, count from answer_wrong_plays where rules_id = ? "
        "order by spot_key, action",
        [rules_id],
    ):
        wrong_plays.setdefault(key, {})[Action(action)] = int(count)
    row = conn.execute(
        "select retried from answer_tables where rules_id = ?", [rules_id]
    ).fetchone()
    return AnswerSummary(spots, days, wrong_plays, int(row[0]) if row is not None else 0)


def summarise(attempts: Iterable[AttemptRecord], rules_id: str) -> AnswerSummary:
    """The running totals of ``rules_id`` folded from answers in Python, oldest first.

    What :func:`count_attempt` keeps, for answers that are not in a store
    (each answer's ``id`` orders them; an answer without one counts as the
    latest so far). Answers of other tables are left out.
    """
    spots: dict[str, SpotSummary] = {}
    days: dict[str, DaySummary] = {}
    wrong_plays: dict[str, dict[Action, int]] = {}
    retried: set[str] = set()
    for number, attempt in enumerate(attempts):
        if attempt.rules_id != rules_id:
            continue
        row_id = attempt.id if attempt.id is not None else number
        kind, ok, lost = attempt.kind, attempt.accepted, float(attempt.ev_lost)
        first = kind is AttemptKind.FIRST
        hinted = kind is AttemptKind.AFTER_HINT
        wrong = kind is not AttemptKind.RETRY and not ok
        spot = spots.get(attempt.spot_key, SpotSummary(attempt.spot_key))
        spot = replace(
            spot,
            first=spot.first + first,
            first_right=spot.first_right + (first and ok),
            first_ev_lost=spot.first_ev_lost + (lost if first else 0.0),
            after_hint=spot.after_hint + hinted,
            after_hint_right=spot.after_hint_right + (hinted and ok),
            retry=spot.retry + (kind is AttemptKind.RETRY),
            wrong=spot.wrong + wrong,
            wrong_ev_lost=spot.wrong_ev_lost + (lost if wrong else 0.0),
            wrong_best=attempt.best if wrong else spot.wrong_best,
        )
        if first and (spot.last_id is None or row_id > spot.last_id):
            spot = replace(spot, last_action=attempt.action, last_id=row_id)
        spots[attempt.spot_key] = spot
        if wrong:
            plays = wrong_plays.setdefault(attempt.spot_key, {})
            plays[attempt.action] = plays.get(attempt.action, 0) + 1
        if first:
            day = days.get(attempt.local_date, DaySummary(attempt.local_date))
            days[attempt.local_date] = DaySummary(
                day.local_date, day.first + 1, day.first_right + ok, day.ev_lost + lost
            )
        if kind is AttemptKind.RETRY:
            retried.add(attempt.decision_key)
    return AnswerSummary(
        {key: spots[key] for key in sorted(spots)},
        tuple(days[day] for day in sorted(days)),
        {
            key: {action: wrong_plays[key][action] for action in sorted(wrong_plays[key])}
            for key in sorted(wrong_plays)
        },
        len(retried),
    )
