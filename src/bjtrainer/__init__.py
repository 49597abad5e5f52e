"""bjtrainer: a blackjack basic-strategy trainer for the terminal."""

__version__ = "0.1.0"
