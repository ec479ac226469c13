"""Hot Potato's facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from survivor_host.engine.events import Asked, Fact


class HpCause(StrEnum):
    """How Hot Potato takes players out (besides `Cause`)."""

    EXPLODED = "the potato exploded"


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    """The game starts with `players` players; `timer`: the Timer variation."""

    title: str
    players: int
    timer: bool


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """Round `number` with `players` in: `holder` was drawn at random to hold the potato first; `tosses`
    attempts before it explodes (standard), `die` the passer's first die (Timer)."""

    number: int
    players: tuple[str, ...]
    holder: str
    timer: bool
    tosses: int
    die: int


@dataclass(frozen=True, slots=True)
class PassAsked(Asked):
    """The holder may say `pass NAME` in the room; `left`: attempts left, this one included (7f); `die`:
    the passer's die now (Timer)."""

    left: int = 0
    die: int = 0
    timer: bool = False


@dataclass(frozen=True, slots=True)
class Tossed(Fact):
    """One pass attempt: `passer` (die `dice[0]`) against `receiver` (`dice[1]`), each pair of rolls
    (equal rolls roll again), whether the potato moved, whether two were left and it passed by itself, and
    the attempts left after it."""

    passer: str
    receiver: str
    dice: tuple[int, int]
    pairs: tuple[tuple[int, int], ...]
    passed: bool
    auto: bool
    left: int
    timer: bool


@dataclass(frozen=True, slots=True)
class Exploded(Fact):
    """The potato exploded on `player` after `tosses` attempts of the round (Timer: `failed`, on a failed pass)."""

    player: str
    tosses: int
    failed: bool
