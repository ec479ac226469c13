"""Seat strategies for Follow the Leader.

Every strategy sees only the player's `FtlView` and picks one of the legal `options`:

>>> strategy = FTL_STRATEGIES["smart"]()
>>> move = strategy.choose(game.view("Venus"), game.legal_inputs("Venus"), random.Random(1))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from survivor_host.ai.base import Strategy, first_of, of_action
from survivor_host.analysis.odds import survival_probability, tug_die_distribution
from survivor_host.engine.inputs import Input
from survivor_host.themes.ftl.game import CHOICES, PLAYER_DIE, FtlView

# Rebel unless following is better by more than this: a successful rebellion can make you leader.
NEAR_TIE = Fraction(1, 50)

DieDistribution = Mapping[int, Fraction]


def choice_odds(view: FtlView) -> dict[str, Fraction]:
    """The exact survival chance of following and of rebelling for the player of `view`.

    Nobody knows before choosing whether they will be suspected (F4 comes after the choices),
    so outside Tug of War the die is 150.
    """
    if not view.tug_of_war:
        return dict(_odds(0, view.tug_floor))
    choosers = len(view.players) - 1 - sum(1 for name in view.immune if name in view.players)
    return dict(_odds(max(choosers, 1), view.tug_floor))


@functools.lru_cache(maxsize=512)
def _odds(tug_choosers: int, floor: int) -> tuple[tuple[str, Fraction], ...]:
    """Cached odds: `tug_choosers` 0 means no Tug of War (a plain 150 die)."""
    if not tug_choosers:
        return tuple((choice, survival_probability(choice, {PLAYER_DIE: Fraction(1)})) for choice in CHOICES)
    return tuple(
        (choice, survival_probability(choice, tug_die_distribution(choice, tug_choosers, floor)))
        for choice in CHOICES
    )


class _FtlStrategy:
    """Sensible answers to everything but follow/rebel, which subclasses decide."""

    name = "ftl"

    def choose(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        if not options:
            raise ValueError("no legal input to choose from")
        if first_of(options, "follow") or first_of(options, "rebel"):
            return self.follow_or_rebel(view, options, rng)
        votes = of_action(options, "vote")
        if votes:
            return self.vote(view, votes, rng)
        suspects = of_action(options, "suspect")
        if suspects:
            return self.suspect(view, suspects, rng)
        scapegoats = of_action(options, "scapegoat")
        if scapegoats:
            # Declining means certain elimination; a battle of 70 vs 100 is a chance.
            return self.scapegoat(view, scapegoats, rng)
        return options[0]

    def follow_or_rebel(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return rng.choice(list(of_action(options, "follow") + of_action(options, "rebel")))

    def vote(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return rng.choice(list(options))

    def suspect(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return rng.choice(list(options))

    def scapegoat(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return rng.choice(list(options))


class RandomFtl(_FtlStrategy):
    """Follows or rebels at random; votes, suspects and names scapegoats at random."""

    name = "random"


class AlwaysFollow(_FtlStrategy):
    """Always follows."""

    name = "always-follow"

    def follow_or_rebel(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return first_of(options, "follow") or options[0]


class AlwaysRebel(_FtlStrategy):
    """Always rebels."""

    name = "always-rebel"

    def follow_or_rebel(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        return first_of(options, "rebel") or options[0]


class SmartFtl(_FtlStrategy):
    """Uses only what the player knows: exact odds for follow/rebel, rolls for suspects and scapegoats."""

    name = "smart"

    def follow_or_rebel(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        odds = choice_odds(view)
        choice = "rebel" if odds["rebel"] + NEAR_TIE >= odds["follow"] else "follow"
        return first_of(options, choice) or options[0]

    def suspect(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        """The candidate who rolled highest last round is the likeliest to rebel and lead."""
        rolled = [opt for opt in options if opt.target in view.last_round_rolls]
        if not rolled:
            return rng.choice(list(options))
        return max(rolled, key=lambda opt: view.last_round_rolls[opt.target or ""])

    def scapegoat(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        """The standing player with the highest roll this round, the likely next leader."""
        return max(options, key=lambda opt: (view.rolls.get(opt.target or "", 0), rng.random()))


FTL_STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "random": RandomFtl,
    "always-follow": AlwaysFollow,
    "always-rebel": AlwaysRebel,
    "smart": SmartFtl,
}
