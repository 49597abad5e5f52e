"""A scripted table session that plays until it is killed (the SIGKILL test's child).

Run as a script::

    python tests/trainer/sigkill_driver.py STORE RULES_ID SEED RUN

it opens the store file ``STORE``, opens the table ``RULES_ID`` (a preset)
through :meth:`TableSession.open`, and presses keys chosen by a numpy
Generator seeded with ``SEED`` until it is killed. Before each key press it
writes one JSON line to stdout and flushes it::

    {"run": RUN, "n": 0, "press": ["play", "hit", null], "spot": "...",
     "before": {...the saved form of the table before the press...}}

``press`` is one of ``["deal"]``, ``["play", action, amount or null]``,
``["bet", chips]``, ``["chip", chip]``, ``["clear"]``, ``["repeat", bool]``,
``["refill"]``, ``["hint"]``, ``["why"]``, ``["cash_out", name]``; ``spot``
is the key of the decision a ``play`` answers (``null`` otherwise).

With ``--serve`` it is a fork server (:func:`serve`): it imports all once
and forks one child per request, so a start costs milliseconds, not the
interpreter's start. The test (``tests/trainer/test_sigkill.py``) kills
those children and replays the last announced press with
:func:`apply_press` on a copy of the table it announced, to know the state
after it. Tests import this file by name: ``tests/`` has no packages.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NoReturn, TextIO

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.trainer.session import TableSession

#: One key press, as announced: ``[kind, *arguments]`` (see the module).
Press = list[Any]

#: The name a cash-out enters on the board.
BOARD_NAME = "CRASH"


def clock_for(run: int) -> Callable[[], datetime]:
    """A clock of run ``run``: noon UTC on 2025-03-01 plus ``run`` hours, 1 ms a call.

    Every run has its own hour, so answers of two runs never share a time.
    """
    base = datetime(2025, 3, 1, 12, tzinfo=UTC) + timedelta(hours=run)
    ticks = itertools.count()
    return lambda: base + timedelta(milliseconds=next(ticks))


def table_rng(seed: int) -> np.random.Generator:
    """The generator a new table of a run with ``seed`` shuffles with."""
    return np.random.default_rng([seed, 1])


def choose(session: TableSession, rng: np.random.Generator) -> Press:
    """A key press allowed now, drawn with weights from ``rng``.

    In a round: every legal answer (an insurance amount drawn between the
    limits where the stake is a choice), now and then a Hint or Why.
    Between rounds: mostly a deal; a refill when it is allowed; a bet
    (often all the balance, so refills and the end of a night come), chips,
    CLEAR and the Repeat box where the table has them; CASH OUT when the
    night is over, rarely before.
    """
    table = session.table
    options: list[tuple[float, Press]] = []
    round_ = table.round
    if round_ is not None and session.in_play:
        for action in sorted(round_.legal_actions()):
            amount: int | None = None
            if action is Action.INSURANCE and session.insurance_choice:
                low, high = round_.insurance_limits()
                amount = int(rng.integers(low, high + 1))
            options.append((3.0, ["play", action.value, amount]))
        options += [(0.3, ["hint"]), (0.2, ["why"])]
    else:
        if table.can_deal():
            options.append((6.0, ["deal"]))
        if table.can_refill():
            options.append((4.0, ["refill"]))
        if table.can_cash_out():
            options.append((8.0 if table.night_over else 0.05, ["cash_out", BOARD_NAME]))
        if session.chips:
            options += [(0.7, ["chip", chip]) for chip in session.chips if table.can_add_chip(chip)]
        elif table.bet_chooser_problem() is None:
            low, high, step = table.bet_limits()
            amount = high if rng.random() < 0.3 else low + step * int(rng.integers(0, 5))
            options.append((1.0, ["bet", min(amount, high)]))
        if table.can_clear_bet():
            options.append((0.4, ["clear"]))
        if table.can_set_repeat_bet():
            options.append((0.4, ["repeat", not table.repeat_bet]))
    if not options:
        raise AssertionError(f"No key press is allowed at {table!r}.")
    weights = np.array([weight for weight, _ in options])
    index = int(rng.choice(len(options), p=weights / weights.sum()))
    return options[index][1]


def apply_press(session: TableSession, press: Press) -> None:
    """Press the key ``press`` at ``session``, through the session's own methods."""
    kind, *args = press
    if kind == "deal":
        session.deal()
    elif kind == "play":
        session.play(Action(args[0]), args[1])
    elif kind == "bet":
        session.set_bet(args[0])
    elif kind == "chip":
        session.add_chip(args[0])
    elif kind == "clear":
        session.clear_bet()
    elif kind == "repeat":
        session.set_repeat_bet(args[0])
    elif kind == "refill":
        session.refill()
    elif kind == "hint":
        session.hint()
    elif kind == "why":
        session.why()
    elif kind == "cash_out":
        session.cash_out(args[0])
    else:
        raise ValueError(f"Not a key press: {press!r}.")


def saved_form(session: TableSession) -> dict[str, Any]:
    """The table as the session saves it (``Table.to_state()`` and the session's marks)."""
    return session._state()


def spot_key(session: TableSession) -> str | None:
    """The key of the decision pending now, or ``None``."""
    round_ = session.table.round
    spot = session.coach.spot(round_) if round_ is not None and session.in_play else None
    return None if spot is None else spot.key


def play(
    store_path: Path,
    rules_id: str,
    seed: int,
    run: int,
    out: TextIO,
    wanted: Callable[[], bool] = lambda: True,
) -> None:
    """Open the store and the table and press keys until killed, an error, or not ``wanted``."""
    rng = np.random.default_rng(seed)
    with Store.open(store_path) as store:
        session = TableSession.open(store, PRESETS[rules_id], table_rng(seed), clock_for(run))
        for n in itertools.count():
            if not wanted():
                return
            press = choose(session, rng)
            spot = spot_key(session) if press[0] == "play" else None
            line = {"run": run, "n": n, "press": press, "spot": spot, "before": saved_form(session)}
            out.write(json.dumps(line) + "\n")
            out.flush()
            apply_press(session, press)


def serve(requests: TextIO, replies: TextIO) -> None:
    """Fork one :func:`play` child per request line, until ``requests`` ends.

    A request is a JSON line ``{"store": path, "rules_id": id, "seed": int,
    "run": int, "log": path}``. The child's stdout is the file ``log``; an
    error it meets is written there as a line ``{"error": traceback}``. The
    server replies ``{"pid": pid}`` at once and ``{"exit": code}`` once the
    child is gone (``-9`` when SIGKILL ended it), so the pid cannot be
    reused before the caller knows the child ended.
    """
    _warm_up()
    for request in requests:
        job = json.loads(request)
        replies.flush()
        pid = os.fork()
        if pid == 0:
            _child(job)
        replies.write(json.dumps({"pid": pid}) + "\n")
        replies.flush()
        _, status = os.waitpid(pid, 0)
        replies.write(json.dumps({"exit": os.waitstatus_to_exitcode(status)}) + "\n")
        replies.flush()


def _warm_up() -> None:
    """Play each table a little in a store in memory, so every child starts warm.

    The first deal and answer of a process fill the engine's and the
    coach's caches (tens of milliseconds); forked children inherit them.
    """
    rng = np.random.default_rng(0)
    for rules in PRESETS.values():
        with Store.memory() as store:
            session = TableSession.open(store, rules, table_rng(0), clock_for(0))
            for _ in range(20):
                apply_press(session, choose(session, rng))


def _child(job: dict[str, Any]) -> NoReturn:
    """In the forked child: stdout to the log, :func:`play`; never returns.

    It stops by itself once the server is gone (it is then no one's child).
    """
    code = 1
    server = os.getppid()
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        log = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(log, 1)
        out = os.fdopen(1, "w", encoding="utf-8", closefd=False)
        try:
            path, rules_id, seed, run = Path(job["store"]), job["rules_id"], job["seed"], job["run"]
            play(path, rules_id, seed, run, out, lambda: os.getppid() == server)
        except BaseException:
            out.write(json.dumps({"error": traceback.format_exc()}) + "\n")
            out.flush()
        else:
            code = 0
    finally:
        os._exit(code)


def main(argv: list[str]) -> None:
    """``STORE RULES_ID SEED RUN``: :func:`play` to stdout; ``--serve``: :func:`serve`."""
    if argv == ["--serve"]:
        serve(sys.stdin, sys.stdout)
        return
    store_path, rules_id, seed, run = argv
    play(Path(store_path), rules_id, int(seed), int(run), sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
