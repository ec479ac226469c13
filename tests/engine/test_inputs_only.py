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
        (Input("follow", by="Cid", target="Ann"), "follow is typed alone, with no name after it"),
        (Input("revolt", by="Cid", target="Ann"), "revolt is typed alone, with no name after it"),  # as typed
        (Input("rebel", by="Cid", new="Zed"), "rebel is typed alone, with no new name after it"),
        (Input("extend", seconds=30, target="Bob"), "extend takes no name"),
    ],
)
def test_a_field_the_action_does_not_use_is_refused(inp: Input, error: str) -> None:  # G6
    game = new_game("ftl", ["Ann", "Bob", "Cid"], options={"leader": "pick"}, seed=1)
    game.start()
    assert {wait.player for wait in game.awaiting()} == {"Ann", "Cid"}  # Bob leads: the others choose
    with pytest.raises(IllegalAction, match=error):
        game.apply(inp)
    assert game.log == []


@pytest.mark.parametrize(
    ("inp", "error"),
    [
        (Input("follow", by="Bob", target="Cid"), "The first leader has not been chosen yet"),
        (Input("revolt", by="Bob", target="Cid"), "The first leader has not been chosen yet"),
        (Input("vote", by="Bob", target="Cid", count=2), "vote takes no number"),
    ],
)
def test_an_action_not_taken_now_is_refused_for_that_before_its_spelling(inp: Input, error: str) -> None:  # F2
    """Told that `follow` is typed alone, a voter who types `follow` alone is then told that it is not
    time to choose: the reason it is refused now comes first."""
    game = new_game("ftl", ["Ann", "Bob", "Cid"], options={"leader": "vote"}, seed=1)
    game.start()
    with pytest.raises(IllegalAction, match=error):
        game.apply(inp)
    assert game.log == []


def test_a_swap_turn_not_yours_is_refused_for_that_before_a_stray_name() -> None:  # C6
    game = new_game("cta", ["Ann", "Bob", "Cid"], dice=ScriptedDice([5, 9, 2]))
    game.start()
    waiting = game.awaiting()[0].player
    other = next(name for name in ("Ann", "Bob", "Cid") if name != waiting)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Input("stick", by=other, target=waiting))
    assert "typed alone" not in str(refused.value)
    with pytest.raises(IllegalAction, match="stick is typed alone"):
        game.apply(Input("stick", by=waiting, target=other))


def test_record_names_its_format_and_rules_version() -> None:
    game = new_game("ftl", ["Ann", "Bob", "Cid"], seed=1)
    record = game.record()
    assert record["format"] == RECORD_FORMAT and record["rules_version"] == RULES_VERSION
