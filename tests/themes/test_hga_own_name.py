"""Hunger Games Anon refuses a nickname that is its taker's own name, as user ids (it would unmask them);
Exclusions, whose ruling differs, still takes it."""

from __future__ import annotations

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
