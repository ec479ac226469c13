"""Players who play a bot-hosted game the way people do: by clicking the buttons the bot PMs them."""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from survivor_host.devserver.roomview import buttons_in

from .player import Line, Player, WaitTimeout

Policy = Callable[[str, list[str]], str | None]


def first_button(player: str, commands: list[str]) -> str | None:
    """Always the first button: follow, stick, the first target listed."""
    return commands[0] if commands else None


class PlayerTasks(ABC):
    """One task per player, running `_play(player)` until `stop()`; `_stopped` tells loops to end."""

    players: Sequence[Player]
    _tasks: list[asyncio.Task[None]]
    _stopped: bool

    @abstractmethod
    async def _play(self, player: Player) -> None:
        """What one player does until `_stopped`."""

    def start(self) -> None:
        self._stopped = False
        self._tasks = [asyncio.get_running_loop().create_task(self._play(player)) for player in self.players]

    async def stop(self) -> None:
        self._stopped = True
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=5)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 1)
        self._tasks.clear()


@dataclass
class Table(PlayerTasks):
    """Runs a clicking task per player until stopped; records every click."""

    bot: str
    players: Sequence[Player]
    policy: Policy = first_button
    clicks: list[tuple[str, str]] = field(default_factory=list)
    think: Callable[[str, int], float] = lambda player, n: 0.0
    """Seconds `player` takes before their `n`-th click (0: at once)."""

    def _is_prompt(self, line: Line) -> bool:
        if line.type != "pm" or len(line.parts) < 4:
            return False
        sender = line.parts[1].lstrip(" +%@*#&~").lower().replace(" ", "")
        # a new prompt box; a box changed in place to show a choice (its `Change to` buttons) is not one
        body = line.rest(3)
        return sender == self.bot.lower().replace(" ", "") and body.startswith("/uhtml ") and "button" in line.text

    async def _play(self, player: Player) -> None:
        cursor = player.mark()
        while not self._stopped:
            try:
                line = await player.wait_for(self._is_prompt, since=cursor, timeout=0.5, advance=False)
            except WaitTimeout:
                continue
            cursor = line.index + 1
            choice = self.policy(player.name, buttons_in(line.rest(3)))
            if choice is not None:
                delay = self.think(player.name, len(self.clicks))
                if delay > 0:
                    await asyncio.sleep(delay)
                self.clicks.append((player.name, choice))
                await player.pm(self.bot, choice)
