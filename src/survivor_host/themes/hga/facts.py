"""Hunger Games Anon's facts: what happened, as data, for its presenter and its record. Facts for the room
name players by nickname; a real name appears beside a nickname only once its owner is out."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from survivor_host.engine.events import Fact


class HgaStage(StrEnum):
    """The stages of a game (`game.phase`)."""

    NICKS = "nicknames"
    ATTACKS = "attacks"
    DUELS = "duels"


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """Round `number`: the nicknames still in (shuffled, `lives` beside them under Second Wind) and the
    real names still in (sorted alphabetically, BG8)."""

    number: int
    nicks: tuple[str, ...]
    names: tuple[str, ...]
    lives: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackTaken(Fact):
    """`player` (as `by`) attacks `target`, both nicknames; told to `player` only."""

    player: str
    by: str
    target: str
    again: bool = False
    secret: ClassVar[bool] = True
