"""How many whole 10-player games per second the engine plays, no printing.

Two kinds of seats: the theme's default AI (reads its view each decision), and random seats (any
legal input, uniformly; no view). Random seats measure the engine itself.

Run: .venv/bin/python bench/engine_speed.py [--games N] [--players P] [--random-only]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

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
    """The theme's default AI at every seat."""
    game = new_game(theme, seat_names(players), mods=mods, seed=seed)
    strategy = make_strategy(theme)
    rng = random.Random(seed)
    send = getattr(game, "step", game.apply)  # the facts alone, where the engine has them
    game.start()
    while not game.finished:
        name = game.awaiting()[0].player
        send(strategy.choose(game.view(name), game.legal_inputs(name), rng))
    return game


def play_random(theme: str, mods: list[str], players: int, seed: int) -> Game:
    """Random seats: whoever is awaited first sends any legal input. Nobody reads the text."""
    game = new_game(theme, seat_names(players), mods=mods, seed=seed)
    rng = random.Random(seed)
    send = getattr(game, "step", game.apply)  # the facts alone, where the engine has them
    game.start()
    while not game.finished:
        options = game.legal_inputs(game.awaiting()[0].player)
        send(options[rng.randrange(len(options))])
    return game


def measure(label: str, play: Callable[[str, list[str], int, int], Game], args: argparse.Namespace) -> None:
    for theme, mods in CASES:
        start = time.process_time()  # CPU time: the machine is shared, wall time would count the others
        for seed in range(args.games):
            play(theme, mods, args.players, seed)
        elapsed = time.process_time() - start
        name = f"{theme} {'+'.join(mods) or '(no mods)'}, {label}"
        print(f"{name:58s} {args.games / elapsed:9.0f} games/s  ({elapsed * 1e3 / args.games:.2f} ms/game)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--random-only", action="store_true", help="only the random-seat cases")
    args = parser.parse_args()
    print(f"{args.players}-player games, no printing, per CPU second")
    measure("random seats", play_random, args)
    if not args.random_only:
        measure("default AI seats", play_one, args)


if __name__ == "__main__":
    main()
