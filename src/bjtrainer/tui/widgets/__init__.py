"""Widgets of the table screen: cards, the dealer, the hands, panels, buttons, the chip rack."""
