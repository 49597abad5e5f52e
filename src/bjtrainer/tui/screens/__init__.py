"""Screens of the app: sit down, the table, its dialogs (bet, insurance, CASH OUT, board), help."""
