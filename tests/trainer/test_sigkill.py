"""A table session killed with SIGKILL at random instants loses nothing and doubles nothing.

The child (``tests/trainer/sigkill_driver.py``, forked by the driver's
fork server, which has everything imported, so a start costs
milliseconds) opens one store file and plays one of the four preset tables
through ``TableSession``, writing each key press to its log, flushed,
before pressing it. The parent kills it
with SIGKILL at a random moment (seeded: after a number of logged presses,
then a few milliseconds), reopens the store and checks
(``docs/playing.md``, "Nothing is lost"):

- every saved table is as the last check left it, except the one played,
  which is the table before the last announced press, or the table after it
  (the press replayed here on a copy of the table it announced, in a store
  in memory);
- the attempts are exactly the answers of the presses that happened, in
  order, each once: none for a press whose table was not saved, none twice;
  the board holds exactly the scores of the cash-outs that happened;
- chips are conserved over the whole history of each table, worked out here
  from the states the presses went through: the starting chips of every
  night plus the refills plus the settled nets equal the balance plus the
  chips on the table plus the scores cashed out; and the chip ledger the
  saved table keeps says the same.

Then the driver starts again on the same store, so the history grows.
"""

from __future__ import annotations

import itertools
import json
import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.store.board import Board
from bjtrainer.trainer.session import TableSession
from tests.trainer.chip_books import Books
from tests.trainer.sigkill_driver import (
    apply_press,
    clock_for,
    saved_form,
    table_rng,
)

DRIVER = Path(__file__).with_name("sigkill_driver.py")
TABLES = ("practice", "guide", "night", "home")


def kill_moment(rng: np.random.Generator) -> tuple[int, float]:
    """When to kill: after how many logged presses, then how many seconds more.

    Half the kills wait for no press and land within 50 ms of the fork, in
    the opening of the store and the first presses; the other half wait for
    1 to 30 logged presses and then up to 5 ms, inside a press (most of it
    the commit). Counting presses, not seconds, puts the kills in the same
    places on a loaded machine as on a quiet one.
    """
    if rng.random() < 0.5:
        return 0, float(rng.uniform(0, 0.05))
    return int(rng.integers(1, 31)), float(rng.uniform(0, 0.005))


def logged_presses(log_path: Path) -> int:
    """Complete lines of the child's log so far (each announces one press)."""
    try:
        return log_path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


@dataclass
class History:
    """What the store must hold: every saved table, answer and score that happened."""

    saved: dict[str, dict[str, Any] | None] = field(default_factory=lambda: dict.fromkeys(TABLES))
    answers: list[tuple[str, str, str]] = field(default_factory=list)  # rules id, spot, action
    books: dict[str, Books] = field(default_factory=dict)
    kills_after_commit: int = 0
    kills_before_commit: int = 0

    def happened(self, rules_id: str, line: dict[str, Any], after: dict[str, Any]) -> None:
        press, before = line["press"], line["before"]
        if press[0] == "play":
            self.answers.append((rules_id, line["spot"], press[1]))
        books = self.books.setdefault(rules_id, Books(starts=before["balance"]))
        books.enter(press, before, after)
        self.saved[rules_id] = after


def replay(
    copy: Store, rules_id: str, line: dict[str, Any]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The table after the announced press, and the answers it records, from a copy.

    The press is made again on the announced table, saved in the store
    ``copy`` (in memory) and opened there with ``TableSession.open``.
    """
    known = len(copy.attempts())
    copy.save_table(rules_id, line["before"])
    session = TableSession.open(copy, PRESETS[rules_id], table_rng(0), clock_for(line["run"]))
    assert saved_form(session) == line["before"]
    apply_press(session, line["press"])
    answers = [(attempt.spot_key, attempt.action.value) for attempt in copy.attempts()[known:]]
    return saved_form(session), answers


def check_after_kill(
    store_path: Path, run: Run, lines: list[dict[str, Any]], history: History, copy: Store
) -> None:
    """The store after one killed run agrees with the history; the history grows by the run.

    ``copy`` is a store in memory the last press is replayed in.
    """
    rules_id = run.rules_id
    if lines:
        first = lines[0]["before"]
        if history.saved[rules_id] is not None:
            assert first == history.saved[rules_id], "the restored table is not the saved one"
        else:  # a new table, shuffled by the run's seed
            fresh = Table(PRESETS[rules_id], table_rng(run.seed))
            assert first == fresh.to_state()
    for line, following in itertools.pairwise(lines):
        history.happened(rules_id, line, following["before"])
    with Store.open(store_path) as store:
        saved = {table: store.load_table(table) for table in TABLES}
        answers = [
            (attempt.rules_id, attempt.spot_key, attempt.action.value)
            for attempt in store.attempts()
        ]
        board = {table: Board(store).top(table, limit=10**6) for table in TABLES}
    if lines:
        # Before the last press the store held the table of the press before it
        # (or nothing, at a new table not yet saved).
        last, before = lines[-1], history.saved[rules_id]
        after, replayed = replay(copy, rules_id, last)
        if saved[rules_id] == after != before:
            history.happened(rules_id, last, after)
            history.kills_after_commit += 1
            if last["press"][0] == "play":
                assert replayed == [(last["spot"], last["press"][1])]
        else:
            assert saved[rules_id] == before, (
                f"after a kill during {last['press']} the saved table is neither the one "
                "before the press nor the one after it"
            )
            history.kills_before_commit += 1
    assert saved == history.saved, "a saved table is not the last one played"
    assert answers == history.answers, "the attempts are not the answers that happened"
    for table, entries in board.items():
        scores = sorted(entry.score for entry in entries)
        books = history.books.get(table)
        assert scores == sorted(books.cashed if books else [])
        state = saved[table]
        if books is not None and state is not None:
            books.check(state)


@dataclass(frozen=True)
class Run:
    """One start of the driver: its table, its seed, its number."""

    rules_id: str
    seed: int
    number: int


def reply(fd: int) -> dict[str, Any]:
    """One JSON line of the fork server, read a byte at a time (nothing left buffered)."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        assert byte, "the fork server ended"
        line += byte
    found: dict[str, Any] = json.loads(line)
    return found


@contextmanager
def fork_server() -> Iterator[subprocess.Popen[bytes]]:
    """The driver's fork server (``sigkill_driver.py --serve``), stopped at the end."""
    server = subprocess.Popen(
        [sys.executable, str(DRIVER), "--serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        bufsize=0,
    )
    try:
        yield server
    finally:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.close()  # the server ends; a child left running stops by itself
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stdout.close()


def kill_at_random(tmp_path: Path, kills: int, seed: int) -> History:
    """Start the driver ``kills`` times on one store, kill each at a random instant, check."""
    rng = np.random.default_rng(seed)
    store_path = tmp_path / "bjtrainer.db"
    history = History()
    with fork_server() as server, Store.memory() as copy:
        assert server.stdin is not None and server.stdout is not None
        for number in range(kills):
            run = Run(TABLES[int(rng.integers(len(TABLES)))], int(rng.integers(2**32)), number)
            log_path = tmp_path / f"run-{number}.jsonl"
            job = {"store": str(store_path), "rules_id": run.rules_id, "seed": run.seed}
            job |= {"run": number, "log": str(log_path)}
            server.stdin.write(json.dumps(job).encode() + b"\n")
            replies = server.stdout.fileno()
            pid = reply(replies)["pid"]
            # The child runs until killed: a reply before the kill is an error.
            presses, extra = kill_moment(rng)
            ended: list[int] = []
            while not ended and logged_presses(log_path) < presses:
                ended, _, _ = select.select([replies], [], [], 0.001)
            if not ended:
                ended, _, _ = select.select([replies], [], [], extra)
            if not ended:
                os.kill(pid, signal.SIGKILL)
            exit_code = reply(replies)["exit"]
            text = log_path.read_text(encoding="utf-8") if log_path.exists() else ""
            # A line not ended was being written: its press never started.
            lines = [
                json.loads(row) for row in text.splitlines(keepends=True) if row.endswith("\n")
            ]
            errors = [line["error"] for line in lines if "error" in line]
            assert not errors, errors[0]
            assert exit_code == -signal.SIGKILL
            check_after_kill(store_path, run, lines, history, copy)
    return history


def test_twenty_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    history = kill_at_random(tmp_path, 20, seed=10)
    # The history grew: answers were stored and tables saved across the kills.
    assert history.answers
    assert history.kills_after_commit + history.kills_before_commit > 0


@pytest.mark.slow
def test_two_hundred_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    history = kill_at_random(tmp_path, 200, seed=11)
    assert len(history.answers) > 100
    assert history.kills_after_commit + history.kills_before_commit > 0
