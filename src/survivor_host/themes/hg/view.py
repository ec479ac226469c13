"""What one player of Hunger Games knows, for AI seats."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.hg.state import HgState


@dataclass(frozen=True)
class HgView:
    """What one player knows: the players still in and their lives (public), and their own attack."""

    name: str
    round: int
    phase: str
    mods: tuple[str, ...]
    players: tuple[str, ...]
    lives: tuple[tuple[str, int], ...]
    my_target: str | None
    sent: tuple[str, ...]
    """Players who have sent their attack this round (public: the reminders name those who have not)."""


def view_of(game: HgState, seat: Seat) -> HgView:
    chosen = game.attacked_by(seat.index)
    return HgView(
        name=seat.name,
        round=game.round,
        phase=game.phase,
        mods=game.mods,
        players=tuple(other.name for other in game.alive()),
        lives=tuple((other.name, game.lives[other.index]) for other in game.alive()),
        my_target=None if chosen is None else game.seats[chosen].name,
        sent=tuple(game.seats[by].name for by in game.attacks),
    )
