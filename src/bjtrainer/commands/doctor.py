"""``bjtrainer doctor``: check the store, and with ``--reset`` move a broken one aside.

What is checked and what ``--reset`` does: docs/playing.md, "A store that
cannot be opened". The check reads the file from a read-only connection and
never writes to it.

Exit status: 0 when the store is healthy (or not created yet), 1 when the
report lists a problem, 2 when ``--reset`` is refused or fails.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bjtrainer.commands import OnceFlag

#: Exit status of a report that lists a problem.
EXIT_PROBLEM = 1


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``doctor`` and its options."""
    doctor = commands.add_parser(
        "doctor",
        help="check the store file (and move a broken one aside with --reset)",
        description="Check the local store without writing to it: that it is an SQLite "
        "database, PRAGMA integrity_check, the migrations applied and known to this "
        "version, and that every saved table can be restored. Exit status 0 when healthy, "
        "1 when a problem is found.",
    )
    doctor.add_argument(
        "--reset",
        action=OnceFlag,
        help="move a store that cannot be opened aside (to a named file next to it) "
        "and start a new one",
    )


@dataclass(frozen=True)
class Finding:
    """One line of the report: ``ok``, ``note`` (nothing to do) or ``problem``."""

    level: str
    text: str

    def line(self) -> str:
        """The line as printed: the level in a column of 8, then the text."""
        return f"{self.level:<8}{self.text}"


def findings(path: Path) -> tuple[list[Finding], bool]:
    """The report on the store at ``path`` and whether bjtrainer refuses to open it.

    Returns
    -------
    (list of Finding, bool)
        The report's lines in order; True when the file is broken, foreign
        or newer (what ``--reset`` moves aside).
    """
    from bjtrainer.store.health import diagnose, known_migrations

    found = diagnose(path)
    if not found.exists:
        if not found.writable:
            note = (
                "no store yet, and the data folder is read-only: the app plays, but saves nothing"
            )
            return [Finding("problem", note)], False
        return [Finding("ok", "no store yet: bjtrainer creates it at the first start")], False
    if found.problem is not None:
        lines = [Finding("problem", found.problem)]
        if found.integrity and found.integrity != ["ok"]:
            lines.append(Finding("problem", f"integrity_check: {'; '.join(found.integrity)}"))
        return lines, True
    known = known_migrations()
    lines = [
        Finding("ok", "an SQLite database"),
        Finding("ok", "integrity_check: ok"),
        Finding(
            "ok",
            f"migrations: {len(found.applied)} applied, all known to this version "
            f"(latest {found.applied[-1] if found.applied else '-'})",
        ),
    ]
    if found.pending:
        lines.append(
            Finding(
                "note",
                f"{len(found.pending)} of {len(known)} migrations not applied yet "
                f"({', '.join(found.pending)}): the app applies them at its next start",
            )
        )
    lines.extend(_saved_tables(found.saved))
    if found.writable:
        lines.append(Finding("ok", "the file and its folder are writable"))
    else:
        lines.append(
            Finding(
                "problem",
                "the file or its folder is read-only: the app plays, but saves nothing",
            )
        )
    return lines, False


def _saved_tables(saved: dict[str, str]) -> list[Finding]:
    """One line for the saved tables that restore, one per table that does not."""
    from bjtrainer.engine.presets import PRESETS
    from bjtrainer.engine.table import Table
    from bjtrainer.errors import BjTrainerError

    restored: list[str] = []
    kept: list[str] = []
    lines: list[Finding] = []
    for rules_id, text in saved.items():
        if ".unrestorable-" in rules_id:  # a table the app already kept aside
            kept.append(rules_id)
            continue
        try:
            state = json.loads(text)
            table = Table.from_state(state)
        except (BjTrainerError, KeyError, TypeError, ValueError, AttributeError) as exc:
            reason = str(exc).rstrip(".") or type(exc).__name__
            lines.append(
                Finding(
                    "problem",
                    f"the saved {rules_id!r} table cannot be restored ({reason}): the app "
                    "keeps it aside and deals a new table when you sit down there",
                )
            )
            continue
        preset = PRESETS.get(rules_id)
        if preset is not None and not preset.describes_same_game(table.rules):
            lines.append(
                Finding(
                    "note",
                    f"the saved {rules_id!r} table was played under other rules than the "
                    "preset's now: the app keeps it aside and deals a new table there",
                )
            )
            continue
        restored.append(rules_id)
    if restored:
        lines.insert(
            0, Finding("ok", f"saved tables: {len(restored)} restorable ({', '.join(restored)})")
        )
    elif not lines:
        lines.insert(0, Finding("ok", "saved tables: none yet"))
    if kept:
        lines.append(Finding("note", f"kept aside earlier by the app: {', '.join(kept)}"))
    return lines


def run(args: argparse.Namespace) -> int:
    """Print the report (or reset a broken store); return the exit status.

    Raises
    ------
    StoreError
        With ``--reset``: if the store opens fine (nothing is moved), or
        the file cannot be moved aside or the new store created.
    """
    from bjtrainer import paths
    from bjtrainer.errors import StoreError
    from bjtrainer.store import Store
    from bjtrainer.store.health import ASIDE_STAMP, move_aside

    path = paths.store_path()
    lines, broken = findings(path)
    size = f" ({path.stat().st_size:,} bytes)" if path.is_file() else ""
    print(f"Store: {path}{size}")
    for finding in lines:
        print(finding.line())
    problems = sum(item.level == "problem" for item in lines)
    if not args.reset:
        if broken:
            print("bjtrainer cannot open this store: `bjtrainer doctor --reset` moves it aside.")
        elif problems:
            print(f"{problems} problem{'s' if problems > 1 else ''} found: see above.")
        else:
            print("The store is healthy.")
        return EXIT_PROBLEM if problems else 0
    if not path.exists():
        print("Nothing to reset.")
        return 0
    if not broken:
        raise StoreError(
            f"The bjtrainer store {path} opens: --reset moves aside only a store that cannot "
            "be opened; nothing was moved."
        )
    try:
        aside = move_aside(path, datetime.now().strftime(ASIDE_STAMP))
    except OSError as exc:
        raise StoreError(
            f"Cannot move the bjtrainer store {path} aside: {exc.strerror or exc}; "
            "nothing was changed."
        ) from exc
    Store.open(path).close()
    print(f"Moved the broken store to {aside}; a new store was started at {path}.")
    return 0
