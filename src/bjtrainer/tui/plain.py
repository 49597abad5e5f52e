"""The ASCII card design on a whole screen: titles, lists, boxes and marks in ASCII.

With the ``ascii`` card design (``docs/playing.md``, "Sitting down") every
border is ASCII (``App.-ascii`` rules in ``bjtrainer.tcss`` and
``practice.tcss``), and the app hands each screen it shows to
:func:`plain_widgets` once it is drawn, for what a stylesheet cannot reach:

- border titles (``"Card design · Theme"`` -> ``"Card design - Theme"``);
- the prompts of option lists (``"your own rules file…"`` -> ``"...")``);
- check boxes (the Repeat box): ``[X]`` ticked, ``[ ]`` not, instead of
  Textual's half-block ``▐X▌`` told ticked by its colour;
- the rule under an option list's divider: ``-`` instead of ``─``;
- scroll bars: the thumb is whole cells of its colour, without Textual's
  eighth-block ends (``▄``);
- a drop-down's arrows are Statics, made ASCII with every other Static
  (:data:`bjtrainer.tui.views.cards.ASCII_FALLBACKS`: ``▼`` -> ``v``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import Option

from bjtrainer.tui.views.cards import plain_rich, plain_text

#: The ends of a check box in ASCII (Textual draws half blocks).
ASCII_BOX = ("[", "]")


class AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar drawn with spaces only: its thumb in whole cells."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def plain_widgets(screen: Screen[object]) -> None:
    """Make the border titles, option prompts and check boxes of ``screen`` ASCII."""
    for widget in screen.query("*"):
        for name in ("border_title", "border_subtitle"):
            title = getattr(widget, name)
            if isinstance(title, str) and not title.isascii():
                setattr(widget, name, plain_text(title))
    for options in screen.query(OptionList):
        for index in range(options.option_count):
            prompt = options.get_option_at_index(index).prompt
            if isinstance(prompt, str) and not prompt.isascii():
                options.replace_option_prompt_at_index(index, plain_text(prompt))
            elif isinstance(prompt, Text) and not prompt.plain.isascii():
                options.replace_option_prompt_at_index(index, plain_rich(prompt))
        plain_dividers(options)
    for box in screen.query(ToggleButton):
        plain_box(box)
    for widget in screen.query("*"):
        # Textual keeps a widget's scroll bars outside the DOM, made when first
        # shown; a list's (a drop-down's, shown when opened) is made here.
        if isinstance(widget, OptionList):
            widget.vertical_scrollbar  # noqa: B018 (the property makes it)
        for attribute in ("_vertical_scrollbar", "_horizontal_scrollbar"):
            bar = getattr(widget, attribute, None)
            if isinstance(bar, ScrollBar):
                bar.renderer = AsciiScrollBarRender  # type: ignore[misc]  # per bar, as documented
                bar.refresh()


def plain_dividers(options: OptionList) -> None:
    """Draw the rule of ``options``' dividers with ``-`` (Textual draws ``─``, no style reaches it).

    Textual draws the rule in ``OptionList._get_option_render``; this wraps
    that method on the one list, and does nothing where a later Textual has
    no such method (the ASCII screens test then says so).
    """
    render: Callable[[Option, Style], list[Strip]] | None = getattr(
        options, "_get_option_render", None
    )
    if render is None or getattr(options, "_plain_dividers", False):
        return

    def plain_render(option: Option, style: Style) -> list[Strip]:
        strips = render(option, style)
        if not strips or "─" not in strips[-1].text:
            return strips
        rule = strips[-1]
        plain = [Segment(segment.text.replace("─", "-"), segment.style) for segment in rule]
        return [*strips[:-1], Strip(plain, rule.cell_length)]

    options._get_option_render = plain_render  # type: ignore[method-assign]
    options._plain_dividers = True  # type: ignore[attr-defined]
    options.refresh()


def plain_box(box: ToggleButton) -> None:
    """``[X]`` when ticked, ``[ ]`` when not (the mark, not a colour alone, tells them apart)."""
    box.BUTTON_LEFT, box.BUTTON_RIGHT = ASCII_BOX
    box.BUTTON_INNER = "X" if box.value else " "
    box.refresh()
