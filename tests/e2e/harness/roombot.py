"""A stand-in of the Survivor room's own bot (Sir Vivor) for the end-to-end tests.

Written from its public source (Swirlyder/I-m-a-sirvivor, `parser.js`, `commands/manageHosts.js`,
`commands/userHosts.js`, `commands/managePoints.js`), not copied: a `Player` logged in to the local
server with the `.` prefix, one host at a time and a host queue, the `/wall` lines, `.win`, `.done`,
`.dehost`, `.addbot` parsing, a few host tools (`.roll`, `.theme`, `.timer`, `.pick`, `.hq`), `/me in`
for its host's player list, and the flood filter as `processChatData` codes it. Its ranks are its own
(`Config.groups`: ' ' + % @ # & ~); `*` and `★` rank below `+` there, as in the real bot.

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
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from survivor_host.devserver.login_policy import to_id

from .player import Line, Player, split_identity

GROUPS = {" ": 0, "+": 1, "%": 2, "@": 3, "#": 4, "&": 5, "~": 6}
"""Sir Vivor's `Config.groups`: a rank it does not list (`*`, `★`) counts below every one of them."""
FLOOD_MESSAGE_NUM = 7
FLOOD_MESSAGE_TIME = 6.0
FLOOD_PER_MSG_MIN = 0.5
ACTION_COOLDOWN = 3.0
ROOM = "survivor"


def has_rank(rank: str, wanted: str) -> bool:
    """`User.hasRank`: `Config.groups[group] >= Config.groups[tarGroup]` (undefined compares false)."""
    return rank in GROUPS and GROUPS[rank] >= GROUPS[wanted]


@dataclass
class Mute:
    """A punishment the flood filter decided: at `time` (monotonic), for `userid`."""

    time: float
    userid: str
    command: str


@dataclass
class Award:
    """One `.addbot` the stand-in accepted."""

    by: str
    players: int
    names: list[str]
    first: tuple[str, int]
    second: tuple[str, int]


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


class RoomBotStandIn(Player):
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
            with contextlib.suppress(Exception):  # the real bot logs a failing command and goes on
                command(arg.strip(), rank, name)

    # ----------------------------------------------------------------- its commands

    def _in_room(self, name: str) -> str | None:
        """`Users.get`: the user's name if they are in the room."""
        ident = self.rooms.get(ROOM, {}).get(to_id(name))
        return split_identity(ident)[1] if ident else None

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

    def _cmd_win(self, arg: str, rank: str, name: str) -> None:
        if not self._is_host(name):
            return
        self._say(ROOM, f"/wall **WINNER:** {arg}")
        self.games.host, self.games.player_list = None, []

    def _cmd_done(self, arg: str, rank: str, name: str) -> None:
        if not self._is_host(name):
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

    def _cmd_theme(self, arg: str, rank: str, name: str) -> None:
        target = ROOM if self._tool(rank, name) else None
        text = f"**{arg or 'Theme'}**: https://sites.google.com/view/survivor-ps/themes"
        if target is None:
            self._whisper(to_id(name), text)
        else:
            self._say(ROOM, text)

    def _cmd_addbot(self, arg: str, rank: str, name: str) -> None:
        """`.addbot N, WINNER, SECOND, ...`: by + and up; all N players unless an RO; 7+ players."""
        userid = to_id(name)
        if not arg:
            self._whisper(userid, f"No target found :{arg}")
            return
        if not has_rank(rank, "+"):
            return
        split = arg.split(",")
        if len(split) < 2:
            self._whisper(userid, "You must specify the number of players, followed by the winner and runner-up.")
            return
        try:
            count = int(split[0].strip())
        except ValueError:
            count = 0
        if not count:
            self._whisper(userid, f"'{split[0]}' is not a valid number of players.")
            return
        if len(split) != count + 1 and not has_rank(rank, "#"):
            self._whisper(
                userid, "You must supply all players as arguments. ROs can bypass this if it's really necessary"
            )
            return
        if len(split) < 3 and count > 6:
            self._whisper(userid, "Please also specify the runner up for games with 7+ players.")
            return
        if count < 7:
            self._whisper(userid, "Bot hosted games with at least 7 players are worth points.")
            return
        first_points, second_points = (7, 2) if count < 10 else (9, 4)
        first, second = split[1].strip(), split[2].strip()
        self.games.points[to_id(first)] += first_points
        self.games.points[to_id(second)] += second_points
        for item in split:
            self.games.game_count[to_id(item)] += 1
        names = [item.strip() for item in split[1:]]
        self.games.awards.append(Award(name, count, names, (first, first_points), (second, second_points)))
        self._whisper(userid, f"**{first_points}** have been added to **{first}** on the leaderboard.")
        self._whisper(userid, f"**{second_points}** have been added to **{second}** on the leaderboard.")

    _cmd_addpointsbot = _cmd_addbot
