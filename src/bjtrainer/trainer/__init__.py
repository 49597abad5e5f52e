"""The trainer: spots, grading, the Hint and Why text, and the coach the TUI calls.

Modules: :mod:`~bjtrainer.trainer.spots` (what a decision is about),
:mod:`~bjtrainer.trainer.grading` (accepted or not, the grade line),
:mod:`~bjtrainer.trainer.explain` (Hint and Why as plain text),
:mod:`~bjtrainer.trainer.coach` (glue between a round, the EV layer and the store).
Nothing here imports Textual.
"""
