"""Expected returns for independent draws: the numbers behind Hint and Why.

The model (``shared/RULES.md``, "The trainer's numbers", from
``003_2bdd88f24671a4ec.txt``): every card is drawn from an infinite deck,
P(A) = P(2) = ... = P(9) = 1/13 and P(ten-value) = 4/13; the hole card and
the shoe are never read. Chance is enumerated with probabilities, never
sampled. Every EV is per unit of the hand's original wager (a double risks
two units; late surrender is exactly -0.5). Only chip settlement rounds half
chips down; EVs use exact ratios (``Rules.blackjack_ratio``).

Peek: where the dealer checks for blackjack before the player acts
(``Rules.peeks_with``), figures are conditioned on no dealer blackjack. Where
an ace or ten is up and the dealer has not checked, a dealer blackjack is a
dealer final state inside every value: it beats every non-natural hand and
takes doubled and split money too.

Dimensions, named once for the whole package
--------------------------------------------
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
S = 27
    Dealer hard sums 0..26 in the dealer's dynamic program.
N, K = max_split_hands + 2
    Hands in the round and pending one-card split hands, in split values.

Modules: ``draws`` (chances, totals), ``dealer`` (one dynamic program for
the dealer), ``hand_values`` (stand, hit, double by backward recursion),
``split`` (exact split values with resplits), ``solution`` (everything
solved once per :class:`~bjtrainer.engine.rules.Rules`, cached), ``spots``
(the public :func:`analyse`), ``insurance`` and ``house_edge``.

Checked against Wizard of Odds, Blackjack Appendix 1 and 5, and Alan
Krigman's dealer totals (``shared/reference/published.md``), and against a
brute-force enumeration in ``tests/ev``.
"""

from bjtrainer.ev.independent.dealer import dealer_distribution
from bjtrainer.ev.independent.house_edge import RoundEV, round_ev
from bjtrainer.ev.independent.insurance import insurance_ev_per_chip, insurance_evs
from bjtrainer.ev.independent.spots import HandSpot, SpotAnalysis, analyse, rules_actions

__all__ = [
    "HandSpot",
    "RoundEV",
    "SpotAnalysis",
    "analyse",
    "dealer_distribution",
    "insurance_ev_per_chip",
    "insurance_evs",
    "round_ev",
    "rules_actions",
]
