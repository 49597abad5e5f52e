"""Independent draws (an infinite deck): the figures behind Hint, Why and the grading.

The model (``docs/numbers.md``, "1. Independent draws"): every card is
drawn from an infinite deck, P(A) = P(2) = ... = P(9) = 1/13 and
P(ten-value) = 4/13; the hole card and the shoe are never read. Every EV is
per unit of the hand's original wager (see :mod:`bjtrainer.ev`).

Peek (``docs/numbers.md``, "Peek conditioning"): where the dealer
checks for blackjack before the player acts (``Rules.peeks_with``), figures
are conditioned on no dealer blackjack. Where an ace or ten is up and the
dealer has not checked, a dealer blackjack is a dealer final state inside
every value: it beats every non-natural hand and takes doubled and split
money too.

Dimension letters of this model, each meaning one thing
-------------------------------------------------------
U = 10
    Dealer up cards, index 0 = ace, 1..8 = 2..9, 9 = ten-value.
C = 10
    Values of a drawn card, same order. R = 10 pair ranks, same order.
F = 7
    Dealer final states: 17, 18, 19, 20, 21, bust, blackjack.
T = 22
    Player best totals 0..21 (totals up to 16 all stand alike).
H = 22, A = 2
    Player hard sums 0..21 (aces as 1) and the ace flag (no ace / an ace).
E = 32
    Player hard sums 0..31 inside the hit recursion (a 21 that draws a ten
    reaches 31).
S = 27
    Dealer hard sums 0..26 in the dealer's dynamic program.
N, K = max_split_hands + 2
    Hands in the round and pending one-card split hands, in split values.

``W(n, k)`` in :mod:`bjtrainer.ev.independent.split` is a value (the return
of ``k`` pending split hands), not a dimension.

Modules: ``draws`` (chances, totals), ``dealer`` (one dynamic program for
the dealer), ``hand_values`` (stand, hit, double by backward recursion),
``split`` (exact split values with resplits), ``solution`` (everything
solved once per :class:`~bjtrainer.engine.rules.Rules`, cached), ``spots``
(:func:`~bjtrainer.ev.independent.spots.analyse`), ``insurance`` and
``house_edge``.

Checked against Wizard of Odds, Blackjack Appendix 1 and 5, and Alan
Krigman's dealer totals (``docs/numbers.md``, "2. The dealer's final
total"), and against a brute-force enumeration in ``tests/ev``.
"""
