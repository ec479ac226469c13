"""Forged records `verify` must refuse, however they are built: switched dice, a field left out, added
or of another kind, names and salts that blur the client seed, text that would rewrite the terminal,
and files that are not records at all (never a traceback, exit status 2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from survivor_host.cli import main
from survivor_host.fair.stream import client_seed, commitment

from .records import old_mt_record, played_record, refused


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl", mods=("no-mercy",))


def test_switching_to_scripted_dice_cannot_carry_a_seed(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["dice"] = "scripted"
    assert "scripted dice have no seed" in refused(forged, "seed")
    forged["seed"] = None
    assert "scripted dice have no seed" in refused(forged, "commitment")


def test_a_scripted_record_that_replays_is_not_called_fair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = Path(__file__).parents[2] / "scenarios" / "ftl-scapegoat-handover.json"
    assert main(["scenario", str(scenario)]) in (0, 1)
    record = tmp_path / "scripted.json"
    record.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["verify", str(record)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("replayed, not verified as fair:") and "verified: " not in last


def test_format_2_needs_the_fair_dice_and_no_other_format_is_read(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["dice"] = "mt19937-python-random"
    assert "format 1 records only" in refused(forged, "dice")
    for bad in (3, "2", True, 1):
        forged = copy.deepcopy(ftl)
        forged["format"] = bad
        refused(forged, "format")
    old = old_mt_record()
    old["dice"] = "hmac-sha256-v1"
    refused(old, "dice")


@pytest.mark.parametrize("field", ["winner", "second", "placements", "subs", "commitment", "client_seed", "draws"])
def test_a_field_left_out_is_refused(ftl: dict[str, Any], field: str) -> None:
    forged = copy.deepcopy(ftl)
    del forged[field]
    assert "the field is missing" in refused(forged, field)


def test_an_added_field_is_refused_by_name(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["comment"] = "A" * 10_000
    message = refused(forged, "comment")
    assert "not a field of a game record" in message and len(message) < 300  # the value is cut short
    forged = copy.deepcopy(ftl)
    forged["awaiting"] = [{"player": "Venus", "actions": ["vote"], "secret": False}]
    refused(forged, "awaiting")  # a finished game awaits nobody


def test_options_the_replay_reads_must_all_be_there(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["options"] = {}
    refused(forged, "options.")


@pytest.mark.parametrize(
    ("path", "value"), [(("placements", "Venus"), True), (("winner",), 7), (("players",), "Venus")]
)
def test_a_value_of_another_kind_is_refused(ftl: dict[str, Any], path: tuple[str, ...], value: object) -> None:
    forged = copy.deepcopy(ftl)
    target = forged
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(forged, path[0])


def test_a_round_field_of_another_kind_is_named(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    leader_roll = forged["rounds"][0]["leader_roll"]
    forged["rounds"][0]["leader_roll"] = str(leader_roll)
    assert refused(forged, "round 1, leader_roll").endswith(f"recorded '{leader_roll}', replayed {leader_roll}")


def test_names_and_salts_cannot_spell_the_same_client_seed_twice() -> None:
    real = played_record("ftl", players=("Ann", "Bo", "Cy", "Di"), salts=("pepper5",))
    forged = copy.deepcopy(real)
    forged["players"] = ["Ann,Bo", "Cy", "Di"]  # the same client seed, other players
    assert client_seed(forged["players"], forged["salts"]) == real["client_seed"]
    assert "not a usable name" in refused(forged, "players")
    forged = copy.deepcopy(real)
    forged["salts"] = ["pepper5;abc"]
    refused(forged, "salts")


def test_a_changed_seed_with_its_commitment_still_fails_the_draws(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["seed"] = "another"
    forged["commitment"] = commitment("another")
    refused(forged, "draw #1")


FILES = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "twice.json": '{"theme": "ftl", "theme": "cta", "players": [], "inputs": []}',
    "huge-number.json": '{"theme": "ftl", "players": [], "inputs": [], "seed": ' + "9" * 5000 + "}",
    "latin1.json": b'{"theme": "caf\xe9"}',
}


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("command", ["verify", "replay", "export"])
def test_a_file_that_is_not_a_record_is_refused_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, command: str
) -> None:
    path = tmp_path / name
    content = FILES[name]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    extra = ["--html", str(tmp_path / "page.html")] if command == "export" else []
    assert main([command, str(path), *extra]) == 2
    said = capsys.readouterr()
    assert name in said.err and "Traceback" not in said.err + said.out


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r["draws"][0].update(value="3"), "draw #1"),
        (lambda r: r.update(options=[1]), "options"),
        (lambda r: r.update(theme=7), "theme"),
        (lambda r: r["inputs"].append([1]), "inputs"),
    ],
)
def test_a_field_of_another_kind_exits_1_or_2_never_with_a_traceback(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, where: str
) -> None:
    forged = copy.deepcopy(ftl)
    change(forged)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main(["verify", str(path)]) in (1, 2)
    said = capsys.readouterr()
    assert "Traceback" not in said.err and where in said.out + said.err


def test_record_text_cannot_rewrite_the_terminal(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = copy.deepcopy(ftl)
    forged["draws"][0]["label"] = "x\r\x1b[2K\x1b[1Averified: fine\u202e"
    forged["draws"][0]["value"] += 1
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\u202e" not in out
    assert "\\x1b[2K" in out and out.strip().splitlines()[-1].startswith("NOT verified")


def test_replay_checks_the_dice_as_verify_does(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(ftl), encoding="utf-8")
    assert main(["replay", "--plain", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("The replay matches the record (its dice verify).")
    forged = copy.deepcopy(ftl)
    forged["commitment"] = "0" * 64
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main(["replay", "--plain", str(path)]) == 1
    assert "The record does NOT verify: first difference at commitment" in capsys.readouterr().out


def test_export_never_writes_over_its_record(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(ftl), encoding="utf-8")
    assert main(["export", str(path), "--html", str(path)]) == 2
    assert json.loads(path.read_text(encoding="utf-8")) == ftl
    assert "is the record itself" in capsys.readouterr().err


SESSION_FORGERIES = [
    (lambda r: r["draws"][1].update(count=10_000_000), "#2", "a roll is of 1 to 40 dice"),
    (lambda r: r["draws"][0].update(value=float(r["draws"][0]["value"])), "#1 (roll", "recorded 10.0"),
    (lambda r: r.update(players=["Venus,Io", *r["players"][1:]]), "players", "without separators"),
    (lambda r: r.update(format=99), "format", "a session format"),
    (lambda r: r.update(note="x"), "note", "not a field"),
    (lambda r: r["draws"].__setitem__(0, "x"), "#1", "a draw is a map"),
    (lambda r: r["draws"][0].update(label="<b>x</b>"), "#1", "a label is plain text"),
]


@pytest.mark.parametrize(("change", "where", "said"), SESSION_FORGERIES)
def test_a_forged_session_record_is_refused_before_anything_is_drawn(change: Any, where: str, said: str) -> None:
    from survivor_host.trust.session import verify_session

    from .test_session import vector_record

    record = vector_record()
    assert verify_session(record).ok
    change(record)
    verdict = verify_session(record)
    assert verdict.difference is not None and verdict.difference.where.startswith(where), verdict.difference
    assert said in str(verdict.difference)


def test_export_force_writes_verify_s_verdict_into_the_page(ftl: dict[str, Any], tmp_path: Path) -> None:
    forged = copy.deepcopy(ftl)
    forged["winner"], forged["second"] = forged["second"], forged["winner"]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert main(["export", str(path), "--html", str(tmp_path / "page.html")]) == 1
    assert not (tmp_path / "page.html").exists()
    assert main(["export", str(path), "--html", str(tmp_path / "page.html"), "--force"]) == 0
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert 'id="flag"' in page and "NOT verified by survivor-host verify: first difference at" in page


def test_a_seed_with_control_characters_is_refused_and_never_printed_raw(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "rr", "--auto", "--seed", "ev\x1b[31mRED"]) == 2
    assert "a seed is printable text" in capsys.readouterr().err
    forged = copy.deepcopy(ftl)
    forged["seed"] = "ev\x1b[31mRED"
    forged["commitment"] = commitment(forged["seed"])
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    for command in (["verify"], ["replay", "--plain"]):
        assert main([*command, str(path)]) == 1
        out = capsys.readouterr().out
        assert "\x1b" not in out and "the revealed seed is printable text" in out


def test_replay_that_cannot_play_the_game_again_never_says_it_matches(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from survivor_host.engine.errors import SetupError

    def broken(record: object, **_: object) -> object:
        raise SetupError("the renderer failed")

    monkeypatch.setattr("survivor_host.terminal.rewatch.replay_plain", broken)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(ftl), encoding="utf-8")
    assert main(["replay", "--plain", str(path)]) == 1
    out = capsys.readouterr().out
    assert "cannot be replayed: the renderer failed" in out and "matches" not in out


@pytest.mark.parametrize(("field", "value"), [("salts", 5), ("players", 5), ("salts", "pepper5"), ("draws", {})])
def test_a_session_field_of_another_kind_is_named_not_a_crash(field: str, value: object) -> None:
    from survivor_host.trust.session import verify_session

    from .test_session import vector_record

    record = vector_record()
    record[field] = value
    verdict = verify_session(record)
    assert verdict.difference is not None and verdict.difference.where == field, verdict.difference


def test_a_session_host_with_a_control_character_is_named_as_the_host() -> None:
    from survivor_host.trust.session import verify_session

    from .test_session import vector_record

    record = vector_record()
    record["host"] = "Ma\u202ers"
    verdict = verify_session(record)
    assert verdict.difference is not None and verdict.difference.where == "host", verdict.difference
