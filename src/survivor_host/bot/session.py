"""The game session of one room: every input tried, stored, applied, then announced; the end; a restore.

An input counts only once it is stored: it is tried on a copy of the game (to learn whether the rules
take it), committed, and only then applied to the game. A write that fails leaves the game as it was,
tells the sender, and pauses play (`Outage`). A step counts as announced once its lines have really
gone out.
"""

from __future__ import annotations

import copy
import logging
import pickle
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.deadlines import Deadlines
from survivor_host.bot.early import EarlyActions, TooEarly
from survivor_host.bot.ending import Ending, EndLine, Last
from survivor_host.bot.fairness import announce_client_seed, reveal_seed, stored_dice
from survivor_host.bot.outage import StoreDown
from survivor_host.bot.present import Announcer
from survivor_host.bot.state import RoomState
from survivor_host.engine.dice import FairDice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, Prompt
from survivor_host.engine.game import RULES_VERSION, Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.store.db import StoredGame
from survivor_host.store.points import points_for
from survivor_host.themes import new_game

logger = logging.getLogger(__name__)


@dataclass
class Session:
    """Runs the room's game: applies inputs, persists them, has them announced, closes the game."""

    state: RoomState
    present: Announcer
    deadlines: Deadlines
    ending: Ending
    """Closes a game that ended and says its last lines, each at most once across a crash."""
    end_lines: Callable[[Game, str | None], list[EndLine]] = lambda game, host: []
    """The room bot's last lines of a game that ended (given its host): the hosting's part."""
    early: EarlyActions = field(default_factory=EarlyActions)
    """Who waits for a prompt not sent yet: an action of theirs that soon is refused."""

    def begin(self, game: Game, game_id: int) -> None:
        """A game just stored as `game_id` starts: its opening is announced and its first wait armed."""
        state = self.state
        state.game, state.game_id, state.seq = game, game_id, 0
        self.present.briefs_owed.clear()  # owed in the game before, not in this one
        self.deadlines.wait_id = -1
        self.present.post(game.start())
        self.posted_when_sent(0)
        if game.finished:  # two players can go straight to a final that needs nobody's input
            self.finish()
        else:
            self.deadlines.rearm()

    def apply(self, inp: Input, reply_to: str | None) -> bool:
        """Feed one input to the game once it is stored; then announce what it caused. A refusal (the
        rules', or a database that takes no writes) goes to `reply_to`, else it is raised."""
        state = self.state
        game = state.running()
        if game is None or state.game_id is None:
            raise IllegalAction("No game is running.")
        try:
            state.outage.check()
            if inp.by is not None:
                self.early.check(inp.by, state.clock.now(), state.settings.early_seconds)
            trial_copy(game).apply(inp)  # the rules take it (or raise), the game itself untouched
            state.store.append_input(state.game_id, state.seq + 1, inp, state.clock.now())
        except sqlite3.Error as error:
            return self._refuse(state.outage.failed(error), reply_to)
        except (IllegalAction, StoreDown, TooEarly) as error:
            return self._refuse(error, reply_to)
        except Exception:
            logger.exception("the game in %s failed on %r", state.room, inp)
            self.abandon(game)
            return False
        state.seq += 1
        events = game.apply(inp)
        vote = self.present.public_vote()
        if vote is not None and game.phase != vote.phase:
            self.present.refresh_vote_box()  # a vote box that just closed says so before what the vote caused
        self.present.post(events, actor=inp.by)
        self.present.refresh_vote_box()
        awaited = awaited_ids(game)  # a sender awaited again (their next turn drawn at once) waits for its prompt
        self.early.waits_began(state.out, state.clock, awaited, {to_id(inp.by or "")}, state.settings.early_seconds)
        self.posted_when_sent(state.seq)
        if game.finished:
            self.finish()
        else:
            self.deadlines.rearm()
        return True

    def _refuse(self, error: Exception, reply_to: str | None) -> bool:
        """Nothing of the input counted: its sender is told why (without one, the caller is)."""
        if reply_to is None:
            raise error
        with self.state.out.lane("error", reply_to):
            self.state.out.pm(reply_to, str(error))
        return False

    def posted_when_sent(self, seq: int) -> None:
        """Record that the steps up to `seq` were announced, once their lines have really gone out:
        a crash before that makes the restore announce them (the step in flight at most twice)."""
        game_id, store, outage = self.state.game_id, self.state.store, self.state.outage
        if game_id is not None:
            self.state.out.when_sent(
                lambda: outage.now_or_owed(f"posted {game_id}", lambda: store.mark_posted(game_id, seq))
            )

    def finish(self) -> None:
        """The game is over: once its final step went out, its close (points, game counts) is stored with
        its last lines, which are then said one at a time (`Ending`)."""
        state = self.state
        game = state.game
        assert game is not None and state.game_id is not None
        self.deadlines.clear()
        record = game.record()
        status = "finished" if game.winner else "ended"
        awards, points = self._points(game) if game.winner and state.settings.mirror_points else ({}, [])
        counted = [seat.name for seat in game.seats] if game.winner else []
        game_id, store, at, host = state.game_id, state.store, state.clock.now(), state.game_host

        def close(ending: dict[str, Any]) -> None:
            store.finish_game(game_id, record, at, status, awards, counted, ending)

        lines = (EndLine("say", reveal_seed(str(game.seed))), *points, *self.end_lines(game, host))
        state.game = None
        state.game_id = None
        state.game_host = None
        self.ending.begin(Last(game_id, lines, host), close)

    def abandon(self, game: Game) -> None:
        """An error inside the engine (a bug): end the game cleanly instead of wedging the room."""
        state = self.state
        assert state.game_id is not None
        self.deadlines.clear()
        try:
            record = game.record()
        except Exception:
            record = {"theme": game.theme, "error": "the record could not be built"}
        game_id, store, at = state.game_id, state.store, state.clock.now()

        def close() -> None:
            store.finish_game(game_id, record, at, "error")

        state.outage.hold(close)
        state.out.say(state.room, "**An internal error stopped this game.** It was logged; sorry! Host a new one.")
        state.game = None
        state.game_id = None

    def _points(self, game: Game) -> tuple[dict[str, tuple[str, int]], list[EndLine]]:
        """Our own points of the game (G7), and the line that says them."""
        first, second = points_for(len(game.seats), self.state.settings.points_scale)
        if not first:
            return {}, []
        awards = {to_id(game.winner or ""): (game.winner or "", first)}
        seconds = game.at_place(2)  # a shared second place earns second's points for each (G7)
        for name in seconds:
            awards[to_id(name)] = (name, second)
        tail = "".join(f", {name} +{second}" for name in seconds)
        return awards, [EndLine("say", f"Points: {game.winner} +{first}{tail}.")]

    def restore(self, stored: StoredGame) -> None:
        """Rebuild a game by replay; announce only the step that was in flight, then carry on (a closed
        game: only its last lines not yet sent)."""
        state = self.state
        if stored.closed:  # its record is stored: only the last lines not yet sent remain
            self.ending.resume(stored.id)
            return
        if (1 if stored.rules_version is None else stored.rules_version) != RULES_VERSION:
            logger.warning(
                "game %s in %s was played under rules version %s, not %s: not restored (its rows are kept)",
                stored.id,
                state.room,
                stored.rules_version,
                RULES_VERSION,
            )
            state.store.refuse_game(stored.id, state.clock.now())
            return
        try:
            game, unposted = replay(stored)
        except Exception:
            logger.exception("could not restore game %s in %s: set aside until a host ends it", stored.id, state.room)
            state.store.set_aside(stored.id, state.clock.now())
            state.out.say(
                state.room,
                f"**Game {stored.id} could not be restored** after the bot restarted (it was logged). A host ends it "
                f"with {state.settings.prefix}end; nobody's points change.",
            )
            return
        state.game, state.game_id, state.seq = game, stored.id, len(stored.inputs)
        state.game_host = stored.host
        self.present.briefs_owed = state.store.briefs_owed(stored.id)
        if stored.room_bot_hosted:
            state.roombot.host = state.out.name  # as the room bot left it, until its lines say otherwise
        state.out.say(state.room, f"The bot restarted: the game of {game.title} continues.")
        if stored.posted < 0 and isinstance(game.dice, FairDice):  # the start went unsaid: its client seed too
            state.out.say(state.room, announce_client_seed(game.dice))
        self.present.post(unposted)
        self.posted_when_sent(state.seq)
        if game.finished:
            self.finish()
            return
        self.present.player_list(None)
        self.deadlines.restore(stored)
        prompted = {to_id(event.to) for event in unposted if isinstance(event, Prompt)}
        self.present.refresh_prompts(skip=prompted)

    def end_stuck(self, name: str) -> bool:
        """`end` with no game running: the room's games that could not be restored end (no points); False if none."""
        state = self.state
        ids = state.store.end_stuck(state.room, state.clock.now())
        if ids:
            games = ", ".join(str(game_id) for game_id in ids)
            state.out.say(state.room, f"{name} ended game {games} (it could not be restored); nobody's points change.")
        return bool(ids)


def awaited_ids(game: Game) -> set[str]:
    """The userids of those the game waits for now."""
    return {to_id(wait.player) for wait in game.awaiting()}


def trial_copy(game: Game) -> Game:
    """A copy of the game to try an input on: pickled (several times faster than deepcopy), or
    deep-copied if something in it cannot be pickled."""
    try:
        copied = pickle.loads(pickle.dumps(game, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(game)
    assert isinstance(copied, Game)
    return copied


def replay(stored: StoredGame) -> tuple[Game, list[Event]]:
    """The stored game rebuilt by replaying its inputs, and what it said that was not posted yet."""
    dice = stored_dice(stored.players, stored.seed, stored.dice, stored.client_seed, list(stored.salts))
    game = new_game(stored.theme, stored.players, mods=stored.mods, options=stored.options, dice=dice)
    unposted: list[Event] = []
    events = game.start()
    if stored.posted < 0:
        unposted += events
    for seq, inp in enumerate(stored.inputs, start=1):
        events = game.apply(inp)
        if seq > stored.posted:
            unposted += events
    return game, unposted
