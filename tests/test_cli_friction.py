"""A newcomer's friction points in the command line: output paths checked before the work, `replay`
quiet in a pipe, `--elim` capping said, `verify` saying when it checked no draw."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from survivor_host.cli import main
from tests.trust.test_session import vector_record


def record_file(tmp_path: Path, theme: str = "cta", players: str = "12") -> Path:
    path = tmp_path / "game.json"
    assert main(["play", theme, "--players", players, "--auto", "--seed", "3", "--record", str(path)]) == 0
    return path


def test_play_record_into_a_missing_folder_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "ftl", "--auto", "--record", str(tmp_path / "nope" / "game.json")]) == 2
    out, err = capsys.readouterr()
    assert "begins" not in out
    assert f"--record {tmp_path / 'nope' / 'game.json'}: the folder {tmp_path / 'nope'} does not exist." in err


def test_export_html_into_a_missing_folder_is_refused_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path, "ftl", "5")
    capsys.readouterr()
    assert main(["export", str(path), "--html", str(tmp_path / "nope" / "page.html")]) == 2
    assert "the folder" in capsys.readouterr().err and not (tmp_path / "nope").exists()
    assert main(["export", str(path), "--html", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


@pytest.mark.parametrize("plain", [[], ["--plain"]], ids=["terminal", "plain"])
def test_replay_into_head_is_quiet(tmp_path: Path, plain: list[str]) -> None:
    path = record_file(tmp_path)
    command = [sys.executable, "-m", "survivor_host.cli", "replay", *plain, str(path)]
    replay = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert replay.stdout is not None
    replay.stdout.readline()
    replay.stdout.close()  # `| head -1` reads one line and goes away
    _, err = replay.communicate(timeout=60)
    assert err == b"", err.decode()
    assert replay.returncode == 141


def test_elim_capped_at_half_the_players_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "cta", "--elim", "5", "--players", "6", "--auto", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "(elim 5 is capped at half the players still in each round, C2: 3 now)" in out.splitlines()[0]
    assert main(["play", "cta", "--elim", "3", "--players", "6", "--auto", "--seed", "1"]) == 0
    assert "capped" not in capsys.readouterr().out


def test_verify_says_when_no_draw_was_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = vector_record()
    path = tmp_path / "session.json"
    path.write_text(json.dumps({**session, "draws": []}))
    assert main(["verify", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "verified: the commitment and client seed hold, but the session made no draws: no draw was checked."
    path.write_text(json.dumps(session))
    assert main(["verify", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("verified: every draw the record holds is the dice of its committed seed and client seed")


@pytest.mark.parametrize(("theme", "players"), [("ftl", "-1"), ("ftl", "0"), ("ftl", "2"), ("hg", "-3")])
def test_play_refuses_too_few_players_by_the_number_typed(
    theme: str, players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A negative count is not a count from the end of the seat names: it is refused as too few."""
    assert main(["play", theme, "--players", players, "--auto", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert f"--players must be at least {3 if theme == 'ftl' else 2} for " in err and err.rstrip().endswith(
        f"not {players}."
    )
