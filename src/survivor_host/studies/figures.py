"""The report's figures: one seat's win rate with its interval, every figure of one theme, mod set and
table size, how long a game lasts under the stated timing model, and whether the seat matters."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from survivor_host.analysis.simulate import SimResult, SimSetup, simulate_fast
from survivor_host.engine.odds import wilson
from survivor_host.themes import THEMES
from survivor_host.themes.cta.ai import CTA_STRATEGIES
from survivor_host.themes.ftl.ai import FTL_STRATEGIES

ANSWER_SECONDS = 20
"""The stated typical answer time: a player's secret or public choice takes 20 s."""
ROUND_OVERHEAD = 10
"""Seconds a round spends on the bot's announcements and rolls (paced lines), whatever happens."""
PUBLIC_DEADLINE, SECRET_DEADLINE = 60, 120


@dataclass(frozen=True)
class Edge:
    """One seat's strategy and table: its win rate, 95% CI, and the fair share."""

    strategy: str
    rate: float
    low: float
    high: float
    fair: float


@dataclass
class Row:
    """One theme, mod set and table size: every strategy among random players, and the tables' figures."""

    mods: tuple[str, ...]
    players: int
    edges: list[Edge]
    random_among_smart: Edge
    table: SimResult
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def best(self) -> Edge:
        return max((e for e in self.edges if e.strategy != "random"), key=lambda e: e.rate)


def named(theme: str) -> list[str]:
    return [name for name in (FTL_STRATEGIES if theme == "ftl" else CTA_STRATEGIES) if name != "random"]


def mods_in_words(mods: Sequence[str]) -> str:
    """A mod set as the rows name it: the mods' titles joined by ' + ', or 'none'."""
    titles = {mod.id: mod.title for spec in THEMES.values() for mod in spec.mods}
    return " + ".join(titles.get(m, m) for m in mods) or "none"


def one_seat(
    theme: str,
    mods: tuple[str, ...],
    players: int,
    strategy: str,
    games: int,
    seed: int,
    table: str = "random",
    options: tuple[tuple[str, object], ...] = (),
) -> Edge:
    """Seat 1 plays `strategy`, the others `table`."""
    setup = SimSetup(theme, players, mods, options, (strategy,) + (table,) * (players - 1), seed)
    result = simulate_fast(setup, games)
    wins = result.wins_by_seat[0]
    low, high = wilson(wins, games)
    return Edge(strategy, wins / games, low, high, 1 / players)


def phases(theme: str, result: SimResult, mods: Sequence[str]) -> tuple[float, float]:
    """Public and secret answer phases per game (each waits for the players' answers).

    FTL: the leader vote, then per round the secret choices, a suspect (when there is one) and a
    scapegoat (when there is one). CTA: per round each public swap turn (All At Once: two secret
    swap rounds instead) and each Jester's naming.
    """
    games = result.games or 1
    if theme == "ftl":
        public = 1 + (result.counts["suspects"] + result.counts["scapegoat battles"]) / games
        return public, result.counts["choice phases"] / games
    if "all-at-once" in mods:
        return result.counts["duels"] / games, 2 * result.mean_rounds()
    return (result.counts["swap turns"] + result.counts["duels"]) / games, 0.0


def minutes(theme: str, result: SimResult, mods: Sequence[str], *, at_deadlines: bool = False) -> float:
    """The timing model: each phase takes ANSWER_SECONDS (or, `at_deadlines`, its whole default deadline),
    plus ROUND_OVERHEAD a round."""
    public, secret = phases(theme, result, mods)
    if at_deadlines:
        seconds = public * PUBLIC_DEADLINE + secret * SECRET_DEADLINE
    else:
        seconds = (public + secret) * ANSWER_SECONDS
    return (seconds + result.mean_rounds() * ROUND_OVERHEAD) / 60


def uniformity_p(counts: Sequence[int]) -> float:
    """Chi-square test that wins are spread evenly over seats: the p-value (Wilson-Hilferty approximation)."""
    total = sum(counts)
    k = len(counts)
    if not total or k < 2:
        return 1.0
    expected = total / k
    chi = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    z = ((chi / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def measure(theme: str, mods: tuple[str, ...], players: int, games: int) -> Row:
    """Every figure of one row, at seeds fixed by the table size."""
    seed = 1000 + players
    edges = [one_seat(theme, mods, players, s, games, seed) for s in [*named(theme), "random"]]
    among_smart = one_seat(theme, mods, players, "random", games, seed + 1, table="smart")
    table = simulate_fast(SimSetup(theme, players, mods, (), ("random",), seed), games)
    return Row(mods, players, edges, among_smart, table)
