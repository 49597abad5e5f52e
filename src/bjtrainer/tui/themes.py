"""Themes: the felt's colours and the named text styles, from the Textual theme.

Every colour of the app comes from the theme in use (``docs/playing.md``,
"Themes"): the stylesheets use Textual's variables (``$primary``,
``$surface``, ``$panel``, ``$foreground``...) and the felt's own
(:data:`FELT_VARIABLES`: ``$felt``, ``$felt-foreground``, ``$felt-border``,
``$felt-title``, ``$felt-muted``, ``$felt-active``). A theme may set them in
``Theme(variables={...})``; for the others (every built-in theme) they are
derived here: a dark green baize in a dark theme, a light one in a light
theme, and text on it that reads with a WCAG contrast ratio of at least
:data:`MIN_CONTRAST`.

The pictures (:mod:`bjtrainer.tui.views`) name their text styles
(``"bj.good"``, ``"card.red"``: :data:`bjtrainer.tui.views.tones.TONES`);
:func:`tone_styles` gives each name its style in the theme in use, and the
app puts them on its Rich console.

:data:`HIGH_CONTRAST` is a theme of our own: white on black, yellow marks;
with it the hand being played and the Repeat box also carry a mark
(:func:`marks_shown`), so neither is told by colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.color import Color, ColorParseError
from textual.theme import Theme

from bjtrainer.tui.views.tones import TONES

__all__ = [
    "FELT_VARIABLES",
    "HIGH_CONTRAST",
    "MIN_CONTRAST",
    "contrast_ratio",
    "felt_variables",
    "marks_shown",
    "readable",
    "tone_styles",
]

#: WCAG 2 AA for normal text.
MIN_CONTRAST = 4.5

#: The felt of a dark theme: a dark green baize (as on a casino table).
DARK_FELT: dict[str, str] = {
    "felt": "#0b3d20",
    "felt-border": "#6a9f7a",
    "felt-title": "#e8e8e8",
    "felt-muted": "#c0d8c8",
    "felt-active": "gold",
}
#: The felt of a light theme: a pale green baize, dark marks on it.
LIGHT_FELT: dict[str, str] = {
    "felt": "#d4e9da",
    "felt-border": "#3e7150",
    "felt-title": "#10301c",
    "felt-muted": "#24452f",
    "felt-active": "#7a4a00",
}
#: The felt's variables (``$felt`` ... in the stylesheets); ``felt-foreground`` is derived.
FELT_VARIABLES: tuple[str, ...] = (*DARK_FELT, "felt-foreground")

#: The high-contrast theme: white on black, yellow for what is active.
HIGH_CONTRAST = Theme(
    name="bjtrainer-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#00ffff",
    warning="#ffff00",
    error="#ff6060",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#000000",
    dark=True,
    variables={
        "felt": "#000000",
        "felt-foreground": "#ffffff",
        "felt-border": "#ffffff",
        "felt-title": "#ffffff",
        "felt-muted": "#ffffff",
        "felt-active": "#ffff00",
        "footer-key-foreground": "#ffff00",
        # What is under the mouse (a footer key, a list's row): dark grey, under
        # white and yellow text alike.
        "block-hover-background": "#404040",
    },
)

#: The named text styles of a theme of our own (:func:`tone_styles`).
THEME_TONES: dict[str, dict[str, str]] = {
    HIGH_CONTRAST.name: {
        "bj.good": "bold #00ff00",
        "bj.bad": "bold #ff6060",
        "bj.key": "bold #ffff00",
        "bj.changed": "bold #ffff00",
        "bj.kept": "#00ff00",
        "card.black": "bold #000000 on #ffffff",
        "card.red": "bold #b00000 on #ffffff",
        "card.blue": "bold #0000b0 on #ffffff",
        "card.green": "bold #006000 on #ffffff",
        "card.back": "bold #000000 on #ffff00",
        "card.ascii-red": "bold #ff6060",
        "card.ascii-black": "bold #ffffff",
    },
}

#: Themes that mark the active hand and the Repeat box besides colouring them.
MARKED_THEMES: frozenset[str] = frozenset({HIGH_CONTRAST.name})


def marks_shown(theme_name: str) -> bool:
    """Whether ``theme_name`` marks the active hand (``▶``) and the Repeat box (``X``)."""
    return theme_name in MARKED_THEMES


def _luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an opaque sRGB colour (0 black to 1 white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = color.rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG 2 contrast ratio of two opaque colours, 1 (none) to 21 (black on white)."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _solid(value: str | None) -> Color | None:
    """``value`` as an opaque RGB colour, or ``None`` (an ANSI colour, ``auto``, unset)."""
    if not value:
        return None
    try:
        color = Color.parse(value)
    except ColorParseError:  # "auto 87%", "initial": no colour to read
        return None
    if color.ansi is not None or color.a < 1:
        return None
    return color


def readable(color: Color, backgrounds: Iterable[Color], ratio: float = MIN_CONTRAST) -> Color:
    """``color``, moved toward black or white just enough to reach ``ratio`` on every background.

    It moves toward whichever of black and white contrasts more with the
    darkest (or lightest) background, in steps of 5%; white or black
    itself is the last step.
    """
    grounds = list(backgrounds)
    if not grounds:
        return color
    mean = sum(_luminance(ground) for ground in grounds) / len(grounds)
    target = Color(0, 0, 0) if mean > 0.18 else Color(255, 255, 255)
    for step in range(21):
        candidate = color.blend(target, step / 20)
        if all(contrast_ratio(candidate, ground) >= ratio for ground in grounds):
            return candidate
    return target


def felt_variables(variables: Mapping[str, str], *, dark: bool) -> dict[str, str]:
    """The felt's variables for a theme: its own where it sets them, else derived.

    ``variables`` are the theme's resolved CSS variables (Textual's
    ``ColorSystem.generate()`` and the theme's ``variables``).
    ``felt-foreground`` is the theme's ``foreground`` when it reads on the
    felt with a contrast ratio of at least :data:`MIN_CONTRAST`, else that
    colour moved toward white (dark felt) or black (light felt) until it does.
    """
    felt = {**(DARK_FELT if dark else LIGHT_FELT)}
    felt.update({name: variables[name] for name in DARK_FELT if name in variables})
    if "felt-foreground" in variables:
        felt["felt-foreground"] = variables["felt-foreground"]
        return felt
    ground = _solid(felt["felt"]) or Color.parse(DARK_FELT["felt"] if dark else LIGHT_FELT["felt"])
    own = _solid(variables.get("foreground"))
    start = own if own is not None else Color(255, 255, 255) if dark else Color(0, 0, 0)
    felt["felt-foreground"] = readable(start, [ground]).hex
    return felt


def tone_styles(theme: str, variables: Mapping[str, str], *, dark: bool) -> dict[str, str]:
    """The Rich style of every named text style (:data:`TONES`) in the theme named ``theme``.

    A theme of our own sets them (:data:`THEME_TONES`). A dark theme keeps
    the default styles of :data:`TONES` (bright colours, made for dark
    grounds). A light theme takes its own ``$text-success``, ``$text-error``
    and ``$text-warning`` colours, darkened where needed to read with a
    ratio of :data:`MIN_CONTRAST` on the background, the surface, the panel
    and the felt; card faces keep their
    own white ground.
    """
    styles = dict(TONES)
    if not dark:
        grounds = [
            color
            for color in (
                _solid(variables.get(name)) for name in ("background", "surface", "panel", "felt")
            )
            if color is not None
        ]

        def tone(name: str, fallback: str) -> str:
            color = _solid(variables.get(name)) or Color.parse(fallback)
            return readable(color, grounds).hex

        good = tone("text-success", "#1a6b2e")
        bad = tone("text-error", "#8a1c2c")
        key = tone("text-warning", "#7a4a00")
        styles.update(
            {
                "bj.good": f"bold {good}",
                "bj.bad": f"bold {bad}",
                "bj.key": f"bold {key}",
                "bj.changed": f"bold {key}",
                "bj.kept": good,
                "card.ascii-red": f"bold {bad}",
            }
        )
    styles.update(THEME_TONES.get(theme, {}))
    return styles
