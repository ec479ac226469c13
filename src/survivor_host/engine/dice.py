"""Dice: the only source of chance in a game (RULINGS G2 and "Scenarios with scripted dice")."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from survivor_host.engine.errors import DiceError
from survivor_host.engine.ids import quoted_value, quoted_words
from survivor_host.fair.stream import ALGORITHM, HmacStream, client_seed, commitment

MT_ALGORITHM = "mt19937-python-random"
SCRIPTED = "scripted"


class Dice(Protocol):
    """Every roll, pick and shuffle of a game goes through one of these."""

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        """A uniform result in `1+plus .. sides+plus`; `label` names the roll for errors."""
        ...

    def roll_each(self, sides: int, labels: Sequence[str]) -> list[int]:
        """`roll(sides, label=label)` for each label in turn (a deal)."""
        ...

    def roll_two(self, die_a: int, label_a: str, die_b: int, label_b: str) -> tuple[int, int]:
        """`roll(die_a, label=label_a)`, then `roll(die_b, label=label_b)` (a battle's round)."""
        ...

    def shuffle(self, names: Sequence[str]) -> list[str]:
        """A random order of `names`."""
        ...

    def pick(self, names: Sequence[str]) -> str:
        """One of `names` at random."""
        ...


Draw = tuple[Any, ...]
"""One logged draw as a tuple: `("roll", round, sides, plus, label, value)`, or `(kind, round, names, value)`
for a shuffle or a pick; `DrawLog.draws` words them as the record's dicts."""


def draw_dict(draw: Draw) -> dict[str, Any]:
    """A logged draw as the record shows it (docs/FAIRNESS.md)."""
    if draw[0] == "roll":
        _, round_, sides, plus, label, value = draw
        return {"round": int(round_), "kind": "roll", "sides": sides, "plus": plus, "label": label, "value": value}
    kind, round_, names, value = draw
    shown = list(value) if kind == "shuffle" else value
    return {"round": int(round_), "kind": kind, "names": list(names), "value": shown}


class DrawLog(ABC):
    """Every draw a game made, in order, tagged with its round: the record's `draws` (docs/FAIRNESS.md).

    Draws are kept as tuples (cheap while a game runs) and worded as dicts only when asked for."""

    def __init__(self) -> None:
        self.made: list[Draw] = []
        self.round = 0
        """The round the game is in (the game sets it as rounds begin): the tag of each draw."""

    @property
    def draws(self) -> list[dict[str, Any]]:
        """Every draw so far, as the record's dicts (a fresh list)."""
        return [draw_dict(draw) for draw in self.made]

    @abstractmethod
    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        """Each kind of dice rolls its own way (see `Dice.roll`)."""

    def roll_each(self, sides: int, labels: Sequence[str]) -> list[int]:
        """`roll(sides, label=label)` for each label in turn (a deal; fair dice read their words at once)."""
        return [self.roll(sides, label=label) for label in labels]

    def roll_two(self, die_a: int, label_a: str, die_b: int, label_b: str) -> tuple[int, int]:
        """`roll(die_a, label=label_a)`, then `roll(die_b, label=label_b)` (a battle's round)."""
        return self.roll(die_a, label=label_a), self.roll(die_b, label=label_b)

    def _roll(self, sides: int, plus: int, label: str, value: int) -> int:
        self.made.append(("roll", self.round, sides, plus, label, value))
        return value

    def _shuffle(self, names: Sequence[str], order: list[str]) -> list[str]:
        self.made.append(("shuffle", self.round, tuple(names), tuple(order)))
        return order

    def _pick(self, names: Sequence[str], choice: str) -> str:
        self.made.append(("pick", self.round, tuple(names), choice))
        return choice


class FairDice(DrawLog):
    """The provably fair standard: the HMAC-SHA256 stream of a server seed and a client seed."""

    def __init__(self, seed: str, client_seed: str, salts: Sequence[str] = ()) -> None:
        super().__init__()
        self.seed = seed
        self.client_seed = client_seed
        self.salts = list(salts)
        self._stream = HmacStream(seed, client_seed)

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        value = 1 + plus + self._stream.below(sides)
        self.made.append(("roll", self.round, sides, plus, label, value))
        return value

    def roll_each(self, sides: int, labels: Sequence[str]) -> list[int]:
        """`roll(sides, label=label)` for each label in turn (a deal), the words read in one call."""
        values = [1 + value for value in self._stream.below_each(sides, len(labels))]
        self.made += [("roll", self.round, sides, 0, label, value) for label, value in zip(labels, values, strict=True)]
        return values

    def roll_two(self, die_a: int, label_a: str, die_b: int, label_b: str) -> tuple[int, int]:
        """`roll(die_a, label=label_a)`, then `roll(die_b, label=label_b)` (a battle's round)."""
        value_a, value_b = self._stream.below_two(die_a, die_b)
        value_a, value_b = value_a + 1, value_b + 1
        self.made.append(("roll", self.round, die_a, 0, label_a, value_a))
        self.made.append(("roll", self.round, die_b, 0, label_b, value_b))
        return value_a, value_b

    def shuffle(self, names: Sequence[str]) -> list[str]:
        return self._shuffle(names, self._stream.shuffled(names))

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            raise DiceError("nothing to pick from")
        return self._pick(names, names[self._stream.below(len(names))])

    def fields(self) -> dict[str, Any]:
        """The record's dice fields (README "Game record")."""
        return {
            "dice": ALGORITHM,
            "seed": self.seed,
            "commitment": commitment(self.seed),
            "client_seed": self.client_seed,
            "salts": list(self.salts),
            "draws": self.draws,
        }


class SeededDice(DrawLog):
    """The old dice (record format 1): CPython's Mersenne Twister, kept so old records still replay."""

    def __init__(self, seed: int | str) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int, plus: int = 0, label: str = "") -> int:
        return self._roll(sides, plus, label, self._rng.randint(1, sides) + plus)

    def shuffle(self, names: Sequence[str]) -> list[str]:
        order = list(names)
        self._rng.shuffle(order)
        return self._shuffle(names, order)

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            raise DiceError("nothing to pick from")
        return self._pick(names, names[self._rng.randrange(len(names))])

    def fields(self) -> dict[str, Any]:
        return {
            "dice": MT_ALGORITHM,
            "seed": self.seed,
            "commitment": commitment(str(self.seed)),
            "draws": self.draws,
        }


class ScriptedDice(DrawLog):
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
        super().__init__()
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
            raise DiceError(f"scripted die #{self.used + 1} is {value}, outside {1 + plus}..{sides + plus} for {what}")
        self.used += 1
        return self._roll(sides, plus, label, value)

    def shuffle(self, names: Sequence[str]) -> list[str]:
        if not self._shuffles:
            return self._shuffle(names, list(names))
        order = self._shuffles[0]
        if sorted(order) != sorted(names):
            raise DiceError(f"scripted shuffle {quoted_value(order)} is not an order of {quoted_words(names)}")
        self._shuffles.pop(0)
        return self._shuffle(names, order)

    def pick(self, names: Sequence[str]) -> str:
        if not names:
            raise DiceError("nothing to pick from")
        if not self._picks:
            return self._pick(names, names[0])
        choice = self._picks[0]
        if choice not in names:
            raise DiceError(f"scripted pick {quoted_value(choice)} is not one of {quoted_words(names)}")
        self._picks.pop(0)
        return self._pick(names, choice)

    def fields(self) -> dict[str, Any]:
        """Scripted dice carry what they gave, so the record replays (`script_of`)."""
        return {"dice": SCRIPTED, "seed": None, "draws": self.draws}

    @classmethod
    def from_draws(cls, draws: Sequence[dict[str, Any]]) -> ScriptedDice:
        """Dice that give again exactly the recorded draws, in order."""
        return cls(
            [d["value"] for d in draws if d["kind"] == "roll"],
            shuffles=[d["value"] for d in draws if d["kind"] == "shuffle"],
            picks=[d["value"] for d in draws if d["kind"] == "pick"],
        )


def dice_fields(dice: Dice) -> dict[str, Any]:
    """The record fields describing `dice` (algorithm, seeds, commitment, draws); {} for unknown dice."""
    fields: Callable[[], dict[str, Any]] | None = getattr(dice, "fields", None)
    return fields() if fields else {}


def dice_for_record(record: Mapping[str, Any]) -> Dice:
    """Fresh dice that replay `record`: its algorithm (format 1 records are Mersenne Twister) and seeds."""
    algorithm = record.get("dice") or MT_ALGORITHM
    if algorithm == ALGORITHM:
        salts = list(record.get("salts") or [])
        seeded = record.get("client_seed")
        return FairDice(str(record["seed"]), client_seed(record["players"], salts) if seeded is None else seeded, salts)
    if algorithm == MT_ALGORITHM:
        return SeededDice(record["seed"])
    if algorithm == SCRIPTED:
        return ScriptedDice.from_draws(record.get("draws") or [])
    raise DiceError(f"unknown dice algorithm {algorithm!r}")
