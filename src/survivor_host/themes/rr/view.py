"""What one player of Russian Roulette knows, for AI seats: everything is public."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.rr.state import RrState


@dataclass(frozen=True)
class RrView:
    """The chamber, the players still in with their pass and steal used, who has acted, who is on turn."""

    name: str
    round: int
    chamber: int
    final: bool
    players: tuple[str, ...]
    passed: tuple[str, ...]
    stole: tuple[str, ...]
    acted: tuple[str, ...]
    turn: str | None


def view_of(game: RrState, seat: Seat) -> RrView:
    alive = game.alive()

    def having(indexes: set[int]) -> tuple[str, ...]:
        return tuple(other.name for other in alive if other.index in indexes)

    return RrView(
        name=seat.name,
        round=game.round,
        chamber=game.chamber,
        final=game.final,
        players=tuple(other.name for other in alive),
        passed=having(game.passed),
        stole=having(game.stole),
        acted=having(game.acted),
        turn=None if game.turn is None else game.seats[game.turn].name,
    )
