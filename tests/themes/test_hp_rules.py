"""Hot Potato's rules (hot-potato.txt 3-5, 7; BG1, BG2, BG5, BG6, BG10, BG13) one by one, on scripted dice.

A pass is a pair of rolls, the passer's first: `ScriptedDice([passer, receiver, ...])`; `picks` draws
the holder of each round in turn.
"""

from __future__ import annotations

import re

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Eliminated, Roll
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game
from survivor_host.themes.hp.game import HotPotato
from survivor_host.themes.hp.rules import TIMER_FLOOR, TIMER_TOSSES

PASSES, FAILS = (90, 10), (10, 90)
"""A pass that works (the passer rolls higher) and one that fails."""
THREE = ["Ann", "Bob", "Cid"]


def game_of(players: list[str], rolls: list[int], picks: list[str], mods: tuple[str, ...] = ()) -> HotPotato:
    game = new_game("hp", players, mods=mods, dice=ScriptedDice(rolls, picks=picks))
    assert isinstance(game, HotPotato)
    return game


def toss(game: HotPotato, by: str, target: str) -> list[object]:
    return list(game.apply(Input("pass", by=by, target=target)))


def test_the_holder_is_drawn_at_random_and_asked_in_the_room_with_the_attempts_left() -> None:  # 3.2, 3.3, 7f
    game = game_of(THREE, [], ["Bob"])
    said = game.start()
    assert game.holder == 1
    prompts = [event for event in said if getattr(event, "actions", None) == ("pass",)]
    assert [(p.to, p.targets, p.secret) for p in prompts] == [("Bob", ("Ann", "Cid"), False)]  # type: ignore[attr-defined]
    assert "3 attempts left, this one included" in prompts[0].text  # type: ignore[attr-defined]
    assert [wait.player for wait in game.awaiting()] == ["Bob"]


def test_passer_rolls_100_against_the_receivers_125_and_ties_roll_again() -> None:  # 4.1, G1, BG4
    game = game_of(THREE, [50, 50, 60, 30], ["Ann"])
    game.start()
    rolls = [e for e in toss(game, "Ann", "Bob") if isinstance(e, Roll)]
    assert [(r.player, r.sides, r.result) for r in rolls] == [
        ("Ann", 100, 50), ("Bob", 125, 50), ("Ann", 100, 60), ("Bob", 125, 30),
    ]  # fmt: skip
    assert game.holder == 1


def test_a_failed_pass_keeps_the_potato_and_the_third_attempt_explodes_it_even_when_it_works() -> None:  # 4.2, 4.3
    game = game_of(THREE, [*FAILS, *PASSES, *PASSES, *FAILS * 3], ["Ann", "Bob"])
    game.start()
    toss(game, "Ann", "Bob")
    assert game.holder == 0 and game.tosses_left() == 2
    toss(game, "Ann", "Bob")
    assert game.holder == 1
    said = toss(game, "Bob", "Ann")  # 3.4: the one who passed it may be chosen
    out = [e for e in said if isinstance(e, Eliminated)]
    assert [e.players for e in out] == [("Ann",), ("Bob",)]  # then two left: Bob's attempts go by themselves
    assert game.record()["rounds"][0]["exploded"] == "Ann"


def test_with_two_left_the_potato_passes_by_itself() -> None:  # 3.3, 4.5
    game = game_of(["Ann", "Bob"], [*PASSES, *FAILS, *FAILS], ["Ann"])
    said = game.start()
    assert not [e for e in said if getattr(e, "actions", None)] and game.finished
    assert game.winner == "Ann" and game.placements == {"Ann": 1, "Bob": 2}
    assert all(t["auto"] for t in game.record()["rounds"][0]["tosses"])


def test_each_round_takes_one_player_and_the_last_one_wins_with_places_in_order() -> None:  # 4.4, 5, BG6
    rolls = [*FAILS] * 3 + [*FAILS] * 3
    game = game_of(THREE, rolls, ["Ann", "Cid"])
    game.start()
    for _ in range(3):  # then two are left: Cid's three attempts go by themselves
        toss(game, "Ann", "Bob")
    assert game.finished and game.winner == "Bob"
    assert game.placements == {"Bob": 1, "Cid": 2, "Ann": 3}


def test_the_phantom_constructor_target_is_refused_with_the_legal_targets() -> None:  # 7a, BG2
    game = game_of(THREE, [], ["Ann"])
    game.start()
    refused = '"constructor" is not in this game. You may pass to: Bob and Cid.'
    with pytest.raises(IllegalAction, match=re.escape(refused)):
        game.apply(Input("pass", by="Ann", target="constructor"))
    with pytest.raises(IllegalAction, match=re.escape(f'"{"y" * 18}…" is not in this game.')):  # cut, not echoed
        game.apply(Input("pass", by="Ann", target="y" * 400))
    assert game.holder == 0 and game.tosses_left() == 3  # the holder may send another


def test_unknown_self_and_eliminated_targets_are_refused() -> None:  # BG2
    game = game_of(["Ann", "Bob", "Cid", "Dan"], [*FAILS] * 3, ["Ann", "Bob"])
    game.start()
    with pytest.raises(IllegalAction, match='"Zed" is not in this game'):
        toss(game, "Ann", "Zed")
    with pytest.raises(
        IllegalAction, match=re.escape("You can't pass the potato to yourself. You may pass to: Bob, Cid and Dan.")
    ):
        toss(game, "Ann", "Ann")
    for _ in range(3):
        toss(game, "Ann", "Cid")
    with pytest.raises(IllegalAction, match=re.escape("Ann is already out. You may pass to: Cid and Dan.")):
        toss(game, "Bob", "Ann")


def test_only_the_holder_passes_and_an_eliminated_player_is_refused() -> None:  # 3.4, BG1
    game = game_of(["Ann", "Bob", "Cid", "Dan"], [*FAILS] * 3, ["Ann", "Bob"])
    game.start()
    with pytest.raises(IllegalAction, match="Only the player holding the potato passes it"):
        toss(game, "Bob", "Cid")
    for _ in range(3):
        toss(game, "Ann", "Cid")
    with pytest.raises(IllegalAction):
        toss(game, "Ann", "Cid")


def test_a_holder_idle_at_the_deadline_is_out_and_the_next_round_begins() -> None:  # 3.5, BG5
    game = game_of(["Ann", "Bob", "Cid", "Dan"], [], ["Bob", "Cid"])
    game.start()
    said = game.apply(Input("timeout"))
    assert [e.players for e in said if isinstance(e, Eliminated)] == [("Bob",)]
    assert game.round == 2 and game.holder == 2 and game.tosses_left() == 3
    assert game.record()["rounds"][0]["idle"] == ["Bob"]


def test_a_modkilled_holder_ends_the_round_and_a_modkill_to_two_passes_by_itself() -> None:
    game = game_of(["Ann", "Bob", "Cid", "Dan"], [*FAILS] * 3, ["Bob", "Ann"])
    game.start()
    game.apply(Input("modkill", target="Bob"))
    assert game.round == 2 and game.holder == 0
    game.apply(Input("modkill", target="Dan"))  # two left: Ann's three attempts go by themselves
    assert game.finished and game.winner == "Cid"


def test_timer_die_200_against_100_falls_by_10_and_the_first_failure_explodes() -> None:  # 6, 4.1-4.3 Timer
    game = game_of(THREE, [150, 20, 180, 99, 5, 50, 1, 50], ["Ann", "Ann"], mods=("hpt",))
    said = game.start()
    assert "your die is 200 against 100" in next(e.text for e in said if getattr(e, "to", None) == "Ann")  # type: ignore[attr-defined]
    toss(game, "Ann", "Bob")
    assert game.die == 190
    toss(game, "Bob", "Cid")
    assert game.die == 180
    said = toss(game, "Cid", "Ann")
    assert [(r.player, r.sides) for r in said if isinstance(r, Roll)][:2] == [("Cid", 180), ("Ann", 100)]
    assert [e.players for e in said if isinstance(e, Eliminated)] == [("Cid",), ("Ann",)]
    assert game.record()["rounds"][0]["exploded"] == "Cid" and game.winner == "Bob"


def test_timer_die_never_falls_below_10_so_never_reaches_0() -> None:  # 7c, BG10
    rolls = [TIMER_FLOOR, 1] * 25 + [1, 2]
    game = game_of(["Ann", "Bob"], rolls, ["Ann"], mods=("hpt",))
    game.start()
    dice = [t["dice"][0] for t in game.record()["rounds"][0]["tosses"]]
    assert dice[:20] == list(range(200, 0, -10)) and set(dice[19:]) == {TIMER_FLOOR}
    assert len(dice) == 26 and game.finished and game.winner == "Ann"


def test_timer_potato_explodes_after_the_safety_cap_of_100_attempts() -> None:  # 4.3, 7e
    game = game_of(["Ann", "Bob"], [TIMER_FLOOR, 1] * TIMER_TOSSES, ["Ann"], mods=("hpt",))
    game.start()
    rnd = game.record()["rounds"][0]
    assert len(rnd["tosses"]) == TIMER_TOSSES and all(t["passed"] for t in rnd["tosses"])
    assert rnd["exploded"] == "Ann" and game.winner == "Bob"  # 100 passes: back in Ann's hands


def test_golf_roll_switch_and_second_wind_are_refused_naming_the_timer() -> None:  # 6, BG13
    for mode in ("golf", "roll-switch", "second-wind"):
        refused = r"^Hot Potato does not allow (Golf|Roll Switch|Second Wind); its mods are: hpt\.$"
        with pytest.raises(SetupError, match=refused):
            new_game("hp", THREE, mods=[mode], seed=1)
    assert new_game("hp", THREE, mods=["hot-potato-timer"], seed=1).mods == ("hpt",)


def test_timer_die_at_its_lowest_is_said_to_stay_there() -> None:  # BG10
    rolls = [TIMER_FLOOR, 1] * 21 + [1, 2]
    game = game_of(["Ann", "Bob"], rolls, ["Ann"], mods=("hpt",))
    lines = [getattr(event, "text", "") for event in game.start()]
    assert sum("the passing die falls to 10." in line for line in lines) == 1
    assert sum("the passing die stays at 10, its lowest." in line for line in lines) == 2
