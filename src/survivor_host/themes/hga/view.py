"""What one player of Hunger Games Anon knows, for AI seats: the nicknames and names still in, the lives
by nickname, their own nickname and attack, and who has attacked them (the room names duels by nickname)."""

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
    attacked_by: tuple[str, ...] = ()
    """The nicknames still in whose attacks on this player were fought, the latest last."""


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
        attacked_by=attackers_of(game, game.nicks.get(seat.index), {game.nicks[other.index] for other in alive}),
    )


def attackers_of(game: HgaState, nick: str | None, still_in: set[str]) -> tuple[str, ...]:
    """The nicknames in `still_in` that attacked `nick` in duels fought so far (public), the latest last."""
    found: list[str] = []
    for rec in game.recorder.rounds:
        for duel in rec["duels"]:
            attacker = str(duel["attacker"])
            if nick and duel["target"] == nick and attacker in still_in:
                found = [name for name in found if name != attacker] + [attacker]
    return tuple(found)
