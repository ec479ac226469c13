"""One room's host: chat commands become engine inputs, engine events become chat.

The engine decides every rule; this layer only translates, keeps deadlines, and writes each
accepted input to the store before announcing anything it caused. `RoomHost` is the facade the bot,
the replay harness and the tests use; each responsibility is a part of its own:

- `commands`: chat lines and PMs into commands, permissions, routing;
- `signups`: the player list before `.start`; `session`: apply, persist, announce, restore;
- `deadlines`: timers and reminders; `presence`: leaves, returns, renames, outages;
- `reach`: players the bot cannot PM; `present` and `answers`: what the room and players read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from survivor_host.bot.allowance import Allowance
from survivor_host.bot.answers import Answers
from survivor_host.bot.command_words import (
    HOST_COMMANDS,
    INFO_COMMANDS,
    SIGNUP_COMMANDS,
    SIGNUP_PM_COMMANDS,
    is_game_word,
)
from survivor_host.bot.commands import Commands
from survivor_host.bot.deadlines import Deadlines
from survivor_host.bot.ending import Ending
from survivor_host.bot.handhost.desk import HandDesk
from survivor_host.bot.hosting import Hosting
from survivor_host.bot.outage import StoreDown
from survivor_host.bot.ports import AUTH_RANKS, OWNER_RANKS, Clock, FloodRule, HostSettings, Outbox
from survivor_host.bot.presence import Presence
from survivor_host.bot.present import Announcer
from survivor_host.bot.reach import Reach
from survivor_host.bot.room_holds import RoomHolds
from survivor_host.bot.roombot import RoomBotFollower
from survivor_host.bot.session import Session
from survivor_host.bot.signups import REACH_CHECK, SignupDesk
from survivor_host.bot.state import RoomState, Signups
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.store.db import Store, StoredGame
from survivor_host.words.lines import MAX_LINE, pack_rolls

__all__ = [
    "AUTH_RANKS", "HOST_COMMANDS", "INFO_COMMANDS", "MAX_LINE", "OWNER_RANKS", "REACH_CHECK",
    "SIGNUP_COMMANDS", "SIGNUP_PM_COMMANDS", "RoomHost", "Signups", "pack_rolls",
]  # fmt: skip


class RoomHost(RoomHolds):
    """Runs signups and at most one game in one room, by handing each event to the part it concerns."""

    def __init__(
        self,
        room: str,
        out: Outbox,
        clock: Clock,
        store: Store,
        settings: HostSettings,
        new_seed: Callable[[], str],
        flood: FloodRule | None = None,
        unknown_answered: dict[str, float] | None = None,
        last_heard: Callable[[], float | None] | None = None,
        allowance: Allowance | None = None,
    ) -> None:
        self.state = RoomState(room, out, clock, store, settings, new_seed)
        self.present = Announcer(self.state)
        self.answers = Answers(self.state, self.present)
        self.deadlines = Deadlines(
            self.state, before_timeout=self._before_timeout, timeout=self._timeout, server_answers=self._server_answers,
            reprompt=self.present.refresh_prompts, last_heard=last_heard or (lambda: None),
        )  # fmt: skip
        self.hosting = Hosting(self.state, self._open_signups, self._end_ours, flood)
        ending = Ending(self.state, self.hosting.send_end_line, self.hosting.tell_auth)
        self.session = Session(self.state, self.present, self.deadlines, ending, self.hosting.end_lines)
        self.desk = SignupDesk(self.state)
        self.presence = Presence(self.state, self.session, self.present, self.deadlines, self.desk)
        self.reach = Reach(self.state, self.session, self.present, self.desk)
        self.hand = HandDesk(self.state)
        self.state.roombot.on_change = self._room_bot_changed
        self.commands = Commands(
            self.state, self.desk, self.session, self.present, self.answers, self.presence, self.reach, self.hosting,
            {} if unknown_answered is None else unknown_answered, self.hand, allowance or Allowance(),
        )  # fmt: skip
        self.desk.autostart = self._autostart
        self.desk.cancelled = self.hosting.cancelled
        self.hosting.close_signups = self.desk.close
        self.hosting.flood_rule_changed()
        self.away = False
        """The bot is out of the room (disconnected, locked, not joined): play waits for it."""
        self.state.outage.on_pause.append(self.presence.pause)
        self.state.outage.on_resume.append(self._writable_again)

    @property
    def roombot(self) -> RoomBotFollower:
        """The room bot's host and queue as this room hears them (`flood_rule_applies()` and more)."""
        return self.state.roombot

    def _autostart(self) -> None:
        """The signups timer ran out with enough players, or the list is full: the game begins (a
        refusal goes to whoever opened the signups)."""
        signups = self.state.signups
        self.guarded((signups.host if signups else None) or self.out.name, self.commands.begin_game)

    def _open_signups(self, asker: str, rest: str) -> None:
        self.commands.open_signups(asker, rest)

    def _end_ours(self, line: str) -> None:
        """The room bot ended the hosting: our signups or game end too."""
        name = self.state.roombot.settings.name if self.state.roombot.settings else "The room bot"
        if self.state.signups is not None:
            self.desk.close(f"Signups were cancelled: {name} ended the hosting.")
        elif self.state.running() is not None:
            self.session.apply(Input("end"), reply_to=None)

    def _room_bot_changed(self) -> None:
        """The room bot's host changed: the flood rule, our signups, and the hand-hosted session of a
        person it hosts."""
        self.hosting.flood_rule_changed()
        self.hosting.yield_signups()
        self.hand.room_host_changed()

    def _before_timeout(self) -> None:
        self.reach.defaults()

    def _timeout(self) -> None:
        with contextlib.suppress(StoreDown):  # not stored: play is paused until the database takes writes
            self.session.apply(Input("timeout"), reply_to=None)

    # ----- incoming: chat, PMs, room presence, the connection -----

    def handle_chat(self, rank: str, name: str, text: str) -> None:
        """A line said in the room by `name` (with room rank `rank`)."""
        self.commands.handle_chat(rank, name, text)

    def handle_pm(self, name: str, text: str) -> None:
        """A PM routed to this room's game (or signups)."""
        self.commands.handle_pm(name, text)

    def command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        """Run one command word; refusals go privately to `name`."""
        self.commands.command(rank, name, word, rest, in_room)

    def guarded(self, name: str, run: Callable[[], None]) -> None:
        """Run a command for `name`; a refusal goes to them by PM, and so does a word about a bug."""
        self.commands.guarded(name, run)

    def handle_leave(self, userid: str) -> None:
        self.presence.handle_leave(userid)
        self.hand.left(userid)
        if self.state.roombot.is_room_bot(userid):  # its flood filter left with it
            self.state.roombot.heard_here = False
            self.hosting.flood_rule_changed()

    def handle_join(self, name: str) -> None:
        self.presence.handle_join(name)
        self.hand.back(name)
        if self.state.roombot.is_room_bot(to_id(name)):  # its flood filter counts from now on
            self.state.roombot.heard_here = True
            self.hosting.flood_rule_changed()

    def room_joined(self) -> None:
        """The bot is in the room (again), with its user list: whether the room bot is there is known, and
        whether a session's host came back while the bot was away."""
        self.state.roombot.rejoined()
        self.hosting.flood_rule_changed()
        self.hand.rejoined()

    def handle_rename(self, new_name: str, old_id: str) -> None:
        """A rename keeps the seat (G5): the seat follows the user id."""
        self.presence.handle_rename(new_name, old_id)
        self.hand.renamed(new_name, old_id)

    def watch_absent(self) -> None:
        """Players not in the room get the leave grace (G5), as if they had just left."""
        self.presence.watch_absent()

    def pause(self, since: float | None = None, silent: bool = False) -> None:
        """The bot lost its connection: deadlines and leave graces stop, with the time they had at `since`
        (when the link went down, or for a stall when the server was last heard); `silent`: the server
        had stopped answering (the room is told)."""
        self.away = True
        self.presence.pause(since, silent)

    def resume(self, quiet: bool = False) -> None:
        """Connected again: deadlines go on and prompts are sent again (once per wait if `quiet`), unless
        the database takes no writes (play then waits for it)."""
        self.away = False
        if not self.state.outage.down:
            self.presence.resume(quiet)

    def _writable_again(self) -> None:
        """The database takes writes again: play goes on, unless the bot is away."""
        if not self.away:
            self.presence.resume(quiet=True)

    def _server_answers(self) -> None:
        """The server answers after a stall: play goes on (the room is told), unless the bot is out of the
        room or the database takes no writes; then it does once they are back."""
        if not self.away and not self.state.outage.down:
            self.deadlines.resume()

    def tick(self) -> None:
        """Called every few seconds: keeps the stored heartbeat fresh for restores."""
        self.deadlines.tick()

    def unreachable(self, userid: str, refusal: str) -> None:
        """The server refused a PM to `userid` (unregistered, blocking PMs, locked) with `refusal`."""
        self.reach.unreachable(userid, refusal)

    def reachable(self, userid: str) -> None:
        """A PM of the bot's reached `userid`: tell them what they missed."""
        self.reach.reachable(userid, delivered=True)

    # ----- questions the bot asks before routing a PM -----

    def plays(self, userid: str) -> bool:
        """True when `userid` holds a seat in this room's running game."""
        return self.commands.plays(userid)

    def can_take(self, userid: str, word: str) -> bool:
        """True when this room's game would take `word` from `userid` now."""
        return self.commands.can_take(userid, word)

    def owed_text(self, userid: str) -> str:
        """What this room's game awaits from `userid`, in words."""
        return self.commands.owed_text(userid)

    def unknown(self, word: str) -> str:
        """The answer to a command word the bot does not know."""
        return self.commands.unknown(word)

    def answer_unknown(self, name: str, word: str) -> None:
        """An unknown command by PM: one short help line, at most once a minute per user."""
        self.commands.answer_unknown(name, word)

    @staticmethod
    def is_game_word(word: str) -> bool:
        """True when `word` is a player action of some theme."""
        return is_game_word(word)

    # ----- the game -----

    def apply(self, inp: Input, reply_to: str | None) -> bool:
        """Feed one input to the game; store it, then announce what it caused."""
        return self.session.apply(inp, reply_to)

    def restore_signups(self, data: dict[str, Any]) -> None:
        self.desk.restore(data)

    def restore_game(self, stored: StoredGame) -> None:
        """Rebuild a game by replay; announce only the step that was in flight, then carry on."""
        if stored.posted < 0 and not stored.closed:  # its start went unsaid: the box may still show its buttons
            self.desk.box.show_closed(stored.theme, stored.mods, stored.players)
        self.session.restore(stored)
        self.presence.watch_absent()
