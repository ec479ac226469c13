"""The room bot's command lines as our bot types them: names made safe, the `.addbot` points line, and
the PM whose button sends such a line to the room."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from survivor_host.bot.state import RoomState
from survivor_host.engine.game import Game

_UNSAFE = re.compile(r"[,|\[\]\x00-\x1f\x7f\u200b-\u200f\u2028\u2029]+")


def safe_name(name: str) -> str:
    """A player's name as one item of a room bot command: no commas (its separator), brackets, pipes or
    control characters, spaces collapsed."""
    return " ".join(_UNSAFE.sub(" ", name).split())


def addbot_line(finishing: Sequence[str]) -> str:
    """`.addbot N, WINNER, SECOND, P3, ..., PN`: every player, in finishing order (managePoints.js)."""
    return f".addbot {len(finishing)}, " + ", ".join(safe_name(name) for name in finishing)


def finishing_order(game: Game) -> list[str]:
    """The players by place (G7), seat order within a shared place."""
    order = {seat.name: i for i, seat in enumerate(game.seats)}
    return sorted(order, key=lambda name: (game.placements.get(name, len(order)), order[name]))


def pm_with_button(state: RoomState, name: str, text: str, key: str, line: str, label: str) -> None:
    """PM `text` to `name`; at `*` a box whose button `label` sends `line` to the room."""
    room = state.room
    if not state.out.can_use_html(room):
        state.out.pm(name, text)
        return
    value = html.escape(f"/msgroom {room}, {line}", quote=True)
    button = f'<button class="button" name="send" value="{value}">{html.escape(label)}</button>'
    state.out.pm_uhtml(room, name, f"survivor-{key}-{room}", f"<p>{html.escape(text)}</p>{button}", fallback=text)
