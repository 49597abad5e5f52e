"""A child process for the crash test of a lesson: it plays into a lesson and waits to be killed.

``python lesson_crash_driver.py STORE``: opens the app on the store file (the
practice table, a stacked shoe), deals a real hand, opens lesson 2 and plays
into its second hand, then prints ``mid-lesson`` (flushed) and sleeps until
it is killed with SIGKILL.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import numpy as np

from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.shoe import Shoe
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app
from bjtrainer.tui.screens.lesson import LessonScreen

REAL = ["TS", "9H", "6D", "7C"]


async def main(path: Path) -> None:
    store = Store.open(path)
    rules = PRESETS["practice"]
    shoe = Shoe.stacked(rules, REAL, np.random.default_rng(7))
    app = make_app(store=store, rules=rules, rng=np.random.default_rng(7), shoe=shoe)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("enter", "l", "2", "s", "enter", "h")
        assert isinstance(app.screen, LessonScreen) and app.screen.run.step is not None
        print("mid-lesson", flush=True)
        while True:
            time.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
