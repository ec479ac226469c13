"""Hunger Games Spotlight's facts: what happened, as data, for its presenter and its record."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Asked, Fact

SPOTLIGHT = "spotlight"
"""The phase of a turn: the player drawn attacks someone in the room."""


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
