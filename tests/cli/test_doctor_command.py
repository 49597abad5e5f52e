"""``bjtrainer doctor`` checks the store without writing; ``--reset`` moves a broken one aside.

``docs/playing.md``, "A store that cannot be opened".
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from bjtrainer.cli import main
from bjtrainer.paths import store_path
from bjtrainer.store import Store
from tests.store.broken_stores import BROKEN, folder_listing, make_good_store


def _applied(path: Path) -> list[str]:
    conn = sqlite3.connect(path)  # only reads; closing it leaves no -wal behind
    names = [row[0] for row in conn.execute("select name from _sqlite_migrations order by id")]
    conn.close()
    return names


def test_no_store_yet_is_healthy_and_nothing_is_created(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "no store yet" in out
    assert not store_path().exists()


def test_a_healthy_store_is_reported_line_by_line_and_left_as_it_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = store_path()
    make_good_store(path)
    applied = _applied(path)
    before = folder_listing(path)
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Store: {path} ({path.stat().st_size:,} bytes)"
    assert "ok      integrity_check: ok" in out
    assert f"ok      migrations: {len(applied)} applied, all known to this version " in "\n".join(
        out
    )
    assert f"(latest {applied[-1]})" in "\n".join(out)
    assert "ok      saved tables: 1 restorable (practice)" in out
    assert out[-1] == "The store is healthy."
    assert folder_listing(path) == before


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_store_is_a_problem_with_status_1_and_left_as_it_was(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    write, says = BROKEN[kind]
    path = store_path()
    write(path)
    before = folder_listing(path)
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"^problem .*{re.escape(says)}", out, re.MULTILINE)
    assert "`bjtrainer doctor --reset` moves it aside" in out.splitlines()[-1]
    assert folder_listing(path) == before


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_reset_moves_a_broken_store_aside_and_starts_a_new_one(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    write, _ = BROKEN[kind]
    path = store_path()
    write(path)
    broken = path.read_bytes()
    assert main(["doctor", "--reset"]) == 0
    out = capsys.readouterr().out.splitlines()
    moved = re.fullmatch(
        r"Moved the broken store to (.+); a new store was started at (.+)\.", out[-1]
    )
    assert moved is not None and moved[2] == str(path)
    aside = Path(moved[1])
    assert aside.parent == path.parent
    assert re.fullmatch(r"bjtrainer\.db\.broken-\d{8}T\d{6}", aside.name)
    assert aside.read_bytes() == broken  # kept, byte for byte
    with Store.open(path) as fresh:
        assert fresh.load_table("practice") is None
    assert main(["doctor"]) == 0


def test_reset_takes_the_wal_along_and_never_overwrites_an_earlier_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = store_path()
    path.write_bytes(b"")
    Path(f"{path}-wal").write_bytes(b"some log")
    assert main(["doctor", "--reset"]) == 0
    path.write_bytes(b"not sqlite")
    assert main(["doctor", "--reset"]) == 0
    out = capsys.readouterr().out
    first, second = re.findall(r"Moved the broken store to (\S+);", out)
    assert Path(first).read_bytes() == b"" and Path(f"{first}-wal").read_bytes() == b"some log"
    assert Path(second).read_bytes() == b"not sqlite"
    assert first != second and not Path(f"{path}-wal").exists()


def test_reset_refuses_a_store_that_opens_and_moves_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = store_path()
    make_good_store(path)
    before = folder_listing(path)
    assert main(["doctor", "--reset"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"bjtrainer: error: The bjtrainer store {path} opens: --reset")
    assert folder_listing(path) == before


def test_a_saved_table_that_cannot_be_restored_is_a_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = store_path()
    make_good_store(path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "insert into saved_tables (rules_id, state) values ('night', '{\"format\": 99}')"
        )
        conn.execute(
            "insert into saved_tables (rules_id, state) "
            "values ('guide.unrestorable-20250101T000000', 'not json')"
        )
    conn.close()
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "ok      saved tables: 1 restorable (practice)" in out
    assert any(
        line.startswith("problem the saved 'night' table cannot be restored") for line in out
    )
    assert "note    kept aside earlier by the app: guide.unrestorable-20250101T000000" in out
    assert out[-1] == "1 problem found: see above."


def test_an_older_store_is_healthy_with_its_migrations_pending_and_not_applied(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from sqlite_utils import Database

    from bjtrainer.store.migrations import MIGRATIONS

    path = store_path()
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m002_create_decisions")
    db.close()
    before = folder_listing(path)
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "migrations not applied yet (m002_create_decisions," in out
    assert "the app applies them at its next start" in out
    assert folder_listing(path) == before
    assert _applied(path) == ["m001_create_settings_and_tables"]
