"""A work-around for a Textual cache that keeps removed widgets' drawn lines in memory.

Textual 8.2's ``StylesCache.get_inner_outer(self, base_background, background)``
is an instance method under ``functools.lru_cache(1024)``, so each key holds
``self``: the ``StylesCache`` of a widget drawn (one per widget), with the
lines it last drew (``Strip`` objects, about 20 KiB for a toast). A widget
that is removed, such as every toast and its holder (a notice,
``docs/playing.md`` "A round"), stays in that cache until 1,024 newer
entries push it out: in a terminal session with many notices the resident
memory climbs by tens of MiB before it levels off, which breaks the memory
target of ``docs/architecture.md`` ("In place, off the UI thread").

:func:`cache_inner_outer_by_colour` keys the same cache by the two colours
alone, the only arguments the method's result depends on; the result (two
``textual.style.Style`` backgrounds) is unchanged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from textual._styles_cache import StylesCache
from textual.color import Color

#: Entries of the colour-keyed cache (Textual's own bound for its cache).
CACHE_SIZE = 1024

#: Set on the replacement so that a second call leaves it in place.
_MARK = "_bjtrainer_by_colour"


def cache_inner_outer_by_colour() -> bool:
    """Replace ``StylesCache.get_inner_outer`` by one whose cache holds no ``StylesCache``.

    Idempotent. Textual's method is wrapped only when it is the
    ``lru_cache`` of a function of ``(self, base_background, background)``
    (Textual 8.2); any other Textual keeps its own.

    Returns
    -------
    bool
        True when the colour-keyed cache is in place after the call.
    """
    current: Any = StylesCache.get_inner_outer
    if getattr(current, _MARK, False):
        return True
    compute: Callable[..., Any] | None = getattr(current, "__wrapped__", None)
    if compute is None or not hasattr(current, "cache_clear"):
        return False
    code = getattr(compute, "__code__", None)
    if code is None or code.co_argcount != 3:
        return False

    @functools.lru_cache(maxsize=CACHE_SIZE)
    def by_colour(base_background: Color, background: Color) -> Any:
        return compute(StylesCache, base_background, background)  # the first argument is unused

    def get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> Any:
        return by_colour(base_background, background)

    get_inner_outer.__doc__ = compute.__doc__
    setattr(get_inner_outer, _MARK, True)
    setattr(get_inner_outer, "cache", by_colour)  # noqa: B010 (read by the tests)
    setattr(StylesCache, "get_inner_outer", get_inner_outer)  # noqa: B010 (mypy: a method)
    current.cache_clear()  # free what the old cache held
    return True
