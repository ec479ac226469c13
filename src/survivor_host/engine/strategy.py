"""The seat-strategy interfaces shared by every theme, the terminal and the simulator.

A theme's strategies are `ThemeStrategy[ItsView]`, so `mypy --strict` refuses one theme's strategy
given another theme's view. Front ends that pick a theme at run
time (by its name) hold a `Strategy`, which takes any view: `ViewChecked` wraps a theme's strategy
and refuses, at run time, a view of another theme.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from survivor_host.engine.inputs import Input

View = TypeVar("View")
ViewIn = TypeVar("ViewIn", contravariant=True)


class ThemeStrategy(Protocol[ViewIn]):
    """Chooses one of `options` (all legal now) for a player who sees only `view`.

    `view` is the theme's view dataclass for that player: what that player knows, nothing more.
    """

    @property
    def name(self) -> str: ...

    def choose(self, view: ViewIn, options: Sequence[Input], rng: random.Random) -> Input: ...


Strategy = ThemeStrategy[object]
"""A strategy for a theme known only at run time: it takes any view (and refuses another theme's)."""


@dataclass(frozen=True)
class ViewChecked(Generic[View]):
    """A theme's strategy that takes any view and refuses, with TypeError, a view of another type."""

    strategy: ThemeStrategy[View]
    view_type: type[View]

    @property
    def name(self) -> str:
        return self.strategy.name

    def choose(self, view: object, options: Sequence[Input], rng: random.Random) -> Input:
        if not isinstance(view, self.view_type):
            raise TypeError(f"{self.name} plays with a {self.view_type.__name__}, not a {type(view).__name__}")
        return self.strategy.choose(view, options, rng)


def checked(
    view_type: type[View], factories: Mapping[str, Callable[[], ThemeStrategy[View]]]
) -> dict[str, Callable[[], Strategy]]:
    """The same factories, each strategy wrapped in `ViewChecked` for front ends that pick a theme by name."""

    def wrap(factory: Callable[[], ThemeStrategy[View]]) -> Callable[[], Strategy]:
        def make() -> Strategy:
            return ViewChecked(factory(), view_type)

        make.__doc__ = factory.__doc__  # `--help` lists each strategy with its first docstring line
        return make

    return {name: wrap(factory) for name, factory in factories.items()}


def first_of(options: Sequence[Input], action: str) -> Input | None:
    """The first option with this action name, if any."""
    for option in options:
        if option.action == action:
            return option
    return None


def of_action(options: Sequence[Input], action: str) -> list[Input]:
    return [option for option in options if option.action == action]


MAX_TABLE = 30
"""Policies give a value for each count of players alive at the round's start, 3..MAX_TABLE."""
SIZE_BUCKETS = (3, 4, 5, 7, 10, 15)
"""Where a simple policy may change its mind: 3, 4, 5-6, 7-9, 10-14 and 15+ players."""


def bucket_table(values: Sequence[float]) -> tuple[float, ...]:
    """A table by player count from one value per SIZE_BUCKETS entry (counts below 3 take the first)."""
    if len(values) != len(SIZE_BUCKETS):
        raise ValueError(f"give {len(SIZE_BUCKETS)} values, one per table size {SIZE_BUCKETS}")
    table = []
    for n in range(MAX_TABLE + 1):
        index = max([i for i, start in enumerate(SIZE_BUCKETS) if start <= n], default=0)
        table.append(values[index])
    return tuple(table)
