"""What one player of Exclusions knows, for AI seats: the names still in, their own nickname and attack,
the nickname being guessed if they guess it, and the owners they know: those revealed to the room, and
those their own attacks told them (a duel names by nickname the user they attacked)."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.game import Seat
from survivor_host.themes.exclusions.state import ExcState


@dataclass(frozen=True)
class ExcView:
    name: str
    round: int
    phase: str
    mods: tuple[str, ...]
    nick: str | None
    names: tuple[str, ...]
    """The players still in, sorted."""
    my_target: str | None
    guessing: str | None
    """The exposed nickname this player is asked to guess now."""
    known: tuple[tuple[str, str], ...] = ()
    """(nickname, owner) pairs this player knows, of players still in."""
    ruled_out: tuple[str, ...] = ()
    """Players still in this player knows do not own the nickname being guessed: themselves (BG9), the one
    they attacked this round (an attacked player is not exposed), owners of other nicknames they know, and
    anyone the room heard suspected of it wrongly."""


def view_of(game: ExcState, seat: Seat) -> ExcView:
    alive = game.alive()
    chosen = game.attacks.get(seat.index)
    in_now = {other.name for other in alive}
    known = {nick: owner for nick, owner in game.learned.get(seat.index, {}).items() if owner in in_now}
    guessing, ruled_out = None, set[str]()
    if game.guesser == seat.index and game.suspected is not None:
        guessing = game.nick_of(game.seats[game.suspected])
        ruled_out = {owner for nick, owner in known.items() if nick != guessing} | {seat.name}  # BG9
        if chosen is not None:
            ruled_out.add(game.seats[chosen].name)
        for rec in game.recorder.rounds:
            ruled_out |= {g["suspect"] for g in rec["guesses"] if g["nick"] == guessing and g["outcome"] == "wrong"}
    return ExcView(
        name=seat.name,
        round=game.round,
        phase=game.phase,
        mods=game.mods,
        nick=game.nicks.get(seat.index),
        names=tuple(sorted((other.name for other in alive), key=str.lower)),
        my_target=None if chosen is None else game.seats[chosen].name,
        guessing=guessing,
        known=tuple(sorted(known.items())),
        ruled_out=tuple(sorted(ruled_out & in_now)),
    )
