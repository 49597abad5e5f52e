"""The cards left in the shoe (card removal at every draw): the charts and the shoe-aware Why.

Every card is drawn without replacement from a shoe composition
(:mod:`bjtrainer.ev.exact.composition`): the basic-strategy charts from the
full shoe of a table (``docs/numbers.md``, "12. The basic-strategy chart"),
the shoe-aware figures from the unseen cards (``docs/numbers.md``, "11. The
shoe-aware figures"). Units as in :mod:`bjtrainer.ev`.

Dimension letters of this model, each meaning one thing
-------------------------------------------------------
None of them means something else in :mod:`bjtrainer.ev.independent`; U is
the same axis there.

U
    Dealer up cards solved together, index 0 = ace, 1..8 = 2..9,
    9 = ten-value: all ten for the charts, one for a spot.
V = 10
    Point values of a card, A, 2..9, T, in the same order.
X = 3,083
    Hand compositions of the universe (hard sum at most 21, the empty hand
    included; :mod:`bjtrainer.ev.exact.hands`).
M, L
    Nodes of the solved families (a hand of a family;
    :mod:`bjtrainer.ev.exact.player`), and some of them.
O = 7
    Dealer outcomes: 17, 18, 19, 20, 21, bust, blackjack.
B
    Shoe compositions evaluated together by the dealer.
D
    Depth of the dealer's factor table: the most cards of one value the
    dealer can hold, plus one.
Q_j, G
    Dealer-tree nodes of the next depth with a ``j``-th incoming
    transition, and transitions that end the dealer's hand
    (:mod:`bjtrainer.ev.exact.dealer`).
A
    Counts of more pair cards out solved for a split, 0 .. 2 (most hands -
    2) (:mod:`bjtrainer.ev.exact.split`).

Not dimensions: P, N and x name the kinds of a split hand's second card in
the published round patterns, and a, b count cards known to be out
(:mod:`bjtrainer.ev.exact.split`).
"""
