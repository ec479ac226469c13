"""Whole simulated games per second: the engine path, the numpy fast path, and raw random draws.

The raw-draw figure is the time numpy takes just to draw as many random numbers as the fast path
draws for the same games (counted by wrapping its generator), in one call per batch: the floor
any vectorised simulator of these games stands on.

Run: .venv/bin/python bench/sim_speed.py [--players 10] [--engine-games 2000] [--fast-games 200000]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from survivor_host.ai.ftl import named_policy
from survivor_host.analysis.fast import run_ftl
from survivor_host.analysis.simulate import FAST_BATCH, SimSetup, simulate_engine, simulate_fast


class CountingRng:
    """A numpy Generator that counts how many numbers it hands out."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.drawn = 0

    def integers(self, low: Any, high: Any = None, size: Any = None) -> Any:
        out = self.rng.integers(low, high, size)
        self.drawn += int(np.size(out))
        return out

    def random(self, size: Any = None) -> Any:
        out = self.rng.random(size)
        self.drawn += int(np.size(out))
        return out


def best_of(times: int, run: Callable[[], object]) -> float:
    """The shortest of `times` runs, in seconds: the least disturbed by other work on the machine."""
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--engine-games", type=int, default=2000)
    parser.add_argument("--fast-games", type=int, default=200_000)
    parser.add_argument("--strategy", default="random")
    parser.add_argument("--mods", default="")
    args = parser.parse_args()
    mods = tuple(m for m in args.mods.split(",") if m)
    setup = SimSetup("ftl", args.players, mods, (), (args.strategy,), seed=1)

    start = time.perf_counter()
    simulate_engine(setup, args.engine_games)
    engine = args.engine_games / (time.perf_counter() - start)

    simulate_fast(setup, min(args.fast_games, FAST_BATCH))  # warm up
    fast_seconds = best_of(3, lambda: simulate_fast(setup, args.fast_games))
    fast = args.fast_games / fast_seconds

    policy = named_policy(args.strategy, mods)
    assert policy is not None
    counter = CountingRng(1)
    drawn_batches = []
    for begin in range(0, args.fast_games, FAST_BATCH):
        before = counter.drawn
        run_ftl(min(FAST_BATCH, args.fast_games - begin), args.players, mods, {}, [policy] * args.players, counter)  # type: ignore[arg-type]
        drawn_batches.append(counter.drawn - before)
    rng = np.random.default_rng(2)
    raw_seconds = best_of(3, lambda: [rng.integers(1, 151, size=count) for count in drawn_batches])

    label = f"{args.players}-player Follow the Leader{' with ' + '+'.join(mods) if mods else ''}, {args.strategy} seats"
    print(label)
    print(f"  engine path   {engine:12,.0f} games/s")
    print(f"  fast path     {fast:12,.0f} games/s   ({fast / engine:,.0f}x the engine)")
    print(
        f"  raw draws     {args.fast_games / raw_seconds:12,.0f} games/s   "
        f"({counter.drawn / args.fast_games:.0f} numbers a game; the fast path takes "
        f"{fast_seconds / raw_seconds:.1f}x the time of the draws alone)"
    )


if __name__ == "__main__":
    main()
