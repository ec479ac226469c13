"""Inputs are only inputs (issue 13 item 6): questions are not logged, unused fields are refused,
records name their format and rules version."""

from __future__ import annotations

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import CardTold
from survivor_host.engine.game import RECORD_FORMAT, RULES_VERSION
from survivor_host.engine.inputs import Input
from survivor_host.themes import new_game


def test_card_is_answered_and_not_logged() -> None:
    game = new_game("cta", ["Ann", "Bob", "Cid"], dice=ScriptedDice([5, 9, 2]))
    game.start()
    assert game.is_question("card") and not game.is_question("stick")
    assert game.apply(Input("card", by="Bob")) == [CardTold("Bob", 9, "Your card is **9**.")]
    assert game.log == [] and game.record()["inputs"] == []


@pytest.mark.parametrize(
    ("inp", "error"),
    [
        (Input("follow", by="Bob", target="Cid"), "follow is typed alone, with no name after it"),
        (Input("revolt", by="Bob", target="Cid"), "revolt is typed alone, with no name after it"),  # as typed
        (Input("rebel", by="Bob", new="Zed"), "rebel is typed alone, with no new name after it"),
        (Input("vote", by="Bob", target="Cid", count=2), "vote takes no number"),
        (Input("extend", seconds=30, target="Bob"), "extend takes no name"),
    ],
)
def test_a_field_the_action_does_not_use_is_refused(inp: Input, error: str) -> None:  # G6
    game = new_game("ftl", ["Ann", "Bob", "Cid"], options={"leader": "vote"}, seed=1)
    game.start()
    with pytest.raises(IllegalAction, match=error):
        game.apply(inp)
    assert game.log == []


def test_record_names_its_format_and_rules_version() -> None:
    game = new_game("ftl", ["Ann", "Bob", "Cid"], seed=1)
    record = game.record()
    assert record["format"] == RECORD_FORMAT and record["rules_version"] == RULES_VERSION
