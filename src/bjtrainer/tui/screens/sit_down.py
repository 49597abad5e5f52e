"""The sit-down screen: choose the table and the card design.

Before sitting down (the first start, or T at the table) the player chooses
the table, a preset (``practice``, ``guide``, ``night``, ``home``:
``docs/rules/README.md``) or a rules file typed in, and the card design
(``docs/playing.md``, "Sitting down"); under the design preview, the theme
(``docs/playing.md``, "Themes"), shown at once and remembered by the app.
A rules file with problems shows the file once, then every problem on a
line of its own (``RulesError.listing``), and nothing starts; where they do
not fit (80 x 24) the table column scrolls to the first, and PgUp / PgDn
scroll it, the path's input keeping the focus.

Keys: Up and Down choose in a list, Tab moves between the lists, the path
and the buttons, PgUp / PgDn scroll the table column, Enter sits down, Esc
goes back to the table (or quits at the first start).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Button, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from bjtrainer.engine.cards import Card
from bjtrainer.engine.presets import PRESETS
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.rules_file import load_rules
from bjtrainer.errors import RulesError, StoreError
from bjtrainer.inputs import strip_spaces
from bjtrainer.store import Store
from bjtrainer.tui.seat import Seat, table_ref
from bjtrainer.tui.views.cards import CARD_DESIGNS, CardDesign, card_design, card_row
from bjtrainer.tui.views.table_summary import rules_summary, saved_line

#: The option id of "a rules file" in the table list.
FILE_OPTION = "file"

#: One line per preset in the table list (``docs/rules/README.md``, "The four tables"),
#: at most 24 characters so that each stays one line at 80 columns; the text
#: under the list says the rest.
PRESET_LINES: dict[str, str] = {
    "practice": "late surrender, refill",
    "guide": "insurance up to half",
    "night": "500 chips, CASH OUT",
    "home": "1 deck, one split",
}

#: The cards of the design preview: every suit and the hole card's back.
PREVIEW: tuple[Card | None, ...] = (
    Card("A", "S"),
    Card("K", "H"),
    Card("T", "D"),
    Card("7", "C"),
    None,
)


def problem_list(message: str) -> RenderableType:
    """``message`` as shown under the table list: each ``"- "`` line a problem.

    The lines that start with ``"- "`` (:meth:`RulesError.listing`) become
    rows of a two-column grid, so that a problem that wraps continues under
    its own text, not under the dash.
    """
    lines = message.splitlines()
    if not any(line.startswith("- ") for line in lines):
        return message
    grid = Table.grid()
    grid.add_column(width=2, no_wrap=True)
    grid.add_column(ratio=1)
    head = [line for line in lines if not line.startswith("- ")]
    for line in lines:
        if line.startswith("- "):
            grid.add_row("-", line[2:])
    return Group(*(Text(line) for line in head), grid)


class SitDownScreen(Screen[Seat | None]):
    """Choose a table and a card design; dismiss with the :class:`Seat` or ``None``.

    Parameters
    ----------
    store : Store
        Read for each table's saved balance (nothing is written here).
    table : str or None
        The table to start on: a preset id, a rules file path, or ``None``
        (the first preset).
    design : CardDesign
        The design to start on.
    problem : str, optional
        Shown at once: why the remembered table no longer loads.
    can_go_back : bool
        A table is in play behind this screen (Esc goes back to it);
        otherwise Esc quits.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("pageup", "scroll_tables(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_tables(1)", "Scroll down", show=False),
    ]

    def __init__(
        self,
        store: Store,
        *,
        table: str | None,
        design: CardDesign,
        problem: str | None = None,
        can_go_back: bool = True,
    ) -> None:
        super().__init__()
        self.store = store
        self.start_table = table
        self.design = design
        self.problem = problem
        self.can_go_back = can_go_back
        self._error_key: tuple[str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Static("bjtrainer · Sit down: choose the table and the card design", id="title")
        with Horizontal(id="seat-body"):
            with Vertical(id="seat-tables"):
                yield OptionList(
                    *(
                        Option(
                            Text.assemble((f"{name:<9}", "bold"), PRESET_LINES.get(name, "")),
                            id=name,
                        )
                        for name in PRESETS
                    ),
                    Option(
                        Text.assemble(("file     ", "bold"), "your own rules file…"),
                        id=FILE_OPTION,
                    ),
                    id="table-list",
                )
                yield Input(placeholder="path/to/table.toml", id="rules-path")
                yield Static("", id="table-about")
                yield Static("", id="seat-error")
            with Vertical(id="seat-designs"):
                yield OptionList(
                    *(Option(name, id=design) for design, name in CARD_DESIGNS.items()),
                    id="design-list",
                )
                yield Static("", id="design-preview")
                yield Select(
                    [(name, name) for name in sorted(self.app.available_themes)],
                    value=self.app.theme,
                    allow_blank=False,
                    compact=True,
                    id="theme-select",
                )
        with Horizontal(id="seat-buttons"):
            yield Button("Sit down ⏎", variant="success", id="sit", compact=True)
            yield Button(
                "Back Esc" if self.can_go_back else "Quit Esc", id="seat-back", compact=True
            )
            yield Static("", id="seat-keys")

    def on_mount(self) -> None:
        self.query_one("#seat-tables").border_title = "Table"
        self.query_one("#seat-designs").border_title = "Card design · Theme"
        tables = self.query_one("#table-list", OptionList)
        start = self.start_table
        if start is None or start in PRESETS:
            tables.highlighted = tables.get_option_index(start or next(iter(PRESETS)))
        else:
            tables.highlighted = tables.get_option_index(FILE_OPTION)
            self.query_one("#rules-path", Input).value = start
        designs = self.query_one("#design-list", OptionList)
        designs.highlighted = designs.get_option_index(self.design)
        self._show_table()
        self._show_design()
        self._show_keys(scroll=False)
        if self.problem:
            self._show_error(self.problem)
        tables.focus()
        self.app.theme_changed_signal.subscribe(self, self._on_app_theme)

    # What the lists show

    def chosen_table(self) -> str:
        """The highlighted table option's id (a preset id or :data:`FILE_OPTION`)."""
        option = self.query_one("#table-list", OptionList).highlighted_option
        return option.id if option is not None and option.id is not None else next(iter(PRESETS))

    def chosen_design(self) -> CardDesign:
        """The highlighted card design."""
        option = self.query_one("#design-list", OptionList).highlighted_option
        return card_design(option.id) if option is not None and option.id else self.design

    def _show_table(self) -> None:
        table = self.chosen_table()
        path = self.query_one("#rules-path", Input)
        path.display = table == FILE_OPTION
        about = self.query_one("#table-about", Static)
        if table == FILE_OPTION:
            about.update(
                "A TOML file of rules fields, e.g. dealer_hits_soft_17 = true, "
                'blackjack_payout = "6:5". Start from: bjtrainer rules --show practice'
            )
            return
        rules = PRESETS[table]
        about.update(self._about(rules))

    def _about(self, rules: Rules) -> Text:
        text = Text()
        text.append(rules.name, style="bold")
        for line in rules_summary(rules):
            text.append("\n" + line)
        try:
            saved = saved_line(self.store.load_table(rules.id), rules)
        except StoreError:  # an unreadable saved table: sitting down keeps it aside
            saved = "Your saved table cannot be read: it will be kept aside, a new table starts."
        text.append("\n" + saved, style="italic")
        return text

    def _show_design(self) -> None:
        design = self.chosen_design()
        preview = card_row(PREVIEW, design=design)
        self.query_one("#design-preview", Static).update(preview)

    def _choice_key(self) -> tuple[str, str]:
        return self.chosen_table(), self.query_one("#rules-path", Input).value

    def _show_error(self, message: str) -> None:
        """Show ``message`` until the table or the path changes.

        A rules file's problems (:meth:`RulesError.listing`: the file once,
        then ``"- "`` and a problem a line) show one under another, each
        wrapped under its own text; where they do not fit, the table column
        scrolls to the first and the keys line says PgUp / PgDn scroll.
        """
        error = self.query_one("#seat-error", Static)
        error.update(problem_list(message))
        error.set_class(bool(message), "-shown")
        if message:  # at 80 x 24 the problems sit below the list: scroll them into view
            self.call_after_refresh(self._scroll_to_error)
        self._error_key = self._choice_key() if message else None
        self._show_keys(scroll=bool(message) and "\n" in message)

    def _scroll_to_error(self) -> None:
        """Scroll the table column so that the error's first line is its top line."""
        error = self.query_one("#seat-error", Static)
        self.query_one("#seat-tables").scroll_to(y=error.virtual_region.y, animate=False)

    def _show_keys(self, *, scroll: bool) -> None:
        escape = "back" if self.can_go_back else "quits"
        keys = "PgUp/PgDn scroll; Enter retries" if scroll else "Up/Down, Tab choose; Enter sits"
        self.query_one("#seat-keys", Static).update(f"{keys}; Esc {escape}")

    def _clear_stale_error(self) -> None:
        if self._error_key is not None and self._choice_key() != self._error_key:
            self._show_error("")

    @on(OptionList.OptionHighlighted, "#table-list")
    def _on_table_highlighted(self) -> None:
        self._clear_stale_error()
        self._show_table()

    @on(OptionList.OptionHighlighted, "#design-list")
    def _on_design_highlighted(self) -> None:
        self._show_design()

    # Sitting down

    @on(OptionList.OptionSelected, "#table-list")
    def _on_table_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == FILE_OPTION and not self.query_one("#rules-path", Input).value:
            self.query_one("#rules-path", Input).focus()
            return
        self.sit_down()

    def _on_app_theme(self, theme: Theme) -> None:
        """A theme chosen elsewhere (Ctrl+P, Theme) is the one the chooser names."""
        chooser = self.query_one("#theme-select", Select)
        if chooser.value != theme.name:
            chooser.value = theme.name

    @on(Select.Changed, "#theme-select")
    def _on_theme_chosen(self, event: Select.Changed) -> None:
        """Show the theme at once; the app remembers it (``docs/playing.md``, "Themes")."""
        event.stop()
        if isinstance(event.value, str) and event.value != self.app.theme:
            self.app.theme = event.value

    @on(OptionList.OptionSelected, "#design-list")
    def _on_design_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.sit_down()

    @on(Input.Submitted, "#rules-path")
    def _on_path(self, event: Input.Submitted) -> None:
        event.stop()
        self.sit_down()

    @on(Input.Changed, "#rules-path")
    def _on_path_changed(self) -> None:
        self._clear_stale_error()

    @on(Button.Pressed)
    def _on_button(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "sit":
            self.sit_down()
        else:
            self.action_back()

    def sit_down(self) -> None:
        """Dismiss with the chosen seat, or show why the rules file cannot be used."""
        table = self.chosen_table()
        design = self.chosen_design()
        if table != FILE_OPTION:
            self.dismiss(Seat(PRESETS[table], table, design))
            return
        path = self.query_one("#rules-path", Input)
        typed = strip_spaces(path.value)
        if not typed:
            self._show_error("Type the path of a rules file, then press Enter.")
            path.focus()
            return
        try:
            # One line for a path that is no rules file (no such file, a folder,
            # a binary file, ...), one per problem for a file with problems.
            rules = load_rules(typed)
        except RulesError as exc:
            self._show_error("\n".join(exc.listing()))
            path.focus()
            return
        preset = PRESETS.get(rules.id) is rules  # "Practice" typed: the preset, not a file
        self.dismiss(Seat(rules, rules.id if preset else table_ref(typed), design))

    def action_scroll_tables(self, pages: int) -> None:
        """Scroll the table column by a page (PgUp / PgDn): a long list of problems."""
        column = self.query_one("#seat-tables")
        if pages < 0:
            column.scroll_page_up(animate=False)
        else:
            column.scroll_page_down(animate=False)

    def action_back(self) -> None:
        """Back to the table unchanged; at the first start, quit."""
        self.dismiss(None)
