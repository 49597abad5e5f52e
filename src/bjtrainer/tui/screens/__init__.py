"""Screens of the app: the table, the bet chooser and the help screen."""
