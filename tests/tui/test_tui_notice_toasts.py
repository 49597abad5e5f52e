"""A notice that replaces another frees the one it replaced.

``docs/playing.md``, "A round": a key that does nothing now (S with no hand
in play) shows one short notice, the last one replacing any before it. The
app clears the old notice and shows the new one; after 80 such keys the
screen holds one toast (in one holder) and the toasts replaced are freed,
not kept alive by holders left behind in the toast rack. The pilot runs with
notifications on (``run_test`` turns them off unless asked).
"""

from __future__ import annotations

import gc

import pytest
from textual.widgets._toast import Toast, ToastHolder

from tests.tui.tui_support import SIZE, AppFactory, notices

REFUSAL = "Cannot stand: no hand is in play. Press Enter to deal."
KEYS = 80


def live(kind: type) -> int:
    """How many objects of exactly ``kind`` are alive after a full collection."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if type(thing) is kind)


@pytest.mark.slow
async def test_refused_keys_leave_one_toast(build_app: AppFactory) -> None:
    app = build_app(["TS", "7H", "9D", "9C"])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        for _ in range(KEYS):
            await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert notices(app) == [REFUSAL]
        shown = list(app.screen.query(Toast))
        assert [toast.render().plain for toast in shown] == [REFUSAL]
        assert len(app.screen.query(ToastHolder)) == 1  # before: one per key (80)
        assert live(ToastHolder) <= 2
        assert live(Toast) < KEYS // 2  # before: all 80 alive
