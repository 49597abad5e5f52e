"""``bjtrainer serve``: the trainer in a web browser, through textual-serve.

textual-serve (the ``web`` extra, ``pip install 'bjtrainer[web]'``) runs a
small web server; every browser tab that opens the page starts its own
``python -m bjtrainer`` process, drawn in the page by xterm.js. Each tab is
a window of its own on the same data folder, like several terminals
(docs/playing.md, "Two windows" and "In a browser").

Exit status: 0 when the server is stopped (Ctrl+C), 2 when textual-serve is
not installed, the table given with ``--rules`` is not valid, the data
folder cannot be created, or the address cannot be served (a port in use).
"""

from __future__ import annotations

import argparse
import os
import shlex
import socket
import sys
from pathlib import Path

from bjtrainer.commands import Once

EXIT_CANNOT_SERVE = 2

#: The one line printed when the ``web`` extra is missing.
NEEDS_EXTRA = (
    "bjtrainer serve needs textual-serve: pip install 'bjtrainer[web]' "
    "(in a clone: pip install -e '.[web]')"
)


def port_number(text: str) -> int:
    """The ``--port`` argument: a TCP port, 1 to 65535.

    Raises
    ------
    argparse.ArgumentTypeError
        If ``text`` is not a whole number in that range.
    """
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"give a port from 1 to 65535, not {text!r}")
    return port


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Declare ``serve`` and its options."""
    serve = commands.add_parser(
        "serve",
        help="serve the trainer to a web browser (needs bjtrainer[web])",
        description="Serve the full trainer to a web browser on this machine: open the "
        "address it prints. Each browser tab is its own window on the same data folder. "
        "Stop it with Ctrl+C.",
    )
    serve.add_argument(
        "--rules",
        action=Once,
        default=argparse.SUPPRESS,
        metavar="NAME|FILE",
        help="table every tab sits at: a preset or a rules file (default: the table "
        "chosen last on the sit-down screen, as bjtrainer opens)",
    )
    serve.add_argument(
        "--host",
        action=Once,
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--port",
        action=Once,
        type=port_number,
        default=8000,
        help="TCP port (default: 8000)",
    )


def served_command(rules: str | None) -> str:
    """The shell command line each browser tab runs: this Python, ``-m bjtrainer``.

    ``rules`` is passed on as ``--rules``: a preset name as given, a rules
    file as its absolute path (so the tab reads the same file whatever its
    working folder).

    >>> served_command("home").split()[1:]
    ['-m', 'bjtrainer', '--rules', 'home']
    """
    from bjtrainer.engine.presets import PRESETS

    words = [sys.executable, "-m", "bjtrainer"]
    if rules is not None:
        path = Path(rules).expanduser()
        words += [
            "--rules",
            str(path.resolve()) if rules not in PRESETS and path.is_file() else rules,
        ]
    return shlex.join(words)


def address_problem(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on now, or None when it can.

    Tried with a socket of its own (closed at once), so that a port in use
    is told in one line before the server starts: ``"Address already in
    use"``, ``"Cannot assign requested address"`` (not this machine's), or
    the resolver's reason for a host name it does not know.
    """
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp binds
            probe.bind(address)
    except OSError as exc:  # socket.gaierror included
        return exc.strerror or str(exc)
    return None


def run(args: argparse.Namespace) -> int:
    """Serve the app until Ctrl+C; return the exit status.

    Raises
    ------
    RulesError
        If ``args.rules`` is given and is neither a preset nor a valid rules file.
    StoreError
        If the data folder cannot be created.
    """
    try:
        from bjtrainer.commands.web_server import ClosingServer
    except ImportError:  # textual-serve is not installed
        print(NEEDS_EXTRA, file=sys.stderr)
        return EXIT_CANNOT_SERVE
    from bjtrainer.engine.rules_file import load_rules
    from bjtrainer.paths import HOME_ENV, data_dir

    given: str | None = getattr(args, "rules", None)  # absent: the app's own choice
    if given is not None:
        load_rules(given)  # a bad table is told here, not in every tab
    # Every tab's process inherits this environment: the same data folder,
    # as an absolute path.
    os.environ[HOME_ENV] = str(data_dir().resolve())
    problem = address_problem(args.host, args.port)
    if problem is None:
        server = ClosingServer(
            served_command(given), host=args.host, port=args.port, title="bjtrainer"
        )
        try:
            server.serve()
        except OSError as exc:  # taken between the check and the server's own bind
            problem = exc.strerror or str(exc)
    if problem is not None:
        print(
            f"bjtrainer: error: cannot serve on {args.host}:{args.port}: {problem}", file=sys.stderr
        )
        return EXIT_CANNOT_SERVE
    return 0
