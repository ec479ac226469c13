"""What the numpy kernels of every theme share: the games' results, per-game tallies, vectorised draws.

A theme's kernel keeps one row per running game and one column per seat, plays a round for every row
at once and drops the rows whose game is over. Only distributions match the engine (its dice are
drawn differently); the tests check that they do, and `bench/sim_speed.py` measures the gain.
Roll battles between equal dice are drawn as fair picks and unequal ones (70 vs 100, 125 vs 100)
as one draw with the exact G1 chance: the same distribution as rolling until decided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]
Floats = NDArray[np.float64]

TIMING = frozenset({"idle", "secret_deadline", "public_deadline", "reminder", "leave_grace", "max_players"})
"""Options that never change a game between AI seats, which always answer in time."""


@dataclass
class FastGames:
    """Per game: winner and second seat (-1 for none), rounds, and per-game counts by name. One second
    seat a game: a theme whose second place may be shared (G7) has no kernel and plays on the engine,
    where each who shares second counts a second place."""

    winner: Ints
    second: Ints
    rounds: Ints
    counts: dict[str, Ints] = field(default_factory=dict)


Kernel = Callable[[int, int, Sequence[str], dict[str, object], Sequence[str], np.random.Generator, Any], FastGames]
"""(games, players, mods, options, one strategy name per seat, rng, the rule figures or None) -> results."""


@dataclass(frozen=True)
class Simulation:
    """What a theme gives the simulator: how to count an engine record, its figures, and its numpy kernel."""

    record_counts: Callable[[Mapping[str, Any]], Counter[str]]
    """The per-game event counts of one engine game record (a kernel counts the same things)."""
    figures: Callable[[Mapping[str, int], int], dict[str, Any]] | None = None
    """The theme's figures from the summed counts over so many games (`simulate --json`)."""
    summary: Callable[[Mapping[str, Any]], list[str]] = lambda figures: []
    """Those figures as lines a person reads."""
    kernel: Kernel | None = None
    """Whole games on numpy, or None: the engine plays every simulation."""
    unsupported: Callable[[Sequence[str], Mapping[str, object], Sequence[str], int], str] = lambda m, o, s, p: ""
    """Why the kernel cannot play these mods, options, strategies and seats ('' when it can)."""
    batch: Callable[[int], int] = lambda players: 100_000
    """Games per numpy batch at this table size: large for speed, bounded for memory."""


class Tally:
    """Per-game counts, indexed by the global game number."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.counts: dict[str, Ints] = {}

    def add(self, name: str, ids: Ints, values: NDArray[np.int64] | Bools) -> None:
        if name not in self.counts:
            self.counts[name] = np.zeros(self.games, dtype=np.int64)
        self.counts[name][ids] += np.asarray(values, dtype=np.int64)  # ids are distinct games


def pick(rng: np.random.Generator, mask: Bools) -> Ints:
    """One True column per row, uniformly (rows without any give an arbitrary column)."""
    picked: Ints = np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)
    return picked


def highest(rng: np.random.Generator, mask: Bools, score: Ints) -> Ints:
    """Per row, the True column with the highest integer `score`; ties broken uniformly (an even battle)."""
    best: Ints = np.where(mask, score + 0.5 * rng.random(mask.shape), -np.inf).argmax(axis=1)
    return best


def shuffled(rng: np.random.Generator, mask: Bools) -> Ints:
    """Per row, the True columns in a random order first (G2 shuffle), then the others."""
    keys = np.where(mask, rng.random(mask.shape), 2.0)
    order: Ints = np.argsort(keys, axis=1)
    return order


def roll_dice(rng: np.random.Generator, dice: Ints) -> Ints:
    """A uniform roll 1..die for each entry (G2)."""
    rolled: Ints = (rng.random(dice.shape) * dice).astype(np.int64) + 1
    return rolled


Policy = TypeVar("Policy")
Rules = TypeVar("Rules")


@dataclass(frozen=True)
class KernelEntry(Generic[Policy, Rules]):
    """A theme's numpy kernel as the simulator calls it: what it knows, and its run over one policy a seat.

    A theme states its mods, options, strategy policies, run and rule figures, and the most seats its
    run plays; `unsupported` and `kernel` are the `Simulation` fields of that name.
    """

    mods_known: Collection[str]
    options_known: Collection[str]
    policy_of: Callable[[str, Sequence[str]], Policy | None]
    run: Callable[[int, int, Sequence[str], dict[str, object], Sequence[Policy], np.random.Generator, Rules], FastGames]
    """(games, players, mods, options, one policy per seat, rng, the rule figures) -> results."""
    rules: Rules
    most_seats: Callable[[Sequence[str]], int | None] = lambda mods: None
    """The most seats the run plays under these mods (None: any number); a larger table plays on the engine."""

    def unsupported(
        self, mods: Sequence[str], options: Mapping[str, object], strategies: Sequence[str], players: int
    ) -> str:
        """Why this setting needs the engine path, or '' when the kernel plays it."""
        extra = [m for m in mods if m not in self.mods_known]
        if extra:
            return f"the fast path does not know {', '.join(extra)}"
        odd = [name for name in options if name not in self.options_known]
        if odd:
            return f"the fast path does not know option {', '.join(odd)}"
        missing = [s for s in strategies if self.policy_of(s, mods) is None]
        if missing:
            return f"strategy {', '.join(sorted(set(missing)))} has no fast-path policy"
        most = self.most_seats(mods)
        if most is not None and players > most:
            return f"the fast path plays at most {most} seats{' with these mods' if mods else ''}, not {players}"
        return ""

    def kernel(
        self,
        games: int,
        players: int,
        mods: Sequence[str],
        options: dict[str, object],
        strategies: Sequence[str],
        rng: np.random.Generator,
        rules: Rules | None = None,
    ) -> FastGames:
        """`games` whole games, one strategy name per seat (each a policy: see `unsupported`)."""
        seats = [self.policy_of(name, mods) for name in strategies]
        assert all(policy is not None for policy in seats), f"no fast-path policy among {strategies}"
        policies = [policy for policy in seats if policy is not None]
        return self.run(games, players, mods, options, policies, rng, rules or self.rules)
