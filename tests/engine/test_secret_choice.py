"""The shared secret-choice phase (engine/secret.py), on Lowball's rolls: one final choice each by PM."""

from __future__ import annotations

import copy

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Eliminated, Prompt
from survivor_host.engine.inputs import Input
from survivor_host.engine.secret import SecretChoice
from survivor_host.engine.theme import ThemeSpec
from survivor_host.themes import new_game

PLAYERS = ["Ann", "Bob", "Cid"]


def test_a_final_choice_is_refused_twice_and_no_longer_offered_or_awaited(lowball: ThemeSpec) -> None:  # G3
    game = new_game("lowball", PLAYERS, dice=ScriptedDice([50, 40, 30]))
    game.start()
    assert game.legal_inputs("Ann") == [Input("roll", by="Ann")]
    game.apply(Input("roll", by="Ann"))
    with pytest.raises(IllegalAction, match="You have already rolled this round"):
        game.apply(Input("roll", by="Ann"))
    assert game.legal_inputs("Ann") == []
    assert [wait.player for wait in game.awaiting()] == ["Bob", "Cid"]
    assert all(wait.secret for wait in game.awaiting())
    substituted = game.apply(Input("sub", target="Ann", new="Zed"))
    assert not [event for event in substituted if isinstance(event, Prompt)]  # nothing left to ask of the seat


def test_the_ballot_is_revealed_once_the_last_choice_is_in(lowball: ThemeSpec) -> None:
    game = new_game("lowball", PLAYERS, dice=ScriptedDice([50, 40, 30]))
    game.start()
    game.apply(Input("roll", by="Ann"))
    game.apply(Input("roll", by="Bob"))
    events = game.apply(Input("roll", by="Cid"))
    assert [event.players for event in events if isinstance(event, Eliminated)] == [("Cid",)]
    assert game.round == 2 and len(game.awaiting()) == 2


def test_a_removed_seat_no_longer_holds_the_ballot_open(lowball: ThemeSpec) -> None:  # G4, G6
    game = new_game("lowball", [*PLAYERS, "Dee"], dice=ScriptedDice([50, 40, 30]))
    game.start()
    for name in ("Ann", "Bob", "Cid"):
        game.apply(Input("roll", by=name))
    events = game.apply(Input("modkill", target="Dee"))
    assert [event.players for event in events if isinstance(event, Eliminated)] == [("Dee",), ("Cid",)]


def test_at_the_deadline_the_idle_are_modkilled_or_given_the_default(lowball: ThemeSpec) -> None:  # G4
    game = new_game("lowball", PLAYERS, dice=ScriptedDice([50, 40, 30]))
    game.start()
    game.apply(Input("roll", by="Ann"))
    events = game.apply(Input("timeout"))
    assert [(event.players, event.reason) for event in events if isinstance(event, Eliminated)] == [
        (("Bob", "Cid"), "idle")
    ]
    kind = new_game("lowball", PLAYERS, options={"idle": "default"}, dice=ScriptedDice([50, 40, 30]))
    kind.start()
    kind.apply(Input("roll", by="Ann"))
    events = kind.apply(Input("timeout"))  # Bob and Cid roll by default: Cid's 30 is lowest
    assert [event.players for event in events if isinstance(event, Eliminated)] == [("Cid",)]


def test_a_theme_whose_rules_take_the_idle_out_ignores_idle_default(lowball: ThemeSpec) -> None:  # G4
    game = new_game("lowball", PLAYERS, options={"idle": "default"}, dice=ScriptedDice([50, 40, 30]))
    game.start()
    game.apply(Input("roll", by="Ann"))
    phase = copy.copy(game.current)
    assert isinstance(phase, SecretChoice)
    phase.idle_default = False
    game.current = phase
    events = game.apply(Input("timeout"))
    assert [(event.players, event.reason) for event in events if isinstance(event, Eliminated)] == [
        (("Bob", "Cid"), "idle")
    ]
