"""Seat strategies for Follow the Leader.

Every strategy sees only the player's `FtlView` and picks one of the legal `options`:

>>> strategy = FTL_STRATEGIES["smart"]()
>>> move = strategy.choose(game.view("Venus"), game.legal_inputs("Venus"), random.Random(1))
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import (
    MAX_TABLE,
    Strategy,
    ThemeStrategy,
    bucket_table,
    checked,
    first_of,
    of_action,
)
from survivor_host.themes.ftl.odds import survival_probability, tug_die_distribution
from survivor_host.themes.ftl.rules import CHOICES, PLAYER_DIE
from survivor_host.themes.ftl.view import FtlView

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
        (choice, survival_probability(choice, tug_die_distribution(choice, tug_choosers, floor))) for choice in CHOICES
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


@dataclass(frozen=True)
class FtlPolicy:
    """A simple Follow the Leader policy the simulators can both run: the engine and the fast path.

    `rebel[n]` is the chance to rebel when the round starts with `n` players alive (the last entry
    covers larger tables). The choice is made before the suspect and the roll order are known
    (F3 comes before F4 and F5), so the players alive is what a choice can go by. `suspect` is
    `random` or `last-high` (last round's highest roller); `scapegoat` is `random` or `high`
    (the standing player with the highest roll this round).
    """

    rebel: tuple[float, ...]
    suspect: str = "random"
    scapegoat: str = "random"

    def rebel_chance(self, alive: int) -> float:
        return self.rebel[min(alive, len(self.rebel) - 1)]

    @staticmethod
    def flat(chance: float, suspect: str = "random", scapegoat: str = "random") -> FtlPolicy:
        return FtlPolicy((chance,) * (MAX_TABLE + 1), suspect, scapegoat)

    @staticmethod
    def by_size(*chances: float, suspect: str = "last-high", scapegoat: str = "high") -> FtlPolicy:
        """Rebel chances for the table sizes in SIZE_BUCKETS (3, 4, 5-6, 7-9, 10-14, 15+ players)."""
        return FtlPolicy(bucket_table(chances), suspect, scapegoat)


class PolicyFtl(_FtlStrategy):
    """Plays an `FtlPolicy`: rebels with the policy's chance for the players alive now."""

    name = "policy"

    def __init__(self, policy: FtlPolicy | None = None) -> None:
        self.policy = policy or FtlPolicy.flat(0.5)

    def policy_for(self, view: FtlView) -> FtlPolicy:
        return self.policy

    def follow_or_rebel(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        chance = self.policy_for(view).rebel_chance(view.players_at_round_start)
        choice = "rebel" if rng.random() < chance else "follow"
        return first_of(options, choice) or options[0]

    def suspect(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        """`last-high`: the candidate who rolled highest last round, likeliest to rebel and lead."""
        rolled = [opt for opt in options if opt.target in view.last_round_rolls]
        if self.policy_for(view).suspect != "last-high" or not rolled:
            return rng.choice(list(options))
        return max(rolled, key=lambda opt: view.last_round_rolls[opt.target or ""])

    def scapegoat(self, view: FtlView, options: Sequence[Input], rng: random.Random) -> Input:
        """`high`: the standing player with the highest roll this round, the likely next leader."""
        if self.policy_for(view).scapegoat != "high":
            return rng.choice(list(options))
        return max(options, key=lambda opt: (view.rolls.get(opt.target or "", 0), rng.random()))


SMART_FTL: dict[tuple[bool, bool], FtlPolicy] = {
    # (Tug of War, No Mercy) -> the best seat among random players at 5, 10 and 20 players: the rebel chance
    # at 3, 4, 5-6, 7-9, 10-14 and 15+ players, printed by `python -m survivor_host.studies.search ftl`
    (False, False): FtlPolicy.by_size(1, 1, 1, 1, 1, 1),
    (True, False): FtlPolicy.by_size(1, 1, 0.75, 1, 1, 1),
    (False, True): FtlPolicy.by_size(1, 1, 0, 0, 0, 0),
    (True, True): FtlPolicy.by_size(1, 0.75, 0, 0, 0, 0),
}


def _mods_key(mods: Sequence[str]) -> tuple[bool, bool]:
    return ("tug-of-war" in mods, "no-mercy" in mods)


def smart_policy(mods: Sequence[str]) -> FtlPolicy:
    return SMART_FTL[_mods_key(mods)]


class SmartFtl(PolicyFtl):
    """The best seat among random players the strategy search found for the game's mods (SMART_FTL)."""

    name = "smart"

    def policy_for(self, view: FtlView) -> FtlPolicy:
        return SMART_FTL[(view.tug_of_war, view.no_mercy)]


def named_policy(name: str, mods: Sequence[str]) -> FtlPolicy | None:
    """The policy a named strategy plays (for the fast simulator), or None if it is not a policy."""
    fixed = {
        "random": FtlPolicy.flat(0.5),
        "always-follow": FtlPolicy.flat(0.0),
        "always-rebel": FtlPolicy.flat(1.0),
        "smart": SMART_FTL[_mods_key(mods)],
    }
    return fixed.get(name)


FTL_KINDS: dict[str, Callable[[], ThemeStrategy[FtlView]]] = {
    "random": RandomFtl,
    "always-follow": AlwaysFollow,
    "always-rebel": AlwaysRebel,
    "smart": SmartFtl,
}
"""The strategies by name, typed on the view: mypy refuses them a view of another theme."""
FTL_STRATEGIES: dict[str, Callable[[], Strategy]] = checked(FtlView, FTL_KINDS)
"""The same, for front ends that choose a theme at run time: another theme's view raises TypeError."""
