"""Finished Hunger Games records for the page tests: random legal attacks, and optionally a deadline that
takes the last three out together (a last battle; the other two share second place)."""

from __future__ import annotations

import random
from typing import Any

from survivor_host.engine.dice import FairDice
from survivor_host.engine.inputs import Input
from survivor_host.fair.stream import client_seed
from survivor_host.themes import new_game

PLAYERS = ("Venus", "Mars", "Io", "Ceres", "Pluto", "Vesta")


def hg_record(
    theme: str, mods: tuple[str, ...] = (), choices: int = 1, silent_at_three: bool = False, seed: str = "hg-seed"
) -> dict[str, Any]:
    """A finished game on the fair dice; `silent_at_three`: nobody attacks once three are left."""
    dice = FairDice(seed, client_seed(PLAYERS, ("pepper",)), ("pepper",))
    game = new_game(theme, PLAYERS, mods=mods, dice=dice)
    rng = random.Random(choices)
    game.start()
    while not game.finished:
        waits = game.awaiting()
        if silent_at_three and sum(seat.alive for seat in game.seats) == 3 == len(waits):
            game.apply(Input("timeout"))
            continue
        game.apply(rng.choice(game.legal_inputs(waits[0].player)))
    return game.record()
