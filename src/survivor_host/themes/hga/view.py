"""What one player of Hunger Games Anon knows, for AI seats: the nicknames and names still in, the lives
by nickname, and their own nickname and attack."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.hga.state import HgaState


@dataclass(frozen=True)
class HgaView:
    name: str
    round: int
    phase: str
    mods: tuple[str, ...]
    nick: str | None
    nicks: tuple[str, ...]
    """The nicknames still in, sorted."""
    lives: tuple[tuple[str, int], ...]
    """Lives by nickname."""
    my_target: str | None


def view_of(game: HgaState, seat: Seat) -> HgaView:
    alive = [other for other in game.alive() if other.index in game.nicks]
    chosen = game.attacks.get(seat.index)
    return HgaView(
        name=seat.name,
        round=game.round,
        phase=game.phase,
        mods=game.mods,
        nick=game.nicks.get(seat.index),
        nicks=tuple(sorted(game.nicks[other.index] for other in alive)),
        lives=tuple((game.nicks[other.index], game.lives[other.index]) for other in alive),
        my_target=None if chosen is None else game.shown_name(game.seats[chosen]),
    )
