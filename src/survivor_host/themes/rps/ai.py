"""Rock, Paper, Scissors strategies for AI seats: whom to attack and with what.

A weapon attacks and defends at once, so against players who choose at random every weapon is alike.
Players with a habit are another matter: every weapon shown in the room is public, and `counter` throws
what beats the weapons the others are likeliest to throw, and attacks the one it counters best.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked
from survivor_host.themes.rps.rules import beats
from survivor_host.themes.rps.view import RpsView


def split(option: Input) -> tuple[str | None, str]:
    """An option's target player (None for a throw of the final) and its weapon."""
    name, comma, weapon = (option.target or "").rpartition(",")
    return (name.strip() if comma else None), weapon.strip()


class RandomRps:
    """Attacks anyone at random, with any weapon at random."""

    name = "random"

    def choose(self, view: RpsView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


class RockHeavy:
    """A creature of habit: the first weapon (rock) two times in three, else another at random; any target."""

    name = "rock-heavy"

    def choose(self, view: RpsView, options: Sequence[Input], rng: random.Random) -> Input:
        rock = rng.randrange(3) < 2
        picks = [option for option in options if (split(option)[1] == view.weapons[0]) is rock] or list(options)
        return picks[rng.randrange(len(picks))]


def likely(shown: Sequence[str], weapons: Sequence[str]) -> dict[str, Fraction]:
    """What a player is likely to throw next, from what they have shown: each weapon's count plus one (so a
    weapon never seen keeps a chance, and one throw already tells something)."""
    counts = Counter(shown)
    total = len(shown) + len(weapons)
    return {weapon: Fraction(counts[weapon] + 1, total) for weapon in weapons}


def edge(weapon: str, odds: Mapping[str, Fraction]) -> Fraction:
    """How much more likely `weapon` wins the matchup than loses it against a player who throws as `odds` say."""
    return sum((chance for other, chance in odds.items() if beats(weapon, other)), Fraction(0)) - sum(
        (chance for other, chance in odds.items() if beats(other, weapon)), Fraction(0)
    )


def best(options: Sequence[Input], value: Callable[[Input], Fraction], rng: random.Random) -> Input:
    """The option of highest `value`, ties broken at random."""
    values = [value(option) for option in options]
    top = max(values)
    picks = [option for option, worth in zip(options, values, strict=True) if worth == top]
    return picks[rng.randrange(len(picks))]


class Counterer:
    """Counters what the others are likely to throw (`likely`, from every weapon they have shown): takes the
    weapon with the best matchup against all of them (it defends against any of them too), and attacks the
    one it has the best matchup against; ties at random."""

    name = "counter"

    def choose(self, view: RpsView, options: Sequence[Input], rng: random.Random) -> Input:
        odds = {name: likely(shown, view.weapons) for name, shown in view.seen if name != view.name}
        if not odds:
            return options[rng.randrange(len(options))]

        def value(option: Input) -> Fraction:
            target, weapon = split(option)
            against_all = sum((edge(weapon, each) for each in odds.values()), Fraction(0))
            return against_all + (edge(weapon, odds[target]) / len(odds) if target in odds else Fraction(0))

        return best(options, value, rng)


RPS_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(
    RpsView, {"random": RandomRps, "counter": Counterer, "rock-heavy": RockHeavy}
)
