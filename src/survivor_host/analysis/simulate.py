"""Monte Carlo over whole games: the fast numpy path when it covers the setting, else the real engine.

Both paths fill the same `SimResult`: wins and second places by strategy and by seat, rounds per
game, and per-game counts of events (round outcomes, swaps, ...), so their figures can be compared.
A second place shared by several players (G7) counts as a second place for each who shares it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from survivor_host.ai import make_strategy
from survivor_host.engine.kernel import FastGames, Simulation
from survivor_host.engine.phase import Wait
from survivor_host.themes import new_game, theme_spec

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) as a run goes on."""


def _simulation(theme: str) -> Simulation | None:
    return theme_spec(theme).simulation()


def fast_batch(theme: str, players: int) -> int:
    """Games per numpy batch for this theme and table size (its kernel says)."""
    simulation = _simulation(theme)
    assert simulation is not None
    return simulation.batch(players)


ENGINE_CHUNK = 250


@dataclass(frozen=True)
class SimSetup:
    """What to simulate: one strategy name per seat (cycled if shorter than the seats)."""

    theme: str
    players: int
    mods: tuple[str, ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    strategies: tuple[str, ...] = ()
    seed: int = 0


@dataclass
class SimResult:
    """Tallies over many games; `counts` sums per-game event counts, `squares` their squares."""

    games: int = 0
    wins_by_strategy: Counter[str] = field(default_factory=Counter)
    seconds_by_strategy: Counter[str] = field(default_factory=Counter)
    seats_by_strategy: Counter[str] = field(default_factory=Counter)
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    seconds_by_seat: Counter[int] = field(default_factory=Counter)
    shared_seconds: int = 0
    """Games whose second place was shared (each who shares it counts a second place)."""
    rounds: Counter[int] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    squares: Counter[str] = field(default_factory=Counter)
    path: str = "engine"
    why_engine: str = ""

    def merge(self, other: SimResult) -> None:
        self.games += other.games
        self.shared_seconds += other.shared_seconds
        for mine, theirs in (
            (self.wins_by_strategy, other.wins_by_strategy),
            (self.seconds_by_strategy, other.seconds_by_strategy),
            (self.seats_by_strategy, other.seats_by_strategy),
            (self.counts, other.counts),
            (self.squares, other.squares),
        ):
            mine.update(theirs)
        self.wins_by_seat.update(other.wins_by_seat)
        self.seconds_by_seat.update(other.seconds_by_seat)
        self.rounds.update(other.rounds)

    def win_rate(self, strategy: str) -> float:
        """Wins per seat played with this strategy (1/players is an even chance)."""
        seats = self.seats_by_strategy[strategy]
        return self.wins_by_strategy[strategy] / seats if seats else 0.0

    def mean_rounds(self) -> float:
        total = sum(self.rounds.values())
        return sum(r * n for r, n in self.rounds.items()) / total if total else 0.0

    def sd_rounds(self) -> float:
        total = sum(self.rounds.values())
        if total < 2:
            return 0.0
        mean = self.mean_rounds()
        return math.sqrt(sum(n * (r - mean) ** 2 for r, n in self.rounds.items()) / (total - 1))

    def per_game(self, name: str) -> tuple[float, float]:
        """Mean per game of a count and the standard error of that mean."""
        if not self.games:
            return 0.0, 0.0
        mean = self.counts[name] / self.games
        var = max(self.squares[name] / self.games - mean * mean, 0.0)
        return mean, math.sqrt(var / self.games)


def seat_strategies(setup: SimSetup) -> list[str]:
    """The strategy of each seat: the list given, cycled; the theme's default when none is given."""
    names = list(setup.strategies) or [theme_spec(setup.theme).default_strategy]
    return [names[i % len(names)] for i in range(setup.players)]


# ----- the engine path -----


def record_counts(theme: str, record: dict[str, Any]) -> Counter[str]:
    """The per-game event counts of one engine game record (the theme's; none for a theme without)."""
    simulation = _simulation(theme)
    return Counter() if simulation is None else simulation.record_counts(record)


def _tally_game(result: SimResult, kinds: Sequence[str], winner: int, seconds: Sequence[int], rounds: int) -> None:
    """One game: `seconds` are every seat in second place (several when it is shared)."""
    result.games += 1
    result.rounds[rounds] += 1
    for kind in kinds:
        result.seats_by_strategy[kind] += 1
    if winner >= 0:
        result.wins_by_strategy[kinds[winner]] += 1
        result.wins_by_seat[winner] += 1
    for second in seconds:
        result.seconds_by_strategy[kinds[second]] += 1
        result.seconds_by_seat[second] += 1
    result.shared_seconds += len(seconds) > 1


def next_to_act(awaited: Sequence[Wait], order: random.Random | None) -> str:
    """The awaited player who acts next: with an `order` stream, one at random when several are awaited,
    as a room's players send in no fixed order (where that order matters, seat order would favour seat 1);
    without one, the first in seat order."""
    if order is None or len(awaited) == 1:
        return awaited[0].player
    return awaited[order.randrange(len(awaited))].player


def play_games(setup: SimSetup, first: int, count: int) -> SimResult:
    """Games `first` .. `first+count-1` through the engine (each seeded by its number), tallied."""
    result = SimResult()
    kinds = seat_strategies(setup)
    names = [f"P{i + 1}" for i in range(setup.players)]
    random_order = theme_spec(setup.theme).arrival_order_matters
    for number in range(first, first + count):
        seed = f"{setup.seed}:{number}"
        game = new_game(setup.theme, names, mods=setup.mods, options=dict(setup.options), seed=seed)
        rng = random.Random(f"ai:{seed}")  # never the dice's own stream: choices would follow the rolls
        # who of the awaited acts first: neither the dice's stream nor the AI's
        order = random.Random(f"order:{seed}") if random_order else None
        strategies = {name: make_strategy(setup.theme, kind) for name, kind in zip(names, kinds, strict=True)}
        game.begin()  # facts only: a simulation reads no text
        while not game.finished:
            name = next_to_act(game.awaiting(), order)
            game.step(strategies[name].choose(game.view(name), game.legal_inputs(name), rng))
        seat = {name: i for i, name in enumerate(names)}
        seconds = [seat[name] for name in game.at_place(2)]
        _tally_game(result, kinds, seat.get(game.winner or "", -1), seconds, game.round)
        for key, value in record_counts(setup.theme, game.record()).items():
            result.counts[key] += value
            result.squares[key] += value * value
    return result


def simulate_engine(setup: SimSetup, games: int, workers: int = 1, progress: Progress | None = None) -> SimResult:
    """Play `games` whole games through the engine; with `workers` > 1 chunks go to processes."""
    spans = [(start, min(ENGINE_CHUNK, games - start)) for start in range(0, games, ENGINE_CHUNK)]
    total = SimResult()
    if workers <= 1 or len(spans) < 2:
        for start, count in spans:
            total.merge(play_games(setup, start, count))
            if progress:
                progress(total.games, games)
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play_games, setup, start, count) for start, count in spans]
        for future in as_completed(futures):
            total.merge(future.result())
            if progress:
                progress(total.games, games)
    return total


# ----- the fast path -----


def batch_seed(seed: int, batch: int) -> int:
    """The seed of one fast-path batch of a run seeded `seed`."""
    return int(np.random.SeedSequence([seed, batch]).generate_state(1)[0])


def simulate_fast(setup: SimSetup, games: int, progress: Progress | None = None, rules: Any = None) -> SimResult:
    """Play `games` whole games with the numpy kernels, in batches (each seeded by seed and batch)."""
    kinds = seat_strategies(setup)
    total = SimResult(path="fast")
    size = fast_batch(setup.theme, setup.players)
    for batch, start in enumerate(range(0, games, size)):
        count = min(size, games - start)
        rng = np.random.default_rng(batch_seed(setup.seed, batch))
        out = run_fast(setup.theme, count, setup.players, setup.mods, dict(setup.options), kinds, rng, rules)
        part = SimResult(path="fast")
        part.games = count
        for kind in kinds:
            part.seats_by_strategy[kind] += count
        wins_by_seat = np.bincount(out.winner + 1, minlength=setup.players + 1)[1:]  # -1 (none) counted apart
        seconds_by_seat = np.bincount(out.second + 1, minlength=setup.players + 1)[1:]
        for seat in range(setup.players):
            wins, seconds = int(wins_by_seat[seat]), int(seconds_by_seat[seat])
            part.wins_by_seat[seat] += wins
            part.seconds_by_seat[seat] += seconds
            part.wins_by_strategy[kinds[seat]] += wins
            part.seconds_by_strategy[kinds[seat]] += seconds
        freq = np.bincount(out.rounds)
        part.rounds.update({int(v): int(freq[v]) for v in np.flatnonzero(freq)})
        for key, per_game in out.counts.items():
            part.counts[key] += int(per_game.sum())
            part.squares[key] += int((per_game * per_game).sum())
        total.merge(part)
        if progress:
            progress(total.games, games)
    return total


def run_fast(
    theme: str,
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    strategies: Sequence[str],
    rng: np.random.Generator,
    rules: Any = None,
) -> FastGames:
    """`games` whole games on the theme's numpy kernel; `strategies` has one name per seat."""
    simulation = _simulation(theme)
    assert simulation is not None and simulation.kernel is not None, f"{theme} has no numpy kernel"
    return simulation.kernel(games, players, mods, options, strategies, rng, rules)


def fast_reason(setup: SimSetup) -> str:
    """'' when the fast path plays this setup, else why the engine must."""
    simulation = _simulation(setup.theme)
    if simulation is None or simulation.kernel is None:
        return f"{theme_spec(setup.theme).title} has no numpy kernel"
    return simulation.unsupported(setup.mods, dict(setup.options), seat_strategies(setup), setup.players)


def simulate(
    setup: SimSetup, games: int, workers: int = 1, progress: Progress | None = None, path: str = "auto"
) -> SimResult:
    """Play `games` whole games: the fast path when it covers the setting (`path` auto), else the engine."""
    why = fast_reason(setup) if path != "engine" else "asked for with --engine"
    if path == "fast" and why:
        raise ValueError(f"The fast path cannot play this: {why}.")
    if not why:
        return simulate_fast(setup, games, progress)
    result = simulate_engine(setup, games, workers, progress)
    result.why_engine = why
    return result


# ----- single steps, vectorized (to check the exact odds) -----


def battle_mc(mine: int, theirs: int, trials: int, rng: np.random.Generator) -> float:
    """Sampled roll battles with re-rolls on ties (G1)."""
    wins = 0
    pending = trials
    while pending:
        a = rng.integers(1, mine + 1, size=pending)
        b = rng.integers(1, theirs + 1, size=pending)
        wins += int((a > b).sum())
        pending = int((a == b).sum())
    return wins / trials
