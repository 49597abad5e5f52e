"""The cards left in the shoe (card removal at every draw): the charts and the shoe-aware Why.

See :mod:`bjtrainer.ev` for the units; the dimension letters of this model are
named in :mod:`bjtrainer.ev.exact.composition`.
"""
