"""How many whole 10-player games per second the engine plays, no printing.

Two kinds of seats: the theme's default AI (reads its view each decision), and random seats (any
legal input, uniformly; no view). Random seats measure the engine itself.

Run: .venv/bin/python bench/engine_speed.py [--games N] [--players P] [--random-only]
     [--theme THEME] [--baseline OTHER_CHECKOUT/src] [--repeat R]

With `--baseline` every case runs in subprocesses, on the other checkout's code (its `src` first on
PYTHONPATH) and on this one's in turn, case by case (the best of `--repeat` runs each), and the
two columns are printed side by side with their ratio: before and after, measured in one run.
Without a baseline the cases run in this process.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from survivor_host.ai import make_strategy
from survivor_host.engine.game import Game
from survivor_host.themes import new_game

try:
    from survivor_host.terminal.table import seat_names
except ImportError:  # a checkout from before host/ was split (such as the baseline 91ab55d)
    from survivor_host.host.terminal import seat_names  # type: ignore[no-redef]

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
    getattr(game, "begin", game.start)()  # the facts alone, where the engine has them
    while not game.finished:
        name = game.awaiting()[0].player
        send(strategy.choose(game.view(name), game.legal_inputs(name), rng))
    return game


def play_random(theme: str, mods: list[str], players: int, seed: int) -> Game:
    """Random seats: whoever is awaited first sends any legal input. Nobody reads the text."""
    game = new_game(theme, seat_names(players), mods=mods, seed=seed)
    rng = random.Random(seed)
    send = getattr(game, "step", game.apply)  # the facts alone, where the engine has them
    getattr(game, "begin", game.start)()  # the facts alone, where the engine has them
    while not game.finished:
        options = game.legal_inputs(game.awaiting()[0].player)
        send(options[rng.randrange(len(options))])
    return game


Play = Callable[[str, list[str], int, int], Game]
KINDS: dict[str, tuple[str, Play]] = {"random": ("random seats", play_random), "ai": ("default AI seats", play_one)}
SRC = Path(__file__).resolve().parent.parent / "src"


def rate(play: Play, theme: str, mods: list[str], games: int, players: int) -> float:
    """Games per CPU second (CPU time: the machine is shared, wall time would count the others)."""
    start = time.process_time()
    for seed in range(games):
        play(theme, mods, players, seed)
    return games / (time.process_time() - start)


def case_name(theme: str, mods: list[str], label: str) -> str:
    return f"{theme} {'+'.join(mods) or '(no mods)'}, {label}"


def cases(args: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """The cases to run: every one, or those of `--theme`."""
    return [(theme, mods) for theme, mods in CASES if args.theme in (None, theme)]


def measure(kind: str, args: argparse.Namespace) -> None:
    label, play = KINDS[kind]
    for theme, mods in cases(args):
        per_second = rate(play, theme, mods, args.games, args.players)
        print(f"{case_name(theme, mods, label):58s} {per_second:9.0f} games/s  ({1e3 / per_second:.2f} ms/game)")


def rate_in(src: Path, kind: str, theme: str, mods: list[str], args: argparse.Namespace) -> float:
    """`rate` measured in a fresh interpreter running the code under `src`."""
    argv = [sys.executable, __file__, "--one", kind, theme, ",".join(mods), "--games", str(args.games)]
    argv += ["--players", str(args.players)]
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(argv, env=env, check=True, capture_output=True, text=True).stdout.split()
    assert out[0].startswith(str(src)), f"measured the code at {out[0]}, not {src}"
    return float(out[1])


def compare(kinds: list[str], args: argparse.Namespace) -> None:
    """Each case on the baseline and on this checkout in turn, best of `--repeat`, side by side."""
    baseline, current = Path(args.baseline).resolve(), SRC
    print(f"{'':58s} {'baseline':>9s} {'current':>9s}   games/s")
    for kind in kinds:
        label = KINDS[kind][0]
        for theme, mods in cases(args):
            before, after = 0.0, 0.0
            for _ in range(args.repeat):
                before = max(before, rate_in(baseline, kind, theme, mods, args))
                after = max(after, rate_in(current, kind, theme, mods, args))
            print(f"{case_name(theme, mods, label):58s} {before:9.0f} {after:9.0f}   x{after / before:.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--random-only", action="store_true", help="only the random-seat cases")
    parser.add_argument("--theme", help="only this theme's cases (ftl or cta)")
    parser.add_argument("--baseline", help="another checkout's src folder: measure it and this one, side by side")
    parser.add_argument("--repeat", type=int, default=1, help="with a baseline: the best of this many runs")
    parser.add_argument("--one", nargs=3, metavar=("KIND", "THEME", "MODS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        kind, theme, mods = args.one
        import survivor_host

        mod_list = [m for m in mods.split(",") if m]
        print(survivor_host.__file__, rate(KINDS[kind][1], theme, mod_list, args.games, args.players))
        return
    kinds = ["random"] if args.random_only else ["random", "ai"]
    print(f"{args.players}-player games, no printing, per CPU second")
    if args.baseline:
        compare(kinds, args)
        return
    for kind in kinds:
        measure(kind, args)


if __name__ == "__main__":
    main()
