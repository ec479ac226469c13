"""Rock, Paper, Scissors' facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from survivor_host.engine.events import Asked, Fact
from survivor_host.themes.rps.rules import FAVOURED_DIE, OTHER_DIE


class RpsStage(StrEnum):
    """The stages of a game (`game.phase`)."""

    ATTACKS = "attacks"
    CLASHES = "clashes"
    FINAL = "finale"


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    """The game starts with `players` players under `mods`, fighting with `weapons`."""

    title: str
    players: int
    mods: tuple[str, ...]
    weapons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AttackAsked(Asked):
    """`player` may PM `attack NAME, WEAPON` this round: one of `targets` (players) and one of `weapons`."""

    round: int
    weapons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AttackTaken(Fact):
    """`player`'s attack on `target` with `weapon` is accepted (final for the round); told to `player` only."""

    player: str
    target: str
    weapon: str
    again: bool = False
    """Told again (to a substitute): not a new attack."""
    secret: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class AttacksIn(Fact):
    """Every attack of the round is in (or its deadline passed): they are resolved in the order accepted."""

    count: int


@dataclass(frozen=True, slots=True)
class AttackDropped(Fact):
    """`by`'s attack on `target` is not fought: `out` (one of them or both) was out before its turn came
    (4.2), or, `out` empty, `target` sent no weapon (a removal left two mid-round, HOSTS.md). The weapon is
    kept for the record; the room is not told it."""

    by: str
    target: str
    weapon: str
    out: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SameWeapon(Fact):
    """4.3: `attacker` and `target` both hold `weapon`: nothing happens."""

    attacker: str
    target: str
    weapon: str


@dataclass(frozen=True, slots=True)
class Clash(Fact):
    """4.4-4.5: `attacker` (with `weapons[0]`) attacked `target` (with `weapons[1]`); `favoured` won the matchup
    and rolled 125, the other 100; `rolls`: each pair (attacker's first), equal pairs rolled again. `loser` is
    the one who loses a life, when the favoured side won the roll; `left`: their lives after it (0: out)."""

    attacker: str
    target: str
    weapons: tuple[str, str]
    favoured: str
    rolls: tuple[tuple[int, int], ...]
    roll_winner: str
    loser: str | None
    left: int

    @property
    def dice(self) -> tuple[int, int]:
        """The attacker's die and the target's."""
        return (FAVOURED_DIE, OTHER_DIE) if self.favoured == self.attacker else (OTHER_DIE, FAVOURED_DIE)


@dataclass(frozen=True, slots=True)
class FinalBegins(Fact):
    """3.6: two are left; `first` (the earlier to join) and `second` play straight RPS, no dice;
    `lives`: theirs under Second Wind (BG12: lives hold in the final), else empty."""

    number: int
    first: str
    second: str
    lives: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ThrowAsked(Asked):
    """`player` may PM `throw WEAPON` in the final: one of `targets` (the weapons)."""

    round: int
    opponent: str


@dataclass(frozen=True, slots=True)
class ThrowTaken(Fact):
    """`player` throws `weapon` in the final (final for this throw); told to `player` only."""

    player: str
    weapon: str
    again: bool = False
    secret: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Thrown(Fact):
    """One throw of the final: `first` threw `weapons[0]`, `second` `weapons[1]`; `winner` won the matchup
    (None: the same weapon, they throw again); `left`: the loser's lives after it (0: out)."""

    first: str
    second: str
    weapons: tuple[str, str]
    winner: str | None
    loser: str | None
    left: int
