"""What one player of Rock, Paper, Scissors knows, for AI seats."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.rps.state import RpsState


@dataclass(frozen=True)
class RpsView:
    """What one player knows: the players still in, their lives and every weapon each has shown in the room
    (public), and their own choice this round."""

    name: str
    round: int
    phase: str
    mods: tuple[str, ...]
    weapons: tuple[str, ...]
    players: tuple[str, ...]
    lives: tuple[tuple[str, int], ...]
    seen: tuple[tuple[str, tuple[str, ...]], ...]
    """Each player still in, with the weapons they have shown so far, oldest first."""
    my_choice: str | None
    """This round's attack (`NAME, WEAPON`) or the final's throw, once sent."""
    sent: tuple[str, ...]
    """Players who have sent their attack or throw (public: the reminders name those who have not)."""


def view_of(game: RpsState, seat: Seat) -> RpsView:
    attack = game.attacks.get(seat.index)
    mine = f"{game.seats[attack.target].name}, {attack.weapon}" if attack else game.throws.get(seat.index)
    alive = game.alive()
    return RpsView(
        name=seat.name,
        round=game.round,
        phase=game.phase,
        mods=game.mods,
        weapons=game.weapons,
        players=tuple(other.name for other in alive),
        lives=tuple((other.name, game.lives[other.index]) for other in alive),
        seen=tuple((other.name, tuple(game.seen[other.index])) for other in alive),
        my_choice=mine,
        sent=tuple(game.seats[by].name for by in (*game.attacks, *game.throws)),
    )
