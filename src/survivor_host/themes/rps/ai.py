"""Rock, Paper, Scissors strategies for AI seats: whom to attack and with what.

A weapon attacks and defends at once, so against players who choose at random every weapon is alike.
Players with a habit are another matter: every weapon shown in the room is public, and `counter` takes
the weapon that beats the habits of the most players still in, and attacks one whose habit it beats.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

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


def habit_of(shown: Sequence[str]) -> str | None:
    """A player's habit: the weapon they have shown at least twice and at least two times in three, if any."""
    if len(shown) < 2:
        return None
    weapon, count = Counter(shown).most_common(1)[0]
    return weapon if 3 * count >= 2 * len(shown) else None


class HabitReader:
    """Reads habits (`habit_of`); takes the weapon that beats the most of them and loses to the fewest, and
    attacks a player whose habit it beats (else one who has sent already); with no habit seen, at random."""

    name = "counter"

    def choose(self, view: RpsView, options: Sequence[Input], rng: random.Random) -> Input:
        habits = {name: habit for name, shown in view.seen if name != view.name and (habit := habit_of(shown))}
        if not habits:
            return options[rng.randrange(len(options))]

        def score(weapon: str) -> tuple[int, int]:
            won = sum(beats(weapon, habit) for habit in habits.values())
            lost = sum(beats(habit, weapon) for habit in habits.values())
            return won - lost, -lost

        best = max(score(weapon) for weapon in view.weapons)
        weapons = {weapon for weapon in view.weapons if score(weapon) == best}
        sent = set(view.sent)

        def rank(option: Input) -> tuple[int, int]:
            target, weapon = split(option)
            habit = habits.get(target or "")
            return (1 if habit is not None and beats(weapon, habit) else 0), (1 if target in sent else 0)

        mine = [option for option in options if split(option)[1] in weapons] or list(options)
        top = max(map(rank, mine))
        picks = [option for option in mine if rank(option) == top]
        return picks[rng.randrange(len(picks))]


RPS_STRATEGIES: Mapping[str, Callable[[], Strategy]] = checked(
    RpsView, {"random": RandomRps, "counter": HabitReader, "rock-heavy": RockHeavy}
)
