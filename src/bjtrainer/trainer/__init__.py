"""The trainer: the table session, the one coach, and practice; no Textual.

A key press at the table walks :mod:`~bjtrainer.trainer.session` (open,
restore, deal, play, save) to :mod:`~bjtrainer.trainer.coach` (the one
grader and explainer, for the table, the practice sets and the review
queue) and the engine, then to the store in one write. Building blocks:
:mod:`~bjtrainer.trainer.spots` (what a decision is about, and its key),
:mod:`~bjtrainer.trainer.grading` (accepted or not, the grade line),
:mod:`~bjtrainer.trainer.explain` (Hint and Why as plain text),
:mod:`~bjtrainer.trainer.reasons` (the one-line reason of a miss),
:mod:`~bjtrainer.trainer.shoe_aware` (the Why's exact figures for the shoe),
:mod:`~bjtrainer.trainer.clock` (the injected clock and the local date);
:mod:`~bjtrainer.trainer.practice` holds the practice modes.
"""
