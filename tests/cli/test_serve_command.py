"""``bjtrainer serve``: what it hands textual-serve, and its one line without it.

A stand-in for textual-serve's server records what the command builds; the
real server in a real browser is tests/web/test_browser.py.
"""

from __future__ import annotations

import errno
import os
import shlex
import socket
import sys
import types
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bjtrainer.cli import main
from bjtrainer.commands import serve
from bjtrainer.paths import HOME_ENV

#: The real check of an address, before the fixture replaces it.
ADDRESS_PROBLEM = serve.address_problem


class FakeServer:
    """Records each server built and what it saw; ``fail`` makes ``serve`` raise it."""

    built: ClassVar[list[dict[str, Any]]] = []
    fail: ClassVar[OSError | None] = None

    def __init__(self, command: str, host: str, port: int, title: str) -> None:
        self.seen = {"command": command, "host": host, "port": port, "title": title}
        self.seen["home"] = os.environ[HOME_ENV]
        FakeServer.built.append(self.seen)

    def serve(self) -> None:
        if FakeServer.fail is not None:
            raise FakeServer.fail


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> type[FakeServer]:
    """The server of ``bjtrainer.commands.web_server`` replaced by :class:`FakeServer`."""
    module = types.ModuleType("bjtrainer.commands.web_server")
    module.ClosingServer = FakeServer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bjtrainer.commands.web_server", module)
    # Every address free (port 8000 may be in use here); the tests of a taken
    # address put the real check back.
    monkeypatch.setattr(serve, "address_problem", lambda host, port: None)
    monkeypatch.setattr(FakeServer, "built", [])
    monkeypatch.setattr(FakeServer, "fail", None)
    return FakeServer


def app_command(*words: str) -> str:
    """The command line each browser tab runs, as the shell reads it."""
    return shlex.join([sys.executable, "-m", "bjtrainer", *words])


def test_without_the_web_extra_one_line_names_it_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "bjtrainer.commands.web_server", raising=False)
    assert main(["serve"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert "pip install 'bjtrainer[web]'" in lines[0]


def test_defaults_this_machine_port_8000_the_app_as_bjtrainer_opens(
    fake_server: type[FakeServer], isolated_home: Path
) -> None:
    assert main(["serve"]) == 0
    (seen,) = fake_server.built
    # No --rules: each tab opens as `bjtrainer` does (the remembered table).
    assert seen == {
        "command": app_command(),
        "host": "127.0.0.1",
        "port": 8000,
        "title": "bjtrainer",
        "home": str(isolated_home.resolve()),
    }


def test_host_port_and_a_preset_are_passed_on(fake_server: type[FakeServer]) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123", "--rules", "home"]) == 0
    assert main(["--rules", "night", "serve"]) == 0
    first, second = fake_server.built
    assert (first["command"], first["host"], first["port"]) == (
        app_command("--rules", "home"),
        "0.0.0.0",
        8123,
    )
    assert second["command"] == app_command("--rules", "night")


def test_a_rules_file_and_the_data_folder_go_by_absolute_path(
    fake_server: type[FakeServer],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "--show", "home"]) == 0
    Path("mine.toml").write_text(capsys.readouterr().out)  # a valid rules file
    monkeypatch.setenv(HOME_ENV, "data")  # relative to here
    assert main(["serve", "--rules", "mine.toml"]) == 0
    (seen,) = fake_server.built
    assert seen["command"] == app_command("--rules", str(tmp_path / "mine.toml"))
    assert seen["home"] == str(tmp_path / "data")
    assert (tmp_path / "data").is_dir()


def test_a_bad_table_is_refused_before_serving(
    fake_server: type[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--rules", "nosuch"]) == 2
    assert fake_server.built == []
    assert "No table 'nosuch'" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(
    port: str, fake_server: type[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    assert exited.value.code == 2
    assert f"give a port from 1 to 65535, not '{port}'" in capsys.readouterr().err
    assert fake_server.built == []


def test_a_port_in_use_is_one_line_and_exit_2_before_serving(
    fake_server: type[FakeServer],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serve, "address_problem", ADDRESS_PROBLEM)
    with socket.create_server(("127.0.0.1", 0)) as taken:  # listening
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert fake_server.built == []
    assert capsys.readouterr().err == (
        f"bjtrainer: error: cannot serve on 127.0.0.1:{port}: {os.strerror(errno.EADDRINUSE)}\n"
    )


def test_a_port_taken_after_the_check_is_one_line_too(
    fake_server: type[FakeServer], capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free once closed
    fake_server.fail = OSError(errno.EADDRINUSE, "address already in use")
    assert main(["serve", "--port", str(port)]) == 2
    assert capsys.readouterr().err == (
        f"bjtrainer: error: cannot serve on 127.0.0.1:{port}: address already in use\n"
    )


def test_a_host_not_of_this_machine_is_one_line(
    fake_server: type[FakeServer],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serve, "address_problem", ADDRESS_PROBLEM)
    assert main(["serve", "--host", "192.0.2.1"]) == 2  # TEST-NET-1: never local
    assert fake_server.built == []
    assert capsys.readouterr().err == (
        f"bjtrainer: error: cannot serve on 192.0.2.1:8000: {os.strerror(errno.EADDRNOTAVAIL)}\n"
    )
