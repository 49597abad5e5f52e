"""A widget removed from the screen takes its drawn lines with it.

Textual 8.2 caches ``StylesCache.get_inner_outer`` per ``StylesCache``, so
each widget ever drawn (every toast and its holder, one pair per notice,
``docs/playing.md`` "A round") stayed in memory with its lines until 1,024
newer entries pushed it out; ``bjtrainer.tui.textual_fixes`` keys that cache
by the two colours alone (``docs/architecture.md``, "In place, off the UI
thread").
"""

from __future__ import annotations

import gc
import weakref

import pytest
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style
from textual.widget import Widget

from bjtrainer.tui.textual_fixes import cache_inner_outer_by_colour
from tests.tui.tui_support import SIZE, AppFactory

REFUSAL_KEYS = 40


def test_a_styles_cache_is_freed_once_unreferenced() -> None:
    assert cache_inner_outer_by_colour()
    assert cache_inner_outer_by_colour()  # a second call keeps the same replacement
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    cache = StylesCache()
    inner, outer = cache.get_inner_outer(base, background)
    assert (inner, outer) == (Style(background=base + background), Style(background=base))
    gone = weakref.ref(cache)
    del cache
    gc.collect()
    assert gone() is None  # before: held by the key of Textual's lru_cache


def _unowned_styles_caches() -> int:
    """Live ``StylesCache`` objects that no live widget owns, after a full collection."""
    gc.collect()
    things = gc.get_objects()
    owned = {id(thing._styles_cache) for thing in things if isinstance(thing, Widget)}
    return sum(1 for thing in things if type(thing) is StylesCache and id(thing) not in owned)


@pytest.mark.slow
async def test_notices_leave_no_styles_cache_behind(build_app: AppFactory) -> None:
    app = build_app(["TS", "7H", "9D", "9C"])
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        before = _unowned_styles_caches()
        for _ in range(REFUSAL_KEYS):  # S with no hand in play: one notice each, replacing the last
            await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        # Each notice drew a toast and a holder, then both were removed; before the
        # work-around their two caches stayed (about 2 * REFUSAL_KEYS more).
        assert _unowned_styles_caches() - before <= 2
