"""The facts the games of attacks and duels share (the Hunger Games family, Exclusions): the opening, a
round's attacks by PM and the duels they start. Players are named as duels name them (a nickname, where
players play under one); each theme words the facts its own way, but for a dropped attack, said alike by all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from survivor_host.engine.events import Asked, Event, Fact, Say
from survivor_host.engine.modes import Duel, duel_shown
from survivor_host.engine.render import join_names
from survivor_host.engine.seats import Seat

ATTACK = "attack"


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
    """`player` may PM `attack NAME` in round `round`, naming one of `targets`."""

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
    """Every attack of the round is in (or its deadline passed)."""

    count: int


@dataclass(frozen=True, slots=True)
class AttackDropped(Fact):
    """The attack of `by` on `target` is not fought: `out` (one of them or both) was out before its turn came."""

    by: str
    target: str
    out: tuple[str, ...]


def dropped(attacker: Seat, target: Seat, shown_name: Callable[[Seat], str]) -> AttackDropped:
    """The attack of `attacker` on `target`, not fought because one of them (or both) is out; each named
    by `shown_name`."""
    out = tuple(shown_name(seat) for seat in (attacker, target) if not seat.alive)
    return AttackDropped(shown_name(attacker), shown_name(target), out)


def dropped_shown(by: str, target: str, out: Sequence[str]) -> Say:
    """An attack not fought, and why: every attack of the round is said, fought or not."""
    were = "is" if len(out) == 1 else "are"
    return Say(
        f"The attack of **{by}** on **{target}** is dropped: {join_names(list(out))} {were} already out.", pack=True
    )


@dataclass(frozen=True, slots=True)
class AttackFought(Fact):
    """`duel.first` attacked `duel.second`; `left`: the loser's lives after it (0: out)."""

    duel: Duel
    left: int


def attack_shown(duel: Duel) -> list[Event]:
    """An attack fought as a duel: who attacks whom, then the duel's rolls."""
    return [Say(f"**{duel.first}** attacks **{duel.second}**!", pack=True), *duel_shown(duel)]
