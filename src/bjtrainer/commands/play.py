"""``bjtrainer`` with no subcommand: open the trainer (the Textual app).

``bjtrainer --rules NAME|FILE`` sits down at that table at once, skipping
the choice of table (issue 4, item 1); without it the app opens the table
chosen last on its sit-down screen, or that screen at the first start. A
rules file with problems prints one line per problem and exits with status
2 before anything starts (:mod:`bjtrainer.cli`).
"""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    """Open the app (at ``args.rules`` if given); return the exit status.

    Raises
    ------
    RulesError
        If ``args.rules`` is neither a preset nor a valid rules file.
    StoreError
        If the store cannot be opened.
    """
    from bjtrainer.store import Store
    from bjtrainer.tui.app import make_app
    from bjtrainer.tui.seat import load_table

    given: str | None = getattr(args, "rules", None)  # absent unless --rules was given
    rules = load_table(given) if given is not None else None
    with Store.open() as store:
        make_app(store=store, rules=rules).run()
    return 0
