"""A player who loses a Second Wind life or is out is told so by PM where the game's text says it (modes.txt
5; hunger-games.txt 3.3; exclusions.txt 3.1, 3.3; hunger-games-anon.txt 3.1, 3.4; rock-paper-scissors.txt
3.4, 3.6); the room's lines stay as they are."""

from __future__ import annotations

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.events import Event, Say
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.themes import new_game

IDLE_PM = "You are out of the game: you did not answer before the deadline."
ONE_LEFT = "You lost a life: 1 life left (1♥)."
LAST_LIFE = "You lost your last life: you are out of the game."


def pms(events: list[Event]) -> list[tuple[str, str]]:
    """Each line sent by PM, with its addressee, in order (an action's own confirmation left out)."""
    return [
        (event.to, event.text)
        for event in events
        if isinstance(event, Say) and event.to is not None and not event.text.startswith("You (")
        and " It is final for this round." not in event.text
    ]  # fmt: skip


def room(events: list[Event]) -> list[str]:
    return [line for event in events if event.to is None and (line := render(event)) is not None]


def started(theme: str, players: list[str], mods: tuple[str, ...] = (), dice: list[int] | None = None) -> Game:
    game = new_game(theme, players, mods=mods, dice=ScriptedDice(dice or []))
    game.start()
    return game


def send(game: Game, *inputs: tuple[str, str, str]) -> list[Event]:
    events: list[Event] = []
    for action, by, target in inputs:
        events += game.apply(Input(action, by=by, target=target))
    return events


@pytest.mark.parametrize("theme", ["hg", "hgs"])
def test_a_second_wind_final_tells_the_loser_each_life_lost_by_pm(theme: str) -> None:  # modes.txt 5
    game = new_game(theme, ["Ann", "Bob"], mods=["second-wind"], dice=ScriptedDice([10, 90, 10, 90]))
    events = game.start()
    assert pms(events) == [("Ann", ONE_LEFT), ("Ann", LAST_LIFE)]
    assert "**Ann** loses a life: 1 life left (1♥)." in room(events)
    assert "**Bob** destroys **Ann**, who is out." in room(events)


def test_without_second_wind_a_lost_duel_is_said_in_the_room_only() -> None:  # no text has a PM for it
    game = new_game("hg", ["Ann", "Bob"], dice=ScriptedDice([10, 90]))
    events = game.start()
    assert pms(events) == [] and "**Bob** destroys **Ann**, who is out." in room(events)


def test_anon_tells_the_owner_not_the_nickname_of_each_life_lost() -> None:  # hunger-games-anon.txt 6
    game = started("hga", ["Ann", "Bob", "Cid"], ("second-wind",), [90, 10] * 4)
    send(game, *(("nick", name, f"{name}X") for name in ("Ann", "Bob", "Cid")))
    send(game, ("attack", "Ann", "BobX"), ("attack", "Cid", "BobX"))
    events = send(game, ("attack", "Bob", "CidX"))  # Bob loses both lives, then Cid both in the final
    assert pms(events) == [("Bob", ONE_LEFT), ("Bob", LAST_LIFE), ("Cid", ONE_LEFT), ("Cid", LAST_LIFE)]
    assert "**BobX** loses a life: 1 life left (1♥)." in room(events)


def test_rps_tells_each_life_lost_in_a_round_and_in_the_final() -> None:  # rock-paper-scissors.txt 6, BG12
    game = started("rps", ["Ann", "Bob", "Cid"], ("second-wind",), [90, 10] * 4)
    send(game, ("attack", "Ann", "Bob, rock"), ("attack", "Bob", "Ann, scissors"))
    events = send(game, ("attack", "Cid", "Ann, scissors"))  # Ann wins on Bob; Bob and Cid out-roll Ann: no loss
    assert pms(events) == [("Bob", ONE_LEFT)]
    round_two = (("attack", "Ann", "Bob, rock"), ("attack", "Bob", "Ann, scissors"), ("attack", "Cid", "Bob, paper"))
    events = send(game, *round_two)
    assert pms(events) == [("Bob", LAST_LIFE)]
    events = send(game, ("throw", "Ann", "rock"), ("throw", "Cid", "scissors"))  # the final: lives hold
    assert ("Cid", ONE_LEFT) in pms(events)
    assert not any("duel" in text for _, text in pms(events))  # a throw (a clash in a round) is no duel


def test_the_idle_attacker_is_told_by_pm_in_hunger_games() -> None:  # hunger-games.txt 3.3
    game = started("hg", ["Ann", "Bob", "Cid", "Dee"], dice=[90, 10])
    send(game, ("attack", "Ann", "Bob"), ("attack", "Bob", "Ann"))
    events = game.apply(Input("timeout"))
    assert pms(events) == [("Cid", IDLE_PM), ("Dee", IDLE_PM)]
    assert "**Cid and Dee** are eliminated: did not answer before the deadline (idle)." in room(events)


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_the_idle_at_nicknames_and_at_attacks_are_told_by_pm(theme: str) -> None:  # 3.1 and 3.3/3.4 of each
    game = started(theme, ["Ann", "Bob", "Cid", "Dee"], dice=[90, 10])
    send(game, *(("nick", name, f"{name}X") for name in ("Ann", "Bob", "Cid")))
    assert pms(game.apply(Input("timeout"))) == [("Dee", IDLE_PM)]
    target = "BobX" if theme == "hga" else "Bob"
    send(game, ("attack", "Ann", target))
    assert pms(game.apply(Input("timeout")))[:2] == [("Bob", IDLE_PM), ("Cid", IDLE_PM)]


def test_the_idle_in_an_rps_round_and_final_are_told_by_pm() -> None:  # rock-paper-scissors.txt 3.4, 3.6
    game = started("rps", ["Ann", "Bob", "Cid"])
    send(game, ("attack", "Ann", "Bob, rock"), ("attack", "Bob", "Ann, rock"))
    assert pms(game.apply(Input("timeout"))) == [("Cid", IDLE_PM)]
    send(game, ("throw", "Ann", "rock"))
    assert pms(game.apply(Input("timeout"))) == [("Bob", IDLE_PM)]
