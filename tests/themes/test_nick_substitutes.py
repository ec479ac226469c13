"""A substitute who takes a seat after the nicknames is told that seat's nickname by PM, after the seat's
briefing and before what the seat owes: the room names duels (and, in Exclusions, the exposed nicknames) by
nickname only (G6 with 3.1)."""

from __future__ import annotations

import pytest

from survivor_host.engine.events import is_public
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.themes import new_game

NAMES = ["Ann", "Bob", "Cid", "Dee"]


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_a_substitute_in_a_round_is_told_the_seats_nickname_first(theme: str) -> None:
    game = new_game(theme, NAMES, seed=3)
    game.start()
    for name in NAMES:
        game.apply(Input("nick", by=name, target=f"{name}X"))
    game.apply(Input("attack", by="Bob", target="CidX" if theme == "hga" else "Cid"))
    for old, new, nick in (("Bob", "Zoe", "BobX"), ("Cid", "Yan", "CidX")):  # one has attacked, one owes it
        said = [event for event in game.apply(Input("sub", target=old, new=new)) if not is_public(event)]
        assert [event.to for event in said] == [new, new, new]
        assert render(said[0]) == f"You now play in this seat of {game.title}."
        assert render(said[1]) == f"Your nickname is **{nick}**. Nobody else is told."


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_a_substitute_before_the_nickname_is_chosen_is_asked_for_one_only(theme: str) -> None:
    game = new_game(theme, NAMES, seed=3)
    game.start()
    said = [event for event in game.apply(Input("sub", target="Ann", new="Zoe")) if not is_public(event)]
    assert len(said) == 2 and "Choose your secret nickname" in (render(said[1]) or "")


@pytest.mark.parametrize("theme", ["hga", "exclusions"])
def test_a_players_nickname_is_what_they_privately_hold_once_taken(theme: str) -> None:
    """What the bot tells a player again after a restart or a reconnect: their nickname, once taken."""
    game = new_game(theme, NAMES, seed=3)
    game.start()
    assert game.private_state("Ann") == []
    game.apply(Input("nick", by="Ann", target="AnnX"))
    told = game.private_state("Ann")
    assert [event.to for event in told] == ["Ann"]
    assert render(told[0]) == "Your nickname is **AnnX**. Nobody else is told."
    assert game.private_state("Bob") == []
    game.apply(Input("modkill", target="Ann"))
    assert game.private_state("Ann") == []
