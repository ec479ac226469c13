"""Hunger Games Spotlight strategies earn their names: under Second Wind `leveller` (the most lives)
is the best target rule against random players and beats `random`; `finisher` (the fewest) loses.

A duel is even whatever the mode (Golf and Roll Switch only change which roll wins), and the spotlight
is drawn at random, so the one lever is whom to attack, and it matters only when lives differ. The
exact chances come from a recursion over the lives left that asks the strategy itself for its target;
an engine simulation checks the recursion.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.duel_facts import ATTACK
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import wilson
from survivor_host.engine.strategy import Strategy
from survivor_host.themes.hgs.ai import HGS_STRATEGIES
from survivor_host.themes.hgs.view import HgsView

HALF = Fraction(1, 2)
Lives = tuple[int, ...]


@cache
def final(mine: int, theirs: int) -> Fraction:
    """The last two duel until one has no lives left (4.5)."""
    if theirs == 0:
        return Fraction(1)
    if mine == 0:
        return Fraction(0)
    return HALF * final(mine, theirs - 1) + HALF * final(mine - 1, theirs)


def chosen(strategy: Strategy, mine: int, others: Lives) -> list[int]:
    """Which of `others` the strategy attacks from the spotlight: every pick it makes over many draws (each
    strategy here picks evenly among the targets it favours)."""
    names = [f"P{j}" for j in range(len(others))]
    view = HgsView("Me", 1, ("second-wind",), ("Me", *names), (("Me", mine), *zip(names, others, strict=True)), "Me")
    options = [Input(ATTACK, by="Me", target=name) for name in names]
    picks = {strategy.choose(view, options, random.Random(draw)).target for draw in range(64)}
    return sorted(names.index(str(pick)) for pick in picks)


def exact_chance(kind: str, players: int, lives: int) -> Fraction:
    """The exact chance that one seat playing `kind` wins among random seats, everyone on `lives`."""
    strategy = HGS_STRATEGIES[kind]()

    @cache
    def win(mine: int, others: Lives) -> Fraction:
        others = tuple(sorted(life for life in others if life))
        if mine == 0:
            return Fraction(0)
        if not others:
            return Fraction(1)
        if len(others) == 1:
            return final(mine, others[0])
        n = len(others) + 1

        def hit(j: int, by: int | None = None) -> Fraction:
            """`by` (me when None) attacks other `j`: whoever loses the duel loses a life."""
            lost = tuple(life - (k == j) for k, life in enumerate(others))
            if by is None:
                return HALF * win(mine, lost) + HALF * win(mine - 1, others)
            won = tuple(life - (k == by) for k, life in enumerate(others))
            return HALF * win(mine, lost) + HALF * win(mine, won)

        def attacked(by: int) -> Fraction:
            me = HALF * win(mine, tuple(life - (k == by) for k, life in enumerate(others))) + HALF * win(
                mine - 1, others
            )
            return (me + sum(hit(j, by) for j in range(len(others)) if j != by)) / (n - 1)

        picks = chosen(strategy, mine, others)
        values = [hit(j) for j in picks]
        mine_turn = sum(values, Fraction(0)) / len(values)
        return (mine_turn + sum(attacked(by) for by in range(len(others)))) / n

    return win(lives, (lives,) * (players - 1))


@pytest.mark.parametrize("players", range(3, 9))
def test_leveller_beats_random_and_finisher_loses_under_second_wind(players: int) -> None:
    fair = Fraction(1, players)
    assert exact_chance("random", players, 2) == fair
    assert exact_chance("leveller", players, 2) > fair * Fraction(102, 100)
    assert exact_chance("finisher", players, 2) < fair * Fraction(98, 100)


@pytest.mark.parametrize("kind", ["random", "leveller", "finisher"])
def test_without_second_wind_every_target_is_alike(kind: str) -> None:
    """One life each: the game is pure luck, whatever a player attacks."""
    for players in range(3, 9):
        assert exact_chance(kind, players, 1) == Fraction(1, players)


def test_the_recursion_agrees_with_the_engine() -> None:
    """`leveller` in one seat of 4 under Second Wind: the engine's win rate holds the exact chance (95% CI)."""
    games = 3000
    setup = SimSetup("hgs", 4, ("second-wind",), (), ("leveller", "random", "random", "random"), seed=31)
    result = simulate(setup, games)
    low, high = wilson(result.wins_by_seat[0], games)
    assert low <= exact_chance("leveller", 4, 2) <= high


def test_leveller_attacks_the_most_lives_and_finisher_the_fewest() -> None:
    assert chosen(HGS_STRATEGIES["leveller"](), 2, (1, 2, 1, 2)) == [1, 3]
    assert chosen(HGS_STRATEGIES["finisher"](), 2, (1, 2, 1, 2)) == [0, 2]
    assert chosen(HGS_STRATEGIES["random"](), 2, (1, 2, 1, 2)) == [0, 1, 2, 3]
