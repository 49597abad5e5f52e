"""The errors bjtrainer raises; every one is a :class:`BjTrainerError`."""


class BjTrainerError(Exception):
    """Base class of every error bjtrainer raises on purpose."""


class IllegalActionError(BjTrainerError):
    """An action the rules or the round's phase do not allow now.

    The message is a full sentence a player can read, for example
    ``"Cannot double: the hand already has 3 cards."``.
    """


class InvalidCardError(BjTrainerError, ValueError):
    """A card or rank written in a form bjtrainer does not know."""


class InvalidSpotError(BjTrainerError, ValueError):
    """A player hand and up card that cannot occur as a decision."""


class RulesError(BjTrainerError, ValueError):
    """A rules preset name or rules file that is not valid.

    The message has one line per problem, each starting with the file's
    path (``"mine.toml: decks = 12 is not allowed; ..."``). A rules file's
    problems are also kept apart: ``origin`` is the path as given and
    ``problems`` each problem without it, so that :meth:`listing` can name
    the file once (``docs/custom-tables.md``, "When the file is wrong").
    """

    def __init__(
        self, message: str, *, origin: str | None = None, problems: tuple[str, ...] = ()
    ) -> None:
        super().__init__(message)
        self.origin = origin
        self.problems = problems

    def listing(self) -> list[str]:
        """The message to show a person: the file once, then one line per problem.

        ``["mine.toml: 2 problems:", "- decks = 12 is not allowed; ...",
        "- peek = ... ."]``; a message of one problem (or of no file) is one
        line, as ``str(self)``.
        """
        if self.origin is None or len(self.problems) < 2:
            return [" ".join(str(self).split("\n"))]
        return [f"{self.origin}: {len(self.problems)} problems:"] + [
            f"- {problem}" for problem in self.problems
        ]


class SavedStateError(BjTrainerError, ValueError):
    """A saved table (``Table.to_state()``) that cannot be restored."""


class StoreError(BjTrainerError):
    """The local store cannot be opened or read."""


class BrokenStoreError(StoreError):
    """The store file is not one this bjtrainer may open: nothing was written to it.

    Empty, cut short, damaged, not a database, another program's database,
    from a newer bjtrainer, or unreadable; the message names the file and
    what to do (``docs/playing.md``, "A store that cannot be opened").
    """


class CannotSaveError(StoreError):
    """A write failed because the store cannot be written (a full disk, a read-only file).

    Nothing of that write was kept, and nothing saved before is lost; from
    then on the store keeps this window's play in memory, so the same move
    can be made again (``docs/playing.md``, "A store that cannot be opened").
    """


class StoreBusyError(StoreError):
    """Another bjtrainer window or command held the store's write lock past the busy timeout.

    Nothing of the write was kept; the same write may simply be tried again
    (``docs/playing.md``, "Two windows").
    """


class TableChangedError(StoreError):
    """The saved table moved on since it was loaded: another window played it.

    Raised by a compare-and-set save of the table (nothing of the write is
    kept), and by the table session once it has reloaded the newer table
    (``docs/playing.md``, "Two windows").
    """


class PracticeError(BjTrainerError, ValueError):
    """A practice set that cannot start now, or a practice input that is not valid.

    The message is a full sentence a player can read, for example
    ``"The review queue is empty: there is nothing to review."``.
    """
