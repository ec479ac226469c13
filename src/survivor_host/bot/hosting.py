"""Hosting beside the room bot: hosted through its queue, ended with `.win`, points by `.addbot`.

The flow (docs/ROOM.md): an auth types the room bot's `.host OURBOT`; the room bot walls
`SURVGAME: OURBOT is hosting`; our `$host THEME` (typed before or after: one typed before waits, for a
while, in `host_request.py`) opens the signups; at the
end our bot says `.win WINNER` (the room bot takes it from its current host), writes a modnote, and
PMs the game's host the `.addbot` line with a button that sends it to the room. Should the room bot not
answer the `.win` (its WINNER wall or a new host) in time, the auth who hosted us are asked to free the
slot with `.dehost`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.ending import EndLine
from survivor_host.bot.handback import HandBack, HandedBack, from_stored, stored
from survivor_host.bot.host_choice import host_choice
from survivor_host.bot.host_request import HostRequest, HostRequests
from survivor_host.bot.ports import FloodRule
from survivor_host.bot.room_auth import Button, Owed, RoomAuth
from survivor_host.bot.room_bot_lines import addbot_line, finishing_order, safe_name
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.themes import THEMES

FORCED_END = "The game was forcibly ended."
"""The room bot's `.dehost` line: the room's game is over, ours too."""
log = logging.getLogger(__name__)


@dataclass
class Hosting:
    """One room's part in the room bot's hosting: the gate before signups, and the end of a game."""

    state: RoomState
    open_signups: Callable[[str, str], None]
    """`open_signups(asker, rest)`: what `$host REST` from `asker` does once the room bot hosts us."""
    end_ours: Callable[[str], None]
    """End our signups or game because the room bot ended the hosting (its line given)."""
    flood: FloodRule | None = None
    requests: HostRequests = field(init=False)
    """A `$host` asked before the room bot hosted us: opened once it does, unless it ended first (stored)."""
    auth: RoomAuth = field(init=False)
    """The room's auth: who spoke, who hosted us, what they are owed."""
    handback: HandBack = field(init=False)
    """The wait for the room bot to answer our `.win` or `.done` (stored)."""
    close_signups: Callable[[str], None] = lambda text: None
    """Closes our open signups, saying `text` (raises sqlite3.Error, the list still open, if not stored)."""

    def __post_init__(self) -> None:
        self.auth = RoomAuth(self.state)
        self.requests = HostRequests(self.state, self._save)
        self.handback = HandBack(self.state, self._not_taken, self._save)
        follower = self.state.roombot
        follower.on_hosted = self._hosted
        follower.on_unhosted = self._unhosted
        follower.on_change = self.flood_rule_changed
        # First of the room's parts: signups yielding to another host close before their timer could start a game.
        self.state.outage.on_resume.insert(0, self._writable_again)

    def may_open(self, asker: str, rest: str) -> bool:
        """`$host REST` from `asker`: True when the signups may open now; otherwise the asker is told
        why by PM and the request waits for the room bot to host us."""
        follower = self.state.roombot
        reason = follower.may_open()
        if reason is None or follower.settings is None:
            return True
        host_choice(self.state, rest)  # a wrong theme or mod is refused now, not once we are hosted
        self.requests.ask(asker, rest)  # a newer `$host` replaces the last
        bot = self.state.out.name
        then = f"I will open the signups as soon as {follower.settings.name} hosts me."
        if to_id(bot) in {to_id(queued) for queued in follower.queue}:  # queued already: nothing to type
            ask = "I am in its queue"
        else:
            ask = "To play: " + (f"queue me with .host {bot}" if follower.other_host() else f"type .host {bot}")
        self.state.out.pm(asker, f"{reason} {ask}; {then}")
        return False

    def _hosted(self) -> None:
        if self.state.signups is not None or self.state.running() is not None:
            self._note_hosted()
            return
        lapsed = self.requests.lapsed()
        if self.pending is None:
            prefix = self.state.settings.prefix
            how = f"{prefix}host {'|'.join(THEMES)}"
            old = f" (the {prefix}host asked over {self.requests.hours():g} hours ago has expired)" if lapsed else ""
            self.state.out.say(self.state.room, f"I am hosting: room auth, open the signups with {how}{old}.")
            return
        asker, rest = self.pending.asker, self.pending.rest  # kept until the signups are stored (`hosted`)
        try:
            self.open_signups(asker, rest)
        except (IllegalAction, ValueError) as error:  # no signups: the room bot's host is free again
            self.requests.forget()
            self.state.out.pm(asker, str(error))
            self._hand_back(".done")
        except sqlite3.Error as error:  # the signups open once the database takes writes
            refusal = self.state.outage.failed(error)
            if self.state.outage.gone:
                self.requests.forget()
                self.state.out.pm(asker, str(refusal))
                self._hand_back(".done")
                return
            self.state.out.pm(
                asker,
                f"I cannot write my database yet ({self.state.outage.reason}): the signups open as soon as I can.",
            )

    def _unhosted(self, line: str) -> None:
        self._note_hosted()
        self.requests.forget()  # the hosting it waited for is over
        self.auth.forget("dehost")
        self.handback.answered()
        if line == FORCED_END:  # nobody says it again: an end the database does not take is owed
            self.state.outage.now_or_owed("the hosting's end", self._end_ours)

    def _note_hosted(self) -> None:
        """A game under way keeps whether the room bot hosts us: after a restart it ends the same way
        (`.win` only while hosted; `.subhost` to a person leaves that person's hosting alone)."""
        state = self.state
        game_id, store, hosted = state.game_id, state.store, state.roombot.we_host()
        if game_id is not None and state.running() is not None:
            state.outage.now_or_owed(f"hosted {game_id}", lambda: store.set_room_bot_hosted(game_id, hosted))

    def _end_ours(self) -> None:
        """Our signups or game end with the room bot's hosting."""
        if self.state.signups is not None or self.state.running() is not None:
            self.end_ours(FORCED_END)

    def _writable_again(self) -> None:
        """The database takes writes again: what waits is stored, and a yield or signups it did not take
        are done now."""
        self._save()
        self.yield_signups()
        if self.pending is not None and self.state.roombot.may_open() is None:
            self._hosted()

    def yield_signups(self) -> None:
        """One game at a time: signups we opened while the room bot was away close when it names
        someone else as its host (a game already under way plays on), once the database takes that."""
        follower = self.state.roombot
        other = follower.other_host()
        if other is None or self.state.signups is None or follower.settings is None:
            return
        try:
            self.close_signups(f"Signups were cancelled: {follower.settings.name} says {other} is hosting now.")
        except sqlite3.Error as error:
            self.state.outage.failed(error)  # tried again once the database takes writes
            return
        self.cancelled()

    def flood_rule_changed(self) -> None:
        if self.flood is not None:
            self.flood.set_flood_rule(self.state.room, self.state.roombot.flood_rule_applies())

    def heard_auth(self, rank: str, name: str, text: str = "") -> None:
        self.auth.heard(rank, name, text)

    @property
    def pending(self) -> HostRequest | None:
        return self.requests.pending

    # ----- the room bot's host slot handed back -----

    def _hand_back(self, line: str, host: str | None = None) -> None:
        """Say `.win NAME` or `.done`, and wait for the room bot to take it (the wait is stored first)."""
        state = self.state
        self.auth.handed_to = [name for name in (self.auth.hosted_by, host) if name]
        if state.roombot.settings is not None:  # a restart knows no auth: those seen now are kept
            to = self.auth.handed_to or list(self.auth.seen.values())
            self.handback.start(line, to, state.roombot.settings.handback_seconds)
        state.out.say(state.room, line)

    def _not_taken(self, handed: HandedBack) -> None:
        """The room bot kept us as its host after our `.win`/`.done`: the auth are asked to `.dehost`."""
        state, line = self.state, handed.line
        settings = state.roombot.settings
        if settings is None or not state.roombot.we_host():
            return
        rb, room = settings.name, state.room
        seconds = f"{settings.handback_seconds:g}"
        log.warning("%s: %s did not take %r within %s s; its host slot is still ours", room, rb, line, seconds)
        word = line.split()[0]
        self.modnote(f"HOST: {rb} did not take {state_bot(state)}'s {word}; a + frees its host with .dehost.")
        text = (
            f"[{room}] {rb} did not answer my {word} within {seconds} s and still names me its host. "
            f"Free its host slot: type .dehost in {room}."
        )
        if not self.auth.tell(Owed(text, Button("dehost", ".dehost", f"Send .dehost to {room}"))):
            # No auth in the room: the room asks, and the first auth heard gets the PM.
            state.out.say(room, f"Room auth: {rb} did not answer my {word} and still names me its host. "
                                "Free its host slot: type .dehost.")  # fmt: skip

    def tell_auth(self, text: str, host: str | None) -> None:
        """PM `text` to whoever hosted us or the game's `host`, else every auth seen and online; with
        none online, to the first auth heard."""
        self.auth.handed_to = [name for name in (self.auth.hosted_by, host) if name]
        self.auth.tell(Owed(text))

    # ----- records for the room's staff -----

    def modnote(self, text: str) -> None:
        """A modnote for the room's staff, beside the room bot's own (while it is in the room, and our
        rank may write one: `*` and up)."""
        state = self.state
        if state.roombot.room_bot_here() and state.out.can_use_html(state.room):
            state.out.send_command(state.room, "/modnote " + " ".join(text.split()))

    def hosted(self, host: str, title: str) -> None:
        """Our signups opened (stored): no `$host` waits any more."""
        self.requests.forget()
        self.modnote(f"HOST: {state_bot(self.state)} hosted {title} (signups opened by [{safe_name(host)}]).")

    # ----- what waits, stored for a restart -----

    def _save(self) -> None:
        """What waits now is stored (owed while the database takes no writes)."""
        state = self.state
        data, at = stored(self.pending, self.handback.handed), state.clock.now()
        state.outage.now_or_owed("hosting", lambda: state.store.save_hosting(state.room, data, at))

    def restore(self, data: dict[str, Any]) -> None:
        """After a restart: a `$host` still waits for the room bot to host us (unless signups or a game
        came back, or it expired), and our `.win`/`.done` for its answer, unless the room's scrollback shows it."""
        state, follower = self.state, self.state.roombot
        pending, handed = from_stored(data, state.clock.now())
        self.requests.pending = pending if state.signups is None and state.game is None else None
        self.requests.lapsed()
        if handed is not None and follower.settings is not None and not follower.took(handed.line):
            follower.host = state.out.name  # as the room bot left it, until its lines say otherwise
            self.auth.handed_to = list(handed.to)
            self.handback.resume(handed, follower.settings.handback_seconds)
        self._save()

    def read_scrollback(self) -> None:
        """Back in the room after a dropped link: the room bot's answer to our `.win`/`.done` that the
        scrollback shows (read as the restart reads it) is heard before anyone is asked to `.dehost`."""
        handed = self.handback.handed
        if handed is not None:
            self.state.roombot.hear_after(handed.line)

    def cancelled(self) -> None:
        """Our signups were cancelled: the room bot's host is free again (`.done`)."""
        if self.state.roombot.we_host():
            self._hand_back(".done")
        self.modnote(f"HOST: {state_bot(self.state)}'s signups were cancelled.")

    def end_lines(self, game: Game, host: str | None) -> list[EndLine]:
        """The room bot's last lines of a game: its host handed back, a modnote for staff, and the points
        line for the game's `host`."""
        state = self.state
        lines = []
        if state.roombot.we_host():
            lines.append(EndLine("win", f".win {safe_name(game.winner)}") if game.winner else EndLine("done", ".done"))
        winner = f"won by [{safe_name(game.winner)}]" if game.winner else "ended without a winner"
        played = game.spec.played_title(game.mods)  # the staff read the modes: a mode changes the rules (BG13)
        lines.append(EndLine("modnote", f"HOST: {state_bot(state)}'s {played} of {len(game.seats)} players {winner}."))
        if game.winner and state.roombot.configured and len(game.seats) >= state.settings.points_scale[0][0]:
            lines.append(EndLine("addbot", addbot_line(finishing_order(game))))
        return lines

    def send_end_line(self, line: EndLine, host: str | None) -> None:
        """Send one of a game's last lines as its kind is sent."""
        if line.kind in ("win", "done"):
            self._hand_back(line.text, host)
        elif line.kind == "modnote":
            self.modnote(line.text)
        elif line.kind == "addbot":
            self._send_points_line(line.text, host)
        else:
            self.state.out.say(self.state.room, line.text)

    def _send_points_line(self, line: str, host: str | None) -> None:
        state = self.state
        to = [host] if host and state.out.rank_of(state.room, to_id(host)) is not None else self.auth.online()
        assert state.roombot.settings is not None
        text = f"[{state.room}] For {state.roombot.settings.name}'s leaderboard (a + sends it): {line}"
        if not to:  # no auth in the room: the first auth heard gets it, so the game's points are not lost
            self.auth.owed.append(Owed(text))
        for name in to:
            self.auth.pm(name, Owed(text, Button("addbot", line, f"Send it to {state.room}")))


def state_bot(state: RoomState) -> str:
    return safe_name(state.out.name)
