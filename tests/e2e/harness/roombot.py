"""A stand-in of the Survivor room's own bot (Sir Vivor) for the end-to-end tests.

A `Player` logged in to the local server that answers with the room bot's rules (the practice room's
too: `survivor_host.devserver.roombot_standin`), plus the flood filter as `processChatData` codes it.

Use::

    async with RoomBotStandIn(e2e.ws_url, e2e.login_url, "Sir Vivor") as sv:
        await sv.join("survivor")
        ...
        assert sv.mutes == []                 # what its flood filter did (or would have done)
        sv.window_counts("survivorbot")       # our bot's chat lines in every 6 s window
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from survivor_host.devserver.login_policy import to_id
from survivor_host.devserver.roombot_standin import (
    ROOM,
    RoomBotRules,
    RoomBotState,
    has_rank,
)

from .player import Line, Player, split_identity

FLOOD_MESSAGE_NUM = 7
FLOOD_MESSAGE_TIME = 6.0
FLOOD_PER_MSG_MIN = 0.5
ACTION_COOLDOWN = 3.0


@dataclass
class Mute:
    """A punishment the flood filter decided: at `time` (monotonic), for `userid`."""

    time: float
    userid: str
    command: str


class RoomBotStandIn(RoomBotRules, Player):
    """The room bot, listening to its rooms and answering as its source does."""

    def __init__(
        self,
        ws_url: str,
        login_url: str,
        name: str = "Sir Vivor",
        *,
        whitelist: tuple[str, ...] = (),
        allow_mute: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(ws_url, login_url, name, **kwargs)
        self.games = RoomBotState()
        self.whitelist = tuple(to_id(user) for user in whitelist)
        self.allow_mute = allow_mute
        """Send `/mute` for real (default: only record it in `mutes`, so a test can assert none)."""
        self.mutes: list[Mute] = []
        self.seen: dict[str, list[float]] = defaultdict(list)
        """Every chat line's time per user in the room, the exempt ones too (for window counts)."""
        self._flood_times: dict[str, list[float]] = defaultdict(list)
        self._last_action: dict[str, float] = defaultdict(float)
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._sender: asyncio.Task[None] | None = None

    async def __aenter__(self) -> RoomBotStandIn:
        await super().__aenter__()
        self._sender = asyncio.get_running_loop().create_task(self._send_loop())
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sender
        await super().__aexit__(*exc)

    # ----------------------------------------------------------------- what it sends

    def _say(self, room: str, text: str) -> None:
        self._outbox.put_nowait((room, text))

    def _whisper(self, userid: str, text: str) -> None:
        self._outbox.put_nowait(("", f"/w {userid}, {text}"))

    async def _send_loop(self) -> None:
        while True:
            room, text = await self._outbox.get()
            with contextlib.suppress(Exception):
                await self.send(room, text)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until everything it decided to say has been sent."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not self._outbox.empty() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)

    # ----------------------------------------------------------------- what it hears

    def _track_room(self, line: Line) -> None:
        super()._track_room(line)
        if line.in_init or line.room != ROOM:
            return
        parts = line.parts
        if line.type == "c:" and len(parts) >= 4:
            self._chat(line.time, parts[2], line.rest(3))
        elif line.type == "c" and len(parts) >= 3:
            self._chat(line.time, parts[1], line.rest(2))

    def _chat(self, now: float, identity: str, text: str) -> None:
        """`parser.js` case 'c': the flood check for users below +, then `chatMessage`."""
        rank, name = split_identity(identity)
        userid = to_id(name)
        if userid == self.userid:
            return
        self.seen[userid].append(now)
        if not has_rank(rank, "+"):
            self._process_chat_data(now, userid)
        self._chat_message(rank, name, text)

    def _process_chat_data(self, now: float, userid: str) -> None:
        """7 lines within 6 s that took more than 3.5 s: a mute (its host exempt, its whitelist spared)."""
        if self.games.host is not None and to_id(self.games.host) == userid:
            return
        times = self._flood_times[userid]
        times.append(now)
        if userid in self.whitelist or len(times) < FLOOD_MESSAGE_NUM:
            return
        span = now - times[-FLOOD_MESSAGE_NUM]
        flooding = FLOOD_PER_MSG_MIN * FLOOD_MESSAGE_NUM < span < FLOOD_MESSAGE_TIME
        if flooding and now - self._last_action[userid] >= ACTION_COOLDOWN:
            self._last_action[userid] = now
            command = f"/mute {userid}, Do not flood the chat."
            self.mutes.append(Mute(now, userid, command))
            if self.allow_mute:
                self._say(ROOM, command)

    def window_counts(self, userid: str, window: float = FLOOD_MESSAGE_TIME) -> int:
        """The most chat lines `userid` said in any `window` seconds (the exempt ones included)."""
        times = sorted(self.seen.get(to_id(userid), []))
        best, start = 0, 0
        for end, at in enumerate(times):
            while at - times[start] >= window:
                start += 1
            best = max(best, end - start + 1)
        return best

    def _in_room(self, name: str) -> str | None:
        ident = self.rooms.get(ROOM, {}).get(to_id(name))
        return split_identity(ident)[1] if ident else None
