"""Who is in the room (G5): leaves and their grace, returns, renames that keep the seat, outages."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass, field

from survivor_host.bot.deadlines import Deadlines
from survivor_host.bot.outage import StoreDown
from survivor_host.bot.ports import Cancellable
from survivor_host.bot.present import Announcer
from survivor_host.bot.session import Session
from survivor_host.bot.signups import SignupDesk
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input


@dataclass
class Presence:
    """A seat stays with its user through renames; a player gone from the room for the leave grace is out."""

    state: RoomState
    session: Session
    present: Announcer
    deadlines: Deadlines
    desk: SignupDesk
    leave_timers: dict[str, Cancellable] = field(default_factory=dict)
    graces_up: set[str] = field(default_factory=set)
    """Players whose grace is up on the bot's clock, out once the server has caught up unless back by then."""
    borrowed: dict[str, str] = field(default_factory=dict)
    """A seated player's id -> the id of the player of this game who renamed onto that name."""
    renames_owed: dict[str, str] = field(default_factory=dict)
    """A rename the database did not take: the old id -> the name now used; stored once play goes on."""
    reprompted: tuple[int, set[str]] = (-1, set())
    """The wait whose prompts a quiet resume already sent again, and to whom."""

    def handle_leave(self, userid: str) -> None:
        """A seated player left the room: out when the leave grace ends, unless they are back."""
        game = self.state.running()
        if game is None or self.state.alive_seat(userid) is None or userid in self.leave_timers:
            return
        grace = game.opt_int("leave_grace")
        self.leave_timers[userid] = self.state.clock.call_later(grace, lambda: self._left_for_good(userid))

    def handle_join(self, name: str) -> None:
        """Back in the room: the grace ends; whoever owes an action is asked again."""
        timer = self.leave_timers.pop(to_id(name), None)
        if timer is not None:
            timer.cancel()
        self.graces_up.discard(to_id(name))
        # Someone back in the room (after their own reconnect, or a server restart) who owes an
        # action may have missed the prompt: send it again.
        game = self.state.running()
        if game is not None and not self.deadlines.paused:
            userid = to_id(name)
            if self.present.brief_owed(userid):  # a substitute who was not here: their seat, and what it owes
                return
            if any(to_id(wait.player) == userid for wait in game.awaiting()):
                self.present.refresh_prompts(only=userid)

    def _left_for_good(self, userid: str) -> None:
        """The grace is up on the bot's clock: out once the server has caught up, unless they are back by
        then (a return the server read in time counts, even one a stalled server passed on late)."""
        self.leave_timers.pop(userid, None)
        self.graces_up.add(userid)
        self.state.out.caught_up(lambda: self._out_if_gone(userid))

    def _out_if_gone(self, userid: str) -> None:
        if userid not in self.graces_up:
            return  # back (or renamed in the room) before the server caught up
        self.graces_up.discard(userid)
        seat = self.state.alive_seat(userid)
        if seat is not None:
            # Not stored: play pauses, and the grace runs again once it goes on (`_watch_again`).
            with contextlib.suppress(StoreDown):
                self.session.apply(Input("modkill", target=seat.name, reason=Cause.LEFT), reply_to=None)

    def watch_absent(self) -> None:
        """Players not in the room get the leave grace (G5), as if they had just left."""
        game = self.state.running()
        if game is None:
            return
        for seat in game.alive():
            if self.state.out.rank_of(self.state.room, seat.uid) is None:
                self.handle_leave(seat.uid)

    def tell_absent(self, name: str | None) -> None:
        """A substitute who is not in the room: the room (and so the host) is told how long they have to come."""
        game, state = self.state.running(), self.state
        if game is None or not name or state.out.rank_of(state.room, to_id(name)) is not None:
            return
        grace = game.opt_int("leave_grace")
        state.out.say(
            state.room, f"**{name}** is not in this room: they have {grace} seconds to join it, or they are out."
        )
        self.present.owe_brief(to_id(name))  # the seat's PMs may not have reached them: told again as they come

    def handle_rename(self, new_name: str, old_id: str) -> None:
        """A rename keeps the seat (G5): the seat follows the user id. A rename the database does not take
        is owed, and stored when play goes on (the server renames the user whatever the bot stores)."""
        if to_id(new_name) == old_id:
            return
        owed = next((old for old, name in self.renames_owed.items() if to_id(name) == old_id), None)
        if owed is not None:  # renamed again before the first rename was stored: the last name counts
            self.renames_owed[owed] = new_name
            return
        self.renames_owed[old_id] = new_name
        self.state.outage.now_or_owed(f"rename {old_id}", lambda: self._rename_owed(old_id))

    def _rename_owed(self, old_id: str) -> None:
        new_name = self.renames_owed.pop(old_id)
        try:
            self._rename(new_name, old_id)
        except (sqlite3.Error, StoreDown):
            self.renames_owed[old_id] = new_name  # still owed: a rename before it is stored replaces the name
            raise

    def _rename(self, new_name: str, old_id: str) -> None:
        state = self.state
        self.graces_up.discard(old_id)  # renamed in the room: they are in it
        if old_id in self.borrowed:
            # Off a name that belongs to another seat: that seat keeps it; back on their own, welcome.
            self.borrowed.pop(old_id)
            self.handle_join(new_name)
            return
        self.desk.rename(old_id, new_name)
        game = state.running()
        if game is not None:
            seat = next((s for s in game.seats if s.uid == old_id), None)
            if seat is not None:
                try:
                    self.session.apply(Input("rename", by=seat.name, new=new_name), reply_to=None)
                except IllegalAction:
                    # The new name belongs to another seat of this game: the seat keeps its name.
                    state.out.pm(
                        new_name, f"The name {new_name} is already in this game: rename back to {seat.name} to play."
                    )
                    # Their own seat is now nobody's: it gets the leave grace (G5), and nothing sent
                    # under the other seat's name acts for that seat.
                    self.borrowed[to_id(new_name)] = old_id
                    self.handle_leave(old_id)
                    return
                self.present.box_renamed(old_id, new_name)
        timer = self.leave_timers.pop(old_id, None)
        if timer is not None:
            self.leave_timers[to_id(new_name)] = timer

    def _stop_leave_timers(self) -> None:
        for timer in self.leave_timers.values():
            timer.cancel()
        self.leave_timers.clear()
        self.graces_up.clear()  # the graces start again once back; their catch-ups, asked again, find none

    def pause(self, since: float | None = None, silent: bool = False) -> None:
        """The bot lost its connection: stop the clock on the current deadline with the time it had at
        `since` (when the link went down, or for a stall when the server was last heard), and on the
        grace of players who had left (the bot cannot see them come back while it is away). `silent`:
        the server had stopped answering, which the room is told; so it is when a stall was already
        told on the connection now lost."""
        self._stop_leave_timers()
        if (silent or self.deadlines.stalled) and since is not None:
            self.deadlines.server_silent(since)
        else:
            self.deadlines.pause(since)

    def resume(self, quiet: bool = False) -> None:
        """Connected again: the deadline gets back the time it had, and prompts are sent again. After a
        stall the room is told, with the time left (`Deadlines.resume`); after a short outage (`quiet`)
        it is not, and a prompt is sent again once per wait at most."""
        state = self.state
        stalled = self.deadlines.stalled
        self.deadlines.resume()
        game = state.running()
        if stalled or game is None:
            return self._watch_again()  # after a stall the room was told, and whoever owes an action asked again
        if not quiet:
            state.out.say(state.room, "The bot is back: the game continues.")
            self.present.refresh_prompts()
        else:
            # A short outage: no "back" line, and each prompt of this wait is sent again once at most
            # (a connection that keeps dropping does not re-send them every time).
            if self.reprompted[0] != game.wait_id:
                self.reprompted = (game.wait_id, set())
            for wait in game.awaiting():
                userid = to_id(wait.player)
                if userid not in self.reprompted[1]:
                    self.reprompted[1].add(userid)
                    self.present.refresh_prompts(only=userid)
        self._watch_again()

    def _watch_again(self) -> None:
        """Back: the leave graces start again for the players not in the room."""
        self._stop_leave_timers()
        self.watch_absent()
