"""Exact odds shared by every theme: roll battles (G1), the tables of the `odds` command, Wilson intervals."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction


def battle_win(mine: int, theirs: int) -> Fraction:
    """The chance that a `mine`-sided die beats a `theirs`-sided one in a roll battle (G1: ties re-roll).

    >>> battle_win(125, 100)   # a swap attempt in Chase the Ace
    Fraction(149, 248)
    """
    wins = sum(min(a - 1, theirs) for a in range(1, mine + 1))
    losses = sum(min(b - 1, mine) for b in range(1, theirs + 1))
    return Fraction(wins, wins + losses)


@dataclass
class Section:
    """One table: rows of named exact chances; `note` says what the figures assume."""

    title: str
    rows: list[tuple[str, dict[str, Fraction]]] = field(default_factory=list)
    note: str = ""
    percent: bool = True
    """False for expectations (a count, not a chance): shown as a fraction and a decimal."""

    def add(self, label: str, values: Mapping[str, Fraction]) -> None:
        self.rows.append((label, dict(values)))


def fair_share(players: int, playing: str = "attacking", note: str = "") -> Section:
    """The table of a game where every seat is alike under random play: any one of `players` wins 1 in `players`."""
    share = Section(f"Winning, {players} players, everyone {playing} at random", note=note)
    share.add("any one player wins", {"": Fraction(1, players)})
    return share


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion; it always holds the observed rate (rounding in
    floats can put an end of `n` in `n` just below 1, and a plot's error bar would then be negative)."""
    if trials <= 0:
        return 0.0, 0.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))
