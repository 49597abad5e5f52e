"""A user's history out of the store: every graded decision, every settled round.

The rows and their columns are described in ``docs/export.md``; the
command line (``bjtrainer export``) and the stats screen's Export both
build them here. Rows stream from the store
(:mod:`bjtrainer.store.history`) to the writer one at a time, so memory
stays bounded however many answers are stored.

Values are those the grading gave and the store kept: EVs in units of the
original wager (``docs/numbers.md``, "Units"), chips as whole chips. In
JSON a value is a number, a boolean, a string, a list (the rounds' per-hand
columns) or ``null``; in CSV a boolean is ``true``/``false``, ``null`` an
empty cell, and a list its items joined by :data:`LIST_SEPARATOR`.
"""

from __future__ import annotations

import csv
import json
import os
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TextIO

from bjtrainer.engine.actions import Action
from bjtrainer.errors import BjTrainerError, InvalidSpotError, StoreError
from bjtrainer.store import Store
from bjtrainer.store.history import attempt_rows, has_rules_id, round_rows
from bjtrainer.trainer.spots import parse_spot_key
from bjtrainer.trainer.wording import DISPLAY_ORDER, in_display_order

__all__ = [
    "ALL_RULES",
    "DECISION_COLUMNS",
    "EV_COLUMNS",
    "LIST_SEPARATOR",
    "ROUND_COLUMNS",
    "ExportError",
    "Format",
    "What",
    "decision_rows",
    "export_file_name",
    "export_to_folder",
    "parse_since",
    "resolve_rules",
    "round_rows_of",
    "rows_of",
    "write_atomically",
    "write_csv",
    "write_json",
    "write_rows",
]

Format = Literal["csv", "json"]
What = Literal["decisions", "rounds"]

#: The ``--rules`` value that exports every table.
ALL_RULES = "all"
#: The EV column of each action, in the trainer's display order.
EV_COLUMNS: dict[Action, str] = {action: f"ev_{action.value}" for action in DISPLAY_ORDER}
#: The columns of a decision row, in order (``docs/export.md``, "Decisions").
DECISION_COLUMNS: tuple[str, ...] = (
    "id",
    "time",
    "local_date",
    "rules_id",
    "run",
    "run_id",
    "topic",
    "position",
    "decision_key",
    "spot",
    "cards",
    "up",
    "split_hand",
    "legal",
    "action",
    *EV_COLUMNS.values(),
    "best",
    "ev_lost",
    "accepted",
    "kind",
)
#: The columns of a round row, in order (``docs/export.md``, "Rounds").
ROUND_COLUMNS: tuple[str, ...] = (
    "id",
    "time",
    "local_date",
    "rules_id",
    "bet",
    "wagered",
    "net",
    "hand_nets",
    "insurance_net",
    "outcomes",
    "player_cards",
    "dealer_cards",
    "dealer_total",
    "balance_after",
)
#: What joins a list's items in a CSV cell (``"T 6 | 9 9"``).
LIST_SEPARATOR = " | "
#: The ``run`` of an answer given at the ordinary table (no practice set).
TABLE_RUN = "table"


class ExportError(BjTrainerError, ValueError):
    """An export option that cannot be used; the message is one line naming it."""


def parse_since(text: str) -> str:
    """The ``--since`` date as an ISO date string (``"2026-11-29"``).

    Raises
    ------
    ExportError
        If ``text`` is not a date written ``YYYY-MM-DD``.
    """
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise ExportError(
            f"--since {text!r} is not a date: give it as YYYY-MM-DD, for example 2026-11-29."
        ) from None


def resolve_rules(store: Store, name: str) -> list[str] | None:
    """The rules ids a ``--rules`` value exports; ``None`` for every table (``"all"``).

    A name is a rules id found in the store (a custom table whose file is
    gone included), a preset or a rules file.

    Raises
    ------
    RulesError
        If the name is none of these (its message names the presets).
    StoreError
        If the store cannot be read.
    """
    if name == ALL_RULES:
        return None
    if has_rules_id(store, name):
        return [name]
    from bjtrainer.engine.rules_file import load_rules

    return [load_rules(name).id]


#: The EV column of each action's stored name (``"hit"`` -> ``"ev_hit"``).
_EV_COLUMN_OF = {action.value: column for action, column in EV_COLUMNS.items()}
#: Every EV column empty: a decision row starts from it.
_NO_EVS: dict[str, Any] = dict.fromkeys(EV_COLUMNS.values())


@lru_cache(maxsize=4096)
def _legal_words(spot_key: str) -> str | None:
    """The legal actions a spot key names, in display order, joined by spaces; ``None``
    if it is not a spot key."""
    try:
        return " ".join(action.value for action in in_display_order(parse_spot_key(spot_key).legal))
    except InvalidSpotError:
        return None


def _decision_row(raw: Mapping[str, Any]) -> dict[str, Any]:
    """One decision row from a raw ``attempts`` row (:func:`attempt_rows`).

    Raises
    ------
    KeyError, TypeError, ValueError
        If the row's JSON columns are not what the store writes.
    """
    evs: dict[str, Any] = json.loads(raw["evs"])
    legal = _legal_words(raw["spot_key"])
    if legal is None:  # not a spot key: the actions that have an EV are the legal ones
        legal = " ".join(action.value for action in in_display_order(map(Action, evs)))
    row: dict[str, Any] = {
        "id": int(raw["id"]),
        "time": raw["created_at"],
        "local_date": raw["local_date"],
        "rules_id": raw["rules_id"],
        "run": TABLE_RUN if raw["run_id"] is None else raw["run_kind"],
        "run_id": raw["run_id"],
        "topic": raw["topic"],
        "position": raw["position"],
        "decision_key": raw["decision_key"],
        "spot": raw["spot_key"],
        "cards": " ".join(json.loads(raw["cards"])),
        "up": raw["up"],
        "split_hand": bool(raw["split_hand"]),
        "legal": legal,
        "action": raw["action"],
        **_NO_EVS,
    }
    for name, ev in evs.items():
        row[_EV_COLUMN_OF[name]] = float(ev)
    row["best"] = raw["best"]
    row["ev_lost"] = float(raw["ev_lost"])
    row["accepted"] = bool(raw["accepted"])
    row["kind"] = raw["kind"]
    return row


def _round_row(raw: Mapping[str, Any]) -> dict[str, Any]:
    """One round row from a raw ``rounds`` row (:func:`round_rows`)."""
    return {
        "id": int(raw["id"]),
        "time": raw["created_at"],
        "local_date": raw["local_date"],
        "rules_id": raw["rules_id"],
        "bet": int(raw["bet"]),
        "wagered": int(raw["wagered"]),
        "net": int(raw["net"]),
        "hand_nets": [int(net) for net in json.loads(raw["hand_nets"])],
        "insurance_net": int(raw["insurance_net"]),
        "outcomes": list(json.loads(raw["outcomes"])),
        "player_cards": list(json.loads(raw["player_cards"])),
        "dealer_cards": raw["dealer_cards"],
        "dealer_total": raw["dealer_total"],
        "balance_after": int(raw["balance_after"]),
    }


def _decoded(
    rows: Iterator[dict[str, Any]], build: Callable[[Mapping[str, Any]], dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    for raw in rows:
        try:
            yield build(raw)
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(f"A stored row (id {raw.get('id')}) is unreadable: {exc}.") from exc


def decision_rows(
    store: Store, *, rules_ids: list[str] | None = None, since: str | None = None
) -> Iterator[dict[str, Any]]:
    """Every graded decision as an export row (:data:`DECISION_COLUMNS`), oldest first.

    Parameters
    ----------
    store : Store
    rules_ids : list of str, optional
        Only these tables (:func:`resolve_rules`); default every table.
    since : str, optional
        Only decisions of this local ISO date or later (:func:`parse_since`).

    Raises
    ------
    StoreError
        If the store cannot be read or a row cannot be decoded.
    """
    yield from _decoded(attempt_rows(store, rules_ids=rules_ids, since=since), _decision_row)


def round_rows_of(
    store: Store, *, rules_ids: list[str] | None = None, since: str | None = None
) -> Iterator[dict[str, Any]]:
    """Every settled round as an export row (:data:`ROUND_COLUMNS`), oldest first.

    Parameters and errors as :func:`decision_rows`.
    """
    yield from _decoded(round_rows(store, rules_ids=rules_ids, since=since), _round_row)


def rows_of(
    store: Store, what: What, *, rules_ids: list[str] | None = None, since: str | None = None
) -> tuple[tuple[str, ...], Iterator[dict[str, Any]]]:
    """The columns and the rows of ``what`` (``"decisions"`` or ``"rounds"``)."""
    if what == "rounds":
        return ROUND_COLUMNS, round_rows_of(store, rules_ids=rules_ids, since=since)
    return DECISION_COLUMNS, decision_rows(store, rules_ids=rules_ids, since=since)


def _flag(value: Any) -> Any:
    """A true/false cell: ``true``, ``false``, or empty for ``None``."""
    if value is None:
        return None
    return "true" if value else "false"


def _joined(value: Any) -> Any:
    """A list cell: its items joined by :data:`LIST_SEPARATOR`."""
    if value is None:
        return None
    return LIST_SEPARATOR.join(str(item) for item in value)


#: The columns whose values are not written as they are in CSV: the flags and the lists.
#: Every other value is a string, a whole number, a float (csv writes its
#: ``repr``, which reads back exactly) or ``None`` (an empty cell).
_CSV_CELLS: dict[str, Callable[[Any], Any]] = {
    "split_hand": _flag,
    "accepted": _flag,
    "hand_nets": _joined,
    "outcomes": _joined,
    "player_cards": _joined,
}


def write_csv(rows: Iterable[Mapping[str, Any]], columns: tuple[str, ...], out: TextIO) -> int:
    """Write a header line and the rows as CSV (RFC 4180, ``\\r\\n`` line ends); the row count.

    ``out`` should be opened with ``newline=""``.
    """
    converted = [
        (index, _CSV_CELLS[name]) for index, name in enumerate(columns) if name in _CSV_CELLS
    ]
    writer = csv.writer(out)
    writer.writerow(columns)
    count = 0
    for row in rows:
        cells = [row[column] for column in columns]
        for index, convert in converted:
            cells[index] = convert(cells[index])
        writer.writerow(cells)
        count += 1
    return count


def write_json(rows: Iterable[Mapping[str, Any]], columns: tuple[str, ...], out: TextIO) -> int:
    """Write the rows as one JSON array of objects, one object a line; the row count.

    Raises
    ------
    ValueError
        If a value is NaN or infinite (never stored).
    """
    count = 0
    out.write("[")
    for row in rows:
        out.write(",\n" if count else "\n")
        out.write(json.dumps({column: row[column] for column in columns}, allow_nan=False))
        count += 1
    out.write("\n]\n" if count else "]\n")
    return count


def write_rows(
    rows: Iterable[Mapping[str, Any]], columns: tuple[str, ...], out: TextIO, fmt: Format
) -> int:
    """Write the rows in ``fmt`` (:func:`write_csv` or :func:`write_json`); the row count."""
    if fmt == "json":
        return write_json(rows, columns, out)
    return write_csv(rows, columns, out)


def write_atomically(path: Path, fill: Callable[[TextIO], int]) -> int:
    """Write a file whole or not at all: ``fill`` writes a temporary file, then it is renamed.

    The temporary file is in the same folder (so the rename is atomic) and
    is removed when ``fill`` raises; a file already at ``path`` is replaced
    only once the new one is complete.

    Returns
    -------
    int
        What ``fill`` returned (the row count).

    Raises
    ------
    ExportError
        If the file cannot be written (a missing folder, no permission, a
        full disk); nothing is left at ``path``'s place but what was there.
    """
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.part")
    try:
        descriptor = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
        with open(descriptor, "w", encoding="utf-8", newline="") as out:
            count = fill(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise ExportError(f"Cannot write {path}: {exc.strerror or exc}.") from exc
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return count


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def export_file_name(what: What, rules_id: str | None, moment: datetime, fmt: Format) -> str:
    """The name of an export written into a folder.

    For example ``"bjtrainer-decisions-practice-20261129T210501.csv"``;
    ``rules_id`` ``None`` (every table) writes ``all``; characters a file
    name should not hold become ``-``.
    """
    table = ALL_RULES
    if rules_id is not None:
        table = _UNSAFE.sub("-", rules_id).strip("-.") or "table"
    return f"bjtrainer-{what}-{table}-{moment.strftime('%Y%m%dT%H%M%S')}.{fmt}"


def export_to_folder(
    store: Store,
    folder: Path,
    moment: datetime,
    *,
    rules_id: str | None,
    what: What = "decisions",
    fmt: Format = "csv",
) -> tuple[Path, int]:
    """Write one table's (or every table's) export into ``folder``: the path and row count.

    What the stats screen's Export does: the file is named by
    :func:`export_file_name` and written by :func:`write_atomically`.

    Raises
    ------
    ExportError
        If the file cannot be written.
    StoreError
        If the store cannot be read; no file is left.
    """
    path = Path(folder) / export_file_name(what, rules_id, moment, fmt)
    ids = None if rules_id is None else [rules_id]
    columns, rows = rows_of(store, what, rules_ids=ids)
    count = write_atomically(path, lambda out: write_rows(rows, columns, out, fmt))
    return path, count
