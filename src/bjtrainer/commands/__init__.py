"""One module per ``bjtrainer`` subcommand.

Each module has ``add_parser(subparsers)`` to declare its options and
``run(args) -> int`` to do the work; :mod:`bjtrainer.cli` wires them up.
Heavy imports (numpy, Textual) stay inside ``run`` so start-up is fast.

Every option is given at most once: :class:`Once` and :class:`OnceFlag`
refuse a second ``--rules`` (or ``--hand``, ``--json``, ...) with a usage
error, rather than keep the last value silently.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

__all__ = ["EXIT_STOPPED", "Once", "OnceFlag", "given_twice"]

#: Exit status after Ctrl+C (128 + SIGINT, as a shell reports it).
EXIT_STOPPED = 130


def given_twice(option: str) -> str:
    """The usage error of an option given twice: ``"--rules was given twice: give it once."``."""
    return f"{option} was given twice: give it once."


def _check_once(
    action: argparse.Action,
    parser: argparse.ArgumentParser,
    namespace: argparse.Namespace,
    option_string: str | None,
) -> None:
    """Exit with a usage error (status 2) if ``action`` was already taken in this parse."""
    taken: set[str] = namespace.__dict__.setdefault("_options_given", set())
    if action.dest in taken:
        parser.error(given_twice(option_string or "/".join(action.option_strings)))
    taken.add(action.dest)


class Once(argparse.Action):
    """Store an option's value, refusing the option a second time (exit 2)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        _check_once(self, parser, namespace, option_string)
        setattr(namespace, self.dest, values)


class OnceFlag(argparse.Action):
    """A flag (``store_true``), refused a second time (exit 2)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("default", False)
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        _check_once(self, parser, namespace, option_string)
        setattr(namespace, self.dest, True)
