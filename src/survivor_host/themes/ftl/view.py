"""What one player of Follow the Leader knows, for AI seats."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.ftl.rules import NO_MERCY, TUG_OF_WAR
from survivor_host.themes.ftl.state import FtlState


@dataclass(frozen=True)
class FtlView:
    """What one player knows: public facts and their own choice, never another player's choice."""

    me: str
    alive: bool
    round: int
    phase: str
    players: tuple[str, ...]
    players_at_round_start: int
    leader: str | None
    immune: tuple[str, ...]
    my_choice: str | None
    suspect: str | None
    leader_roll: int | None
    rolls: dict[str, int]
    last_round_rolls: dict[str, int]
    tug_of_war: bool
    no_mercy: bool
    tug_floor: int
    suspecting: bool


def view_of(game: FtlState, seat: Seat) -> FtlView:
    """What the player in `seat` knows now."""
    return FtlView(
        me=seat.name,
        alive=seat.alive,
        round=game.round,
        phase=game.phase,
        players=tuple(s.name for s in game.alive()),
        players_at_round_start=len(game.round_start),
        leader=game.name(game.leader),
        immune=tuple(game.names(game.immune_now)),
        my_choice=game.choices.get(seat.index),
        suspect=game.name(game.suspect),
        leader_roll=game.leader_roll,
        rolls={game.seats[i].name: r for i, r in game.rolls.items()},
        last_round_rolls={game.seats[i].name: r for i, r in game.last_rolls.items()},
        tug_of_war=TUG_OF_WAR in game.mods,
        no_mercy=NO_MERCY in game.mods,
        tug_floor=game.opt_int("tug_floor"),
        suspecting=game.suspecting(),
    )
