"""`survivor-host demo` says what it does before starting anything: wrong setups stop at once, a first
run announces the npm install, and a failed install is reported plainly (the e2e tests play real games)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.devserver import demo
from survivor_host.devserver.demo_setup import DemoSetup
from survivor_host.devserver.ps_install import PSServerError


@pytest.fixture
def no_install(monkeypatch: pytest.MonkeyPatch) -> list[Path | None]:
    """Record install attempts and fail them, so nothing reaches npm or starts a server."""
    calls: list[Path | None] = []

    def refuse(cache_dir: Path | None = None, *args: object, **kwargs: object) -> Path:
        calls.append(cache_dir)
        raise PSServerError("node and npm are needed to run a local Showdown server (apt-get install nodejs npm)")

    monkeypatch.setattr(demo, "ensure_ps_installed", refuse)
    return calls


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "2"], "needs at least 3 players"),
        (["--mods", "bogus"], "Unknown mod 'bogus'"),
        (["--theme", "cta", "--strategy", "always-rebel"], "Unknown strategy 'always-rebel' for cta"),
        (["--option", "idle=kick"], "Option idle must be one of modkill|default"),
    ],
)
def test_a_wrong_setup_exits_2_before_anything_starts(
    no_install: list[Path | None], capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["demo", *argv]) == 2
    assert message in capsys.readouterr().err
    assert no_install == []


@pytest.mark.parametrize("think", ["nan", "inf", "-1", "11"])  # nan hung, -1 was taken as 0
@pytest.mark.parametrize("command", ["demo", "practice"])
def test_a_wrong_think_exits_2_before_anything_starts(
    no_install: list[Path | None], capsys: pytest.CaptureFixture[str], command: str, think: str
) -> None:
    assert main([command, "--think", think]) == 2
    assert capsys.readouterr().err.strip() == f"survivor-host: --think takes 0 to 10 seconds, not {float(think):g}."
    assert no_install == []


def test_first_run_says_it_installs_and_a_failed_install_is_reported(
    no_install: list[Path | None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SURVIVOR_HOST_CACHE", str(tmp_path / "cache"))
    out = io.StringIO()
    assert demo.run_demo(DemoSetup(), out) == 1
    assert out.getvalue().splitlines() == [
        f"-- first run: installing pokemon-showdown@0.11.11 with npm into {tmp_path / 'cache'} (a minute or two)",
        "-- could not install the Showdown server: node and npm are needed to run a local Showdown server "
        "(apt-get install nodejs npm)",
    ]
    assert no_install == [tmp_path / "cache"]


def test_the_cache_folder_is_the_users_unless_overridden(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from survivor_host.devserver.ps_install import default_cache_dir

    monkeypatch.delenv("SURVIVOR_HOST_CACHE", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / ".cache" / "survivor-host"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "survivor-host"
    monkeypatch.setenv("SURVIVOR_HOST_CACHE", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"
