"""The replay page's story of each round: known fields worded, anything else shown as escaped data, and
each substitution told where it happened."""

from __future__ import annotations

import random
from typing import Any

from survivor_host.engine.dice import FairDice
from survivor_host.engine.inputs import Input
from survivor_host.engine.theme import ThemeSpec
from survivor_host.fair.stream import client_seed
from survivor_host.themes import new_game
from survivor_host.trust.story import round_facts, steps


def test_rolls_by_name_are_worded_with_their_dice() -> None:
    facts = dict(round_facts({"number": 1, "rolls": {"Ann": 12}, "dice": {"Ann": 150}, "order": ["Ann"]}, "ftl"))
    assert facts["Rolls"] == "Ann 12 (d150)"


def test_rolls_of_another_shape_are_shown_as_data_not_a_crash() -> None:
    facts = dict(round_facts({"number": 2, "rolls": [{"Ann": 3, "<b>Bob</b>": 9}], "eliminated": ["Ann"]}, "ftl"))
    assert "Rolls" not in facts
    assert facts["rolls"] == "[{&quot;Ann&quot;: 3, &quot;&lt;b&gt;Bob&lt;/b&gt;&quot;: 9}]"
    assert facts["Eliminated"] == "Ann"


def test_a_theme_without_a_story_and_an_unknown_theme_show_every_field_as_data(lowball: ThemeSpec) -> None:
    assert lowball.story() is None
    for theme in (lowball.id, "<i>nope</i>"):
        facts = round_facts({"number": 1, "out": ["<b>Ann</b>"]}, theme)
        assert facts == [("out", "[&quot;&lt;b&gt;Ann&lt;/b&gt;&quot;]")]


HOSTILE = "<b>x</b>&Here"
SHOWN = "&lt;b&gt;x&lt;/b&gt;&amp;Here"


def subbed_record(theme: str, new: str = HOSTILE) -> dict[str, Any]:
    """A finished game in which `new` took Alice's seat after the first legal move of round 1."""
    players = ("Alice", "Bob", "AI Venus", "AI Mars")
    game = new_game(theme, players, dice=FairDice("ab" * 32, client_seed(players, ()), ()))
    rng = random.Random(1)
    game.start()
    moved = False
    while not game.finished:
        game.apply(rng.choice(game.legal_inputs(game.awaiting()[0].player)))
        if not moved and not game.finished:
            game.apply(Input("sub", target="Alice", new=new))
            moved = True
    return game.record()


def test_a_substitution_is_shown_in_its_round_and_beside_the_player() -> None:
    record = subbed_record("hg")
    assert record["subs"] == [{"round": 1, "old": "Alice", "new": HOSTILE}]
    players, first = steps(record)[:2]
    assert f"<li>Alice (replaced by {SHOWN} in round 1)</li>" in players
    assert f"Round 1: {SHOWN} replaced Alice; the seat's moves before the substitution are shown under Alice" in first
    assert first.index("replaced Alice") < first.index("<dl>")  # read before the round's moves
    page = "".join(steps(record))
    assert HOSTILE not in page and "<b>x" not in page


def test_substitutions_before_the_first_round_or_chained_are_all_told() -> None:
    subs = [{"round": 0, "old": "Alice", "new": "Newbie"}, {"round": 2, "old": "Newbie", "new": HOSTILE}]
    record = {"theme": "hg", "players": ["Alice", "Bob"], "subs": subs, "rounds": [{"number": 1, "players": []}]}
    players = steps(record)[0]
    assert f"<li>Alice (replaced by Newbie in round 0, replaced by {SHOWN} in round 2)</li>" in players
    assert "Round 0: Newbie replaced Alice" in players
    assert f"Round 2: {SHOWN} replaced Newbie" in players  # no section of round 2: told with the players
