"""Shell completion: ``bjtrainer --print-completion bash|zsh|tcsh|fish`` (shtab).

The bash script is sourced in a real bash and its completion function is
called as bash calls it (``COMP_WORDS``, ``COMP_CWORD``): the words it
offers are the subcommands and the options declared in ``bjtrainer.cli``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bjtrainer.cli import COMMANDS, main
from bjtrainer.engine.presets import PRESETS


def script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(["--print-completion", shell])
    assert stop.value.code == 0
    return capsys.readouterr().out


def complete_in_bash(text: str, words: list[str]) -> list[str]:
    """What bash offers for the last of ``words`` after sourcing ``text``."""
    words_list = " ".join(f"'{w}'" for w in words)
    program = (
        f"{text}\n"
        'function="$(complete -p bjtrainer | sed -E "s/.* -F ([^ ]+) .*/\\1/")"\n'
        f"COMP_WORDS=({words_list}); COMP_CWORD={len(words) - 1}\n"
        'COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}\n'
        '"$function" bjtrainer "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    run = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return sorted(line.strip() for line in run.stdout.splitlines() if line.strip())


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_bash_completes_subcommands_and_their_options(capsys: pytest.CaptureFixture[str]) -> None:
    text = script("bash", capsys)
    assert complete_in_bash(text, ["bjtrainer", ""]) == sorted(COMMANDS)
    assert complete_in_bash(text, ["bjtrainer", "ch"]) == ["chart"]
    options = complete_in_bash(text, ["bjtrainer", "chart", "--"])
    assert {"--rules", "--write", "--check", "--dir", "--help"} <= set(options)
    assert complete_in_bash(text, ["bjtrainer", "--print-completion", ""]) == sorted(
        ["bash", "zsh", "tcsh", "fish"]
    )


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_bash_completes_the_presets_and_the_files_after_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = script("bash", capsys)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("decks = 2\n", encoding="utf-8")
    (tmp_path / "night-out.toml").write_text("decks = 1\n", encoding="utf-8")
    presets = ["practice", "guide", "night", "home"]
    assert sorted(PRESETS) == sorted(presets)
    files = ["mine.toml", "night-out.toml"]
    assert complete_in_bash(text, ["bjtrainer", "--rules", ""]) == sorted(presets + files)
    assert complete_in_bash(text, ["bjtrainer", "--rules", "ni"]) == ["night", "night-out.toml"]
    assert complete_in_bash(text, ["bjtrainer", "edge", "--rules", "g"]) == ["guide"]
    assert complete_in_bash(text, ["bjtrainer", "chart", "--rules", "m"]) == ["mine.toml"]


def test_zsh_offers_the_presets_and_files_after_rules(capsys: pytest.CaptureFixture[str]) -> None:
    text = script("zsh", capsys)
    assert "_alternative 'presets:preset table:(practice guide night home)'" in text
    assert "'files:rules file:_files'" in text
    assert ":NAME|FILE:_shtab_bjtrainer_rules" in text


def test_zsh_script_names_the_command_and_every_subcommand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = script("zsh", capsys)
    assert text.startswith("#compdef bjtrainer")
    assert all(name in text for name in COMMANDS)


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--print-completion", "cmd.exe"])
    assert stop.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.slow
def test_no_other_command_imports_shtab() -> None:
    code = (
        "import sys\n"
        "from bjtrainer.cli import main\n"
        "main(['edge', '--json'])\n"
        "print('shtab' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == "False"
