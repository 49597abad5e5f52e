"""One module per ``bjtrainer`` subcommand.

Each module has ``add_parser(subparsers)`` to declare its options and
``run(args) -> int`` to do the work; :mod:`bjtrainer.cli` wires them up.
Heavy imports (numpy, Textual) stay inside ``run`` so start-up is fast.
"""
