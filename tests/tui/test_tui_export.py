"""The stats screen's Export (Ctrl+E): this table's graded decisions as CSV in the data folder.

``docs/export.md``, "From the app". A focused set is answered through the
practice core (some answers wrong, so retries are stored too); the file the
screen writes, read back with the csv module, holds one row per answer given,
and the notice names it.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from bjtrainer.store import Store
from bjtrainer.trainer.clock import ManualClock
from bjtrainer.trainer.practice.modes import Practice
from bjtrainer.trainer.practice.topics import Topic
from bjtrainer.tui.screens.stats import StatsScreen
from tests.tui.practice_tui_support import NOON, PRACTICE, decision_evs, practice_app
from tests.tui.tui_support import SIZE, notices


def answer_a_set(practice: Practice) -> list[tuple[str, str, bool]]:
    """A focused set, the first two decisions answered with the worst play (then retried).

    Returns (spot key, action, accepted) of every answer, in order.
    """
    practice_set = practice.start_focus(Topic.PAIRS)
    given: list[tuple[str, str, bool]] = []
    while True:
        pending = practice_set.pending
        if pending is None:
            if not practice_set.next_spot():
                return given
            continue
        evs = decision_evs(PRACTICE, pending)
        worst = len(given) < 2 and pending.first_answer
        action = (min if worst else max)(evs, key=evs.__getitem__)
        outcome = practice_set.answer(action, token=pending.token)
        given.append((pending.spot.key, action.value, outcome.grade.accepted))


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as text:
        return list(csv.DictReader(text))


@pytest.mark.slow
@pytest.mark.parametrize("on_file", [False, True], ids=["memory", "file"])
async def test_ctrl_e_writes_the_csv_and_names_it(
    on_file: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("BJTRAINER_HOME", str(home))
    store = Store.open(tmp_path / "bjtrainer.db") if on_file else Store.memory()
    clock = ManualClock(NOON)
    given = answer_a_set(Practice(store, PRACTICE, clock, np.random.default_rng(5)))
    assert any(not accepted for _, _, accepted in given)  # a miss, and so a retry
    app = practice_app(store, clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "0")
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("ctrl+e")
        await app.workers.wait_for_complete()
        await pilot.pause()
        (written,) = home.glob("bjtrainer-decisions-practice-*.csv")
        assert written.name == "bjtrainer-decisions-practice-20261129T120000.csv"
        shown = notices(app)[-1]
        assert shown == f"Exported {len(given)} graded decisions to {written}"
        assert isinstance(app.screen, StatsScreen)  # the screen stays
    store.close()
    rows = read_rows(written)
    assert [(r["spot"], r["action"], r["accepted"] == "true") for r in rows] == given
    assert {row["run"] for row in rows} == {"focus"}
    assert [row["kind"] for row in rows].count("retry") >= 1
