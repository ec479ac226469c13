"""The 14s: the Joker (C4) and the Jesters' duel and battle (C5)."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Asked, Fact, Roll


@dataclass(frozen=True, slots=True)
class DrewJoker(Fact):
    """Cause of an elimination (C4)."""

    player: str


@dataclass(frozen=True, slots=True)
class LostDuel(Fact):
    """Cause of an elimination (C5): lost the duel to `winner`, last rolls `mine` vs `theirs`."""

    player: str
    winner: str
    mine: int
    theirs: int


@dataclass(frozen=True, slots=True)
class LostJestersBattle(Fact):
    """Cause of an elimination (C5): a Jester who did not roll highest among the Jesters."""

    player: str
    roll: int


@dataclass(frozen=True, slots=True)
class DuelAsked(Asked):
    """C5: the lone Jester names one of `targets`, in chat."""


@dataclass(frozen=True, slots=True)
class JestersKnown(Fact):
    """C5: the players dealt a Jester."""

    jesters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelPicked(Fact):
    """G4 with idle=default: the game picks the idle Jester's opponent."""

    jester: str
    target: str


@dataclass(frozen=True, slots=True)
class JesterGone(Fact):
    """The lone Jester was removed before naming an opponent."""


@dataclass(frozen=True, slots=True)
class Walkover(Fact):
    """C5: a lone Jester with nobody (`left`: nobody left) to duel advances."""

    jester: str
    left: bool


@dataclass(frozen=True, slots=True)
class DuelResolved(Fact):
    """C5: Jester 100 vs target 100, every roll; the winner advances."""

    jester: str
    target: str
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str
    loser: str


@dataclass(frozen=True, slots=True)
class JestersBattle(Fact):
    """C5: two or more Jesters roll 100 together; `winner` (if one is left) advances."""

    jesters: tuple[str, ...]
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str | None
    losers: tuple[str, ...]
