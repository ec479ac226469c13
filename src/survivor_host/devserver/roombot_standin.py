"""The rules of a stand-in of the Survivor room's own bot (Sir Vivor), for the practice room and the tests.

Written from its public source (Swirlyder/I-m-a-sirvivor, `parser.js`, `commands/manageHosts.js`,
`commands/userHosts.js`, `commands/managePoints.js`), not copied: one host at a time and a host queue,
the `/wall` lines, `.win`, `.done`, `.dehost`, `.addbot` parsing and its points (`.lb`, `.points`), a
few host tools (`.roll`, `.theme`, `.timer`, `.pick`, `.hq`), and `/me in` for its host's player list.
Its ranks are its own (`Config.groups`: ' ' + % @ # & ~); `*` and `★` rank below `+` there, as in the
real bot. A connection (the tests' `Player`, the practice room's client) hands it each chat line and
sends what it says.
"""

from __future__ import annotations

import asyncio
import logging
import random
from abc import ABC, abstractmethod
from collections import defaultdict
from dataclasses import dataclass, field

from survivor_host.devserver.roombot_points import Award, PointsCommands, has_rank
from survivor_host.engine.ids import to_id

logger = logging.getLogger(__name__)
ROOM = "survivor"


@dataclass
class RoomBotState:
    """`Games`: the host, the queue, signups and the host's player list; the points it gave."""

    host: str | None = None
    hosts: list[tuple[str, str]] = field(default_factory=list)
    signups_open: bool = False
    player_list: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    game_count: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    awards: list[Award] = field(default_factory=list)
    can_queue: bool = True


class RoomBotRules(PointsCommands, ABC):
    """The room bot's commands on `games`; a subclass says, whispers and knows who is in the room."""

    games: RoomBotState

    @abstractmethod
    def _say(self, room: str, text: str) -> None:
        """Say `text` in `room`."""

    @abstractmethod
    def _whisper(self, userid: str, text: str) -> None:
        """PM `text` to `userid`."""

    @abstractmethod
    def _in_room(self, name: str) -> str | None:
        """`Users.get`: the user's name if they are in the room."""

    def _chat_message(self, rank: str, name: str, text: str) -> None:
        userid = to_id(name)
        games = self.games
        lowered = text[:7].lower()
        if lowered.startswith("/me in") and games.host is not None:
            if games.signups_open and userid not in {to_id(p) for p in games.player_list}:
                games.player_list.append(name)
            return
        if lowered.startswith("/me out") and games.host is not None and userid != to_id(games.host):
            games.player_list = [p for p in games.player_list if to_id(p) != userid]
            return
        if not text.startswith("."):
            return
        word, _, arg = text[1:].partition(" ")
        command = getattr(self, f"_cmd_{to_id(word)}", None)
        if command is not None:
            try:
                command(arg.strip(), rank, name)
            except Exception as error:  # the real bot logs a failing command and goes on
                self._failed(text, error)

    def _failed(self, text: str, error: Exception) -> None:
        """A command that failed: the real bot only logs it; nothing is said in the room."""
        logger.info("the room bot's stand-in did nothing with %r: %s", text, error)

    # ----------------------------------------------------------------- its commands

    def _hosting(self, host: str, theme: str = "") -> None:
        shown = f" **{theme}**" if theme else ""
        self._say(ROOM, f"/wall **SURVGAME:** {host} is hosting{shown}. Type ``/me in`` to join.")
        self._say(ROOM, f"/modnote HOST: [{host}] hosted.")
        self.games.host = host
        self.games.signups_open = True
        self.games.player_list = []

    def _cmd_host(self, arg: str, rank: str, name: str) -> None:
        if not has_rank(rank, "+"):
            return
        split = arg.split(",")
        real = self._in_room(split[0])
        if real is None:
            self._say(ROOM, "You can only host somebody currently in the room.")
            return
        if len(split) > 1:
            raise NameError("gameTypes is not defined")  # its HEAD: the theme form fails, nothing is said
        games = self.games
        if games.host is not None:
            if to_id(games.host) == to_id(real):
                self._say(ROOM, f"{real} is already hosting. Somebody probably sniped you haha~")
            elif to_id(real) in {to_id(h) for h, _ in games.hosts}:
                self._say(ROOM, f"{real} is already on the hostqueue.")
            else:
                self._say(ROOM, f"{real} was added to the hostqueue.")
                games.hosts.append((real, ""))
            return
        if games.hosts:
            first = games.hosts.pop(0)
            games.hosts.append((real, ""))
            self._say(ROOM, f"{real} was added to the hostqueue.")
            self._hosting(*first)
        else:
            self._hosting(real)

    def _cmd_nexthost(self, arg: str, rank: str, name: str) -> None:
        if not has_rank(rank, "+"):
            return
        games = self.games
        if games.host is not None:
            self._say(ROOM, "A game is currently in progress.")
            return
        if not games.hosts:
            self._say(ROOM, "The hostqueue is empty.")
            return
        while games.hosts:
            host, theme = games.hosts.pop(0)
            if self._in_room(host) is not None:
                self._hosting(host, theme)
                return
            self._say(ROOM, f"**{host}** is not online and could not be hosted.")
        self._say(ROOM, "Nobody in the hostqueue could be hosted.")

    def _cmd_dehost(self, arg: str, rank: str, name: str) -> None:
        if not has_rank(rank, "+"):
            return
        games, target = self.games, to_id(arg)
        if not target or (games.host is not None and to_id(games.host) == target):
            if games.host is not None:
                self._say(ROOM, "The game was forcibly ended.")
            games.host, games.player_list = None, []
            return
        if target in {to_id(h) for h, _ in games.hosts}:
            games.hosts = [(h, t) for h, t in games.hosts if to_id(h) != target]
            self._say(ROOM, f"{target} was removed from the hosting queue.")

    def _cmd_subhost(self, arg: str, rank: str, name: str) -> None:
        if not has_rank(rank, "+"):
            return
        if self.games.host is None:
            self._say(ROOM, "No host is currently active.")
            return
        real = self._in_room(arg)
        if real is None:
            self._say(ROOM, "You can only host somebody currently in the room.")
            return
        self.games.host = real
        self._say(ROOM, f"**{real}** has subbed in as the host.")

    def _cmd_queue(self, arg: str, rank: str, name: str) -> None:
        games = self.games
        if not games.can_queue:
            return
        if not games.hosts:
            self._say(ROOM, "There are no users in the hostqueue.")
        else:
            items = " ".join(
                f"**{i}.** {'__' if i > 1 else ''}{host}{'__' if i > 1 else ''}"
                for i, (host, _) in enumerate(games.hosts, 1)
            )
            self._say(ROOM, f"/announce **HOSTQUEUE:** {items} ")
        games.can_queue = False
        asyncio.get_running_loop().call_later(5.0, lambda: setattr(games, "can_queue", True))

    _cmd_hq = _cmd_q = _cmd_que = _cmd_hostqueue = _cmd_queue

    def _is_host(self, name: str) -> bool:
        return self.games.host is not None and to_id(self.games.host) == to_id(name)

    def _not_the_host(self, text: str) -> None:
        """`.win` or `.done` from someone who is not its host: the real bot says nothing (room auth too:
        they free a host with `.dehost`)."""
        logger.info("the room bot's stand-in took %r only from its host (%s)", text, self.games.host)

    def _cmd_win(self, arg: str, rank: str, name: str) -> None:
        if not self._is_host(name):
            self._not_the_host(f".win {arg}".strip())
            return
        self._say(ROOM, f"/wall **WINNER:** {arg}")
        self.games.host, self.games.player_list = None, []

    def _cmd_done(self, arg: str, rank: str, name: str) -> None:
        if not self._is_host(name):
            self._not_the_host(".done")
            return
        self.games.host, self.games.player_list = None, []
        self._say(ROOM, "The game is over!")

    def _cmd_game(self, arg: str, rank: str, name: str) -> None:
        if not has_rank(rank, "+"):
            return
        text = f"__{self.games.host}__ is currently hosting." if self.games.host else "No game is in progress."
        self._say(ROOM, text)

    def _tool(self, rank: str, name: str) -> bool:
        """Host tools: for + and up, and for the current host."""
        return has_rank(rank, "+") or self._is_host(name)

    def _cmd_roll(self, arg: str, rank: str, name: str) -> None:
        if self._tool(rank, name):
            sides = int(arg.split("//")[0].strip() or "100")
            self._say(ROOM, f"/addhtmlbox Roll (1 - {sides}): {random.randint(1, sides)}")

    _cmd_dice = _cmd_r = _cmd_roll

    def _cmd_timer(self, arg: str, rank: str, name: str) -> None:
        if self._tool(rank, name):
            self._say(ROOM, f"Timer set for {arg} seconds.")

    def _cmd_pick(self, arg: str, rank: str, name: str) -> None:
        if self._tool(rank, name):
            choice = random.choice(arg.split(",")).strip().replace("<", "&lt;").replace(">", "&gt;")
            self._say(ROOM, f"/addhtmlbox <em>We randomly picked:</em> {choice}")

    def _answer(self, rank: str, name: str, text: str) -> None:
        """An answer in the room for + and up and the host, else by PM to the asker."""
        if self._tool(rank, name):
            self._say(ROOM, text)
        else:
            self._whisper(to_id(name), text)

    def _cmd_theme(self, arg: str, rank: str, name: str) -> None:
        self._answer(rank, name, f"**{arg or 'Theme'}**: https://sites.google.com/view/survivor-ps/themes")
