"""`verify`: every kind of tampering is caught and named (issue 10 item 2)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from survivor_host.cli import main
from survivor_host.fair.stream import commitment
from survivor_host.scenario import run_scenario
from survivor_host.trust.verify import verify

from .records import old_mt_record, played_record

SCENARIOS = Path(__file__).parents[2] / "scenarios"


@pytest.fixture(scope="module")
def ftl() -> dict[str, Any]:
    record = played_record("ftl", mods=("no-mercy",))
    assert len(record["rounds"]) >= 2 and record["winner"]
    return record


@pytest.fixture(scope="module")
def cta() -> dict[str, Any]:
    return played_record("cta", mods=("jesters-duel", "adhesive"), choices=4)


def message_of(record: dict[str, Any]) -> str:
    verdict = verify(record)
    assert not verdict.ok
    return str(verdict.difference)


def test_an_honest_record_verifies(ftl: dict[str, Any], cta: dict[str, Any]) -> None:
    for record in (ftl, cta):
        verdict = verify(record)
        assert verdict.ok, verdict.difference
        assert record["format"] == 2 and record["dice"] == "hmac-sha256-v1"
        assert record["commitment"] == commitment(record["seed"])
        assert record["client_seed"] == ",".join(record["players"]) + ";pepper"


def tampered(record: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copied = copy.deepcopy(record)
    change(copied)
    return copied


def test_a_changed_roll_in_a_round_is_named_with_both_values(ftl: dict[str, Any]) -> None:
    name, value = next(iter(ftl["rounds"][0]["rolls"].items()))
    other = 150 if value != 150 else 1

    def change(r: dict[str, Any]) -> None:
        r["rounds"][0]["rolls"][name] = other

    assert message_of(tampered(ftl, change)) == f"round 1, rolls.{name}: recorded {other}, replayed {value}"


def test_a_changed_draw_is_named_by_number_round_and_label(ftl: dict[str, Any]) -> None:
    index = next(i for i, d in enumerate(ftl["draws"]) if d["kind"] == "roll" and d["label"].startswith("roll for"))
    draw = ftl["draws"][index]
    other = draw["value"] % draw["sides"] + 1

    def change(r: dict[str, Any]) -> None:
        r["draws"][index]["value"] = other

    expected = (
        f"draw #{index + 1} (round {draw['round']}, {draw['label']}): recorded {other}, replayed {draw['value']}"
        " (the dice stream gives)"
    )
    assert message_of(tampered(ftl, change)) == expected


def test_a_changed_choice_is_named(ftl: dict[str, Any]) -> None:
    name, choice = next(iter(ftl["rounds"][0]["choices"].items()))
    flipped = "follow" if choice == "rebel" else "rebel"

    def change(r: dict[str, Any]) -> None:
        r["rounds"][0]["choices"][name] = flipped

    assert message_of(tampered(ftl, change)) == f"round 1, choices.{name}: recorded {flipped!r}, replayed {choice!r}"


def test_a_changed_input_shows_in_the_round_it_changes(ftl: dict[str, Any]) -> None:
    index = next(i for i, inp in enumerate(ftl["inputs"]) if inp["action"] in ("follow", "rebel"))
    inp = ftl["inputs"][index]
    flipped = "follow" if inp["action"] == "rebel" else "rebel"

    def change(r: dict[str, Any]) -> None:
        r["inputs"][index]["action"] = flipped

    message = message_of(tampered(ftl, change))
    assert message.startswith("round 1, ") and "replayed" in message


def test_inputs_in_another_order_are_caught(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["inputs"][0], r["inputs"][-1] = r["inputs"][-1], r["inputs"][0]

    message = message_of(tampered(ftl, change))
    assert message.startswith("input #1 (round ") and "refused" in message


def test_swapped_swaps_in_chase_the_ace_are_caught(cta: dict[str, Any]) -> None:
    """Two inputs of the same phase exchanged: the round's record (who acted when) no longer matches."""
    actions = [i for i, inp in enumerate(cta["inputs"]) if inp["action"] in ("swap", "stick")]
    first, second = actions[0], actions[1]
    assert cta["inputs"][first]["by"] != cta["inputs"][second]["by"]

    def change(r: dict[str, Any]) -> None:
        r["inputs"][first], r["inputs"][second] = r["inputs"][second], r["inputs"][first]

    message = message_of(tampered(cta, change))
    assert message.startswith(("round 1, ", "input #")), message


def test_a_changed_seed_fails_the_commitment(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["seed"] = "0" * 64

    expected = (
        f"commitment: recorded {ftl['commitment']!r}, replayed {commitment('0' * 64)!r}"
        " (the SHA-256 of the revealed seed)"
    )
    assert message_of(tampered(ftl, change)) == expected


def test_a_changed_seed_and_commitment_fail_the_draws(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["seed"] = "0" * 64
        r["commitment"] = commitment("0" * 64)

    assert message_of(tampered(ftl, change)).startswith("draw #1 (round ")


def test_a_changed_commitment_is_named(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["commitment"] = "ab" * 32

    assert message_of(tampered(ftl, change)).startswith(f"commitment: recorded {'ab' * 32!r}")


def test_a_changed_client_seed_is_named(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["client_seed"] = "Venus,Mars"

    expected = (
        f"client seed: recorded 'Venus,Mars', replayed {ftl['client_seed']!r}"
        " (the players in join order, then the salts)"
    )
    assert message_of(tampered(ftl, change)) == expected


def test_a_changed_salt_changes_every_draw(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["salts"] = ["salt"]
        r["client_seed"] = ",".join(r["players"]) + ";salt"

    assert message_of(tampered(ftl, change)).startswith("draw #1 ")


def test_changed_placements_are_named(ftl: dict[str, Any]) -> None:
    loser = next(name for name, place in ftl["placements"].items() if place > 1)

    def change(r: dict[str, Any]) -> None:
        r["placements"][loser] = 1

    place = ftl["placements"][loser]
    assert message_of(tampered(ftl, change)) == f"placements.{loser}: recorded 1, replayed {place}"


def test_a_changed_winner_is_named(ftl: dict[str, Any]) -> None:
    def change(r: dict[str, Any]) -> None:
        r["winner"] = "Mallory"

    assert message_of(tampered(ftl, change)) == f"winner: recorded 'Mallory', replayed {ftl['winner']!r}"


def test_a_scenario_record_carries_its_dice_and_replays() -> None:
    for path in sorted(SCENARIOS.glob("*.json")):
        record = run_scenario(json.loads(path.read_text(encoding="utf-8")))
        assert record["dice"] == "scripted" and record["draws"], path.name
        assert verify(record).ok, (path.name, verify(record).difference)
        rolled = next(i for i, d in enumerate(record["draws"]) if d["kind"] == "roll")
        draw = record["draws"][rolled]
        draw["value"] += 1 if draw["value"] < draw["sides"] else -1
        assert not verify(record).ok, path.name


def test_an_old_mersenne_twister_record_replays_and_is_named_so() -> None:
    record = old_mt_record()
    assert "format" not in record and "dice" not in record
    verdict = verify(record)
    assert verdict.ok, verdict.difference
    assert "Mersenne Twister" in verdict.checked[0] and "format 1" in verdict.checked[0]
    record["rounds"][0]["cards"][record["players"][0]] += 1
    assert str(verify(record).difference).startswith(f"round 1, cards.{record['players'][0]}: recorded ")


def test_verify_command_exit_codes_and_message(
    ftl: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(ftl), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out.splitlines()[-1]
    bad = tmp_path / "bad.json"
    record = copy.deepcopy(ftl)
    record["placements"][record["winner"]] = 2
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"NOT verified: first difference at placements.{ftl['winner']}: recorded 2, replayed 1" in out
    (tmp_path / "junk.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["verify", str(tmp_path / "junk.json")]) == 2
    assert "not a game record" in capsys.readouterr().err


def leaves(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Paths to every int or str inside a JSON value."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaves(item, (*path, key))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in leaves(item, (*path, index))]
    return [path] if isinstance(value, int | str) and not isinstance(value, bool) else []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.sampled_from([("ftl", ()), ("ftl", ("tug-of-war", "no-mercy")), ("cta", ("jesters-duel", "adhesive")),
                           ("cta", ("all-at-once", "the-joker")), ("cta", ("no-backsies",))]),
    seed=st.text("0123456789abcdef", min_size=1, max_size=64),
    choices=st.integers(0, 10_000),
    pick=st.randoms(use_true_random=False),
)  # fmt: skip
def test_any_game_verifies_and_any_changed_round_field_is_named(
    setup: tuple[str, tuple[str, ...]], seed: str, choices: int, pick: Any
) -> None:
    theme, mods = setup
    record = played_record(theme, mods=mods, seed=seed, choices=choices)
    assert verify(record).ok, verify(record).difference
    index = pick.randrange(len(record["rounds"]))
    path = pick.choice(leaves(record["rounds"][index]))
    target: Any = record["rounds"][index]
    for key in path[:-1]:
        target = target[key]
    old = target[path[-1]]
    target[path[-1]] = old + 1000 if isinstance(old, int) else old + "x"
    message = message_of(record)
    number = record["rounds"][index].get("number", index + 1)
    assert message.startswith(f"round {number}, ") and f"recorded {target[path[-1]]!r}, replayed {old!r}" in message
