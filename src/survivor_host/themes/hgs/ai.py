"""Hunger Games Spotlight strategies for AI seats: whom the spotlight attacks.

A duel is even in every mode and the spotlight is drawn at random, so whom to attack is the one lever,
and only under Second Wind, when lives differ: there attacking the most lives is the best target rule
against random players (tests/ai/test_hgs_ai.py); with one life each the game is pure luck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.hgs.view import HgsView


class RandomHgs:
    """Attacks anyone at random."""

    name = "random"

    def choose(self, view: HgsView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class Leveller:
    """Attacks a player with the most lives (Second Wind): the lives left to face in the final are spread
    thin instead of kept whole. Among random players it wins 4-8% more than a fair share at 4-10 players."""

    name = "leveller"

    def choose(self, view: HgsView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        most = max(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == most]
        return picks[rng.randrange(len(picks))]


class Finisher:
    """Attacks a player with the fewest lives (Second Wind): a won duel puts them out. It does so, and
    loses for it: among random players it wins 5-8% less than a fair share at 4-10 players."""

    name = "finisher"

    def choose(self, view: HgsView, options: Sequence[Input], rng: random.Random) -> Input:
        lives = dict(view.lives)
        fewest = min(lives.get(option.target or "", 0) for option in options)
        picks = [option for option in options if lives.get(option.target or "", 0) == fewest]
        return picks[rng.randrange(len(picks))]


HGS_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(
    HgsView, {"random": RandomHgs, "leveller": Leveller, "finisher": Finisher}
)
