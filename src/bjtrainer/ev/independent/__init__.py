"""Independent draws (an infinite deck): the figures behind Hint, Why and the grading.

See :mod:`bjtrainer.ev` for the model, the units and the dimension letters.
"""
