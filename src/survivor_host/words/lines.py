"""Room lines: how long one may be, rolls packed into a row, round tables' lines, how to send an action."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine import voice
from survivor_host.engine.events import Event, Revealed, Roll, RoundTable, Say
from survivor_host.engine.game import Game
from survivor_host.engine.render import render, roll_text

MAX_LINE = 900


def pack_rolls(rolls: Sequence[str], limit: int = MAX_LINE) -> list[str]:
    """Rolls (and short lines) shown in a row share a line (`a · b · c`), as many as fit under `limit`."""
    lines: list[str] = []
    line = ""
    for text in rolls:
        if line and len(line) + 3 + len(text) > limit:
            lines.append(line)
            line = ""
        line = f"{line} · {text}" if line else text
    return lines + [line] if line else lines


def how_to_send(game: Game, action: str, secret: bool, prefix: str) -> str:
    """How to send `action`: by PM the bare word, in the room with the prefix; `NAME` where it takes a target."""
    word = game.spec.usage_of(action, "target" in game.ACTION_FIELDS.get(action, ()))
    return voice.room(prefix).command_text(word, by_pm=secret)


def round_phrase(game: Game) -> str:
    """`round 3` (or the theme's word for it), or `before round 1` while the game has not reached its first."""
    word = game.spec.round_word
    return f"{word} {game.round}" if game.round else f"before {word} 1"


def tabled_lines(events: Sequence[Event]) -> dict[int, list[str]]:
    """The room lines each round table shows (by the table's `id`): the tabled lines since the table
    before it; those after the last table are its too."""
    lines: dict[int, list[str]] = {}
    pending: list[str] = []
    last = None
    for event in events:
        if isinstance(event, RoundTable):
            lines[id(event)], pending, last = pending, [], event
        elif isinstance(event, Say | Roll | Revealed) and event.tabled and event.to is None:
            text = roll_text(event) if isinstance(event, Roll) else render(event)
            if text:
                pending.append(text)
    if last is not None:
        lines[id(last)].extend(pending)
    return {key: pack_rolls(value) for key, value in lines.items()}
