"""Two app windows on one data folder, and a store another window keeps locked.

``docs/playing.md``, "Two windows": a key pressed in a window whose table
was played in the other window since is not applied; the window shows the
newer table with the notice "This table was played in another window:
reloaded." A store still locked after the busy timeout gives a notice, the
table stays as it was, and the same key works once the lock is gone; the
app never stops with a traceback.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bjtrainer.engine.round import Phase
from bjtrainer.store import Store
from bjtrainer.trainer.session import RELOADED_NOTICE
from bjtrainer.tui.widgets.hand_view import HandsRow
from tests.tui.tui_support import SIZE, AppFactory, notices

# T,6 v T (hole 7); a hit draws the 5: 21.
CARDS = ["TS", "TH", "6D", "7C", "5C", "9D", "4H", "8S"]
OTHER = ["2S", "3H", "4D", "5C", "6S", "7H", "8D", "9C"]


def hand_codes(app: object) -> list[str]:
    pictures = app.screen.query_one(HandsRow).pictures  # type: ignore[attr-defined]
    return [card.code for card in pictures[0].cards] if pictures else []


@pytest.mark.slow
async def test_a_key_in_the_stale_window_reloads_the_table_and_is_not_applied(
    build_app: AppFactory, store_path: Path
) -> None:
    with Store.open(store_path) as first, Store.open(store_path) as second:
        left, right = build_app(CARDS, on=first), build_app(OTHER, on=second, seed=9)
        async with left.run_test(size=SIZE) as one, right.run_test(size=SIZE) as two:
            await one.press("enter")  # the left window deals T,6 v T
            assert hand_codes(left) == ["TS", "6D"]
            await two.press("enter")  # the right window's deal: its table is stale
            assert notices(right)[-1] == RELOADED_NOTICE
            assert hand_codes(right) == ["TS", "6D"]  # the left window's hand, not 2,4
            assert right.session.table.to_state() == left.session.table.to_state()
            await two.press("h")  # on the reloaded table: 21, the round settles
            round_ = right.session.table.round
            assert round_ is not None and round_.phase is Phase.SETTLED
            await one.press("s")  # the left window's stand is for a hand already played
            assert notices(left)[-1] == RELOADED_NOTICE
            assert left.session.table.to_state() == right.session.table.to_state()
            assert [attempt.action.value for attempt in first.attempts()] == ["hit"]
            assert first.load_table("practice") == left.session.table.to_state()


@pytest.mark.slow
async def test_a_store_locked_past_the_timeout_gives_a_notice_and_the_key_works_again(
    build_app: AppFactory, store_path: Path
) -> None:
    with Store.open(store_path) as store:
        app = build_app(CARDS, on=store)
        async with app.run_test(size=SIZE) as pilot:
            store.db.execute("PRAGMA busy_timeout = 20")  # instead of 5 s
            other = sqlite3.connect(store_path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")  # another window is writing
            try:
                await pilot.press("enter")
                (notice,) = notices(app)
                assert notice == (
                    f"The bjtrainer store {store_path} is busy: another bjtrainer window or "
                    "command kept it locked for 5 s. Nothing was changed; try again."
                )
                assert app.session.table.round is None and hand_codes(app) == []
            finally:
                other.close()
            await pilot.press("enter")  # the same key, once the lock is gone
            assert hand_codes(app) == ["TS", "6D"]
            assert store.load_table("practice") == app.session.table.to_state()
            assert app.is_running
