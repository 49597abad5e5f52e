"""The CPU of one key press at the table and the memory of a long session, printed, never asserted.

Targets (``docs/architecture.md``, "In place, off the UI thread"):

- CPU per deal or decision at most 30 ms in the median and 100 ms at worst,
  over 200 scripted rounds at the ``practice`` table (100 x 34);
- the process's resident memory after 2,000 rounds within 10 MiB of its
  memory after 100.

Each figure comes from a fresh process driving the app headless with
Textual's pilot (``App.run_test``), on a store in a temporary folder, a
seeded shoe and a seeded choice of keys: Enter deals, then a random legal
decision is pressed (H, S, D, X, R, Y, N) until the round is settled; F
refills the free chips when they run out. The CPU of a key is
``time.process_time()`` around ``pilot.press(key)`` and ``pilot.pause()``,
the key's handling and the frame it draws; the first 10 rounds are played
untimed (the first grades compute the table's figures once). The rounds
after the 200th are pressed without Textual's idle waits
(``App.post_message`` of the key and ``pilot.pause(0)``, which still lets
every message be handled and draws the frame), so 2,000 rounds take
minutes, not an hour. Resident memory is read from ``/proc/self/statm``.

The anchor, measured in the same run: an empty Textual ``App`` with a
footer and one key bound to an action that changes a ``Static``, its key
pressed the same way (``pilot.press`` and ``pilot.pause``), and its
memory after as many presses as the table got.

Run: ``python benchmarks/bench_keypress.py [ROUNDS]`` (default 2000;
the CPU figures need at least 200).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

ROUNDS = 2000
TIMED = 200
WARM_UP = 10
MEDIAN_TARGET_MS = 30.0
WORST_TARGET_MS = 100.0
MEMORY_TARGET_MIB = 10.0

#: The table, driven by the pilot; prints one JSON line: the CPU of each timed key
#: (seconds) and the resident memory after 100 rounds and after the last.
TABLE = """
import asyncio, json, os, sys, tempfile, time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from textual import events

from bjtrainer.engine.actions import Action
from bjtrainer.engine.presets import PRESETS
from bjtrainer.store import Store
from bjtrainer.tui.app import make_app

ROUNDS, TIMED, WARM_UP = (int(arg) for arg in sys.argv[1:4])
KEYS = {Action.HIT: "h", Action.STAND: "s", Action.DOUBLE: "d", Action.SPLIT: "x",
        Action.SURRENDER: "r", Action.INSURANCE: "y", Action.NO_INSURANCE: "n"}
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_mib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


async def main():
    start = datetime(2025, 1, 2, tzinfo=UTC)
    ticks = iter(range(10**9))
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "bjtrainer.db")
        app = make_app(
            store=store, rules=PRESETS["practice"], rng=np.random.default_rng(5),
            clock=lambda: start + timedelta(seconds=next(ticks)),
        )
        choose = np.random.default_rng(1)
        seconds, memory = [], {}
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            session = app.screen.session

            async def press(key, timed):
                began = time.process_time()
                if timed:
                    await pilot.press(key)
                    await pilot.pause()
                else:
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
                    await pilot.pause(0)
                return time.process_time() - began

            for number in range(1, ROUNDS + 1):
                paced = number <= TIMED
                timed = WARM_UP < number <= TIMED
                if session.table.can_refill():
                    await press("f", paced)
                spent = await press("enter", paced)
                if timed:
                    seconds.append(spent)
                while session.in_play:
                    legal = sorted(session.round.legal_actions(), key=str)
                    spent = await press(KEYS[legal[int(choose.integers(len(legal)))]], paced)
                    if timed:
                        seconds.append(spent)
                if number in (100, ROUNDS):
                    memory[number] = resident_mib()
        store.close()
    print(json.dumps({"seconds": seconds, "memory": memory}))


asyncio.run(main())
"""

#: The anchor: an empty app with a footer and one key; the same presses.
EMPTY = """
import asyncio, json, os, sys, time
from textual import events
from textual.app import App
from textual.widgets import Footer, Static

PRESSES, TIMED = (int(arg) for arg in sys.argv[1:3])
PAGE = os.sysconf("SC_PAGE_SIZE")


class Empty(App):
    BINDINGS = [("d", "count", "Count")]
    presses = 0

    def compose(self):
        yield Static("0", id="count")
        yield Footer()

    def action_count(self):
        self.presses += 1
        self.query_one("#count", Static).update(str(self.presses))


def resident_mib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


async def main():
    app = Empty()
    seconds, memory = [], {}
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        for number in range(1, PRESSES + 1):
            began = time.process_time()
            if number <= TIMED:
                await pilot.press("d")
                await pilot.pause()
                seconds.append(time.process_time() - began)
            else:
                app.post_message(events.Key("d", "d"))
                await pilot.pause(0)
            if number == PRESSES // 20:
                memory["first"] = resident_mib()
        memory["last"] = resident_mib()
    print(json.dumps({"seconds": seconds, "memory": memory}))


asyncio.run(main())
"""


def run(script: str, *arguments: int) -> dict[str, object]:
    """Run ``script`` in a fresh interpreter; its last line of output, read as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", script, *map(str, arguments)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def milliseconds(result: dict[str, object]) -> list[float]:
    """The CPU of each timed key, in milliseconds."""
    seconds = result["seconds"]
    assert isinstance(seconds, list)
    return [1000 * float(second) for second in seconds]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    timed = min(TIMED, rounds)
    table = run(TABLE, rounds, timed, WARM_UP)
    keys = milliseconds(table)
    # About 2.3 keys a round: the empty app gets as many presses, timed as many.
    empty = run(EMPTY, max(len(keys), round(2.3 * rounds)), len(keys))
    anchor = milliseconds(empty)
    memory = table["memory"]
    anchor_memory = empty["memory"]
    assert isinstance(memory, dict) and isinstance(anchor_memory, dict)

    print(f"CPU per key at the practice table: {len(keys)} keys of rounds {WARM_UP + 1}-{timed}")
    print(
        f"  median {statistics.median(keys):6.1f} ms   target <= {MEDIAN_TARGET_MS:.0f} ms"
        f"   anchor (empty Textual app, one key) {statistics.median(anchor):5.1f} ms"
    )
    print(
        f"  worst  {max(keys):6.1f} ms   target <= {WORST_TARGET_MS:.0f} ms"
        f"   anchor {max(anchor):5.1f} ms"
    )
    print(f"  95th percentile {statistics.quantiles(keys, n=20)[-1]:6.1f} ms")
    first, last = memory.get("100"), memory.get(str(rounds))
    if first is not None and last is not None and rounds > 100:
        print(f"Resident memory: {first:.1f} MiB after 100 rounds, {last:.1f} MiB after {rounds}")
        print(
            f"  growth {last - first:+.1f} MiB   target <= {MEMORY_TARGET_MIB:.0f} MiB"
            f"   anchor (empty app, {round(2.3 * rounds)} presses)"
            f" {anchor_memory['last'] - anchor_memory['first']:+.1f} MiB"
            f" ({anchor_memory['first']:.1f} -> {anchor_memory['last']:.1f} MiB)"
        )


if __name__ == "__main__":
    main()
