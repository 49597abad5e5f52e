"""Settings and the saved table (``docs/playing.md``, "Nothing is lost": the table comes
back after a restart)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import bjtrainer
from bjtrainer.store import Store


def test_setting_default_set_and_replace(store: Store) -> None:
    assert store.get_setting("card_design") is None
    assert store.get_setting("card_design", "classic") == "classic"
    store.set_setting("card_design", "large")
    assert store.get_setting("card_design") == "large"
    store.set_setting("card_design", "four-colour")
    assert store.get_setting("card_design", "classic") == "four-colour"
    assert store.db.table("settings").count == 1


def test_saved_table_round_trips_and_survives_reopen(tmp_path: Path) -> None:
    state = {
        "rules": {"id": "practice", "decks": 6},
        "balance": 985,
        "bet": 15,
        "shoe": {"order": ["TS", "6H", "AC"], "position": 2},
        "actions": [["split", None], ["double", 30]],
        "ratio": 1.5,
    }
    store = Store.open(tmp_path / "s.db")
    assert store.load_table("practice") is None
    store.save_table("practice", state)
    assert store.load_table("practice") == state
    store.close()
    with Store.open(tmp_path / "s.db") as reopened:
        assert reopened.load_table("practice") == state


def test_one_row_per_rules_id_and_tables_kept_apart(store: Store) -> None:
    store.save_table("practice", {"balance": 1000})
    store.save_table("night", {"balance": 500})
    store.save_table("practice", {"balance": 990})
    assert store.db.table("saved_tables").count == 2
    assert store.load_table("practice") == {"balance": 990}
    assert store.load_table("night") == {"balance": 500}


def test_a_state_that_is_not_json_leaves_the_saved_table_untouched(store: Store) -> None:
    store.save_table("practice", {"balance": 1000})
    with pytest.raises(TypeError):
        store.save_table("practice", {"balance": object()})
    with pytest.raises(ValueError):
        store.save_table("practice", {"balance": float("nan")})
    assert store.load_table("practice") == {"balance": 1000}


SAVE_FOREVER = """
import sys
from pathlib import Path
from bjtrainer.store import Store

store = Store.open(Path(sys.argv[1]))
n = 0
while True:
    store.save_table("practice", {"n": n, "cards": [n] * 2000})
    print(n, flush=True)
    n += 1
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_while_saving_leaves_a_whole_state(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    src = str(Path(bjtrainer.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with subprocess.Popen(
        [sys.executable, "-c", SAVE_FOREVER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    ) as child:
        assert child.stdout is not None
        last = -1
        while last < 50:  # 51 committed saves, then kill -9 in the middle of the next ones
            last = int(child.stdout.readline())
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL

    with Store.open(path) as reopened:
        state = reopened.load_table("practice")
    assert state is not None
    assert state["n"] >= last
    assert state["cards"] == [state["n"]] * 2000


def test_two_open_windows_both_keep_their_writes(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with Store.open(path) as first, Store.open(path) as second:
        first.save_table("practice", {"window": 1})
        second.set_setting("card_design", "large")
        second.save_table("night", {"window": 2})
        first.set_setting("keys", "vim")
        assert second.load_table("practice") == {"window": 1}
        assert first.get_setting("card_design") == "large"
    with Store.open(path) as reopened:
        assert reopened.load_table("night") == {"window": 2}
        assert reopened.get_setting("keys") == "vim"
