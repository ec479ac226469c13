"""What a host's `$sub` or `$modkill` that names nobody in the game should have said."""

from __future__ import annotations

import contextlib

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Game
from survivor_host.engine.render import join_names
from survivor_host.words.refusals import closest


def _seat_name(game: Game, name: str) -> str | None:
    """The seat's name `name` holds (matched by user id), or None."""
    with contextlib.suppress(IllegalAction):
        return game.seat(name).name
    return None


def named_nobody(game: Game, word: str, rest: str, p: str) -> str | None:
    """The refusal of `sub`/`modkill REST` whose player is in no seat, with what to type instead (None when it
    names one): the comma `sub` needs, else the close match or the players."""
    if word not in ("sub", "modkill"):
        return None
    old, comma, _ = rest.partition(",")
    target = (old if word == "sub" else rest).strip()
    if not target or _seat_name(game, target) is not None:
        return None
    said = f'"{target}" is not in this game.'
    if word == "sub" and not comma:
        form = f"{said} Type {p}sub OLD, NEW, with a comma"
        words = target.split()
        for cut in range(len(words) - 1, 0, -1):
            seat = _seat_name(game, " ".join(words[:cut]))
            if seat is not None:
                return f"{form}: {p}sub {seat}, {' '.join(words[cut:])}"
        return f"{form} between the player leaving and the one taking the seat."
    players = [seat.name for seat in game.alive()]
    match = closest(target, players)
    return f"{said} Did you mean {match}?" if match else f"{said} Players: {join_names(players)}."
