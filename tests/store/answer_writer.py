"""A bjtrainer process that records answers: one of the windows of the two-window tests.

Run as ``python answer_writer.py STORE NAME COUNT GO``. It waits until the
file ``GO`` exists (so that every writer starts at the same moment), opens
the store (creating it if no other writer has yet), and records ``COUNT``
graded answers through the same path as an answer at the table: the
attempt, its review-queue row and its table's state (a compare-and-set on
the revision it saved last, under the rules id ``NAME``), one write each.
Nothing is caught: any error reaches stderr and the exit status, as it
would reach the user. It prints the number of answers stored.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bjtrainer.engine.actions import Action
from bjtrainer.store import AttemptKind, AttemptRecord, SavedTable, Store
from bjtrainer.trainer.practice.answers import record_answer

START = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
SPOT = "practice|6,T|T|hand:1:0|stand+hit+surrender"


def answer(name: str, number: int) -> tuple[AttemptRecord, datetime]:
    """The ``number``-th answer of writer ``name``: 16 v 10 hit, a miss (the best is surrender)."""
    at = START + timedelta(seconds=number)
    token = f"table/{name}/{number}"
    attempt = AttemptRecord(
        token=token,
        decision_key=token,
        run_id=None,
        position=None,
        rules_id="practice",
        spot_key=SPOT,
        cards=("6", "T"),
        up="T",
        split_hand=False,
        kind=AttemptKind.FIRST,
        action=Action.HIT,
        best=Action.SURRENDER,
        accepted=False,
        ev_lost=0.0398,
        evs={Action.STAND: -0.5404, Action.HIT: -0.5398, Action.SURRENDER: -0.5},
        created_at=at.isoformat(),
        local_date=at.date().isoformat(),
    )
    return attempt, at


def write_answers(path: Path, name: str, count: int, go: Path) -> int:
    """Wait for ``go``, open the store and record ``count`` answers; the number stored."""
    while not go.exists():
        time.sleep(0.001)
    stored = 0
    with Store.open(path) as store:
        revision = store.table_revision(name)
        for number in range(count):
            attempt, at = answer(name, number)
            table = SavedTable(name, {"answers": number + 1}, revision)
            stored += record_answer(store, attempt, at, table=table).stored
            revision += 1
    return stored


if __name__ == "__main__":
    print(write_answers(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])))
