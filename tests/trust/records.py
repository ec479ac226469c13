"""Finished game records for the trust tests, played with random legal inputs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from survivor_host.engine.dice import FairDice
from survivor_host.fair.stream import client_seed
from survivor_host.themes import new_game

DATA = Path(__file__).parent / "data"
SEED = "9f2c4e1a" * 8


def played_record(
    theme: str = "ftl",
    players: tuple[str, ...] = ("Venus", "Mars", "Io", "Ceres", "Pluto", "Vesta"),
    mods: tuple[str, ...] = (),
    salts: tuple[str, ...] = ("pepper",),
    seed: str = SEED,
    choices: int = 1,
) -> dict[str, Any]:
    """A finished game on the fair dice, its inputs chosen at random (by `choices`) among the legal ones."""
    dice = FairDice(seed, client_seed(players, salts), salts)
    game = new_game(theme, players, mods=mods, dice=dice)
    rng = random.Random(choices)
    game.start()
    while not game.finished:
        wait = game.awaiting()[0]
        game.apply(rng.choice(game.legal_inputs(wait.player)))
    return game.record()


def old_mt_record() -> dict[str, Any]:
    """A Chase the Ace record written before format 2 (Mersenne Twister dice, no draws)."""
    data: dict[str, Any] = json.loads((DATA / "format1-mt-cta.json").read_text(encoding="utf-8"))
    return data
