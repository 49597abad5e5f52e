"""Snapshots of the screens (pytest-textual-snapshot), one per screen state.

Seed, stacked shoe and clock are fixed, the terminal is 100 x 34, and no
screen here has a blinking cursor. Regenerate after a deliberate change with
``pytest tests/tui --snapshot-update`` and look at the SVGs in
``tests/tui/__snapshots__`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable

from tui_support import SIZE, AppFactory

SnapCompare = Callable[..., bool]

# 8,8 against a 6 (hole T), then a 3 for the first split hand.
SPLIT = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]
# Hard 16 against a 10 (hole 7).
SIXTEEN = ["TS", "TH", "6D", "7C"]


def test_start(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), terminal_size=SIZE)


def test_mid_hand_after_a_split(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["enter", "x"], terminal_size=SIZE)


def test_why_panel(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SIXTEEN), press=["enter", "w"], terminal_size=SIZE)


def test_settled_round(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["enter", "x", "d", "s"], terminal_size=SIZE)


def test_help_screen(snap_compare: SnapCompare, build_app: AppFactory) -> None:
    assert snap_compare(build_app(SPLIT), press=["f1"], terminal_size=SIZE)
