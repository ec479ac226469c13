"""Strategy search: simple policies tuned by simulation on the fast path.

A policy has one knob per table size (SIZE_BUCKETS): FTL the chance to rebel, CTA the highest card
that still swaps. Coordinate search: each knob in turn takes the value that wins most for a seat
among `opponents`, at 5, 10 and 20 players, with the same seeds for every candidate (common random
numbers), until no knob moves. `against=random` tunes against random tables; `against=self` then
tunes a reply to a table of the policy found first, the way a table of tuned players would play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from survivor_host.ai.cta import CtaPolicy
from survivor_host.ai.ftl import SIZE_BUCKETS, FtlPolicy
from survivor_host.analysis.fast import run_cta, run_ftl

SIZES = (5, 10, 20)
FTL_VALUES = (0.0, 0.5, 1.0)
CTA_VALUES = (3, 4, 5, 6, 7, 8, 9)
CTA_SIZES = (5, 10)
"""Chase the Ace is searched at 5 and 10 players only (it is slower); its 15+ knob repeats 10-14."""

Policy = FtlPolicy | CtaPolicy


@dataclass(frozen=True)
class Found:
    """The best knobs found and the seat's win rate, as a multiple of the fair share, per table size."""

    knobs: tuple[float, ...]
    score: float
    by_size: dict[int, float]


def make_policy(theme: str, knobs: Sequence[float]) -> Policy:
    if theme == "ftl":
        return FtlPolicy.by_size(*knobs)
    return CtaPolicy.by_size(*(int(k) for k in knobs))


def seat_share(
    theme: str,
    mods: Sequence[str],
    mine: Policy,
    others: Policy,
    players: int,
    games: int,
    seed: int,
) -> float:
    """Seat 1's wins as a multiple of the fair share, the other seats playing `others`."""
    rng = np.random.default_rng(seed)
    if theme == "ftl":
        assert isinstance(mine, FtlPolicy) and isinstance(others, FtlPolicy)
        out = run_ftl(games, players, mods, {}, [mine] + [others] * (players - 1), rng)
    else:
        assert isinstance(mine, CtaPolicy) and isinstance(others, CtaPolicy)
        out = run_cta(games, players, mods, {}, [mine] + [others] * (players - 1), rng)
    return float((out.winner == 0).mean() * players)


def evaluate(
    theme: str,
    mods: Sequence[str],
    knobs: Sequence[float],
    others: Policy,
    games: int,
    seed: int,
    sizes: Sequence[int] | None = None,
) -> Found:
    mine = make_policy(theme, knobs)
    sizes = sizes or (SIZES if theme == "ftl" else CTA_SIZES)
    by_size = {n: seat_share(theme, mods, mine, others, n, games, seed + n) for n in sizes}
    return Found(tuple(knobs), sum(by_size.values()) / len(by_size), by_size)


def search(
    theme: str,
    mods: Sequence[str],
    others: Policy,
    games: int = 6000,
    seed: int = 1,
    start: Sequence[float] | None = None,
    passes: int = 2,
    sizes: Sequence[int] | None = None,
) -> Found:
    """Coordinate search over the knobs, best first found kept on ties."""
    values: Sequence[float] = FTL_VALUES if theme == "ftl" else CTA_VALUES
    knobs = list(start or ([1.0] * len(SIZE_BUCKETS) if theme == "ftl" else [6] * len(SIZE_BUCKETS)))
    best = evaluate(theme, mods, knobs, others, games, seed, sizes)
    for _ in range(passes):
        moved = False
        for index in range(len(knobs)):
            for value in values:
                if value == knobs[index]:
                    continue
                trial = list(knobs)
                trial[index] = value
                found = evaluate(theme, mods, trial, others, games, seed, sizes)
                if found.score > best.score:
                    best, knobs, moved = found, trial, True
        if not moved:
            break
    return best


def random_policy(theme: str) -> Policy:
    return FtlPolicy.flat(0.5) if theme == "ftl" else CtaPolicy("random")


FTL_MOD_SETS: tuple[tuple[str, ...], ...] = ((), ("tug-of-war",), ("no-mercy",), ("tug-of-war", "no-mercy"))
CTA_MOD_SETS: tuple[tuple[str, ...], ...] = (
    (),
    ("adhesive",),
    ("jesters-duel",),
    ("no-backsies",),
    ("the-joker",),
    ("all-at-once",),
)


def main() -> None:
    """Print the tuned tables (SMART_FTL, SMART_CTA) and the replies to tables of them."""
    import sys

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    for theme, sets in (("ftl", FTL_MOD_SETS), ("cta", CTA_MOD_SETS)):
        for mods in sets:
            first = search(
                theme,
                mods,
                random_policy(theme),
                games if theme == "ftl" else games // 8,
                passes=2 if theme == "ftl" else 1,
            )
            if theme == "cta":
                print(f"cta {'+'.join(mods) or '(no mods)'}: vs random {first.knobs} x{first.score:.3f}", flush=True)
                continue
            reply = search(theme, mods, make_policy(theme, first.knobs), games, start=first.knobs)
            print(
                f"{theme} {'+'.join(mods) or '(no mods)'}: vs random {first.knobs} x{first.score:.3f}"
                f"; reply to itself {reply.knobs} x{reply.score:.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
