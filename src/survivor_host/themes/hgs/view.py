"""What one player of Hunger Games Spotlight knows, for AI seats: everything is public."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.hgs.phases import HgsState


@dataclass(frozen=True)
class HgsView:
    """The players still in and their lives, and who is in the spotlight."""

    name: str
    round: int
    mods: tuple[str, ...]
    players: tuple[str, ...]
    lives: tuple[tuple[str, int], ...]
    spotlight: str | None


def view_of(game: HgsState, seat: Seat) -> HgsView:
    return HgsView(
        name=seat.name,
        round=game.round,
        mods=game.mods,
        players=tuple(other.name for other in game.alive()),
        lives=tuple((other.name, game.lives[other.index]) for other in game.alive()),
        spotlight=None if game.spotlight is None else game.seats[game.spotlight].name,
    )
