"""The engine simulator lets the awaited players act in a random order, drawn from a stream of its own:
in Hunger Games attacks are fought in the order sent, so a fixed order would favour some seats."""

from __future__ import annotations

import random

from survivor_host.analysis.simulate import SimSetup, next_to_act, simulate
from survivor_host.engine.odds import wilson
from survivor_host.engine.phase import Wait

PLAYERS = 6
GAMES = 1500
Z_FAMILY = 2.638
"""Each seat's interval at 99.17%: together about 95% that all six hold the fair share by luck."""


def test_every_seat_of_hunger_games_wins_its_fair_share() -> None:
    result = simulate(SimSetup("hg", PLAYERS, (), (), ("random",), seed=2026), GAMES)
    assert result.path == "engine"
    for seat in range(PLAYERS):
        low, high = wilson(result.wins_by_seat[seat], GAMES, Z_FAMILY)
        assert low <= 1 / PLAYERS <= high, f"seat {seat + 1}: {low:.3f}-{high:.3f}"


def test_the_order_is_drawn_only_among_several_awaited() -> None:
    """One awaited player acts without a draw, so turn-by-turn games keep their streams as they were."""
    order = random.Random(1)
    before = order.getstate()
    assert next_to_act([Wait("Ann", ("attack",), False, ())], order) == "Ann"
    assert order.getstate() == before
    waits = [Wait(name, ("attack",), True, ()) for name in ("Ann", "Bob", "Cid")]
    assert {next_to_act(waits, random.Random(draw)) for draw in range(40)} == {"Ann", "Bob", "Cid"}


def test_a_run_is_reproducible() -> None:
    setup = SimSetup("hga", 5, ("second-wind",), (), ("random",), seed=3)
    first, again = simulate(setup, 40), simulate(setup, 40)
    assert first.wins_by_seat == again.wins_by_seat and first.rounds == again.rounds
