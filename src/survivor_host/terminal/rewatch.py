"""`replay`: a recorded game shown again exactly as `play --auto` shows it, or as the room's text (`--plain`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console

from survivor_host.catalogue import DEFAULT_PREFIX
from survivor_host.engine import voice
from survivor_host.engine.dice import dice_for_record
from survivor_host.engine.events import Event
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import render
from survivor_host.terminal.console import make_console
from survivor_host.terminal.table import TerminalTable
from survivor_host.themes import new_game

ROOM_PREFIX = DEFAULT_PREFIX
"""The prefix `--plain` spells the room's commands with (a record does not keep its room's): the bot's default."""


def rebuild(record: Mapping[str, Any]) -> Game:
    """The record's game, not started: its theme, players, mods and options, on the record's dice."""
    dice = dice_for_record(record)
    return new_game(record["theme"], record["players"], mods=record["mods"], options=record["options"], dice=dice)


def feed(game: Game, record: Mapping[str, Any], show: Callable[[list[Event]], object]) -> Game:
    """Start `game` and apply the record's inputs, showing the events of each step."""
    show(game.start())
    for raw in record["inputs"]:
        show(game.apply(Input.from_dict(raw)))
    return game


def replay_terminal(record: Mapping[str, Any], console: Console | None = None, pace: float | None = 0) -> Game:
    """The game as `play --auto` shows it: the same renderer, tables included (no AI column: a record
    does not say who played each seat)."""
    game = rebuild(record)
    table = TerminalTable(game, ai_seed=0, console=console or make_console(), pace=pace)
    table.labels = {}
    return feed(game, record, table.show)


def replay_plain(record: Mapping[str, Any], say: Callable[[str], object] = print) -> Game:
    """The game as the room's text: each public line as the bot would post it (`**bold**` and all)."""
    room = voice.room(ROOM_PREFIX)

    def show(events: list[Event]) -> None:
        for event in events:
            text = render(event) if event.to is None else None
            if text:
                say(room.spell(text))

    return feed(rebuild(record), record, show)
