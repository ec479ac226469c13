"""The bot: Showdown messages to room hosts, and room hosts' words back out through the client."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from survivor_host.bot import replays
from survivor_host.bot.allowance import Allowance
from survivor_host.bot.clock import LoopClock
from survivor_host.bot.command_words import is_command_word
from survivor_host.bot.config import BotConfig
from survivor_host.bot.fairness import new_server_seed
from survivor_host.bot.handhost.words import HAND_COMMANDS, HAND_START
from survivor_host.bot.pm_rooms import not_playing, one_of, replay_rooms, room_first, room_hint, room_prefix
from survivor_host.bot.ports import HostSettings, Outbox
from survivor_host.bot.restore import restore_rooms
from survivor_host.bot.room import HOST_COMMANDS, INFO_COMMANDS, SIGNUP_PM_COMMANDS, RoomHost
from survivor_host.bot.roombot import RoomBotSettings
from survivor_host.engine.ids import to_id
from survivor_host.showdown.events import Connected, Disconnected, Refused, RoomBack, RoomLost
from survivor_host.showdown.messages import Chat, Join, Leave, Message, PrivateMessage, Rename
from survivor_host.showdown.protocol import command_in_pm, page_event
from survivor_host.showdown.standing import Locked, Unlocked
from survivor_host.store.db import Store

logger = logging.getLogger(__name__)

TICK_SECONDS = 5.0
SHORT_OUTAGE = 30.0
"""A reconnect within this many seconds resumes quietly: no "back" line, no prompts sent again (the
prompts queued meanwhile go out as they are)."""


class Bot:
    """Routes every message to the room it belongs to; PMs go to the game the sender plays in."""

    def __init__(self, config: BotConfig, out: Outbox, store: Store, clock: LoopClock | None = None) -> None:
        self.config = config
        self.out = out
        self.store = store
        self.clock = clock or LoopClock()
        fixed = config.fixed_seed

        def new_seed() -> str:
            return fixed if fixed is not None else new_server_seed()

        answered: dict[str, float] = {}
        """When each user last got the answer to an unknown PM command (shared: once a minute in all)."""
        self.allowance = Allowance()
        """Each user's costly commands in every room, by PM or in chat, and replay pages asked for by link
        (`|requestpage|`): one allowance a user, however many of the bot's rooms they are in."""
        heard, allowance = self.last_heard, self.allowance
        self.rooms = {
            room: RoomHost(
                room, out, self.clock, store, self.settings_for(room), new_seed, self, answered, heard, allowance
            )
            for room in config.rooms
        }
        self.restored = False
        self._ticker: asyncio.Task[None] | None = None
        self._down_since: float | None = None
        self._heard_at: float | None = None

    def last_heard(self) -> float | None:
        """When the bot last got anything from the server, a pong to the link's keepalive ping included
        (None: not yet)."""
        return self._heard_at

    def settings_for(self, room: str) -> HostSettings:
        """The room's settings: the room bot heeded there, and whether our own points table is kept."""
        config = self.config
        room_bot = None
        if room in config.room_bot_rooms:
            room_bot = RoomBotSettings(
                config.room_bot,
                whitelisted=config.room_bot_whitelisted,
                handback_seconds=config.room_bot_handback_seconds,
                host_request_hours=config.room_bot_host_request_hours,
            )
        mirror = config.points_mirror if config.points_mirror is not None else room_bot is None
        return HostSettings(
            prefix=config.prefix, owners=config.owners, defaults=config.defaults, rules_links=config.rules_links,
            room_bot=room_bot, signups_seconds=config.signups_minutes * 60, points_scale=config.points_scale,
            mirror_points=mirror, hand_follow=config.hand_follow, hand_grace=config.hand_grace_minutes * 60,
            rooms=config.rooms, early_seconds=config.early_seconds,
        )  # fmt: skip

    def set_flood_rule(self, room: str, applies: bool) -> None:
        """The room bot's flood filter starts (or stops) counting our chat lines in `room`: the send
        queue keeps them under it."""
        self.out.keep_under_flood_rule(room, applies)

    async def handle(self, message: Message) -> None:
        try:
            self._handle(message)
        except Exception:
            logger.exception("failed to handle %r", message.line)

    def _handle(self, message: Message) -> None:
        room = self.rooms.get(message.room)
        me = to_id(self.config.username)
        if not isinstance(message, Disconnected):
            self._heard_at = self.clock.now()
        if isinstance(message, Connected):
            self._connected(message.reconnect, message.rooms, message.restricted)
        elif isinstance(message, Locked):
            self._each(self.rooms.values(), "pause", lambda host: host.pause())  # the client logged why and the fix
        elif isinstance(message, Unlocked) and self._down_since is None:
            self._each(self.rooms.values(), "resume", lambda host: host.resume())
        elif isinstance(message, Disconnected):
            logger.warning("disconnected: %s", message.reason)
            if self._down_since is None:
                self._down_since = self.clock.now()
            # A dropped link stops the deadlines when it went down. A stall (the ping went unanswered)
            # stops them when the server was last heard, a pong included: its silence before the link
            # timed out is time away too.
            since, silent = self._down_since, message.stalled
            if silent and self._heard_at is not None:
                since = min(self._heard_at, since)
            self._each(self.rooms.values(), "pause", lambda host: host.pause(since, silent))
        elif isinstance(message, RoomLost) and room is not None:
            logger.error("lost room %s (%s): its game is paused until the bot is back in", message.room, message.reason)
            room.pause()
        elif isinstance(message, RoomBack) and room is not None:
            room.resume()
            room.room_joined()
        elif isinstance(message, Chat):
            if room is not None and not message.history and message.user.userid != me:
                room.handle_chat(message.user.rank, message.user.name, message.text)
            elif room is not None and message.history:  # what was said while it was down or away
                room.roombot.heard_before(message.user.userid, message.text)
        elif isinstance(message, PrivateMessage):
            if message.sender.is_server or not message.sender.userid or message.history:
                return  # the server's own notices are never answered
            if message.sender.userid != me:
                self._from_user(message.sender.name, message.text)
            elif not message.text.startswith("/error "):
                for host in self.rooms.values():
                    host.reachable(message.receiver.userid)
        elif isinstance(message, Refused):
            if message.unreachable:
                for host in self.rooms.values():
                    host.unreachable(message.user, message.text)
        elif isinstance(message, Join) and room is not None:
            room.handle_join(message.user.name)
        elif isinstance(message, Leave) and room is not None:
            room.handle_leave(message.user.userid)
        elif isinstance(message, Rename) and room is not None:
            room.handle_rename(message.user.name, message.old_id)

    def _connected(self, reconnect: bool, joined: tuple[str, ...] = (), restricted: str | None = None) -> None:
        logger.info("ready: logged in, rooms %s (reconnect=%s)", ", ".join(self.rooms), reconnect)
        hosts = list(self.rooms.values())
        back = [host for host in hosts if host.room in joined]  # a room not joined stays paused until RoomBack
        if self.restored:  # a dropped link: the scrollback may hold the room bot's answer to our `.win`
            self._each(back, "read the scrollback of", lambda host: host.hosting.read_scrollback())
        if not self.restored:
            self.restored = True
            self.restore()
            away = [host for host in hosts if host.room not in joined or restricted]
            self._each(away, "pause", lambda host: host.pause())  # not joined (wait for RoomBack), or locked
        elif restricted:
            self._each(hosts, "pause", lambda host: host.pause())  # locked: the games wait, kept, until it may talk
        elif reconnect:
            down = self.clock.now() - self._down_since if self._down_since is not None else 0.0
            self._each(back, "resume", lambda host: host.resume(quiet=down < SHORT_OUTAGE))
        self._each(back, "rejoin", lambda host: host.room_joined())
        self._down_since = None
        if self._ticker is None:
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    @staticmethod
    def _each(hosts: Iterable[RoomHost], what: str, run: Callable[[RoomHost], None]) -> None:
        """Run `run` for every room: one room's error is logged and the other rooms go on."""
        for host in hosts:
            try:
                run(host)
            except Exception:
                logger.exception("could not %s room %s", what, host.room)

    def restore(self) -> None:
        """Bring back unfinished games and open signups from the database (`restore.restore_rooms`)."""
        restore_rooms(self.rooms, self.store, self.clock)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            for host in self.rooms.values():
                host.tick()

    def _from_user(self, name: str, text: str) -> None:
        """A user's PM: a page request is answered with the page, the server's other messages (a page
        closed, `/invite`, `/challenge`) are not answered, a quiet button's `/botmsg` is its command."""
        page = page_event(text)
        if page is not None:
            rooms = list(self.rooms)
            allowed = page.kind == "requestpage" and self.allowance.allow(to_id(name), self.clock.now())
            sent = allowed and replays.resend_page(page.page, name, rooms, self.out, self.store)
            logger.debug("%s %s page %r (%s)", name, page.kind, page.page, "sent again" if sent else "no answer")
            return
        command = command_in_pm(text)
        if command is None:
            logger.debug("not answered (a protocol message): %s", text[:80])
            return
        self._route_pm(name, command)

    def _route_pm(self, name: str, text: str) -> None:
        """Every PM gets an answer, from the room it is about.

        A PM may start with a room id (`survivortwo WORD`, also `survivortwo: WORD`): it goes there.
        Otherwise a game action goes to the one game that can take it from the sender now; when two
        could, or none can while the sender plays in two, the bot names the rooms and how to say which.
        A host's tool goes to the room where the sender hosts a session, else where they are room auth
        with a session; when that could be several rooms, the bot names them and how to say which.
        `replay` goes to the room that holds the record asked for; with no number, and `lastgame`, `games`, to
        the room where the sender plays or last played (`pm_rooms.sender_rooms`). `help` is answered in one
        PM; `pl`, `rules`, `lb`, `points` by the rooms the sender plays in (else by every room with a game or
        signups, else by the first room); signups by the room whose signups are open. An unknown word gets
        one short help line, at most once a minute per user.
        """
        for room in self.rooms.values():  # a PM shows its sender online: what a session held for them is sent
            room.hand.send_held_cards(name)
        body = text.strip()
        host, body = room_prefix(self.rooms, body)
        if host is not None:
            host.handle_pm(name, body)
            return
        word = body.removeprefix(self.config.prefix).split(" ", 1)[0].lower()
        userid = to_id(name)
        rooms = list(self.rooms.values())
        playing = [h for h in rooms if h.plays(userid)]
        hand = [h for h in rooms if h.commands.for_hand(word) and h.hand.takes_pm_from(name, word)]
        if word in HAND_COMMANDS and hand:
            # The host's tools, sent by PM: to the room where the sender hosts, else where they are
            # room auth (their rank is looked up), else where a session runs (it says who may use them).
            best = max(h.hand.claim(name) for h in hand)
            one_of(self.out, name, body, [h for h in hand if h.hand.claim(name) == best], "")
        elif word == "help":  # one PM, naming the rooms
            rooms[0].handle_pm(name, body)
        elif word in replays.REPLAY_COMMANDS and len(rooms) > 1:
            rest = body.removeprefix(self.config.prefix).partition(" ")[2]
            holders = replay_rooms(self.rooms, userid, word, rest)
            one_of(self.out, name, body, holders, replays.nowhere(rest if word == "replay" else "", list(self.rooms)))
        elif word in INFO_COMMANDS:
            busy = [h for h in rooms if h.signups is not None or (h.game is not None and not h.game.finished)]
            for h in playing or busy or rooms[:1]:
                h.handle_pm(name, body)
        elif word in SIGNUP_PM_COMMANDS:
            open_rooms = [h for h in rooms if h.signups is not None or h.hand.signups_open()]
            one_of(self.out, name, body, open_rooms, f"No signups are open in {', '.join(self.rooms)}.")
        elif word in HOST_COMMANDS or word in ("resetpoints", HAND_START):  # the room says who may
            one_of(self.out, name, body, rooms if len(rooms) == 1 else [], room_hint(self.rooms))
        elif not is_command_word(word):
            rooms[0].answer_unknown(name, word or body)
        elif not playing:
            with self.out.lane("error", name):  # a refusal: after the game's lines
                self.out.pm(name, not_playing(rooms, userid))
        else:
            able = [h for h in playing if h.can_take(userid, word)]
            if len(able) == 1 or len(playing) == 1:
                (able or playing)[0].handle_pm(name, body)
                return
            where = "; ".join(f"{h.room}: {h.owed_text(userid)}" for h in playing)
            several = f"You play in {len(playing)} rooms and more than one can take that ({where}). Say which: "
            none = f"None of your games can take that now ({where}). To send it to one anyway, "
            lead = (several if able else none) + "put its room first"
            with self.out.lane("error", name):  # after the game's lines: a player may send this in a flood
                self.out.pm(name, room_first(lead, (able or playing)[0].room, body))
