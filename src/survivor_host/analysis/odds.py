"""Exact odds for players and theme designers: every figure is a Fraction, computed, not sampled."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from survivor_host.themes.ftl.game import (
    LEADER_BONUS,
    LEADER_DIE,
    SCAPEGOAT_SUSPECT_DIE,
    SCAPEGOAT_TARGET_DIE,
)
from survivor_host.themes.ftl.tug_of_war import START_DIE, STEP

DieDistribution = Mapping[int, Fraction]


def battle_win(mine: int, theirs: int) -> Fraction:
    """The chance that a `mine`-sided die beats a `theirs`-sided one in a roll battle (G1: ties re-roll).

    >>> battle_win(125, 100)   # a swap attempt in Chase the Ace
    Fraction(149, 248)
    """
    wins = sum(min(a - 1, theirs) for a in range(1, mine + 1))
    losses = sum(min(b - 1, mine) for b in range(1, theirs + 1))
    return Fraction(wins, wins + losses)


def scapegoat_survival() -> Fraction:
    """The suspect's chance to win the scapegoat battle, 70 against 100 (F7)."""
    return battle_win(SCAPEGOAT_SUSPECT_DIE, SCAPEGOAT_TARGET_DIE)


def survival_probability(
    choice: str,
    dice: DieDistribution,
    leader_die: int = LEADER_DIE,
    leader_bonus: int = LEADER_BONUS,
) -> Fraction:
    """The exact chance that `choice` survives the leader's `leader_die+leader_bonus` roll (F6, F8).

    `dice` maps each die you may roll to its probability. A follower survives a roll not above
    the leader's, a rebel a roll not below it (a tie always survives).

    >>> survival_probability("follow", {150: Fraction(1)})
    Fraction(1, 2)
    """
    total = Fraction(0)
    for die, weight in dice.items():
        if weight == 0:
            continue
        good = 0
        for leader in range(1 + leader_bonus, leader_die + leader_bonus + 1):
            if choice == "follow":
                good += min(leader, die)
            else:
                good += max(0, die - max(leader, 1) + 1)
        total += weight * Fraction(good, leader_die * die)
    return total


def tug_die_distribution(choice: str, choosers: int, floor: int) -> dict[int, Fraction]:
    """The die you roll under Tug of War (F12) if you make `choice` among `choosers` choosers.

    Your place among the choosers in the shuffled order is uniform; each chooser before you rebels
    or follows with even odds; immune players do not move the running die.

    >>> tug_die_distribution("rebel", 1, 20)
    {130: Fraction(1, 1)}
    """
    choosers = max(choosers, 1)
    out: dict[int, Fraction] = {}
    running: dict[int, Fraction] = {START_DIE: Fraction(1)}
    for _place in range(choosers):
        for die, weight in running.items():
            mine = max(die - STEP if choice == "rebel" else die + STEP, floor)
            out[mine] = out.get(mine, Fraction(0)) + weight / choosers
        step: dict[int, Fraction] = {}
        for die, weight in running.items():
            for move in (-STEP, STEP):
                nxt = max(die + move, floor)
                step[nxt] = step.get(nxt, Fraction(0)) + weight / 2
        running = step
    return dict(sorted(out.items()))


def reveal_elimination(card: int, others: int, k: int, sides: int = 13) -> Fraction:
    """The chance that `card` is among the `k` lowest at a Chase the Ace reveal (C8, ties=battle).

    The `others` cards are uniform on 1..sides and independent; Kings (13) are never eliminated, so
    they are not counted among the `others` who could be. Ties across the cut-off are settled by a
    fair battle, so a tied group shares the remaining places evenly.
    """
    if card >= 13:
        return Fraction(0)
    below = Fraction(card - 1, sides)
    equal = Fraction(1, sides)
    above = 1 - below - equal
    total = Fraction(0)
    for lower in range(others + 1):
        for same in range(others - lower + 1):
            higher = others - lower - same
            ways = math.comb(others, lower) * math.comb(others - lower, same)
            chance = ways * below**lower * equal**same * above**higher
            if lower >= k:
                continue
            slots = k - lower
            total += chance * min(Fraction(slots, same + 1), Fraction(1))
    return total
