"""``bjtrainer`` with no subcommand: open the trainer (the Textual app)."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    """Open the app at the chosen table; return the exit status."""
    from bjtrainer.engine.rules import load_rules
    from bjtrainer.store import Store
    from bjtrainer.tui.app import make_app

    rules = load_rules(args.rules)
    with Store.open() as store:
        make_app(store=store, rules=rules).run()
    return 0
