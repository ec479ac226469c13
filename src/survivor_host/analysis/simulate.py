"""Monte Carlo: whole games with AI seats (through the real engine), and fast numpy checks of single steps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from survivor_host.ai import make_strategy
from survivor_host.themes import new_game


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
    """Tallies over many games."""

    games: int = 0
    wins_by_strategy: Counter[str] = field(default_factory=Counter)
    seconds_by_strategy: Counter[str] = field(default_factory=Counter)
    seats_by_strategy: Counter[str] = field(default_factory=Counter)
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)

    def merge(self, other: SimResult) -> None:
        self.games += other.games
        for mine, theirs in (
            (self.wins_by_strategy, other.wins_by_strategy),
            (self.seconds_by_strategy, other.seconds_by_strategy),
            (self.seats_by_strategy, other.seats_by_strategy),
        ):
            mine.update(theirs)
        self.wins_by_seat.update(other.wins_by_seat)
        self.rounds.update(other.rounds)

    def win_rate(self, strategy: str) -> float:
        """Wins per seat played with this strategy (1/players is an even chance)."""
        seats = self.seats_by_strategy[strategy]
        return self.wins_by_strategy[strategy] / seats if seats else 0.0

    def mean_rounds(self) -> float:
        total = sum(self.rounds.values())
        return sum(r * n for r, n in self.rounds.items()) / total if total else 0.0


def seat_strategies(setup: SimSetup) -> list[str]:
    names = list(setup.strategies) or ["default"]
    return [names[i % len(names)] for i in range(setup.players)]


def play_games(setup: SimSetup, first: int, count: int) -> SimResult:
    """Games `first` .. `first+count-1` of a setup (each seeded by its number), tallied."""
    result = SimResult()
    kinds = seat_strategies(setup)
    names = [f"P{i + 1}" for i in range(setup.players)]
    for number in range(first, first + count):
        seed = f"{setup.seed}:{number}"
        game = new_game(setup.theme, names, mods=setup.mods, options=dict(setup.options), seed=seed)
        rng = random.Random(seed)
        strategies = {
            name: make_strategy(setup.theme, None if kind == "default" else kind)
            for name, kind in zip(names, kinds, strict=True)
        }
        game.begin()  # facts only: a simulation reads no text
        while not game.finished:
            name = game.awaiting()[0].player
            game.step(strategies[name].choose(game.view(name), game.legal_inputs(name), rng))
        result.games += 1
        result.rounds[game.round] += 1
        for index, (name, kind) in enumerate(zip(names, kinds, strict=True)):
            result.seats_by_strategy[kind] += 1
            if name == game.winner:
                result.wins_by_strategy[kind] += 1
                result.wins_by_seat[index] += 1
            elif name == game.second:
                result.seconds_by_strategy[kind] += 1
    return result


def simulate(setup: SimSetup, games: int, workers: int = 1) -> SimResult:
    """Play `games` whole games; with `workers` > 1 they are split across processes."""
    if workers <= 1 or games < 2 * workers:
        return play_games(setup, 0, games)
    share = -(-games // workers)
    spans = [(start, min(share, games - start)) for start in range(0, games, share)]
    total = SimResult()
    with ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play_games, [setup] * len(spans), *zip(*spans, strict=True)):
            total.merge(part)
    return total


# ----- single steps, vectorized (to check the exact odds and to explore variants fast) -----


def ftl_survival_mc(choice: str, die: int, trials: int, rng: np.random.Generator) -> float:
    """Sampled chance that a `die` roll survives the leader's 109+20 with `choice` (F6)."""
    leader = rng.integers(1, 110, size=trials) + 20
    mine = rng.integers(1, die + 1, size=trials)
    survived = mine <= leader if choice == "follow" else mine >= leader
    return float(survived.mean())


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


def reveal_elimination_mc(card: int, others: int, k: int, trials: int, rng: np.random.Generator) -> float:
    """Sampled chance that `card` is among the `k` lowest (Kings safe, ties settled at random)."""
    if card >= 13:
        return 0.0
    hands = rng.integers(1, 14, size=(trials, others))
    lower = (hands < card).sum(axis=1)
    same = (hands == card).sum(axis=1)
    slots = np.clip(k - lower, 0, None)
    chance = np.minimum(slots / (same + 1), 1.0)
    return float((rng.random(trials) < chance).mean())


def summary(result: SimResult, strategies: Sequence[str]) -> list[str]:
    """Lines a person reads: win rate and second places per strategy, rounds per game."""
    lines = [f"{result.games} games, {result.mean_rounds():.2f} rounds per game on average"]
    for kind in dict.fromkeys(strategies or ["default"]):
        seats = result.seats_by_strategy[kind]
        lines.append(
            f"  {kind:14s} wins {result.win_rate(kind):6.1%} of its seats"
            f" ({result.wins_by_strategy[kind]} wins, {result.seconds_by_strategy[kind]} seconds, {seats} seats)"
        )
    return lines
