"""The table screen updates its widgets in place: no remount per round, nothing kept behind.

A round sets new pictures on the widgets already there (``HandsRow``: one
box per hand, mounted only for a hand more than ever before, hidden when not
needed; the footer's keys given the new bindings). So the widgets on the
screen are the same objects round after round, and the number of widget
objects alive in the process stays the same however many rounds are played
(before, each round mounted new hand boxes and some twenty footer keys, and
the old ones stayed referenced).
"""

from __future__ import annotations

import gc

import pytest
from textual.widget import Widget

from bjtrainer.tui.views.table import hand_pictures
from bjtrainer.tui.widgets.hand_view import HandsRow, HandView
from tests.tui.tui_support import SIZE, AppFactory

# 8,8 against a 6 (hole T): split, hand 1 draws 3 and doubles onto a T (21), hand 2
# draws 9 and stands; the dealer's 16 draws a T and busts (keys x, d, s).
SPLIT_DOUBLE = ["8S", "6H", "8D", "TC", "3H", "TD", "9C", "TS"]
# T,7 against a T (hole 8): the player stands on 17 and the dealer stands on 18.
SEVENTEEN = ["TS", "TH", "7D", "8C"]
ROUNDS_AFTER = 8


def live_widgets() -> int:
    """How many Textual widget objects this process holds now."""
    gc.collect()
    return sum(isinstance(thing, Widget) for thing in gc.get_objects())


@pytest.mark.slow
async def test_rounds_reuse_the_hand_boxes_and_keep_no_widget_behind(
    build_app: AppFactory,
) -> None:
    app = build_app(SPLIT_DOUBLE + SEVENTEEN * ROUNDS_AFTER)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "x", "d", "s")  # the split round: two hand boxes
        await pilot.pause()
        row = app.screen.query_one(HandsRow)
        boxes = list(row.query_children(HandView))
        assert len(boxes) == 2 and all(box.display for box in boxes)
        widgets = set(app.screen.walk_children())
        counts = []
        for _ in range(ROUNDS_AFTER):
            await pilot.press("enter")
            await pilot.pause()
            shown = [box for box in row.query_children(HandView) if box.display]
            round_ = app.session.table.round
            assert round_ is not None
            assert [box.picture for box in shown] == list(hand_pictures(round_))
            assert len(shown) == 1 and shown[0] is boxes[0]  # one hand: the first box
            await pilot.press("s")  # stand on 17 against 18: the round settles
            await pilot.pause()
            assert app.session.table.balance == 1000 + 30 - 10 * len(counts) - 10
            assert set(row.query_children(HandView)) == set(boxes)  # none mounted, none removed
            counts.append(live_widgets())
        assert set(app.screen.walk_children()) == widgets  # the same widget objects
        assert counts[-1] == counts[1], counts  # nothing piles up round after round
