"""Issue 23: the commands a newcomer tries first: replay, export, simulate's flags, odds --json, --help."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from survivor_host.cli import main

AI_COLUMN = re.compile(r"\s+(AI|smart|random|threshold|cautious|bold|you)\s*$")


def _record(tmp_path: Path, theme: str = "ftl", seed: str = "5", *extra: str) -> Path:
    path = tmp_path / f"{theme}.json"
    assert main(["play", theme, "--auto", "--seed", seed, "--record", str(path), *extra]) == 0
    return path


def _tables_without_ai(text: str) -> list[str]:
    """Lines as shown, the AI column (which a record does not keep) taken off; rules widths are kept."""
    lines = []
    for line in text.splitlines():
        if line.startswith("(dice") or line.startswith("(record") or line.startswith("The replay"):
            continue
        lines.append(AI_COLUMN.sub("", line).rstrip(" ─"))
    return lines


@pytest.mark.parametrize(("theme", "seed"), [("ftl", "5"), ("cta", "2")])
def test_replay_shows_what_play_auto_showed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], theme: str, seed: str
) -> None:
    path = _record(tmp_path, theme, seed)
    played = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    again = capsys.readouterr().out
    assert "**" not in again
    assert "The replay matches the record (its dice verify)." in again
    assert _tables_without_ai(again) == _tables_without_ai(played)
    assert "Round 1:" in again and ("Verdict" in again or "Revealed" in again)  # the round tables


def test_replay_plain_is_the_room_s_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    capsys.readouterr()
    assert main(["replay", "--plain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "**Follow the Leader** begins!" in out
    assert "Vote for the first leader: say **$vote NAME** in chat (not yourself)." in out
    assert "\x1f" not in out


def test_verify_and_replay_name_a_difference_the_same_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, "cta", "2")
    record = json.loads(path.read_text())
    record["rounds"][0]["number"] = 1  # unchanged, the label
    first = record["rounds"][0]
    key = next(k for k, v in first.items() if isinstance(v, list) and v)
    first[key] = [*first[key][1:], first[key][0]] if len(first[key]) > 1 else []
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 1
    replayed = capsys.readouterr().out.splitlines()[-1]
    assert main(["verify", str(path)]) == 1
    verified = capsys.readouterr().out.splitlines()[-1]
    assert replayed.startswith("The record does NOT verify: first difference at ")
    where = replayed.split("first difference at ", 1)[1].split(":", 1)[0]
    assert where.startswith(f"round 1, {key}") and f"first difference at {where}:" in verified


def test_export_of_a_record_that_does_not_verify_exits_1_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path)
    record = json.loads(path.read_text())
    record["winner"] = "Somebody Else"
    path.write_text(json.dumps(record))
    page = tmp_path / "page.html"
    capsys.readouterr()
    assert main(["export", str(path), "--html", str(page)]) == 1
    said = capsys.readouterr().out
    assert "does not verify (first difference at winner:" in said and "--force" in said
    assert not page.exists()
    assert main(["export", str(path), "--html", str(page), "--force"]) == 0
    assert page.exists() and "does not verify" in capsys.readouterr().out


def test_export_of_a_good_record_says_nothing_more(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    capsys.readouterr()
    assert main(["export", str(path), "--html", str(tmp_path / "p.html")]) == 0
    assert capsys.readouterr().out.strip() == f"(replay page written to {tmp_path / 'p.html'})"


@pytest.mark.parametrize("flag", ["--strategy", "--strategies"])
def test_simulate_takes_strategy_like_play_and_demo(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    assert main(["simulate", "ftl", "--games", "50", "--players", "4", flag, "random,smart"]) == 0
    assert "strategies random, smart" in capsys.readouterr().out


def test_a_near_miss_flag_is_refused_by_its_command_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["play", "ftl", "--strategies", "random"])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: survivor-host play ")
    assert "unrecognized arguments: --strategies random; did you mean --strategy?" in err


def test_odds_json_is_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "cta", "--players", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    cards = next(s for s in data["sections"] if s["title"].startswith("Each card's chance"))
    assert cards["rows"][0] == {"label": "Ace", "chance": cards["rows"][0]["chance"]}
    assert re.fullmatch(r"\d+/\d+", cards["rows"][0]["chance"])
    for section in data["sections"]:
        for row in section["rows"]:
            assert "" not in row and row["label"] == row["label"].strip()
    assert main(["odds", "ftl", "--players", "5", "--json"]) == 0
    ftl = json.loads(capsys.readouterr().out)
    first = ftl["sections"][0]["rows"][0]
    assert set(first) > {"label"} and all(isinstance(v, str) for v in first.values())


def test_top_level_help_names_demo_and_the_mods_other_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert re.search(r"command: play, demo, ", out)
    assert "jesters-duel (Jester's Duel) [jester, " in out


def test_the_guides_point_at_files_that_exist() -> None:
    """`RULINGS G4/G5` named a file the project does not ship; the hosts' rules are docs/HOSTS.md."""
    root = Path(__file__).resolve().parents[1]
    for path in [root / "bot.example.toml", *sorted((root / "docs").glob("*.md"))]:
        assert "RULINGS" not in path.read_text(encoding="utf-8"), path
    assert "docs/HOSTS.md" in (root / "bot.example.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["**x**", "[bold]x[/]", "<b>x</b>", "/wall x"])
def test_replay_shows_hostile_names_literally(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    from survivor_host.terminal.table import TerminalTable, seat_names
    from survivor_host.themes import new_game

    game = new_game("ftl", [name, *seat_names(4)[1:]], seed=3)
    record = TerminalTable(game, ai_seed=3, console=_quiet_console()).run()
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f" {name} " in out or f"{name}," in out or f"{name}." in out
    assert main(["replay", "--plain", str(path)]) == 0
    plain = capsys.readouterr().out
    assert name in plain and not any(line.startswith("/") for line in plain.splitlines())


def _quiet_console() -> Console:
    return Console(file=io.StringIO(), width=120)


def test_a_mod_is_named_whole_never_by_a_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    """`--mods jester` is one of Jester's Duel's other names (listed in --help), not a prefix: `jes` is refused."""
    assert main(["odds", "cta", "--players", "4", "--mods", "jester"]) == 0
    assert "Jester's Duel" in capsys.readouterr().out
    assert main(["odds", "cta", "--players", "4", "--mods", "jes"]) == 2
    assert "Unknown mod 'jes'" in capsys.readouterr().err


def test_analysis_takes_each_themes_own_minimum_of_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "rr", "--players", "2"]) == 0
    assert main(["simulate", "hp", "--games", "20", "--players", "2"]) == 0
    capsys.readouterr()
    assert main(["simulate", "ftl", "--games", "20", "--players", "2"]) == 2
    assert "--players must be at least 3 for Follow the Leader, not 2." in capsys.readouterr().err
