"""Every command-line argument refuses what it does not ask for, in one line.

A card (``--hand``, ``--up``), a date (``--date``), a table (``--rules``,
``--show``) and a folder (``--dir``) take the forms docs/playing.md and
docs/custom-tables.md give; anything else (digits of other scripts such as
``'٣'`` or ``'²'``, which Python's ``int`` or ``str.isdigit`` accept, control
characters, 10,000 characters, an empty string) exits 2 with one line on
standard error, never a traceback. A rules file that is missing says "no such
file"; a folder, a device and a binary file each get their own line. An
option given twice is refused, whichever value came last.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bjtrainer.cli import main

#: The longest error line accepted: a message quotes at most a short part of what was typed.
LONGEST_LINE = 300

#: Texts no argument asks for.
NASTY: tuple[str, ...] = (
    "",
    " ",
    "٣",  # ARABIC-INDIC DIGIT THREE: int() reads 3
    "²",  # SUPERSCRIPT TWO: isdigit() is true, int() raises
    "١٠",  # "10" in Arabic-Indic digits
    "٢٠٢٦-١١-٢٩",  # a date in Arabic-Indic digits
    "2026-W48-7",  # an ISO week date: date.fromisoformat reads it
    "20261129",
    "T\x1c6",  # a file separator between two cards: str.split() splits on it
    "\x00",
    "a\x00b",
    "\x1b[31m",
    "\udcff",  # an undecodable byte of argv (surrogateescape)
    "1" * 10_000,
    "a" * 10_000,
    "~no_such_user_here/table.toml",
    "/dev/null",
    "/dev/zero",
)


def run(argv: Sequence[str]) -> tuple[int, str, str]:
    """``(exit status, standard output, standard error)`` of ``bjtrainer argv``.

    An exception other than ``SystemExit`` propagates: it is the traceback a
    user would see, and fails the test.
    """
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's own refusals
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check_refused_or_done(argv: Sequence[str]) -> tuple[int, str]:
    """Run ``argv``: exit 0, or exit 2 with a short error line last on stderr."""
    code, _, err = run(argv)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        last = err.rstrip("\n").splitlines()[-1]
        assert "error: " in last, (argv, err)
        assert len(last) <= LONGEST_LINE, (argv, last[:400])
    return code, err


@pytest.fixture
def no_app() -> Iterator[mock.MagicMock]:
    """``bjtrainer --rules X`` with a valid X would open the app: it is stubbed out."""
    with mock.patch("bjtrainer.tui.app.make_app") as make_app:
        make_app.return_value.open_error = None  # the store opened
        yield make_app


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random paths are relative to an empty folder, so none names a real file."""
    folder = tmp_path / "cwd"
    folder.mkdir()
    monkeypatch.chdir(folder)


def templates(text: str) -> list[list[str]]:
    """Every argument of every command, given ``text``, alone or with valid others."""
    return [
        ["hint", f"--hand={text}", "--up", "5"],
        ["hint", "--hand", text, "--up", "5"],
        ["hint", "--hand", "T 6", f"--up={text}"],
        ["daily", f"--date={text}"],
        ["daily", "--date", text],
        ["edge", f"--rules={text}"],
        ["rules", f"--show={text}"],
        ["stats", f"--rules={text}"],
        ["chart", f"--rules={text}"],
        ["chart", "--check", f"--dir={text}"],
        [f"--rules={text}", "daily", "--date", "2026-11-29"],
        [f"--rules={text}"],
    ]


@pytest.mark.parametrize("text", NASTY, ids=lambda text: repr(text)[:24])
def test_each_nasty_text_in_each_argument(text: str, no_app: mock.MagicMock) -> None:
    for argv in templates(text):
        code, _ = check_refused_or_done(argv)
        # None of these is a card, a date, a table or a chart folder.
        assert code == 2, argv


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    text=st.text(max_size=40)
    | st.text(st.characters(categories=["Nd", "No", "Cc", "Cf", "Zs"]), max_size=8)
    | st.sampled_from(NASTY),
    which=st.integers(0, 11),
)
def test_random_text_in_any_argument(text: str, which: int, no_app: mock.MagicMock) -> None:
    """Hypothesis types random Unicode into one argument: exit 0 or 2, never a traceback."""
    check_refused_or_done(templates(text)[which])


def test_unicode_digits_are_not_cards() -> None:
    for argv in (
        ["hint", "--hand", "٣ ٤", "--up", "5"],
        ["hint", "--hand", "T 6", "--up", "²"],
        ["hint", "--hand", "١٠ 6", "--up", "5"],
    ):
        code, err = check_refused_or_done(argv)
        assert code == 2 and err.startswith("bjtrainer: error: Not a card"), argv


def test_a_control_character_does_not_separate_cards() -> None:
    code, err = check_refused_or_done(["hint", "--hand", "T\x1c6", "--up", "5"])
    assert code == 2
    assert err == (
        "bjtrainer: error: Not a card: 'T\\x1c6'. Cards are A, 2-9, T (or 10), J, Q, K.\n"
    )


@pytest.mark.parametrize("written", ["2026-W48-7", "20261129", "٢٠٢٦-١١-٢٩", " 2026-11-29\x1f"])
def test_a_date_is_written_yyyy_mm_dd(written: str) -> None:
    code, err = check_refused_or_done(["daily", "--date", written])
    assert code == 2 and err.startswith("bjtrainer: error: Not a date"), written
    assert "YYYY-MM-DD" in err


def test_a_long_value_is_quoted_short() -> None:
    code, err = check_refused_or_done(["hint", "--hand", "1" * 10_000, "--up", "5"])
    assert code == 2
    assert "10000 characters" in err and err.count("\n") == 1


def test_a_missing_rules_file_says_no_such_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    code, err = check_refused_or_done(["edge", "--rules", str(missing)])
    assert code == 2
    assert f"{str(missing)!r}: no such file" in err


def test_a_folder_a_device_and_a_binary_file_each_say_what_they_are(tmp_path: Path) -> None:
    binary = tmp_path / "table.toml"
    binary.write_bytes(bytes(range(256)))
    lines = {}
    for path in (str(tmp_path), os.devnull, str(binary)):
        code, err = check_refused_or_done(["edge", "--rules", path])
        assert code == 2 and err.count("\n") == 1
        lines[path] = err
    assert "is a folder, not a rules file" in lines[str(tmp_path)]
    assert "is not a regular file" in lines[os.devnull]
    assert "is a binary file, not a rules file" in lines[str(binary)]


def test_an_unreadable_rules_file(tmp_path: Path) -> None:
    locked = tmp_path / "locked.toml"
    locked.write_text("decks = 2\n", encoding="utf-8")
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as a user who reads every file")
        code, err = check_refused_or_done(["edge", "--rules", str(locked)])
    finally:
        locked.chmod(0o600)
    assert code == 2
    assert err == (
        f"bjtrainer: error: {str(locked)!r}: cannot read the rules file: permission denied.\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--rules", "practice", "--rules", "guide"],
        ["edge", "--rules", "practice", "--rules", "guide"],
        ["--rules", "practice", "edge", "--rules", "guide"],
        ["--rules=practice", "daily", "--rules=practice"],
        ["hint", "--hand", "T 6", "--hand", "T 7", "--up", "5"],
        ["hint", "--hand", "T 6", "--up", "5", "--up", "6"],
        ["daily", "--date", "2026-11-29", "--date", "2026-11-30"],
        ["edge", "--json", "--json"],
        ["rules", "--show", "night", "--show", "home"],
        ["chart", "--dir", ".", "--dir", "."],
    ],
)
def test_an_option_given_twice_is_refused(argv: list[str], no_app: mock.MagicMock) -> None:
    code, out, err = run(argv)
    assert code == 2 and out == ""
    assert err.splitlines()[-1].endswith("was given twice: give it once.")
    no_app.assert_not_called()


@pytest.mark.parametrize("command", ["edge", "chart", "export"])
def test_ctrl_c_in_any_command_is_one_line_and_exit_130(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bjtrainer.cli import command_module

    def ctrl_c(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(command_module(command), "run", ctrl_c)
    assert main([command]) == 130
    assert capsys.readouterr().err == "bjtrainer: stopped (Ctrl+C).\n"
