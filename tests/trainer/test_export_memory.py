"""The export streams: its peak memory does not grow with the number of answers.

``docs/export.md``: rows go from an SQLite cursor to the writer one at a
time. Exporting ten times as many answers must not take ten times the
memory: the peak traced by ``tracemalloc`` while 8,000 answers are written
stays within 1.5x (plus 256 KiB) of the peak for 1,000, where holding the
rows in a list would take about eight times as much (16 MB for 10,000
answers, against under 1 MB streamed). CSV and JSON share the row stream;
CSV is measured.
"""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Iterator

import pytest

from bjtrainer.engine.actions import Action
from bjtrainer.store import AttemptKind, AttemptRecord, Store
from bjtrainer.trainer.export import DECISION_COLUMNS, decision_rows, write_csv


class Sink(io.StringIO):
    """A text output that counts what it is given and keeps nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.chars = 0

    def write(self, text: str) -> int:
        self.chars += len(text)
        return len(text)


def answers(count: int) -> Iterator[AttemptRecord]:
    """``count`` distinct answers to hard 16 v T at the practice table."""
    key = "practice|6,T|T|hand:1:0|stand+hit+double+surrender"
    evs = {Action.STAND: -0.54, Action.HIT: -0.5398, Action.DOUBLE: -1.08, Action.SURRENDER: -0.5}
    for number in range(count):
        yield AttemptRecord(
            token=f"bench/{number}",
            decision_key=f"bench/{number}",
            run_id=None,
            position=None,
            rules_id="practice",
            spot_key=key,
            cards=("6", "T"),
            up="T",
            split_hand=False,
            kind=AttemptKind.FIRST,
            action=Action.STAND,
            best=Action.SURRENDER,
            accepted=False,
            ev_lost=0.04,
            evs=evs,
            created_at=f"2026-11-29T21:{number // 60 % 60:02d}:{number % 60:02d}+01:00",
            local_date="2026-11-29",
        )


def peak_of_export(count: int) -> tuple[int, int]:
    """The traced peak (bytes) of exporting ``count`` answers as CSV, and the characters written."""
    with Store.memory() as store:
        store.record_attempts(answers(count))
        sink = Sink()
        tracemalloc.start()
        try:
            written = write_csv(decision_rows(store), DECISION_COLUMNS, sink)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert written == count
    return peak, sink.chars


@pytest.mark.slow
def test_eight_times_the_answers_export_in_the_same_memory() -> None:
    small, small_chars = peak_of_export(1_000)
    large, large_chars = peak_of_export(8_000)
    assert large_chars > 7 * small_chars  # eight times the output ...
    assert large < 1.5 * small + 256 * 1024  # ... in about the same memory
