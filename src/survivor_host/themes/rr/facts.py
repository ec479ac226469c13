"""Russian Roulette's facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from survivor_host.engine.events import Asked, Fact
from survivor_host.engine.modes import Duel


class RrCause(StrEnum):
    """How Russian Roulette takes players out (besides the common causes)."""

    SHOT = "shot"
    STEAL = "lost a steal"
    SPENT = "out of options at chamber 1"


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    """The game starts with `players` players and a six-chamber revolver."""

    title: str
    players: int
    chambers: int


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """Round `number` begins: everyone still in (`players`) acts once; `passed`: who has used their pass."""

    number: int
    players: tuple[str, ...]
    passed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FinalBegins(Fact):
    """Two are left: the final, no steals, a fresh chamber of six; `first` (drawn at random) acts first."""

    number: int
    players: tuple[str, ...]
    first: str
    chambers: int


@dataclass(frozen=True, slots=True)
class TurnDrawn(Fact):
    """`player` is on turn at `chamber`; `drawn_from`: the players the draw was among (one: no draw;
    empty: the final's turns alternate)."""

    player: str
    chamber: int
    drawn_from: tuple[str, ...]
    final: bool


@dataclass(frozen=True, slots=True)
class TurnAsked(Asked):
    """The player on turn may send one of `actions` in the room (`steal` naming one of `targets`)."""

    chamber: int


@dataclass(frozen=True, slots=True)
class Pulled(Fact):
    """`player` pulled at `chamber` and rolled `roll`: shot when it equals the chamber; `forced`: the bot
    pulled for them (no pass left in the final, or nobody to steal from at chamber 1)."""

    player: str
    chamber: int
    roll: int
    forced: bool = False

    @property
    def shot(self) -> bool:
        return self.roll == self.chamber


@dataclass(frozen=True, slots=True)
class Passed(Fact):
    """`player` used their one pass at `chamber`; `forced`: at chamber 1, where nobody can pull."""

    player: str
    chamber: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class StealFought(Fact):
    """`duel.first` tried to steal `duel.second`'s pass: the loser of the 100 vs 100 roll-off is out."""

    duel: Duel


@dataclass(frozen=True, slots=True)
class NobodyToRob(Fact):
    """At chamber 1 `player` must steal, but nobody has a pass left: the bot pulls for them."""

    player: str


@dataclass(frozen=True, slots=True)
class Shot(Fact):
    """`player` was shot; the chamber is reset to six (`final`: the shot ends the game)."""

    player: str
    final: bool


@dataclass(frozen=True, slots=True)
class LostSteal(Fact):
    """`player` lost the steal roll-off to `winner` and is out (`player` was the stealer when `stealer`)."""

    player: str
    winner: str
    stealer: bool


@dataclass(frozen=True, slots=True)
class Spent(Fact):
    """At chamber 1 `player` has nothing left (pass used, and their steal, or the final): out; `reset`: the
    chamber is reset to six (outside the final)."""

    player: str
    reset: bool
