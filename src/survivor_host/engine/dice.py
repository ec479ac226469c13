"""Dice: the only source of chance in a game (RULINGS G2 and "Scenarios with scripted dice")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from survivor_host.engine.errors import DiceError


class Dice(Protocol):
    """Every roll, pick and shuffle of a game goes through one of these."""

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        """A uniform result in `1+plus .. sides+plus`; `label` names the roll for errors."""
        ...

    def shuffle(self, names: Sequence[str]) -> list[str]:
        """A random order of `names`."""
        ...

    def pick(self, names: Sequence[str]) -> str:
        """One of `names` at random."""
        ...


class SeededDice:
    """A game's own PRNG: the same seed gives the same game."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        return self._rng.randint(1, sides) + plus

    def shuffle(self, names: Sequence[str]) -> list[str]:
        order = list(names)
        self._rng.shuffle(order)
        return order

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            raise DiceError("nothing to pick from")
        return names[self._rng.randrange(len(names))]


class ScriptedDice:
    """Results consumed in order, each checked against its roll's range.

    A shuffle keeps the given order and a pick takes the first candidate, unless explicit
    `shuffles` (each a full order of names) or `picks` (names) are given; they are used in turn.
    """

    def __init__(
        self,
        values: Sequence[int],
        shuffles: Sequence[Sequence[str]] = (),
        picks: Sequence[str] = (),
    ) -> None:
        self.values = list(values)
        self.used = 0
        self._shuffles = [list(order) for order in shuffles]
        self._picks = list(picks)

    @property
    def remaining(self) -> int:
        return len(self.values) - self.used

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        what = f"roll {sides}{f'+{plus}' if plus else ''}{f' ({label})' if label else ''}"
        if self.used >= len(self.values):
            raise DiceError(f"scripted dice ran out at die #{self.used + 1}: {what}")
        value = self.values[self.used]
        if not 1 + plus <= value <= sides + plus:
            raise DiceError(
                f"scripted die #{self.used + 1} is {value}, outside {1 + plus}..{sides + plus} for {what}"
            )
        self.used += 1
        return value

    def shuffle(self, names: Sequence[str]) -> list[str]:
        if not self._shuffles:
            return list(names)
        order = self._shuffles.pop(0)
        if sorted(order) != sorted(names):
            raise DiceError(f"scripted shuffle {order} is not an order of {list(names)}")
        return order

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            raise DiceError("nothing to pick from")
        if not self._picks:
            return names[0]
        choice = self._picks.pop(0)
        if choice not in names:
            raise DiceError(f"scripted pick {choice!r} is not one of {list(names)}")
        return choice
