"""The fair HMAC-SHA256 dice against the old Mersenne Twister: raw draws per second, and whole
10-player games per second with each (AI seats, no printing).

Run: .venv/bin/python bench/dice_speed.py [--draws N] [--games N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from survivor_host.ai import make_strategy
from survivor_host.engine.dice import Dice, FairDice, SeededDice
from survivor_host.fair.stream import client_seed
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game

CASES = [("ftl", []), ("cta", ["jesters-duel", "adhesive", "no-backsies"])]
KINDS: dict[str, Callable[[str, list[str]], Dice]] = {
    "mersenne twister": lambda seed, players: SeededDice(seed),
    "hmac-sha256-v1": lambda seed, players: FairDice(seed, client_seed(players)),
}


def games_per_second(theme: str, mods: list[str], kind: str, games: int) -> float:
    start = time.perf_counter()
    for number in range(games):
        players = seat_names(10)
        game = new_game(theme, players, mods=mods, dice=KINDS[kind](f"seed-{number}", players))
        strategy, rng = make_strategy(theme), random.Random(number)
        game.start()
        while not game.finished:
            name = game.awaiting()[0].player
            game.apply(strategy.choose(game.view(name), game.legal_inputs(name), rng))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    for kind, make in KINDS.items():
        dice = make("seed", ["a", "b"])
        start = time.perf_counter()
        for _ in range(args.draws):
            dice.roll(150)
        rate = args.draws / (time.perf_counter() - start)
        print(f"{kind:18s} d150 rolls: {rate:10.0f}/s ({1e6 / rate:.2f} µs a roll, draw log included)")
    for theme, mods in CASES:
        for kind in KINDS:
            rate = games_per_second(theme, mods, kind, args.games)
            label = f"{theme} {'+'.join(mods) or '(no mods)'}"
            print(f"{label:38s} {kind:18s} {rate:7.0f} games/s ({1e3 / rate:.2f} ms/game)")


if __name__ == "__main__":
    main()
