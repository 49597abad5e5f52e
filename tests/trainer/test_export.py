"""``bjtrainer export`` against a store filled by a scripted session (docs/export.md).

A seeded session plays table rounds (some answers after a Hint), a focused
set with misses and retries, and a daily five, at two tables and over two
local dates; every grade is written down as it is given. The export, read
back (CSV with Python's csv module, JSON with json), must hold one row per
graded answer and per settled round, and every column must equal what the
grading said or what the round did (wagers summed from the round's own
action records, the net from the balance before the deal and after).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bjtrainer.cli import main
from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.round import Phase
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.export import (
    DECISION_COLUMNS,
    EV_COLUMNS,
    ROUND_COLUMNS,
    decision_rows,
    export_to_folder,
    round_rows_of,
    write_csv,
    write_json,
)
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.trainer.session import TableSession
from tests.trainer.practice.practice_support import NOON

PRACTICE, NIGHT = PRESETS["practice"], PRESETS["night"]
DAY_ONE, DAY_TWO = NOON.date().isoformat(), (NOON + timedelta(days=1)).date().isoformat()


@dataclass
class Script:
    """What the scripted session graded and settled, in the order it happened."""

    decisions: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)


def _legal_words(actions: frozenset[Action]) -> str:
    order = list(EV_COLUMNS)  # the display order
    return " ".join(action.value for action in sorted(actions, key=order.index))


def _expected_decision(
    clock: ManualClock, rules: Rules, spot: Any, grade: Any, kind: str, run: dict[str, Any]
) -> dict[str, Any]:
    row = {
        "time": clock().isoformat(),
        "local_date": clock().date().isoformat(),
        "rules_id": rules.id,
        "spot": spot.key,
        "cards": " ".join(spot.cards),
        "up": spot.up,
        "split_hand": spot.split_hand,
        "legal": _legal_words(spot.legal),
        "action": grade.action.value,
        "best": grade.best.value,
        "ev_lost": grade.ev_lost,
        "accepted": grade.accepted,
        "kind": kind,
        **run,
    }
    for action, column in EV_COLUMNS.items():
        row[column] = grade.evs.get(action)
    return row


def _play_table(
    script: Script,
    store: Store,
    rules: Rules,
    clock: ManualClock,
    seed: int,
    rounds: int,
    shoe: Shoe | None = None,
) -> None:
    """Play ``rounds`` rounds with seeded random legal actions (a pair is split), a Hint
    before some."""
    choose = np.random.default_rng(500 + seed)
    session = TableSession.open(store, rules, np.random.default_rng(seed), clock, shoe=shoe)
    run = {"run": "table", "run_id": None, "topic": None, "position": None}
    for _ in range(rounds):
        if session.table.can_refill():
            session.refill()
        if not session.table.can_deal():
            break
        balance_before = session.table.balance
        round_ = session.deal()
        while round_.phase is not Phase.SETTLED:
            clock.advance(timedelta(seconds=7))
            spot = session.coach.spot(round_)
            assert spot is not None
            assert spot.legal == round_.legal_actions()  # what the export's legal column shows
            hinted = bool(choose.integers(4) == 0)
            if hinted:
                session.hint()
            legal = sorted(round_.legal_actions())
            pick = legal[int(choose.integers(len(legal)))]
            grade = session.play(Action.SPLIT if Action.SPLIT in legal else pick)
            kind = "after_hint" if hinted else "first"
            script.decisions.append(_expected_decision(clock, rules, spot, grade, kind, run))
        result = round_.result
        assert result is not None
        extra = sum(record.amount or 0 for record in round_.history)
        script.rounds.append(
            {
                "time": clock().isoformat(),
                "local_date": clock().date().isoformat(),
                "rules_id": rules.id,
                "bet": round_.bet,
                "wagered": round_.bet + extra,
                "net": session.table.balance - balance_before,
                "hand_nets": list(result.hand_nets),
                "insurance_net": result.insurance_net,
                "outcomes": [outcome.value for outcome in result.outcomes],
                "player_cards": [" ".join(c.rank for c in hand.cards) for hand in round_.hands],
                "dealer_cards": " ".join(card.rank for card in round_.dealer_cards),
                "dealer_total": result.dealer_total,
                "balance_after": session.table.balance,
            }
        )


def _play_set(script: Script, practice: Practice, clock: ManualClock, daily: bool) -> None:
    """A focused set (or the daily five): a miss then the best play at some decisions."""
    choose = np.random.default_rng(77)
    practice_set = practice.start_daily() if daily else practice.start_focus(Topic.HARD)
    run_kind, topic = ("daily", None) if daily else ("focus", "hard")
    while True:
        pending = practice_set.pending
        if pending is None:
            if not practice_set.next_spot():
                return
            continue
        clock.advance(timedelta(seconds=5))
        evs = practice_set.coach.evs(pending.spot)
        if pending.first_answer and choose.integers(5) == 0:
            practice_set.hint_lines()
        if pending.first_answer and choose.integers(3) == 0:
            action = min(evs, key=evs.__getitem__)  # likely a miss: the retry follows
        else:
            action = max(evs, key=evs.__getitem__)
        outcome = practice_set.answer(action, token=pending.token)
        run = {
            "run": run_kind,
            "run_id": practice_set.run_id,
            "topic": topic,
            "position": pending.position,
        }
        script.decisions.append(
            _expected_decision(
                clock, practice.rules, pending.spot, outcome.grade, outcome.kind.value, run
            )
        )


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Script]]:
    """A store file filled by the scripted session, and what it graded."""
    path = tmp_path_factory.mktemp("export") / "bjtrainer.db"
    script = Script()
    clock = ManualClock(NOON)
    with Store.open(path) as store:
        eights = Shoe.stacked(PRACTICE, ["8S", "6H", "8D", "TC"], np.random.default_rng(3))
        _play_table(script, store, PRACTICE, clock, seed=3, rounds=14, shoe=eights)
        practice = Practice(store, PRACTICE, clock, np.random.default_rng(11))
        _play_set(script, practice, clock, daily=False)
        clock.advance(timedelta(days=1))
        _play_set(script, practice, clock, daily=True)
        _play_table(script, store, NIGHT, clock, seed=4, rounds=10)
        _play_table(script, store, PRACTICE, clock, seed=5, rounds=6)
    yield path, script


def _compare(rows: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    assert len(rows) == len(expected)
    assert [row["id"] for row in rows] == sorted(row["id"] for row in rows)
    for row, want in zip(rows, expected, strict=True):
        assert {name: row[name] for name in want} == want


def _read(path: Path) -> str:
    with path.open(encoding="utf-8", newline="") as text:
        return text.read()


def _from_csv(text: str, columns: tuple[str, ...]) -> list[dict[str, Any]]:
    """Read an export back with the csv module, typing each cell as docs/export.md says."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    assert tuple(reader.fieldnames or ()) == columns
    floats = {"ev_lost", *EV_COLUMNS.values()}
    ints = {"id", "run_id", "position", "bet", "wagered", "net", "insurance_net"}
    ints |= {"dealer_total", "balance_after"}
    lists = {"hand_nets", "outcomes", "player_cards"}
    rows = []
    for raw in reader:
        row: dict[str, Any] = {}
        for name, cell in raw.items():
            value: Any = cell
            if cell == "":
                value = None
            elif name in floats:
                value = float(cell)
            elif name in ints:
                value = int(cell)
            elif name in {"split_hand", "accepted"}:
                assert cell in ("true", "false")
                value = cell == "true"
            elif name in lists:
                value = cell.split(" | ")
                if name == "hand_nets":
                    value = [int(item) for item in value]
            row[name] = value
        rows.append(row)
    return rows


def test_every_decision_is_exported_with_the_values_it_was_graded_with(
    filled: tuple[Path, Script],
) -> None:
    path, script = filled
    kinds = {row["kind"] for row in script.decisions}
    assert kinds == {"first", "after_hint", "retry"}  # the script gave every kind
    assert {row["run"] for row in script.decisions} == {"table", "focus", "daily"}
    with Store.open(path) as store:
        rows = list(decision_rows(store))
        out = io.StringIO(newline="")
        count = write_csv(decision_rows(store), DECISION_COLUMNS, out)
        as_json = io.StringIO()
        write_json(decision_rows(store), DECISION_COLUMNS, as_json)
    assert count == len(script.decisions)
    _compare(rows, script.decisions)
    _compare(_from_csv(out.getvalue(), DECISION_COLUMNS), script.decisions)
    _compare(json.loads(as_json.getvalue()), script.decisions)
    for row in rows:  # an EV column is empty exactly where the action was not legal
        legal = set(row["legal"].split())
        assert {action.value for action, c in EV_COLUMNS.items() if row[c] is not None} == legal
        assert row["ev_lost"] == pytest.approx(
            row[f"ev_{row['best']}"] - row[f"ev_{row['action']}"], abs=1e-12
        )


def test_every_settled_table_round_is_exported(filled: tuple[Path, Script]) -> None:
    path, script = filled
    assert any(len(row["hand_nets"]) > 1 for row in script.rounds)  # a split was played
    assert any(row["wagered"] > row["bet"] for row in script.rounds)
    with Store.open(path) as store:
        rows = list(round_rows_of(store))
        out = io.StringIO(newline="")
        write_csv(round_rows_of(store), ROUND_COLUMNS, out)
    _compare(rows, script.rounds)
    back = _from_csv(out.getvalue(), ROUND_COLUMNS)
    for row in back:  # a one-item list reads back as a one-item list
        row["outcomes"] = list(row["outcomes"])
    _compare(back, script.rounds)


def _cli(monkeypatch: pytest.MonkeyPatch, path: Path, *argv: str) -> int:
    monkeypatch.setenv("BJTRAINER_HOME", str(path.parent))
    return main(["export", *argv])


def test_the_command_filters_by_table_and_date(
    filled: tuple[Path, Script],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    path, script = filled
    cases = [
        ((), script.decisions),
        (("--rules", "all"), script.decisions),
        (("--rules", "night"), [r for r in script.decisions if r["rules_id"] == "night"]),
        (("--since", DAY_TWO), [r for r in script.decisions if r["local_date"] >= DAY_TWO]),
        (
            ("--rules", "practice", "--since", DAY_TWO),
            [
                r
                for r in script.decisions
                if r["rules_id"] == "practice" and r["local_date"] >= DAY_TWO
            ],
        ),
    ]
    for argv, expected in cases:
        assert _cli(monkeypatch, path, "--format", "json", *argv) == 0
        rows = json.loads(capsys.readouterr().out)
        assert 0 < len(rows) < len(script.decisions) or argv in ((), ("--rules", "all"))
        _compare(rows, expected)
    target = tmp_path / "mine.csv"
    assert _cli(monkeypatch, path, "--what", "rounds", "--since", DAY_ONE, "-o", str(target)) == 0
    assert capsys.readouterr().out == ""
    _compare(_from_csv(_read(target), ROUND_COLUMNS), script.rounds)
    assert [p.name for p in tmp_path.iterdir()] == ["mine.csv"]  # no temporary file left


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--since", "2026-13-01"), "--since '2026-13-01' is not a date"),
        (("--since", "yesterday"), "YYYY-MM-DD"),
        (("--rules", "nosuch"), "No table 'nosuch'"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(
    argv: tuple[str, ...],
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.csv"
    assert _cli(monkeypatch, tmp_path / "bjtrainer.db", *argv, "-o", str(target)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and words in captured.err
    assert not target.exists()


def test_a_failed_write_leaves_the_earlier_file(
    filled: tuple[Path, Script], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path, _ = filled
    target = tmp_path / "kept.csv"
    target.write_text("earlier\n")

    def broken(*args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("bjtrainer.trainer.export.write_rows", broken)
    assert _cli(monkeypatch, path, "-o", str(target)) == 2
    assert target.read_text() == "earlier\n"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.csv"]


def test_export_to_folder_names_the_file_by_table_and_time(
    filled: tuple[Path, Script], tmp_path: Path
) -> None:
    path, script = filled
    with Store.open(path) as store:
        written, count = export_to_folder(store, tmp_path, NOON, rules_id="night")
    assert written.name == "bjtrainer-decisions-night-20261129T120000.csv"
    night = [row for row in script.decisions if row["rules_id"] == "night"]
    assert count == len(night)
    _compare(_from_csv(_read(written), DECISION_COLUMNS), night)


def test_a_table_id_found_only_in_the_store_is_exported(
    filled: tuple[Path, Script],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """A custom table whose rules file is gone: ``--rules`` takes its id as stored."""
    _, script = filled
    path = tmp_path / "bjtrainer.db"
    with Store.open(filled[0]) as source:
        attempt = source.attempts("night")[0]
    with Store.open(path) as store:
        store.record_attempts([replace(attempt, rules_id="mine", token="mine/1")])
    assert _cli(monkeypatch, path, "--rules", "mine", "--format", "json") == 0
    (row,) = json.loads(capsys.readouterr().out)
    first_night = next(r for r in script.decisions if r["rules_id"] == "night")
    assert row["rules_id"] == "mine" and row["spot"] == first_night["spot"]
    assert row["ev_lost"] == first_night["ev_lost"]
