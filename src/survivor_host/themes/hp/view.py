"""What one player of Hot Potato knows, for AI seats: everything is public."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.hp.state import HpState


@dataclass(frozen=True)
class HpView:
    """The players still in, who holds the potato and who passed it to them, the attempts left (the
    Timer's die), and who last passed the potato to whom in this game."""

    name: str
    round: int
    timer: bool
    players: tuple[str, ...]
    holder: str | None
    passed_by: str | None
    left: int
    die: int
    last_from: tuple[tuple[str, str], ...]
    """(player, who last passed them the potato) for each player still in who has received it."""


def view_of(game: HpState, seat: Seat) -> HpView:
    alive = game.alive()
    return HpView(
        name=seat.name,
        round=game.round,
        timer=game.timer,
        players=tuple(other.name for other in alive),
        holder=None if game.holder is None else game.seats[game.holder].name,
        passed_by=None if game.passed_by is None else game.seats[game.passed_by].name,
        left=game.tosses_left(),
        die=game.die,
        last_from=tuple(
            (other.name, game.seats[game.last_from[other.index]].name)
            for other in alive
            if other.index in game.last_from
        ),
    )
