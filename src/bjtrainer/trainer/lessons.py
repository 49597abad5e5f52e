"""The guided introductions: six short lessons on scripted hands.

A lesson is a few hands, each dealt from a stacked shoe
(:meth:`bjtrainer.engine.shoe.Shoe.stacked`) so its cards are known, with a
panel text for every decision saying what to look at and why
(docs/playing.md, "Guided introductions"). :func:`lessons_for` builds them
for the rules of the table the player sits at and leaves out what that table
does not have: no surrender without late surrender, no insurance where none is
offered, a double after a split only with DAS, a soft double only where the
table lets that total double.

A lesson is played on a separate lesson table (:func:`lesson_table`): its own
shoe and chips, never saved; the real table and its saved state are not
touched. Which lessons are finished is one store setting
(:data:`FINISHED_SETTING`), written in one short transaction by
:func:`mark_finished`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bjtrainer.engine.actions import Action
from bjtrainer.engine.round import Phase, Round
from bjtrainer.engine.rules import Rules
from bjtrainer.engine.shoe import Shoe
from bjtrainer.engine.table import Table
from bjtrainer.store import Store
from bjtrainer.trainer.coach import Coach

#: The store setting listing the finished lessons' ids, comma separated.
FINISHED_SETTING = "lessons_finished"


@dataclass(frozen=True)
class Step:
    """One decision of a scripted hand.

    Attributes
    ----------
    action : Action
        The play the lesson asks for: the basic-strategy play of the spot.
    hand : str
        The player's hand as the panel names it: ``"hard 16"``, ``"soft 18"``
        or ``"pair of 8s"``.
    up : str
        The dealer's up card rank (``"2"`` to ``"9"``, ``"T"``, ``"A"``).
    panel : str
        What to look at and why, in plain words; it names ``hand``.
    """

    action: Action
    hand: str
    up: str
    panel: str


@dataclass(frozen=True)
class ScriptedHand:
    """One hand of a lesson: the cards in deal order and its decisions.

    Attributes
    ----------
    cards : tuple of str
        Card codes in deal order: player, up card, player, hole card, then
        every card drawn (the player's, then the dealer's).
    intro : str
        Shown before the deal.
    steps : tuple of Step
        The decisions, in the order they come up.
    """

    cards: tuple[str, ...]
    intro: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Lesson:
    """A guided introduction: an id, a title and its scripted hands."""

    id: str
    title: str
    hands: tuple[ScriptedHand, ...]


def _up_words(rank: str) -> str:
    """The up card in words: ``"a 7"``, ``"an 8"``, ``"a ten"``, ``"an ace"``."""
    if rank == "T":
        return "a ten"
    if rank == "A":
        return "an ace"
    return f"an {rank}" if rank == "8" else f"a {rank}"


def _step(action: Action, hand: str, up: str, why: str) -> Step:
    key = {
        Action.HIT: "H",
        Action.STAND: "S",
        Action.DOUBLE: "D",
        Action.SPLIT: "X",
        Action.SURRENDER: "R",
        Action.INSURANCE: "Y",
        Action.NO_INSURANCE: "N",
    }[action]
    word = action.value.replace("_", " ").replace("no insurance", "decline insurance")
    panel = f"You hold {hand} against {_up_words(up)}. {why} Press {key} to {word}."
    return Step(action, hand, up, panel)


def _round_and_totals() -> Lesson:
    return Lesson(
        "round",
        "The round and the totals",
        (
            ScriptedHand(
                ("TS", "9H", "7D", "8C", "TD"),
                "A round deals you two cards face up and the dealer one up and one "
                "face down (the hole card). Tens and faces count 10, an ace 1 or 11.",
                (
                    _step(
                        Action.STAND,
                        "hard 17",
                        "9",
                        "A ten and a 7 make hard 17: no ace counted as 11. The dealer's "
                        "hole card stays hidden until you finish. Any card of 5 or more "
                        "would bust you (take you over 21), so keep 17.",
                    ),
                ),
            ),
            ScriptedHand(
                ("AS", "9D", "5H", "7C", "3D", "TH"),
                "An ace counts 11 while that does not take the hand over 21: such a hand is soft.",
                (
                    _step(
                        Action.HIT,
                        "soft 16",
                        "9",
                        "The ace counts 11, so this is soft 16: no single card can bust "
                        "it, since the ace can fall back to 1. 16 loses to most dealer "
                        "totals, so take a card.",
                    ),
                    _step(
                        Action.STAND,
                        "soft 19",
                        "9",
                        "The 3 made soft 19. The dealer must draw to 17 or more; 19 "
                        "beats 17 and 18 and is worth keeping.",
                    ),
                ),
            ),
        ),
    )


def _hard_totals() -> Lesson:
    return Lesson(
        "hard",
        "Hard totals and the up card",
        (
            ScriptedHand(
                ("TH", "6S", "6D", "TC", "9S"),
                "Hard 12 to 16 are stiff hands: one card can bust them. Whether to "
                "hit one depends on the dealer's up card.",
                (
                    _step(
                        Action.STAND,
                        "hard 16",
                        "6",
                        "With a 6 up the dealer is likely to hold a stiff total too and "
                        "must hit it: the dealer busts about 42% of the time. Let the "
                        "dealer take that risk instead of you.",
                    ),
                ),
            ),
            ScriptedHand(
                ("TD", "7S", "5C", "TH", "4D"),
                "A 7 up is a strong card: the dealer often ends on 17 or more.",
                (
                    _step(
                        Action.HIT,
                        "hard 15",
                        "7",
                        "Standing on 15 wins only when the dealer busts, which a 7 up "
                        "rarely does. Hitting risks a bust but is the smaller loss.",
                    ),
                    _step(
                        Action.STAND,
                        "hard 19",
                        "7",
                        "The 4 made hard 19: most cards would bust it now, and 19 beats "
                        "the dealer's likely 17.",
                    ),
                ),
            ),
            ScriptedHand(
                ("TS", "4H", "2C", "TD", "8S"),
                "Hard 12 busts only on a ten-value card (4 ranks in 13).",
                (
                    _step(
                        Action.STAND,
                        "hard 12",
                        "4",
                        "Against a 4 the dealer busts often enough that standing on 12 "
                        "loses less than hitting it.",
                    ),
                ),
            ),
        ),
    )


def _soft_hands(rules: Rules) -> Lesson:
    hands = [
        ScriptedHand(
            ("AH", "9C", "7S", "9D", "2H"),
            "A soft hand cannot bust on one card: hitting it is cheap.",
            (
                _step(
                    Action.HIT,
                    "soft 18",
                    "9",
                    "Soft 18 loses to the dealer's likely 19 with a 9 up, and no card "
                    "can bust a soft hand, so try to improve it.",
                ),
                _step(
                    Action.STAND,
                    "soft 20",
                    "9",
                    "The 2 made soft 20, the second-best total: keep it.",
                ),
            ),
        ),
    ]
    if rules.may_double_total(17):
        hands.append(
            ScriptedHand(
                ("AD", "4S", "6H", "TC", "3S", "TD"),
                "A soft double: with a weak up card, double a soft hand for one card.",
                (
                    _step(
                        Action.DOUBLE,
                        "soft 17",
                        "4",
                        "Soft 17 cannot bust on one card, and a 4 up busts often: "
                        "twice the bet on one card is worth more here than hitting.",
                    ),
                ),
            )
        )
    return Lesson("soft", "Soft hands", tuple(hands))


def _doubling_and_splitting(rules: Rules) -> Lesson:
    hands = [
        ScriptedHand(
            ("6S", "9H", "5D", "7C", "9D", "TH"),
            "A double adds a wager equal to the bet and takes exactly one card.",
            (
                _step(
                    Action.DOUBLE,
                    "hard 11",
                    "9",
                    "Any ten-value card makes 21 and no card can bust 11, so it is "
                    "worth twice the bet for one card, even against a strong 9.",
                ),
            ),
        ),
    ]
    if rules.max_split_hands >= 2:
        hands.append(
            ScriptedHand(
                ("AS", "6D", "AH", "TC", "9C", "8D", "TS"),
                "A pair may be split into two hands, each with its own bet.",
                (
                    _step(
                        Action.SPLIT,
                        "pair of aces",
                        "6",
                        "Together two aces are only soft 12; apart, each ace starts a "
                        "hand that a ten turns into 21. Always split aces.",
                    ),
                ),
            )
        )
        # Both ways the 8s draw 3 then 9 (20), the second 8 a ten, the dealer 7.
        eights = ("8S", "6H", "8D", "TC", "3H", "9C", "TD", "7S")
        first: tuple[Step, ...]
        if rules.double_after_split:
            first = (
                _step(
                    Action.DOUBLE,
                    "hard 11",
                    "6",
                    "This table allows a double after a split (DAS): 11 against a 6 is a double.",
                ),
            )
        else:
            first = (
                _step(
                    Action.HIT,
                    "hard 11",
                    "6",
                    "This table allows no double after a split, so the 11 takes a card.",
                ),
                _step(Action.STAND, "hard 20", "6", "20 is a stand."),
            )
        hands.append(
            ScriptedHand(
                eights,
                "Two 8s make hard 16, the worst total; one 8 is a fair start.",
                (
                    _step(
                        Action.SPLIT,
                        "pair of 8s",
                        "6",
                        "Split 8s: two hands starting from 8 lose less than one 16.",
                    ),
                    *first,
                    _step(
                        Action.STAND,
                        "hard 18",
                        "6",
                        "The second 8 drew a ten: 18, a stand.",
                    ),
                ),
            )
        )
        hands.append(
            ScriptedHand(
                ("TS", "6C", "KH", "9D", "TD"),
                "Not every pair is split.",
                (
                    _step(
                        Action.STAND,
                        "hard 20",
                        "6",
                        "Two tens are hard 20, which wins most hands as it is: never split tens.",
                    ),
                ),
            )
        )
    return Lesson("double", "Doubling and splitting", tuple(hands))


def _surrender_and_insurance(rules: Rules) -> Lesson | None:
    hands: list[ScriptedHand] = []
    if rules.surrender == "late":
        hands.append(
            ScriptedHand(
                ("TS", "TD", "6H", "7C"),
                "Late surrender gives up the hand for half the bet back, after the "
                "dealer has checked for blackjack.",
                (
                    _step(
                        Action.SURRENDER,
                        "hard 16",
                        "T",
                        "Against a ten, hard 16 loses more than half the bet on average "
                        "whether you hit or stand; surrender loses exactly half.",
                    ),
                ),
            )
        )
    if rules.insurance != "none":
        hands.append(
            ScriptedHand(
                ("TH", "AS", "9D", "7C"),
                "With an ace up the dealer offers insurance: a side bet of up to half "
                "the bet that pays 2 to 1 if the hole card is a ten.",
                (
                    _step(
                        Action.NO_INSURANCE,
                        "hard 19",
                        "A",
                        "Of the 13 ranks, 4 count ten and 9 do not: staking 1 chip "
                        "wins 2 four times in 13 and loses 1 nine times, "
                        "(4 x 2 - 9)/13 = -1/13. Insurance gives up 1/13 of what it "
                        "stakes, whatever you hold.",
                    ),
                    _step(
                        Action.STAND,
                        "hard 19",
                        "A",
                        "The hole card is not a ten. Hard 19 is a stand even against an ace.",
                    ),
                ),
            )
        )
    if not hands:
        return None
    return Lesson("surrender", "Surrender and insurance", tuple(hands))


def _hint_and_why() -> Lesson:
    return Lesson(
        "hint",
        "Hint, Why and the practice modes",
        (
            ScriptedHand(
                ("9S", "2H", "3D", "TC", "5H", "TD"),
                "At the table, ? (Hint) gives the best play and its EV, W (Why) the "
                "bust chance, the stand odds and the EV of each play, G the chart. "
                "After this hand, M opens the practice modes: focused sets, mistakes "
                "and weak spots, the daily five and your stats.",
                (
                    _step(
                        Action.HIT,
                        "hard 12",
                        "2",
                        "A close call: press ? for Hint and W for Why to see how close. "
                        "A 2 up busts less often than a 4, 5 or 6, so 12 takes a card.",
                    ),
                    _step(
                        Action.STAND,
                        "hard 17",
                        "2",
                        "The 5 made hard 17: stand.",
                    ),
                ),
            ),
        ),
    )


def lessons_for(rules: Rules) -> tuple[Lesson, ...]:
    """The lessons for a table of ``rules``, in order.

    Six lessons; "Surrender and insurance" is left out where the table has
    neither late surrender nor insurance (e.g. the ``home`` preset), and its
    parts, the soft double and the splits, are left out where the table does
    not offer them.
    """
    found: list[Lesson | None] = [
        _round_and_totals(),
        _hard_totals(),
        _soft_hands(rules),
        _doubling_and_splitting(rules),
        _surrender_and_insurance(rules),
        _hint_and_why(),
    ]
    return tuple(lesson for lesson in found if lesson is not None)


def lesson_table(rules: Rules, hand: ScriptedHand, seed: int = 0) -> Table:
    """A separate lesson table dealing ``hand`` first: its own shoe and chips.

    The table starts with ``rules.starting_chips`` and bets
    ``rules.first_bet``; behind the scripted cards is a shoe shuffled by a
    generator seeded with ``seed``. Nothing of it is saved.
    """
    rng = np.random.default_rng(seed)
    return Table(rules, rng, shoe=Shoe.stacked(rules, list(hand.cards), rng))


def finished_lessons(store: Store) -> frozenset[str]:
    """The ids of the lessons marked finished in ``store``."""
    value = store.get_setting(FINISHED_SETTING, "") or ""
    return frozenset(part for part in value.split(",") if part)


def mark_finished(store: Store, lesson_ids: Sequence[str] | str) -> None:
    """Mark lessons finished: one setting, written in one transaction."""
    ids = [lesson_ids] if isinstance(lesson_ids, str) else list(lesson_ids)
    done = finished_lessons(store) | frozenset(ids)
    store.set_setting(FINISHED_SETTING, ",".join(sorted(done)))


class LessonRun:
    """A lesson being played, hand by hand, on its own lesson table.

    Only the play a step asks for is applied, so the scripted cards stay in
    order; another key gets :attr:`refusal` (the panel again) and changes
    nothing. Hint and Why come from the table's coach
    (:class:`~bjtrainer.trainer.coach.Coach`), as at the real table.

    Parameters
    ----------
    rules : Rules
        The real table's rules (the lesson table plays them).
    lesson : Lesson
        One of :func:`lessons_for` ``(rules)``.
    """

    def __init__(self, rules: Rules, lesson: Lesson) -> None:
        self.rules = rules
        self.lesson = lesson
        self.coach = Coach(rules)
        self.hand_index = 0
        self.step_index = 0
        self.table = lesson_table(rules, lesson.hands[0])
        self.table.deal()

    @property
    def hand(self) -> ScriptedHand:
        """The scripted hand on the table now."""
        return self.lesson.hands[self.hand_index]

    @property
    def round(self) -> Round:
        """The lesson table's round (dealt at once)."""
        assert self.table.round is not None
        return self.table.round

    @property
    def step(self) -> Step | None:
        """The decision the lesson waits for, or ``None`` once the hand is over."""
        if self.round.phase is Phase.SETTLED or self.step_index >= len(self.hand.steps):
            return None
        return self.hand.steps[self.step_index]

    @property
    def finished(self) -> bool:
        """Whether the last hand is over."""
        return self.hand_index == len(self.lesson.hands) - 1 and self.step is None

    def panel(self) -> str:
        """The lesson panel: the hand's number, its introduction and what to do now."""
        head = f"{self.lesson.title}: hand {self.hand_index + 1} of {len(self.lesson.hands)}."
        step = self.step
        if step is not None:
            return f"{head}\n{self.hand.intro}\n\n{step.panel}"
        if self.finished:
            return f"{head}\nLesson finished. Esc returns to your table."
        return f"{head}\nThe hand is over. Enter deals the next one."

    def answer(self, action: Action) -> str | None:
        """Play ``action`` if it is the step's play; the grade line, or ``None`` if refused."""
        step = self.step
        if step is None or action is not step.action:
            return None
        grade = self.coach.answer(self.round, action).grade
        self.table.apply(action)
        self.step_index += 1
        return grade.line()

    def next_hand(self) -> bool:
        """Deal the next scripted hand on a fresh lesson table; ``False`` if none is left."""
        if self.step is not None or self.hand_index + 1 >= len(self.lesson.hands):
            return False
        self.hand_index += 1
        self.step_index = 0
        self.table = lesson_table(self.rules, self.hand, seed=self.hand_index)
        self.table.deal()
        return True

    def hint_lines(self) -> list[str] | None:
        """The coach's Hint for the decision now, or ``None`` when none is pending."""
        spot = self.coach.spot(self.round) if self.step is not None else None
        return self.coach.hint(spot) if spot is not None else None

    def why_lines(self) -> list[str] | None:
        """The coach's Why figures for the decision now, or ``None`` when none is pending."""
        spot = self.coach.spot(self.round) if self.step is not None else None
        return self.coach.why(spot) if spot is not None else None
