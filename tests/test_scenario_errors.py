"""A refusal quotes a user's word cut to 80 characters and lists many bad words as the first five and
`and N more`: the scenario loader's and the engine's messages stay short however long what was sent."""

from __future__ import annotations

from typing import Any

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import DiceError, IllegalAction
from survivor_host.engine.ids import MAX_QUOTED_VALUE, quoted_value, quoted_word, quoted_words
from survivor_host.engine.inputs import Input
from survivor_host.scenario import ScenarioError, load_scenario, run_scenario
from survivor_host.themes import new_game

LONG = "x" * 5000
BASE: dict[str, Any] = {"theme": "ftl", "players": ["Venus", "Mars", "Jupiter"], "seed": 1}


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as refused:
        load_scenario(data)
    return str(refused.value)


def test_quoted_value_cuts_a_long_text_and_a_long_value() -> None:
    assert quoted_value("dance") == "'dance'"
    assert quoted_value(LONG) == repr("x" * MAX_QUOTED_VALUE + "…")
    assert quoted_value(list(range(1000))).endswith("…") and len(quoted_value(list(range(1000)))) == 81
    assert quoted_word(LONG) == repr("x" * 24 + "…")  # the short form reuses it


def test_quoted_words_lists_the_first_five_and_counts_the_rest() -> None:
    assert quoted_words(["a", "b"]) == "'a', 'b'"
    assert quoted_words([f"w{n}" for n in range(5)]) == "'w0', 'w1', 'w2', 'w3', 'w4'"
    assert quoted_words([f"w{n}" for n in range(12)]) == "'w0', 'w1', 'w2', 'w3', 'w4' and 7 more"
    assert len(quoted_words([LONG] * 100)) < 6 * (MAX_QUOTED_VALUE + 4) + 20


def test_many_unknown_fields_are_listed_as_five_and_a_count() -> None:
    said = refusal({**BASE, **{f"field{n:03d}{LONG}": 1 for n in range(40)}})
    assert said.startswith("unknown field(s): 'field000x") and said.endswith(" and 35 more")
    assert len(said) < 600


def test_a_long_input_is_quoted_cut() -> None:
    said = refusal({**BASE, "inputs": [{"action": "vote", "by": 5, "target": LONG}]})
    assert said.startswith("inputs[0]: input {'action': 'vote'") and "'by' must be a name" in said
    assert len(said) < 200
    said = refusal({**BASE, "inputs": [{"action": "vote", **{f"{LONG}{n}": 1 for n in range(9)}}]})
    assert "and 4 more in {" in said and len(said) < 700
    assert len(refusal({**BASE, "inputs": [LONG]})) < 150


def test_a_long_unknown_action_and_bad_name_are_refused_cut() -> None:
    record = run_scenario({**BASE, "inputs": [{"action": "dance" + LONG}]})
    (rejected,) = record["rejected"]
    assert rejected["error"] == f"Unknown action {quoted_value('dance' + LONG)}." and len(rejected["error"]) < 120
    game = new_game("ftl", ["Venus", "Mars", "Jupiter"], seed=1)
    game.start()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Input("rename", target="Mars", new="\x1b" + LONG))
    assert len(str(refused.value)) < 150
    said = refusal({**BASE, "players": ["Venus", "Mars", "\u202e" + LONG]})
    assert said.startswith("Not a usable name: '\\u202exxx") and len(said) < 150


def test_a_scripted_pick_or_shuffle_not_of_the_names_is_quoted_cut() -> None:
    names = [f"Player{n:02d}" for n in range(30)]
    with pytest.raises(DiceError) as refused:
        ScriptedDice([], picks=[LONG]).pick(names)
    assert str(refused.value) == f"scripted pick {quoted_value(LONG)} is not one of {quoted_words(names)}"
    assert str(refused.value).endswith("'Player04' and 25 more")
    with pytest.raises(DiceError) as refused:
        ScriptedDice([], shuffles=[[LONG] * 30]).shuffle(names)
    assert len(str(refused.value)) < 250


@pytest.mark.parametrize("elim", [10**30, "1" + "0" * 30, 1_000_001])
def test_a_scenarios_elim_past_its_bound_is_refused_naming_the_bound(elim: object) -> None:
    message = refusal({**BASE, "theme": "cta", "options": {"elim": elim}})
    assert "elim" in message and "1000000" in message
