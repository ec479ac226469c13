"""Deadlines (G4): one timer per wait and its reminder, stopped while the bot is away, kept in the store."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from survivor_host.bot.ports import Cancellable
from survivor_host.bot.state import RoomState
from survivor_host.engine.game import Wait
from survivor_host.engine.render import join_names
from survivor_host.store.db import StoredGame

logger = logging.getLogger(__name__)

STALL_WARN = 2.0
"""Seconds without the server's answer to the deadline's catch-up query before a warning is logged."""
STALL_PAUSE = 5.0
"""Seconds without that answer before the game is paused with a room line (resumed when it comes)."""
RESUME_LEFT = 10.0
"""The least time a paused deadline gets back when the game resumes."""
PAUSED_LINE = "The server is not answering: the game is paused until it does."


@dataclass
class Deadlines:
    """The running game's deadline in one room: armed from the engine's wait, reminded, then timed out.

    When time is up, the bot first waits until the server has caught up (inputs it received in time
    count, even if it was slow to hand them on); then `before_timeout` runs (players the bot cannot PM
    take their safe choice), then `timeout` (the engine's `timeout` input) if the game still waits for
    the same thing. A server slow to catch up is logged, and past `STALL_PAUSE` pauses the game.

    Every pause keeps the time the deadline had when play stopped: when the link went down, the room
    was lost or the database failed; when the server went silent (at a deadline, or a ping unanswered),
    when it was last heard, a pong included. A pause because the server went silent is said in the
    room, and so is its end, once play may go on (the server answers, or the bot reconnects, and
    nothing else holds the room): the deadline gets that time back (at least `RESUME_LEFT`) and
    whoever still owes an action is asked again with the time left.
    """

    state: RoomState
    before_timeout: Callable[[], None]
    timeout: Callable[[], None]
    reprompt: Callable[[], None] = lambda: None
    """Sends the prompts of the current wait again (after a stall)."""
    last_heard: Callable[[], float | None] = lambda: None
    """When the bot last heard from the server (None: not known)."""
    server_answers: Callable[[], None] | None = None
    """Run when the server answers after a stall: the room resumes play unless something else holds it
    (the room lost, the database down). None: play resumes at once."""
    deadline_at: float | None = None
    wait_id: int = -1
    """The engine's wait the deadline belongs to (a new wait, a new deadline)."""
    extension: int = 0
    """The engine's extension (`.extend`) already counted in `deadline_at`."""
    paused_left: float | None = None
    """While the bot is away (or the server stalls): the time the deadline had left."""
    stalled: bool = False
    """The game is paused because the server stopped answering (and the room was told so)."""
    _timers: list[Cancellable] = field(default_factory=list)
    _catch_up: int = 0
    """Which catch-up is awaited: any other answer comes too late (the deadline was moved, paused or cancelled)."""
    _stalled_by: int = -1
    """The catch-up whose answer ends the stall (whatever happened to the deadline meanwhile)."""

    @property
    def paused(self) -> bool:
        return self.paused_left is not None

    def rearm(self) -> None:
        """After a step: a new wait gets its deadline, an extension moves it, no wait clears it."""
        game = self.state.running()
        if game is None or self.paused:
            return
        seconds = game.deadline_seconds()
        if seconds is None:
            self.cancel()
            self.deadline_at = None
            return
        if game.wait_id != self.wait_id:
            self.wait_id = game.wait_id
            self.extension = game.extension
            queued_at, wait_id = self.state.clock.now(), game.wait_id
            self.set(queued_at + seconds)
            self.state.out.when_sent(lambda: self._prompts_sent(wait_id, queued_at))
        elif game.extension != self.extension and self.deadline_at is not None:
            added = game.extension - self.extension
            self.extension = game.extension
            self.set(self.deadline_at + added)

    def set(self, at: float) -> None:
        """The deadline is at `at` (stored with its wait), with a reminder before it."""
        self.cancel()
        self.deadline_at = at
        state = self.state
        game = state.game
        assert game is not None
        wait_id = game.wait_id
        left = at - state.clock.now()
        reminder = game.opt_int("reminder")
        if reminder and left > reminder:
            self._timers.append(state.clock.call_later(left - reminder, lambda: self._remind(wait_id)))
        self._timers.append(state.clock.call_later(max(left, 0.0), lambda: self._deadline(wait_id)))
        game_id, store, extension = state.game_id, state.store, self.extension
        if game_id is not None:
            state.outage.now_or_owed(f"deadline {game_id}", lambda: store.set_deadline(game_id, at, wait_id, extension))
        if state.outage.down:  # set while the database takes no writes (or as this write failed): it waits
            self.pause()

    def _prompts_sent(self, wait_id: int, queued_at: float) -> None:
        """The wait's prompts have really gone out: its deadline counts from now, not from when they
        were queued (a busy queue must not eat a player's time)."""
        game = self.state.game
        late = self.state.clock.now() - queued_at
        if game is None or game.wait_id != wait_id or self.deadline_at is None or self.paused:
            return
        if late > 0:
            self.set(self.deadline_at + late)

    def cancel(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self._catch_up += 1

    def _remind(self, wait_id: int) -> None:
        state = self.state
        game = state.running()
        if game is None or game.wait_id != wait_id:
            return
        waits = game.awaiting()
        if not waits:
            return
        seconds = game.opt_int("reminder")
        state.out.say(state.room, waiting_on(waits, seconds))
        for name in dict.fromkeys(wait.player for wait in waits):
            state.out.pm(name, f"{seconds} seconds left: you still owe an action in {state.room}.")

    def _deadline(self, wait_id: int) -> None:
        """Time is up on the bot's clock: the timeout waits until the server has caught up."""
        game = self.state.running()
        if game is None or game.wait_id != wait_id:
            return
        state = self.state
        self._catch_up += 1
        ticket, asked_at = self._catch_up, state.clock.now()
        self._timers.append(state.clock.call_later(STALL_WARN, lambda: self._slow(ticket, asked_at)))
        self._timers.append(state.clock.call_later(STALL_PAUSE, lambda: self._stall(ticket)))
        state.out.caught_up(lambda: self._caught_up(wait_id, ticket, asked_at))

    def _slow(self, ticket: int, asked_at: float) -> None:
        if ticket == self._catch_up:
            waited = self.state.clock.now() - asked_at
            logger.warning("the server has not caught up after %.1f s at a deadline in %s", waited, self.state.room)

    def _stall(self, ticket: int) -> None:
        """The server is still silent: the game is paused (no deadline runs) until it answers."""
        if ticket != self._catch_up or self.paused:
            return
        self._stalled_by = ticket
        logger.warning(
            "the server has not caught up after %.0f s: the game in %s is paused", STALL_PAUSE, self.state.room
        )
        asked_at = self.deadline_at if self.deadline_at is not None else self.state.clock.now()
        heard = self.last_heard()
        self.server_silent(asked_at if heard is None else min(heard, asked_at))

    def server_silent(self, since: float) -> None:
        """The server has not answered since `since` (at a deadline, or the link timed out): play pauses
        with the time left then, and the room is told. Said again when already paused so: the line
        was sent on a connection that is gone, and may never have reached the room."""
        self.pause(since)
        if self.paused and self.state.running() is not None:
            self.stalled = True
            self.state.out.say(self.state.room, PAUSED_LINE)

    def _caught_up(self, wait_id: int, ticket: int, asked_at: float) -> None:
        """The server answered: everything it received before the deadline has been handled."""
        state = self.state
        waited = state.clock.now() - asked_at
        if self.stalled and ticket == self._stalled_by:
            logger.warning("the server caught up after %.1f s: the stall in %s is over", waited, state.room)
            (self.server_answers or self.resume)()
            return
        if ticket != self._catch_up:
            return
        if waited >= STALL_WARN:
            logger.warning("the server caught up after %.1f s at a deadline in %s", waited, state.room)
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self._timeout(wait_id)

    def _timeout(self, wait_id: int) -> None:
        game = self.state.running()
        if game is None or game.wait_id != wait_id:
            return
        self.before_timeout()
        if game is not self.state.game or game.finished or game.wait_id != wait_id:
            return
        self.timeout()

    def restore(self, stored: StoredGame) -> None:
        """After a restart: the stored deadline's time left, if it belongs to this very wait."""
        game = self.state.game
        assert game is not None
        self.wait_id = game.wait_id
        self.extension = game.extension
        seconds = game.deadline_seconds()
        if seconds is None:
            return
        left = float(seconds)
        # The stored deadline counts only if it belongs to this very wait (the bot may have died
        # after storing the input that began a new wait, before storing its deadline).
        same_wait = stored.deadline_wait is None or stored.deadline_wait == game.wait_id
        if stored.deadline_at is not None and stored.heartbeat is not None and same_wait:
            had = game.extension if stored.deadline_extension is None else stored.deadline_extension
            added = game.extension - had
            left = stored.deadline_at - stored.heartbeat + added
        self.set(self.state.clock.now() + max(left, RESUME_LEFT))

    def pause(self, since: float | None = None) -> None:
        """Stop the clock on the current deadline with the time it had at `since` (when play stopped;
        default now). Already paused, it keeps the time it had."""
        state = self.state
        now = state.clock.now()
        if self.deadline_at is not None and not self.paused:
            at = now if since is None else min(since, now)
            self.paused_left = max(self.deadline_at - at, 0.0)
            self.cancel()
            if state.game_id is not None:
                # The stored deadline minus this heartbeat is the time left, should the bot die
                # before it is back (tick leaves the heartbeat alone while paused).
                beat(state, self.deadline_at - self.paused_left)

    def resume(self) -> None:
        """Play goes on: the deadline gets back the time it had (at least `RESUME_LEFT`); a new wait
        begun meanwhile gets its own. After a stall the room is told, with who still owes what and the
        time left, and they are asked again."""
        state = self.state
        left, stalled = self.paused_left, self.stalled
        self.paused_left, self.stalled, self._stalled_by = None, False, -1
        game = state.running()
        if game is None:
            self.clear()
            if stalled:
                state.out.say(state.room, "The server answers again.")
            return
        if left is None:
            return
        left += game.extension - self.extension  # an extension given while paused counts too
        self.extension = game.extension
        same_wait = game.wait_id == self.wait_id and game.deadline_seconds() is not None
        if same_wait:
            self.set(state.clock.now() + max(left, RESUME_LEFT))
        else:
            self.rearm()  # its prompts are on their way
        if not stalled:
            return
        waits = game.awaiting()
        if not same_wait or self.deadline_at is None or not waits:
            state.out.say(state.room, "The server answers again. The game goes on.")
            return
        seconds = round(self.deadline_at - state.clock.now())
        state.out.say(state.room, "The server answers again. The game goes on. " + waiting_on(waits, seconds))
        self.reprompt()
        for name in dict.fromkeys(wait.player for wait in waits):
            state.out.pm(name, f"{seconds} seconds left: you still owe an action in {state.room}.")
        # The time left counts from when these prompts have really gone out.
        queued_at, wait_id = state.clock.now(), game.wait_id
        state.out.when_sent(lambda: self._prompts_sent(wait_id, queued_at))

    def clear(self) -> None:
        """No game runs: no deadline and no pause is left behind for the next one. A stall the room was
        told of stays until the server answers (the room is told then)."""
        self.cancel()
        self.deadline_at, self.paused_left = None, None

    def tick(self) -> None:
        """Keeps the stored heartbeat fresh for restores (not while paused)."""
        state = self.state
        if state.game_id is not None and not self.paused:
            beat(state, state.clock.now())


def beat(state: RoomState, at: float) -> None:
    """The game's heartbeat is `at` (owed while the database takes no writes)."""
    game_id, store = state.game_id, state.store
    if game_id is not None:
        state.outage.now_or_owed(f"heartbeat {game_id}", lambda: store.heartbeat(game_id, at))


def waiting_on(waits: Sequence[Wait], seconds: int) -> str:
    """`Waiting on: Mars, Io (ACTION or ACTION, by PM); Venus (ACTION). 30 seconds left.`"""
    groups: dict[str, list[str]] = {}
    for wait in waits:
        what = " or ".join(wait.actions) + (", by PM" if wait.secret else "")
        names = groups.setdefault(what, [])
        if wait.player not in names:
            names.append(wait.player)
    owed = "; ".join(f"{join_names(names)} ({what})" for what, names in groups.items())
    return f"Waiting on: {owed}. {seconds} seconds left."
