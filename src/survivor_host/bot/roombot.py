"""The room's own bot (Sir Vivor in Survivor): its host, its queue and its game's end, read from its lines.

The room bot keeps one host at a time (`.host USER` by an auth, then `/wall **SURVGAME:** USER is
hosting...`), a host queue, and ends a game with `.win NAME` (`/wall **WINNER:** NAME`), `.done` or
`.dehost`. Our bot follows that state so that it never opens a second game beside a human host, is
hosted through the queue like a person, and knows when the room bot's flood rule applies to it.
Only lines said by the room bot's own account are read; names in them stay data.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from survivor_host.engine.ids import to_id


@dataclass(frozen=True)
class RoomBotSettings:
    """The `[room_bot]` config: the room bot's name and whether it whitelisted our bot."""

    name: str = "Sir Vivor"
    whitelisted: bool = False
    """True when the room's staff put our bot on the room bot's flood whitelist (`Config.whitelist`)."""
    handback_seconds: float = 15.0
    """How long our `.win`/`.done` may go unanswered before the room's auth are asked to `.dehost`."""
    host_request_hours: float = 6.0
    """How long a `$host` asked before the room bot hosts us may wait: older, it opens no signups."""

    @property
    def userid(self) -> str:
        return to_id(self.name)


# The room bot's lines, as its source writes them (commands/manageHosts.js, commands/userHosts.js).
# `/wall` reaches the room as `/announce ...`. A name is any text the server allowed as a name.
_HOSTING = re.compile(r"^\*\*SURVGAME:\*\* (?P<name>.+) is hosting(?: \*\*(?P<theme>.*)\*\*)?\. Type ")
_WINNER = re.compile(r"^\*\*WINNER:\*\* (?P<name>.*)$")
_QUEUED = re.compile(r"^(?P<name>.+) was added to the hostqueue(?: for .*)?\.$")
_UNQUEUED = re.compile(r"^(?P<name>.+) was removed from the hosting queue\.$")
_OFFLINE = re.compile(r"^\*\*(?P<name>.+)\*\* is not online and could not be hosted\.$")
_SUBBED = re.compile(r"^\*\*(?P<name>.+)\*\* has (?:subbed in as|been set as) the host\.$")
_HOSTING_NOW = re.compile(r"^__(?P<name>.+)__ is currently hosting\.?$")
# Its answer to `.host` of its current host: how a restarted bot, told nothing, learns that it hosts.
_ALREADY = re.compile(r"^(?P<name>.+) is already hosting\. Somebody probably sniped you haha~$")
_QUEUE_LIST = re.compile(r"^\*\*HOSTQUEUE:\*\* (?P<list>.*)$")
_QUEUE_ITEM = re.compile(r"\*\*\d+\.\*\* (?:__)?(?P<name>[^_*]+?)(?:__)?(?:, [^*]*)? ?(?=\*\*\d+\.\*\*|$)")
_ENDED = ("The game was forcibly ended.", "The game is over!", "No game is in progress.")
_NO_QUEUE = (
    "There are no users in the hostqueue.",
    "The hostqueue is empty.",
    "Nobody in the hostqueue could be hosted.",
)


@dataclass
class RoomBotFollower:
    """One room's view of the room bot: who it says hosts, its queue, and what that means for us."""

    room: str
    settings: RoomBotSettings | None
    """None: the room has no room bot to heed (our bot hosts on its own)."""
    me: Callable[[], str]
    """Our bot's user id (the login decides it, so it is asked when needed)."""
    present: Callable[[str], bool] = lambda userid: True
    """Whether a user is in the room now (the room bot may be offline)."""
    host: str | None = None
    """The name the room bot last named as its host (None: nobody hosts)."""
    queue: list[str] = field(default_factory=list)
    on_hosted: Callable[[], None] = lambda: None
    """Called when the room bot makes our bot its host."""
    on_unhosted: Callable[[str], None] = lambda line: None
    """Called with the room bot's line when it ends the game while our bot was its host."""
    on_change: Callable[[], None] = lambda: None
    """Called after every change of host (the flood rule may now apply or not)."""
    heard_here: bool | None = None
    """Whether the room bot's last join or leave put it in the room (None: ask `present`)."""
    earlier: list[tuple[str, str]] = field(default_factory=list)
    """The room bot's lines and ours (user id, text) in the room's scrollback, read before a restore."""

    @property
    def configured(self) -> bool:
        return self.settings is not None

    def is_room_bot(self, userid: str) -> bool:
        return self.settings is not None and userid == self.settings.userid

    def room_bot_here(self) -> bool:
        """The room bot is configured and in the room: hosting goes through it."""
        if self.settings is None:
            return False
        return self.heard_here if self.heard_here is not None else self.present(self.settings.userid)

    def we_host(self) -> bool:
        """The room bot names our bot as its host."""
        return self.host is not None and to_id(self.host) == self.me()

    def other_host(self) -> str | None:
        """Someone else (a person) the room bot names as its host, if any."""
        return self.host if self.host is not None and not self.we_host() else None

    def flood_rule_applies(self) -> bool:
        """True when the room bot's flood filter counts our chat lines: it is in the room, and our bot
        is neither its current host nor on its whitelist (parser.js `processChatData`)."""
        settings = self.settings
        return settings is not None and self.room_bot_here() and not settings.whitelisted and not self.we_host()

    def may_open(self) -> str | None:
        """Why our bot must not open signups now (None: it may)."""
        if self.settings is None or not self.room_bot_here():
            return None
        other = self.other_host()
        if other is not None:
            return f"{self.settings.name} says {other} is hosting now: one game at a time."
        if not self.we_host():
            return f"{self.settings.name} keeps the room's host."
        return None

    def hears(self, text: str) -> None:
        """A chat line said by the room bot: its host and queue are noted."""
        was_ours = self.we_host()
        before = self.host
        line = text.strip()
        line = line.removeprefix("/announce ").removeprefix("/wall ").strip()
        if (match := _HOSTING.match(line)) is not None:
            self.host = match["name"].strip()
            self._unqueue(self.host)
        elif _WINNER.match(line) is not None or line in _ENDED:
            self.host = None
        elif (match := _SUBBED.match(line) or _HOSTING_NOW.match(line) or _ALREADY.match(line)) is not None:
            self.host = match["name"].strip()
        elif (match := _QUEUED.match(line)) is not None:
            name = match["name"].strip()
            if to_id(name) not in {to_id(queued) for queued in self.queue}:
                self.queue.append(name)
        elif (match := _UNQUEUED.match(line) or _OFFLINE.match(line)) is not None:
            self._unqueue(match["name"])
        elif line in _NO_QUEUE:
            self.queue.clear()
        elif (match := _QUEUE_LIST.match(line)) is not None:
            self.queue = [item["name"].strip() for item in _QUEUE_ITEM.finditer(match["list"])]
        if self.host == before:
            return
        if was_ours and not self.we_host():
            self.on_unhosted(line)
        elif self.we_host() and not was_ours:
            self.on_hosted()
        self.on_change()

    def rejoined(self) -> None:
        """The bot is in the room (again): whether the room bot is here is asked anew, and the scrollback
        read for the restore or reconnect is done with (the next join's replaces it)."""
        self.heard_here = None
        self.earlier.clear()

    def heard_before(self, userid: str, text: str) -> None:
        """A line of the room's scrollback: the room bot's and ours are kept for `took`."""
        if self.is_room_bot(userid) or userid == self.me():
            self.earlier.append((userid, text))

    def took(self, line: str) -> bool:
        """Whether the scrollback shows the room bot taking our `line` (`.win NAME`, `.done`): after our
        last such line, one of its own names another host or none."""
        after = self.lines_after(line)
        if after is None:
            return False
        probe = RoomBotFollower(self.room, self.settings, self.me, host=self.me())
        for text in after:
            probe.hears(text)
        return not probe.we_host()

    def lines_after(self, line: str) -> list[str] | None:
        """The room bot's lines in the scrollback after our last `line` (None: the scrollback lacks it)."""
        after: list[str] | None = None
        for userid, text in self.earlier:
            if userid == self.me() and text.strip() == line:
                after = []
            elif after is not None and self.is_room_bot(userid):
                after.append(text)
        return after

    def hear_after(self, line: str) -> None:
        """Back in the room after a dropped link: the room bot's lines the scrollback shows after our `line`
        are heard now, as if said while we listened."""
        for text in self.lines_after(line) or []:
            self.hears(text)

    def _unqueue(self, name: str) -> None:
        self.queue = [queued for queued in self.queue if to_id(queued) != to_id(name)]
