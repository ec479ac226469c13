"""Whole simulated games per CPU second: the engine path, the numpy fast path, and raw random draws.

The raw-draw figure replays every call the fast path makes to its random generator (the same
method, range, dtype and size, batch by batch, recorded from the same seeds) on a fresh generator
and nothing else: the floor any vectorised simulator drawing those numbers stands on. The fast path
and the replay run interleaved, `--repeats` times each, timed in CPU seconds, so a busy machine
slows both alike; the figures are medians with the spread (lowest to highest) beside them, and the
ratio is the median of the per-pair ratios.

Run: .venv/bin/python bench/sim_speed.py [--players 10] [--mods ...] [--strategy random] [--repeats 9]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from survivor_host.analysis.simulate import (
    SimSetup,
    batch_seed,
    fast_batch,
    run_fast,
    seat_strategies,
    simulate_engine,
    simulate_fast,
)

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


class RecordingRng:
    """A numpy Generator that notes every call made to it (method and arguments) and its count of numbers."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.calls: list[Call] = []
        self.drawn = 0

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        return self._note("integers", args, kwargs)

    def random(self, *args: Any, **kwargs: Any) -> Any:
        return self._note("random", args, kwargs)

    def _note(self, method: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        out = getattr(self.rng, method)(*args, **kwargs)
        self.calls.append((method, args, kwargs))
        self.drawn += int(np.size(out))
        return out


def recorded_draws(setup: SimSetup, games: int) -> tuple[list[Call], int]:
    """Every generator call `simulate_fast(setup, games)` makes, batch by batch, and the numbers drawn."""
    calls: list[Call] = []
    drawn = 0
    size = fast_batch(setup.theme, setup.players)
    kinds = seat_strategies(setup)
    for batch, start in enumerate(range(0, games, size)):
        rng = RecordingRng(batch_seed(setup.seed, batch))
        run_fast(setup.theme, min(size, games - start), setup.players, setup.mods, dict(setup.options), kinds, rng)  # type: ignore[arg-type]
        calls += rng.calls
        drawn += rng.drawn
    return calls, drawn


def replay(calls: list[Call], rng: Any = None) -> None:
    """Make the same calls on a fresh generator (the numbers differ; their count, ranges and dtypes do not)."""
    rng = rng or np.random.default_rng(12345)
    for method, args, kwargs in calls:
        getattr(rng, method)(*args, **kwargs)


def cpu_seconds(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def spread(values: list[float], scale: float = 1.0, fmt: str = ",.0f") -> str:
    """Median (lowest-highest) of `scale / value`, e.g. games per second from seconds."""
    rates = sorted(scale / v for v in values)
    return f"{statistics.median(rates):{fmt}} ({rates[0]:{fmt}}-{rates[-1]:{fmt}})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--theme", default="ftl", choices=("ftl", "cta"))
    parser.add_argument("--engine-games", type=int, default=300)
    parser.add_argument("--fast-games", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--strategy", default="random")
    parser.add_argument("--mods", default="")
    args = parser.parse_args()
    mods = tuple(m for m in args.mods.split(",") if m)
    setup = SimSetup(args.theme, args.players, mods, (), (args.strategy,), seed=1)

    engine = [cpu_seconds(lambda: simulate_engine(setup, args.engine_games)) for _ in range(3)]
    calls, drawn = recorded_draws(setup, args.fast_games)
    simulate_fast(setup, min(args.fast_games, 10_000))  # warm up
    fast: list[float] = []
    raw: list[float] = []
    for turn in range(args.repeats):  # interleaved, the order alternating
        pair = [lambda: simulate_fast(setup, args.fast_games), lambda: replay(calls)]
        first, second = (cpu_seconds(run) for run in (pair if turn % 2 == 0 else pair[::-1]))
        fast.append(first if turn % 2 == 0 else second)
        raw.append(second if turn % 2 == 0 else first)
    ratios = sorted(f / r for f, r in zip(fast, raw, strict=True))
    speedups = sorted(statistics.median(engine) / args.engine_games * args.fast_games / f for f in fast)

    theme = "Follow the Leader" if args.theme == "ftl" else "Chase the Ace"
    print(f"{args.players}-player {theme}{' with ' + '+'.join(mods) if mods else ''}, {args.strategy} seats")
    print(f"games per CPU second, median (lowest-highest) of {args.repeats} interleaved runs (engine: 3 runs)")
    print(f"  engine path  {spread(engine, args.engine_games)}")
    print(f"  fast path    {spread(fast, args.fast_games)}   {statistics.median(speedups):,.0f}x the engine")
    print(
        f"  raw draws    {spread(raw, args.fast_games)}   "
        f"({drawn / args.fast_games:.0f} numbers a game, {len(calls)} generator calls)"
    )
    print(f"  fast path / raw draws: {statistics.median(ratios):.2f}x the time ({ratios[0]:.2f}-{ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main()
