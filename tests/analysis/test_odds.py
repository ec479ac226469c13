"""Exact odds checked against brute force and against the vectorized Monte Carlo."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from survivor_host.analysis.simulate import battle_mc
from survivor_host.engine.odds import battle_win
from survivor_host.themes.cta.odds import reveal_elimination
from survivor_host.themes.ftl.odds import scapegoat_survival, survival_probability


def ftl_survival_mc(choice: str, die: int, trials: int, rng: np.random.Generator) -> float:
    """Sampled chance that a `die` roll survives the leader's 109+20 with `choice` (F6)."""
    leader = rng.integers(1, 110, size=trials) + 20
    mine = rng.integers(1, die + 1, size=trials)
    survived = mine <= leader if choice == "follow" else mine >= leader
    return float(survived.mean())


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


def test_battle_win_by_brute_force() -> None:  # G1: ties re-roll, so only decided pairs count
    for mine, theirs in [(125, 100), (70, 100), (13, 13), (6, 4)]:
        pairs = list(itertools.product(range(1, mine + 1), range(1, theirs + 1)))
        wins = sum(1 for a, b in pairs if a > b)
        losses = sum(1 for a, b in pairs if a < b)
        assert battle_win(mine, theirs) == Fraction(wins, wins + losses)


def test_symmetric_battle_is_even() -> None:  # C9 finals 13 vs 13, F10 finals 150 vs 150
    assert battle_win(13, 13) == Fraction(1, 2)
    assert battle_win(150, 150) == Fraction(1, 2)


def test_f7_scapegoat_odds() -> None:
    assert scapegoat_survival() == battle_win(70, 100)
    assert Fraction(34, 100) < scapegoat_survival() < Fraction(35, 100)


def test_c8_reveal_elimination_by_brute_force() -> None:
    """Two other hands enumerated exhaustively; ties at the cut-off share the places evenly."""
    sides, others, k = 13, 2, 1
    for card in range(1, 14):
        total = Fraction(0)
        for hand in itertools.product(range(1, sides + 1), repeat=others):
            lower = sum(1 for c in hand if c < card)
            same = sum(1 for c in hand if c == card)
            if card >= 13 or lower >= k:
                continue
            total += min(Fraction(k - lower, same + 1), Fraction(1))
        assert reveal_elimination(card, others, k, sides) == total / sides**others


def test_exactly_k_are_eliminated_on_average() -> None:
    players, k = 6, 2
    expected = sum(reveal_elimination(card, players - 1, k) for card in range(1, 14)) / 13 * players
    kings_only = 1 - Fraction(12, 13) ** players  # rounds where fewer than k non-Kings exist lose a little
    assert Fraction(k) - kings_only < expected <= k


@pytest.mark.parametrize("choice", ["follow", "rebel"])
@pytest.mark.parametrize("die", [150, 120, 110])
def test_monte_carlo_agrees_with_exact_ftl_odds(choice: str, die: int) -> None:  # F6
    exact = float(survival_probability(choice, {die: Fraction(1)}))
    sampled = ftl_survival_mc(choice, die, 200_000, np.random.default_rng(1))
    assert abs(sampled - exact) < 0.006


def test_monte_carlo_agrees_with_exact_battles() -> None:
    rng = np.random.default_rng(2)
    assert abs(battle_mc(125, 100, 200_000, rng) - float(battle_win(125, 100))) < 0.006


@pytest.mark.parametrize("card", [1, 3, 7, 13])
def test_monte_carlo_agrees_with_exact_reveal(card: int) -> None:
    rng = np.random.default_rng(3)
    exact = float(reveal_elimination(card, 5, 2))
    assert abs(reveal_elimination_mc(card, 5, 2, 200_000, rng) - exact) < 0.006
