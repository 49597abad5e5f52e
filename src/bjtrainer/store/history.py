"""The store's history read row by row: graded answers and settled rounds.

What ``bjtrainer export`` and the stats screen's Export read
(``docs/export.md``). The reads stream: rows come from an SQLite cursor in
batches of :data:`BATCH_ROWS`, so a store of a million answers is read in
bounded memory. :func:`round_row` is the row of one settled round, which
:meth:`bjtrainer.store.Store.save_table` and
:meth:`~bjtrainer.store.Store.record_answer` write with the table saved
after the move that settled it (``SavedTable.settled``), in the same
transaction: the round and the table are kept together or not at all.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from bjtrainer.errors import StoreError
from bjtrainer.store.records import RoundRecord

if TYPE_CHECKING:
    from bjtrainer.store.store import Store

__all__ = [
    "BATCH_ROWS",
    "attempt_rows",
    "has_rules_id",
    "round_row",
    "round_rows",
]

#: Rows fetched from the cursor at a time.
BATCH_ROWS = 512

_ATTEMPTS = (
    "select a.id, a.created_at, a.local_date, a.rules_id, a.run_id, r.kind as run_kind, "
    "r.topic, a.position, a.decision_key, a.spot_key, a.cards, a.up, a.split_hand, a.kind, "
    "a.action, a.evs, a.best, a.ev_lost, a.accepted "
    "from attempts a left join runs r on r.id = a.run_id"
)
_ROUNDS = (
    "select id, created_at, local_date, rules_id, bet, wagered, net, hand_nets, insurance_net, "
    "outcomes, player_cards, dealer_cards, dealer_total, balance_after from rounds"
)


def round_row(record: RoundRecord) -> dict[str, Any]:
    """The ``rounds`` row of a settled round (what the table's save writes with it)."""
    return {
        "rules_id": record.rules_id,
        "bet": record.bet,
        "wagered": record.wagered,
        "net": record.net,
        "hand_nets": json.dumps(list(record.hand_nets)),
        "insurance_net": record.insurance_net,
        "outcomes": json.dumps(list(record.outcomes)),
        "player_cards": json.dumps(list(record.player_cards)),
        "dealer_cards": record.dealer_cards,
        "dealer_total": record.dealer_total,
        "balance_after": record.balance_after,
        "created_at": record.created_at,
        "local_date": record.local_date,
    }


def _where(
    rules_ids: Sequence[str] | None, since: str | None, prefix: str
) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if rules_ids is not None:
        clauses.append(f"{prefix}rules_id in ({', '.join('?' for _ in rules_ids)})")
        params.extend(rules_ids)
    if since is not None:
        clauses.append(f"{prefix}local_date >= ?")
        params.append(since)
    return (" where " + " and ".join(clauses) if clauses else ""), params


def _stream(store: Store, sql: str, params: list[Any]) -> Iterator[dict[str, Any]]:
    """The rows of ``sql`` as dicts, fetched :data:`BATCH_ROWS` at a time.

    Raises
    ------
    StoreError
        If the database cannot be read.
    """
    try:
        cursor = store.db.conn.execute(sql, params)
        names = [column[0] for column in cursor.description]
        while batch := cursor.fetchmany(BATCH_ROWS):
            for row in batch:
                yield dict(zip(names, row, strict=True))
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot read the bjtrainer store {store.location}: {exc}.") from exc


def attempt_rows(
    store: Store, *, rules_ids: Sequence[str] | None = None, since: str | None = None
) -> Iterator[dict[str, Any]]:
    """Every stored graded answer, oldest first (by row id), as raw rows.

    Parameters
    ----------
    store : Store
    rules_ids : sequence of str, optional
        Only these tables; default every table.
    since : str, optional
        Only answers whose local date (``attempts.local_date``) is this ISO
        date or later.

    Yields
    ------
    dict
        The ``attempts`` columns (``cards`` and ``evs`` still JSON text),
        with ``run_kind`` and ``topic`` of the run (``None`` at the table).

    Raises
    ------
    StoreError
        If the database cannot be read.
    """
    where, params = _where(rules_ids, since, "a.")
    yield from _stream(store, f"{_ATTEMPTS}{where} order by a.id", params)


def round_rows(
    store: Store, *, rules_ids: Sequence[str] | None = None, since: str | None = None
) -> Iterator[dict[str, Any]]:
    """Every stored settled round, oldest first, as raw rows (see :func:`attempt_rows`).

    Raises
    ------
    StoreError
        If the database cannot be read.
    """
    where, params = _where(rules_ids, since, "")
    yield from _stream(store, f"{_ROUNDS}{where} order by id", params)


def has_rules_id(store: Store, rules_id: str) -> bool:
    """Whether a graded answer or a settled round of ``rules_id`` is stored (two indexed reads).

    Raises
    ------
    StoreError
        If the database cannot be read.
    """
    sql = (
        "select exists (select 1 from attempts where rules_id = ?) "
        "or exists (select 1 from rounds where rules_id = ?) as found"
    )
    return any(row["found"] for row in _stream(store, sql, [rules_id, rules_id]))
