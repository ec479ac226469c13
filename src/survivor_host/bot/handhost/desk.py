"""The bot's side of a hand-hosted session: what the room and the players read, timers, signups, the
grace when the host is away, and the store (who may use the host's tools: `access.py`; the tools:
`tools.py`).

The session starts when the room bot names a host (`host_started`) or room auth types `handhost`;
it ends at the room bot's `.win`/`.dehost` (`host_ended`), at `done`, or when the host stays away
longer than the grace. Every refusal goes to its sender by PM (the room sees nothing).
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.handhost.access import HandAccess
from survivor_host.bot.handhost.session import HandSession
from survivor_host.bot.handhost.timers import HandTimers, duration
from survivor_host.bot.handhost.tools import HandTools
from survivor_host.bot.handhost.words import HAND_START
from survivor_host.bot.outage import StoreDown
from survivor_host.bot.ports import AUTH_RANKS, Cancellable
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.trust.session import card_line, plain_name, written_name

logger = logging.getLogger(__name__)


@dataclass
class HandDesk(HandAccess, HandTools):
    """At most one hand-hosted session in one room."""

    state: RoomState
    session: HandSession | None = None
    timers: HandTimers = field(init=False)
    _away: Cancellable | None = None

    def __post_init__(self) -> None:
        self.timers = HandTimers(self.state)

    def active(self) -> bool:
        return self.session is not None

    def attribute_lines(self) -> None:
        """While a session runs, the room's lines never share an HTML box: a reader's copy of the chat
        must show each draw's line with its author for `verify --chat` to read it."""
        self.state.out.keep_lines_attributed(self.state.room, self.session is not None)

    def signups_open(self) -> bool:
        return self.session is not None and self.session.open_for_signups

    # ----- start and end -----

    def room_host_changed(self) -> None:
        """The room bot's host changed: a person it names as host gets a session; when its hosting
        ends (`.win`, `.done`, `.dehost`), so does the session it opened."""
        if self.state.settings.hand_follow:  # nobody says the room bot's line again: owed until stored
            self.state.outage.now_or_owed("the room bot's host", self._follow)

    def _follow(self) -> None:
        follower = self.state.roombot
        person = follower.other_host()
        bot = follower.settings.name if follower.settings else "The room bot"
        if person is not None and not plain_name(person):
            logger.warning("no session for %r in %s: not a plain-text name", person, self.state.room)
            person = None
        if person is not None:
            self.host_started(person)
        elif self.session is not None and self.session.followed:
            self.host_ended(f"{written_name(bot)} ended {self.session.host}'s hosting")

    def host_started(self, host: str) -> None:
        """The room bot names `host` as the current host: a session opens for them."""
        if self.session is None or not self.session.is_host(host):
            if self.session is not None:
                self.end(f"the room's host is now {host}")
            self.start(host)
        assert self.session is not None
        self.session.followed = True
        self.save_softly()

    def host_ended(self, why: str) -> None:
        """The room bot's host is done: the session ends (once its record is stored)."""
        if self.session is not None:
            self.end_now_or_later(why)

    def end_now_or_later(self, why: str) -> None:
        """An end nobody can be asked to repeat: while the database takes no writes, it waits for them."""
        session = self.session
        try:
            self.end(why)
        except StoreDown:

            def later() -> None:
                if self.session is session and session is not None:
                    self._close(session, why)

            self.state.outage.held.append(later)

    def start(self, host: str) -> None:
        state = self.state
        if self.session is not None:
            raise IllegalAction(f"{self.session.host} is hosting already: {self.prefix}done ends that session first.")
        now = state.clock.now()
        session = HandSession(state.room, host, state.new_seed(), now)
        state.outage.check()
        try:
            with state.store.transaction():
                session.id = state.store.begin_session(state.room, host, now)
                state.store.save_session(session.id, session.stored())
        except sqlite3.Error as error:
            raise state.outage.failed(error) from None
        self.session = session
        self.attribute_lines()
        p = self.prefix
        state.out.say(
            state.room,
            f"Fair dice session h{session.id} in {state.room} (host {host}): "
            f"commitment sha256 {session.record()['commitment']}. "
            f"Join with /me in; players may add their own luck with {p}salt WORD. {host} closes signups with "
            f"{p}close, then draws with {p}roll, {p}pick, {p}shuffle, {p}card (every draw numbered, the seed "
            f"revealed at the end); {p}timer SECONDS; {p}list for the player list.",
        )

    def end(self, why: str) -> None:
        """Store the record, then reveal the seed (and the cards dealt); StoreDown if it cannot be stored."""
        session = self.session
        if session is None:
            raise IllegalAction("No session is running here.")
        self.state.outage.check()
        try:
            self._close(session, why)
        except sqlite3.Error as error:
            raise self.state.outage.failed(error) from None

    def _close(self, session: HandSession, why: str) -> None:
        """The end: raises sqlite3.Error, with the session still running, if the record cannot be stored."""
        state = self.state
        session.end(why, state.clock.now())
        try:
            state.store.end_session(session.id, session.record(), state.clock.now())
        except sqlite3.Error:
            session.ended = session.ended_at = None
            raise
        self.timers.stop_all()
        self._end_grace()
        cards = [card_line(draw) for draw in session.draws if draw["kind"] == "card"]
        if cards:
            state.out.say(state.room, f"Session h{session.id} cards: " + ", ".join(cards))
        state.out.say(
            state.room,
            f"Session h{session.id} seed: {session.seed} (its sha256 is the commitment; {why}). Anyone can check "
            f"every draw: survivor-host verify --chat LOG, or {self.prefix}replay h{session.id}.",
        )
        self.session = None
        state.out.when_sent(self.attribute_lines)  # the end's lines go out attributed too

    # ----- commands -----

    def command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        """One of HAND_COMMANDS (or `salt` during the session's signups) from `name`."""
        rank = self.rank(rank, name, in_room)
        if word == "salt":
            reply = self._change(lambda session: session.add_salt(name, rest, self.state.settings.prefix))
            self.state.out.pm(name, reply)
            return
        away = self._not_in_room(name, in_room)
        if word == HAND_START and rank not in AUTH_RANKS and not self._owner(name):
            join = f" I read your rank in {self.state.room}: join it first." if away else ""
            raise IllegalAction(
                f"Only room auth (+ and up) or the bot's owners start a session ({self.prefix}handhost NAME); "
                f"the room bot's host gets one when it names them.{join}"
            )
        if not self.may_host(rank, name):
            host = f" ({self.session.host})" if self.session else ""
            join = f" (I read your rank in {self.state.room}: join it first)" if away else ""
            raise IllegalAction(f"Only the current host{host} or room auth can use {self.prefix}{word}{join}.")
        if word == HAND_START:
            self.start(self._host_name(rest.strip() or name))
            person = self.state.roombot.other_host()  # the room bot's host: the session ends with that hosting
            if self.state.settings.hand_follow and self.session is not None and person is not None:
                self.session.followed = self.session.is_host(person)
                self.save_softly()
            return
        session = self._session()
        if word == "done":
            self.end(f"ended by {written_name(name)}")
        elif word == "close":
            seed = self._change(lambda session: session.close())
            self.state.out.say(
                self.state.room,
                f"Session h{session.id} client seed (the host, the players in join order, the salts): {seed}",
            )
        elif word in ("roll", "pick", "shuffle", "card"):
            self._draw(word, rest, name, rank)
        elif word == "timer":
            self.timers.command(rest)
        else:
            self._list(name, rest)

    # ----- signups, presence, persistence -----

    def signup(self, name: str, joining: bool) -> None:
        """`/me in`, `/me out`: the session's list. Beside the room bot (whose own list answers the
        players) it is kept quietly: no confirmation, and a refused `/me in` is not answered either."""
        session = self._session()
        try:
            self._change(lambda session: session.join(name) if joining else session.leave(name))
        except IllegalAction:
            if session.followed and plain_name(name):
                return  # the room bot answers; a name the session cannot write is told why
            raise
        if joining and not session.followed:
            self.state.out.pm(name, f"You are on {session.host}'s list in {self.state.room}.")

    def left(self, userid: str) -> None:
        """Someone left the room: for the host, the grace begins."""
        session = self.session
        if session is None or session.host_id != userid or self._away is not None:
            return

        def gone() -> None:  # once the server has caught up: a return it read in time counts
            self.state.out.caught_up(lambda: self._away_ended(session, away, grace))

        grace = self.state.settings.hand_grace
        if grace > 0:  # 0: the host's absence never ends the session
            away = self._away = self.state.clock.call_later(grace, gone)

    def _away_ended(self, session: HandSession, away: Cancellable, grace: float) -> None:
        """The host's grace is over and the server has caught up: the session ends, unless they are back."""
        if self._away is away and self.session is session:
            self._away = None
            self.end_now_or_later(f"{session.host} was away for {duration(int(grace))}")

    def rejoined(self) -> None:
        """The bot is in the room again: a host it now sees there came back while it was away."""
        if self.session is not None and self.state.out.rank_of(self.state.room, self.session.host_id) is not None:
            self._end_grace()

    def _end_grace(self) -> None:
        """The host's grace, if running, ends without ending the session (they are back, or it ended)."""
        if self._away is not None:
            self._away.cancel()
            self._away = None

    def renamed(self, new_name: str, old_id: str) -> None:
        """The host renamed: the session follows them (its record keeps the name it began with); a player
        who renamed keeps their place on the list."""
        if self.session is not None and self.session.host_id == old_id:
            self.session.host_id = to_id(new_name)
            self.save_softly()
        elif to_id(new_name) != old_id:
            self.player_renamed(new_name, old_id)

    def back(self, name: str) -> None:
        """`name` joined the room: the host's grace ends; a player gets the cards dealt while away."""
        self.send_held_cards(name)
        if self.session is not None and self.session.is_host(name):
            self._end_grace()

    def restore(self, data: dict[str, Any]) -> None:
        """After a restart: the stored session goes on (timers do not survive; the room is told), and the
        draws whose lines may not have gone out (a card's PMs too) are sent again."""
        session = self.session = HandSession.restore(data)  # the host's grace begins when next seen leaving
        self.attribute_lines()
        unsent = [draw for draw in session.draws if draw["number"] in session.unsent]
        numbers = ", ".join(f"#{draw['number']}" for draw in unsent)
        again = f" (sent again: {numbers})" if unsent else ""
        self.state.out.say(
            self.state.room,
            f"The bot restarted: session h{session.id} ({session.host}) goes on from draw "
            f"#{len(session.draws) + 1}{again}; timers that were running are lost.",
        )
        for draw in unsent:
            self.send_draw(session, draw)
