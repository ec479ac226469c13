"""The seat-strategy interface shared by every theme, the terminal and the simulator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from survivor_host.engine.inputs import Input


class Strategy(Protocol):
    """Chooses one of `options` (all legal now) for a player who sees only `view`.

    `view` is the theme's view dataclass for that player: what that player knows, nothing more.
    """

    name: str

    def choose(self, view: Any, options: Sequence[Input], rng: random.Random) -> Input: ...


class RandomStrategy:
    """Any legal input, uniformly."""

    name = "random"

    def choose(self, view: Any, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


def first_of(options: Sequence[Input], action: str) -> Input | None:
    """The first option with this action name, if any."""
    for option in options:
        if option.action == action:
            return option
    return None


def of_action(options: Sequence[Input], action: str) -> list[Input]:
    return [option for option in options if option.action == action]
