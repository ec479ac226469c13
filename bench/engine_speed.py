"""How many whole 10-player games per second the engine plays with AI seats and no printing.

Run: .venv/bin/python bench/engine_speed.py [--games N] [--players P]
"""

from __future__ import annotations

import argparse
import random
import time

from survivor_host.ai import make_strategy
from survivor_host.engine.game import Game
from survivor_host.host.terminal import seat_names
from survivor_host.themes import new_game

CASES: list[tuple[str, list[str]]] = [
    ("ftl", []),
    ("ftl", ["tug-of-war"]),
    ("ftl", ["no-mercy"]),
    ("cta", []),
    ("cta", ["jesters-duel", "adhesive", "no-backsies"]),
    ("cta", ["all-at-once", "the-joker"]),
]


def play_one(theme: str, mods: list[str], players: int, seed: int) -> Game:
    game = new_game(theme, seat_names(players), mods=mods, seed=seed)
    strategy = make_strategy(theme)
    rng = random.Random(seed)
    game.start()
    while not game.finished:
        name = game.awaiting()[0].player
        game.apply(strategy.choose(game.view(name), game.legal_inputs(name), rng))
    return game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    args = parser.parse_args()
    print(f"{args.players}-player games, AI seats (default strategy), no printing")
    for theme, mods in CASES:
        start = time.perf_counter()
        for seed in range(args.games):
            play_one(theme, mods, args.players, seed)
        elapsed = time.perf_counter() - start
        label = f"{theme} {'+'.join(mods) or '(no mods)'}"
        print(f"{label:45s} {args.games / elapsed:9.0f} games/s  ({elapsed * 1e3 / args.games:.2f} ms/game)")


if __name__ == "__main__":
    main()
