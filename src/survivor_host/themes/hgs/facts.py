"""Hunger Games Spotlight's facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Asked, Fact
from survivor_host.engine.modes import Duel

ATTACK = "attack"
SPOTLIGHT = "spotlight"
"""The phase of a turn: the player drawn attacks someone in the room."""


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    """The game starts with `players` players under `mods` (the modes' ids)."""

    title: str
    players: int
    mods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SpotlightOn(Fact):
    """Turn `number`: `player` was drawn at random from `players` (with `lives` under Second Wind)."""

    number: int
    player: str
    players: tuple[str, ...]
    lives: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackAsked(Asked):
    """The player in the spotlight may say `attack NAME` in the room, naming one of `targets`."""


@dataclass(frozen=True, slots=True)
class AttackFought(Fact):
    """The player in the spotlight (`duel.first`) attacked `duel.second`; `left`: the loser's lives after."""

    duel: Duel
    left: int
