"""What the demo plays (`DemoSetup`, checked before anything starts) and the names of its local world."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from survivor_host.ai import make_strategy
from survivor_host.devserver.story import default_pace
from survivor_host.engine.errors import SetupError
from survivor_host.engine.ids import to_id
from survivor_host.terminal.table import seat_names, strategy_names
from survivor_host.themes import DEFAULT_THEME, new_game

BOT_NAME = "Survivor Host"
HOST_NAME = "Demo Host"
ROOM_TITLE = "Survivor"
ROOM = to_id(ROOM_TITLE)
PASSWORD = "demo"  # the fake login server takes any password
MAX_THINK = 10.0
"""The longest `--think`: an AI player slower than that would read as idle (and `nan`, `inf` would hang)."""


class DemoError(RuntimeError):
    """The demo could not run (no node/npm, a server that did not start, a game that did not end)."""


@dataclass(frozen=True)
class DemoSetup:
    """What to play: theme, mods, players, seed (game dice and AI choices), AI strategy, pacing."""

    theme: str = DEFAULT_THEME
    mods: tuple[str, ...] = ()
    players: int = 6
    seed: str | None = None
    strategy: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    think: float = 0.4
    """Longest pause (seconds) an AI player takes before answering, so the room reads like people."""
    timeout: float = 900.0
    """Give up (exit 1) if the game has not ended after this many seconds."""
    cache_dir: Path | None = None
    pace: float | None = None
    """Seconds between printed lines; None: a human pace on a terminal, none in a pipe (`story.default_pace`)."""
    watch: str | None = None
    """The player whose PMs and buttons are shown beside the room (`--as`)."""
    record: str | None = None
    """Where to write the game's record, for `verify` and `export` (`--record`)."""

    def check(self) -> None:
        """Raise SetupError/ValueError now for a wrong theme, mod, option, player count, strategy, pace,
        think, `--as` name or `--record` folder."""
        game = new_game(self.theme, seat_names(self.players), mods=self.mods, options=dict(self.options), seed=0)
        for kind in strategy_names(self.strategy):
            make_strategy(game.theme, kind)
        default_pace(self.pace, sys.stdout)
        if not 0 <= self.think <= MAX_THINK:
            raise SetupError(f"--think takes 0 to {MAX_THINK:g} seconds, not {self.think:g}.")
        self.watched()
        if self.record is not None and not Path(self.record).resolve().parent.is_dir():
            raise SetupError(f"--record {self.record}: the folder {Path(self.record).parent} does not exist.")

    def watched(self) -> str | None:
        """The seat `--as` names, spelled as the game spells it (any case), or None; SetupError if no seat."""
        if self.watch is None:
            return None
        names = seat_names(self.players)
        found = next((name for name in names if to_id(name) == to_id(self.watch)), None)
        if found is None:
            raise SetupError(f"--as {self.watch!r}: the players are {', '.join(names)}.")
        return found
