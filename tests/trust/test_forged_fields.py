"""Forgeries of a record's fields, found by mutating every field of played records: a field a round does
not have (even set to null), a field of its own left out, and a draw's fields of the wrong kind are each
named, never verified and never a traceback."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from survivor_host.cli import main
from survivor_host.engine.dice import FairDice
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import client_seed, commitment
from survivor_host.themes import new_game
from survivor_host.trust.verify import verify

from .records import SEED, export_forced, old_mt_record, played_record, refused


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    return played_record("ftl")


def test_a_round_field_left_out_is_a_difference_even_when_it_was_null(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    rnd = next(r for r in forged["rounds"] if r["scapegoat"] is None)
    del rnd["scapegoat"]
    assert "recorded nothing, replayed None" in refused(forged, f"round {rnd['number']}, scapegoat")


def test_a_field_no_round_has_is_a_difference_even_when_null(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    forged["rounds"][0]["verified_by"] = None
    assert "recorded None, replayed nothing" in refused(forged, "round 1, verified_by")
    forged = copy.deepcopy(ftl)
    forged["rounds"][0]["rolls"]["Nobody"] = None
    refused(forged, "round 1, rolls.Nobody")


DRAW_FORGERIES = [
    (lambda d: d.update(sides=float("inf")), "draw #1 sides", "a roll's sides is a whole number"),
    (lambda d: d.update(sides=2**40), "draw #1 sides", "from 1 to 4294967296"),
    (lambda d: d.update(sides=True), "draw #1 sides", "a roll's sides is a whole number"),
    (lambda d: d.update(plus=None), "draw #1 plus", "a roll's plus is a whole number"),
    (lambda d: d.pop("plus"), "draw #1 plus", "the roll's field is missing"),
    (lambda d: d.update(kind="card"), "draw #1 kind", "a draw is a roll, a pick or a shuffle"),
    (lambda d: d.update(note="x"), "draw #1 note", "not a field of a roll"),
    (lambda d: d.update(round=-1), "draw #1 round", "a round number"),
]


@pytest.mark.parametrize(("change", "where", "said"), DRAW_FORGERIES)
def test_a_draw_of_another_shape_is_named_before_it_is_drawn(
    ftl: dict[str, Any], change: Any, where: str, said: str
) -> None:
    forged = copy.deepcopy(ftl)
    change(forged["draws"][0])
    assert said in refused(forged, where)


def test_a_pick_among_no_names_is_named(ftl: dict[str, Any]) -> None:
    forged = copy.deepcopy(ftl)
    index = next(i for i, d in enumerate(forged["draws"]) if d["kind"] in ("pick", "shuffle"))
    forged["draws"][index]["names"] = None
    assert "a list of one or more names" in refused(forged, f"draw #{index + 1} names")


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_numbers_json_does_not_have_are_refused_without_a_traceback(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], number: str
) -> None:
    text = json.dumps(ftl).replace('"plus": 0', f'"plus": {number}', 1)
    path = tmp_path / "forged.json"
    path.write_text(text, encoding="utf-8")
    for command in (["verify"], ["replay", "--plain"]):
        assert main([*command, str(path)]) == 2
        said = capsys.readouterr()
        assert "is not valid JSON" in said.err and "Traceback" not in said.err + said.out


PAGE_FORGERIES = [
    lambda r: r["placements"].update(Venus=None),
    lambda r: r["placements"].update(Venus="1"),
    lambda r: r["placements"].update(Venus=[1]),
    lambda r: r["rounds"][0].update(dice="x"),
    lambda r: r["rounds"][0].update(rolls=[1, 2]),
    lambda r: r["rounds"].__setitem__(0, "x"),
    lambda r: r["rounds"].append(None),
    lambda r: r.update(rounds="x"),
    lambda r: r["draws"].__setitem__(0, 7),
]


@pytest.mark.parametrize("change", PAGE_FORGERIES)
def test_export_force_writes_a_page_for_a_record_of_any_shape(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any
) -> None:
    forged = copy.deepcopy(ftl)
    change(forged)
    export_forced(forged, tmp_path, capsys)


@pytest.mark.parametrize(
    ("field", "value"),
    [("commitment", commitment("3")), ("client_seed", "fair enough"), ("salts", ["x"]), ("draws", [])],
)
def test_an_old_record_cannot_carry_the_fields_of_the_fair_dice(field: str, value: object) -> None:
    forged = old_mt_record()
    assert verify(forged).ok
    forged[field] = value
    assert "format 1 records have none" in refused(forged, field)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r["draws"].pop(), "draws["),
        (lambda r: r["rounds"].pop(), "round "),
        (lambda r: r.update(inputs=r["inputs"][:1]), "round 1"),
        (lambda r: r["rounds"][0].update(order=[]), "round 1, order[0]"),
    ],
)
def test_a_list_cut_short_is_named_at_its_first_missing_item_in_one_short_line(
    ftl: dict[str, Any], change: Any, where: str
) -> None:
    forged = copy.deepcopy(ftl)
    change(forged)
    said = refused(forged, where)
    assert len(said) < 400 and "\n" not in said, said


def modkill_record(reason: str) -> dict[str, Any]:
    """A finished game whose host first modkills Pluto, giving `reason`."""
    players = ("Venus", "Mars", "Io", "Ceres", "Pluto")
    game = new_game("ftl", players, dice=FairDice(SEED, client_seed(players), []))
    game.start()
    game.apply(Input("modkill", target="Pluto", reason=reason))
    rng = random.Random(1)
    while not game.finished:
        game.apply(rng.choice(game.legal_inputs(game.awaiting()[0].player)))
    return game.record()


@pytest.mark.parametrize("text", ["\x1b[2J\x1b[31mEVIL", "fine\r", "x\u202ey", "\x1b]52;c;aGk=\x07"])
def test_an_input_s_text_with_a_control_character_is_refused(text: str) -> None:
    assert verify(modkill_record("cheating")).ok
    assert "an input's text holds no control or formatting character" in refused(
        modkill_record(text), "input #1 reason"
    )


def test_verify_says_another_game_of_the_same_seeds_would_verify_too(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = played_record("ftl", choices=2)  # the same seeds and players, other choices: another game
    assert (other["commitment"], other["client_seed"]) == (ftl["commitment"], ftl["client_seed"])
    assert other["inputs"] != ftl["inputs"] and verify(other).ok
    path = tmp_path / "other.json"
    path.write_text(json.dumps(other), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("verified: the record is the game its seeds and inputs give.")
    assert "the room's chat or the bot's own record shows" in last


def test_verify_chat_never_writes_a_log_s_control_characters_to_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = "*Bot\x1b[2J\x1b]0;pwned\x07"
    log = tmp_path / "chat.log"
    log.write_text(
        f"|c|{bot}|Fair dice session h1 (host Mars): commitment sha256 {commitment(SEED)}\n", encoding="utf-8"
    )
    assert main(["verify", "--chat", str(log)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "posted by *Bot\\x1b[2J" in out
