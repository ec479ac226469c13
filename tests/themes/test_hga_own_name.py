"""Hunger Games Anon refuses a nickname that is its taker's own name, as user ids (it would unmask them);
Exclusions, whose ruling differs, still takes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game

OWN = "That nickname is your own name: it would tell everyone who you are; choose another."


@pytest.mark.parametrize("typed", ["Mars", "MARS", "mars"])
def test_a_nickname_equal_to_ones_own_name_is_refused(typed: str) -> None:
    game = new_game("hga", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    with pytest.raises(IllegalAction, match=f"^{OWN}$"):
        game.apply(Input("nick", by="Mars", target=typed))
    assert game.nicks == {}


def test_a_name_that_reads_as_ones_own_user_id_is_refused() -> None:
    game = new_game("hga", ["Venus", "Mars 2", "Jupiter"], seed=1)
    game.start()
    with pytest.raises(IllegalAction, match=f"^{OWN}$"):
        game.apply(Input("nick", by="Mars 2", target="Mars2"))
    game.apply(Input("nick", by="Mars 2", target="Ares"))
    assert game.nicks == {1: "Ares"}


def test_exclusions_keeps_its_own_ruling() -> None:
    game = new_game("exclusions", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    game.apply(Input("nick", by="Mars", target="Mars"))
    assert game.nicks == {1: "Mars"}


def test_the_rules_page_says_so_for_each() -> None:
    rules = (Path(__file__).parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
    anon = rules.partition("## Hunger Games Anon")[2].partition("\n## ")[0]
    exclusions = rules.partition("## Exclusions")[2].partition("\n## ")[0]
    assert "not your own name" in " ".join(anon.split())
    assert "your own name may be one" in " ".join(exclusions.split())


SUB = (
    "The name Shadow is a nickname in this game: a player of that name would tell everyone whose it is; "
    "name someone else."
)


@pytest.mark.parametrize("typed", ["Shadow", "SHADOW", "sha dow"])
def test_a_substitute_named_as_the_seats_own_nickname_is_refused(typed: str) -> None:
    """The newcomer would be told "Your nickname is Shadow" while the room reads their name: unmasked."""
    game = new_game("hga", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    game.apply(Input("nick", by="Mars", target="Shadow"))
    with pytest.raises(IllegalAction, match=f"^{re.escape(SUB)}$"):
        game.apply(Input("sub", target="Mars", new=typed))
    assert game.seat("Mars").name == "Mars"


def test_the_refusal_is_the_same_for_any_nickname_so_it_tells_the_host_nothing_more() -> None:
    game = new_game("hga", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    game.apply(Input("nick", by="Mars", target="Shadow"))
    game.apply(Input("nick", by="Venus", target="Comet"))
    refusals = []
    for seat, new in (("Mars", "Shadow"), ("Jupiter", "Shadow")):
        with pytest.raises(IllegalAction) as refused:
            game.apply(Input("sub", target=seat, new=new))
        refusals.append(str(refused.value))
    assert refusals == [SUB, SUB]
    game.apply(Input("sub", target="Mars", new="Ares"))
    assert game.seat("Ares").index == 1 and game.nicks[1] == "Shadow"


def test_a_rename_to_the_seats_own_nickname_is_refused_too() -> None:
    game = new_game("hga", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    game.apply(Input("nick", by="Mars", target="Shadow"))
    with pytest.raises(IllegalAction, match=f"^{re.escape(SUB)}$"):
        game.apply(Input("rename", by="Mars", new="Shadow"))


def test_exclusions_takes_a_substitute_named_as_the_seats_nickname() -> None:
    """Its nicknames may be names (a player's own included): its ruling differs."""
    game = new_game("exclusions", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    game.apply(Input("nick", by="Mars", target="Shadow"))
    game.apply(Input("sub", target="Mars", new="Shadow"))
    assert game.seats[1].name == "Shadow"
