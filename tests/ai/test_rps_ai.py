"""Rock, Paper, Scissors strategies earn their names: among `rock-heavy` players (a habit shown in the room)
`counter` wins more than its fair share (95% CI), while `random` stays near it; a weapon attacks and defends
at once, so reading habits is the lever."""

from __future__ import annotations

import random

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.themes.rps.ai import HabitReader, RockHeavy, habit_of
from survivor_host.themes.rps.view import RpsView

PLAYERS = 4
GAMES = 300


def interval(seat: str) -> tuple[float, float]:
    setup = SimSetup("rps", PLAYERS, (), (), (seat,) + ("rock-heavy",) * (PLAYERS - 1), seed=7)
    result = simulate(setup, GAMES)
    assert result.path == "engine"
    return wilson(result.wins_by_seat[0], GAMES)


def test_counter_beats_its_fair_share_among_players_of_habit() -> None:
    low, _ = interval("counter")
    assert low > 1 / PLAYERS, f"counter: 95% CI starts at {low:.4f}"
    low, high = interval("random")
    assert low < 1 / PLAYERS < high


def test_a_habit_needs_two_weapons_in_three_and_counter_beats_it() -> None:
    assert habit_of(["rock"]) is None and habit_of(["rock", "paper"]) is None
    assert habit_of(["rock", "rock", "paper"]) == "rock" and habit_of(["rock", "paper", "paper", "rock"]) is None
    view = RpsView(
        "Me", 3, "finale", (), ("rock", "paper", "scissors"), ("Me", "Bo"), (), (("Bo", ("rock", "rock")),), None, ()
    )
    throws = [Input("throw", by="Me", target=weapon) for weapon in view.weapons]
    assert {HabitReader().choose(view, throws, random.Random(n)).target for n in range(20)} == {"paper"}
    rocks = [RockHeavy().choose(view, throws, random.Random(n)).target for n in range(300)]
    assert 170 < rocks.count("rock") < 230
