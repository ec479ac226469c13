"""A game's last lines (its seed, points, the room bot's `.win` and points line), each said at most once
across a crash: stored with the game's close once its final step went out, then sent one at a time,
each marked once it has gone out.

After a restart only the lines not marked are sent. The first of them may have gone out unmarked: it is
sent again if it only informs; if it could count on the room bot's leaderboard (`.win`, the `.addbot`
line) it is not, and the room's auth are asked to check it instead (docs/ROOM.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from survivor_host.bot.room_bot_lines import safe_name
from survivor_host.bot.state import RoomState

logger = logging.getLogger(__name__)

CREDITS = frozenset({"win", "addbot"})
"""The kinds of line that, said twice, could count twice on the room bot's leaderboard."""


@dataclass(frozen=True)
class EndLine:
    """One last line: `kind` says how it is sent ("say" in the room, "win"/"done" to the room bot,
    "modnote", "addbot": the points line by PM)."""

    kind: str
    text: str


@dataclass(frozen=True)
class Last:
    """One game's last lines and who hosted it."""

    game_id: int
    lines: tuple[EndLine, ...]
    host: str | None

    def stored(self) -> dict[str, Any]:
        return {"host": self.host, "lines": [[line.kind, line.text] for line in self.lines]}


@dataclass
class Ending:
    """Closes a game once its final step went out, then says its last lines in order, each once the one
    before is stored as sent."""

    state: RoomState
    send: Callable[[EndLine, str | None], None]
    """Sends one line (the room bot's lines are the hosting's)."""
    tell_auth: Callable[[str, str | None], None]
    """PMs the room's auth (the game's host first)."""

    def begin(self, last: Last, close: Callable[[dict[str, Any]], None]) -> None:
        """Once what was queued went out: `close` stores the game's close with its last lines (a database
        that takes no writes holds it until it does), then they are said."""
        state = self.state
        state.closing = last.game_id

        def write_ahead() -> None:
            close(last.stored())
            if state.closing == last.game_id:
                state.closing = None
            self._say(last, 0, unconfirmed=False)

        state.out.when_sent(lambda: state.outage.hold(write_ahead))

    def resume(self, game_id: int) -> None:
        """After a restart: the closed game's last lines not marked sent are said."""
        stored = self.state.store.ending_of(game_id)
        if stored is None:
            return
        ending, sent = stored
        lines = tuple(EndLine(str(kind), str(text)) for kind, text in ending["lines"])
        logger.info("%s: game %s says its last lines from %d of %d", self.state.room, game_id, sent + 1, len(lines))
        unsent = lines[sent + 1 :] if sent < len(lines) and lines[sent].kind in CREDITS else lines[sent:]
        if any(line.kind in ("win", "done") for line in unsent):  # until it takes our line, as it left it
            self.state.roombot.host = self.state.out.name
        self._say(Last(game_id, lines, ending.get("host")), sent, unconfirmed=True)

    def _say(self, last: Last, index: int, unconfirmed: bool) -> None:
        """Send line `index` (unconfirmed and counting: ask the auth instead); once it went out, mark it,
        then the next."""
        if index == len(last.lines):
            return
        line = last.lines[index]
        if unconfirmed and line.kind in CREDITS:
            self._unsure(last, line)
        else:
            self.send(line, last.host)

        def sent() -> None:
            self.state.store.mark_ending_sent(last.game_id, index + 1)
            self._say(last, index + 1, unconfirmed=False)

        self.state.out.when_sent(lambda: self.state.outage.hold(sent))

    def _unsure(self, last: Last, line: EndLine) -> None:
        """A `.win` or points line that may have gone out before the restart is not sent again (a win
        counted twice is worse than a question): the auth are asked to check the leaderboard."""
        state, word = self.state, line.text.split()[0]
        rb = state.roombot.settings.name if state.roombot.settings else "the room bot"
        if line.kind == "win":
            what = f"my {line.text} reached {rb}"
            then = f"if the win is missing, give it by hand; if {rb} still names me its host, type .dehost"
        else:
            what, then = "its points line reached you", f"if the points are missing, send {line.text}"
        logger.warning("%s: game %s: %r may have gone out before the restart", state.room, last.game_id, line.text)
        bot = safe_name(state.out.name)
        note = f"HOST: {bot} restarted while ending game {last.game_id}: check {rb}'s .lb for its {word}."
        self.send(EndLine("modnote", note), last.host)
        self.tell_auth(
            f"[{state.room}] I restarted while ending game {last.game_id} and cannot tell whether {what}, so I do "
            f"not send it again (it could count twice). Check {rb}'s .lb in {state.room}: {then}.",
            last.host,
        )
