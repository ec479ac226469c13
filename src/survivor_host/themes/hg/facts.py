"""Hunger Games' facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from survivor_host.engine.events import Asked, Fact
from survivor_host.engine.modes import Duel

ATTACK = "attack"


class HgStage(StrEnum):
    """The stages of a game (`game.phase`)."""

    ATTACKS = "attacks"
    DUELS = "duels"


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    """The game starts with `players` players under `mods` (the modes' ids)."""

    title: str
    players: int
    mods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """Round `number` opens with `players` in; `lives`: each one's lives (Second Wind, else empty)."""

    number: int
    players: tuple[str, ...]
    lives: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackAsked(Asked):
    """`player` may PM `attack NAME` this round, naming one of `targets`."""

    round: int


@dataclass(frozen=True, slots=True)
class AttackTaken(Fact):
    """`player`'s attack on `target` is accepted (final for the round); told to `player` only."""

    player: str
    target: str
    again: bool = False
    """Told again (to a substitute): not a new attack."""
    secret: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class AttacksIn(Fact):
    """Every attack of the round is in (or its deadline passed): they are resolved in the order sent."""

    count: int


@dataclass(frozen=True, slots=True)
class AttackDropped(Fact):
    """`by`'s attack on `target` is not fought: one of them was out before its turn came."""

    by: str
    target: str


@dataclass(frozen=True, slots=True)
class AttackFought(Fact):
    """`duel.first` attacked `duel.second`; `left`: the loser's lives after it (0: out)."""

    duel: Duel
    left: int
