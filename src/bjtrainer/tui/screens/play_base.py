"""What the table screen and the practice set screen share.

Both draw a round on the felt (dealer, hands, feedback, buttons, the
Hint/Why panel) in the chosen card design, and both show one short notice
at a time.
"""

from __future__ import annotations

from textual.screen import Screen

from bjtrainer.tui.views.cards import DEFAULT_DESIGN, CardDesign, plain_text
from bjtrainer.tui.widgets.buttons import ChoiceButton
from bjtrainer.tui.widgets.coach_panel import CoachPanel
from bjtrainer.tui.widgets.dealer_view import DealerView
from bjtrainer.tui.widgets.hand_view import HandsRow

#: How long a notice stays, in seconds.
NOTICE_SECONDS = 3.0


class PlayScreen(Screen[None]):
    """A screen that plays rounds: card design, notices, the coach panel.

    Parameters
    ----------
    design : CardDesign
        How cards are drawn; ``"ascii"`` also keeps every text ASCII.
    """

    def __init__(self, design: CardDesign = DEFAULT_DESIGN) -> None:
        super().__init__()
        self.design = design

    def _text(self, text: str) -> str:
        """``text`` as the card design draws it: ASCII only in the ``ascii`` design."""
        return plain_text(text) if self.design == "ascii" else text

    def apply_design(self) -> None:
        """Give the felt's widgets and button labels the card design (on mount)."""
        self.set_class(self.design == "ascii", "-ascii")
        if self.design == "ascii":
            for button in self.query(ChoiceButton):
                button.label = plain_text(str(button.label))
        self.query_one(DealerView).design = self.design
        self.query_one(HandsRow).design = self.design

    def _clear_coach(self) -> None:
        """Hide the Hint/Why panel."""
        panel = self.query_one(CoachPanel)
        panel.lines = ()
        panel.title = ""

    def _notice(self, message: str) -> None:
        """One short notice at a time: a new one replaces the last."""
        self.app.clear_notifications()
        self.notify(message, severity="warning", timeout=NOTICE_SECONDS)
