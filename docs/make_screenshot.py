"""Regenerate docs/screenshot.svg: the practice table mid-round, Why panel open.

Run from the repository root: ``python docs/make_screenshot.py``. The shoe
is stacked (player 8,8 against a dealer 6) so the picture is the same
every time; the store is in memory, so no user data is touched.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app

OUT = Path(__file__).with_name("screenshot.svg")


async def main() -> None:
    rules = PRESETS["practice"]
    shoe = Shoe.stacked(rules, ["8S", "6H", "8D", "TC", "3H", "KD", "9S"])
    app = make_app(
        store=Store.memory(),
        rules=rules,
        rng=np.random.default_rng(1),
        clock=lambda: datetime(2026, 11, 29, 12, tzinfo=UTC),
        shoe=shoe,
    )
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter")  # deal 8,8 against a 6
        await pilot.press("x")  # split the eights
        await pilot.press("w")  # why
        await pilot.pause()
        app.save_screenshot(filename=OUT.name, path=str(OUT.parent))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    asyncio.run(main())
