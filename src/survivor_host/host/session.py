"""The game session of one room: every input applied, stored, then announced; the end; a restore.

Each accepted input is written to the store before anything it caused is announced, and a step
counts as announced only once its lines have really gone out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, Prompt
from survivor_host.engine.game import RULES_VERSION, Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.host.deadlines import Deadlines
from survivor_host.host.fairness import reveal_seed, stored_dice
from survivor_host.host.present import Announcer
from survivor_host.host.state import RoomState
from survivor_host.host.store import StoredGame
from survivor_host.host.store_points import points_for
from survivor_host.themes import new_game

logger = logging.getLogger(__name__)


@dataclass
class Session:
    """Runs the room's game: applies inputs, persists them, has them announced, closes the game."""

    state: RoomState
    present: Announcer
    deadlines: Deadlines
    over: Callable[[Game, str | None], None] = lambda game, host: None
    """Told each game that ended (and its host) once its last lines are queued: the room bot's part."""

    def begin(self, game: Game, game_id: int) -> None:
        """A game just stored as `game_id` starts: its opening is announced and its first wait armed."""
        state = self.state
        state.game, state.game_id, state.seq = game, game_id, 0
        self.deadlines.wait_id = -1
        self.present.post(game.start())
        self.posted_when_sent(0)
        self.deadlines.rearm()

    def apply(self, inp: Input, reply_to: str | None) -> bool:
        """Feed one input to the game; store it, then announce what it caused."""
        state = self.state
        game = state.running()
        if game is None or state.game_id is None:
            raise IllegalAction("No game is running.")
        try:
            events = game.apply(inp)
        except IllegalAction as error:
            if reply_to is not None:
                with state.out.lane("error", reply_to):
                    state.out.pm(reply_to, str(error))
                return False
            raise
        except Exception:
            logger.exception("the game in %s failed on %r", state.room, inp)
            self.abandon(game)
            return False
        state.seq += 1
        state.store.append_input(state.game_id, state.seq, inp, state.clock.now())
        vote = self.present.public_vote()
        if vote is not None and game.phase != vote.phase:
            self.present.refresh_vote_box()  # a vote box that just closed says so before what the vote caused
        self.present.post(events)
        self.present.refresh_vote_box()
        self.posted_when_sent(state.seq)
        if game.finished:
            self.finish()
        else:
            self.deadlines.rearm()
        return True

    def posted_when_sent(self, seq: int) -> None:
        """Record that the steps up to `seq` were announced, once their lines have really gone out:
        a crash before that makes the restore announce them (the step in flight at most twice)."""
        game_id, store = self.state.game_id, self.state.store
        if game_id is not None:
            self.state.out.when_sent(lambda: store.mark_posted(game_id, seq))

    def finish(self) -> None:
        state = self.state
        game = state.game
        assert game is not None and state.game_id is not None
        self.deadlines.cancel()
        record = game.record()
        state.out.say(state.room, reveal_seed(str(game.seed)))
        status = "finished" if game.winner else "ended"
        awards = self._award_points(game) if game.winner and state.settings.mirror_points else {}
        counted = [seat.name for seat in game.seats] if game.winner else []
        self.over(game, state.game_host)
        # The game is closed (and its points and game counts given, in the same transaction) once its
        # last lines went out: a crash before that replays it on restart, announces the end again, and
        # awards once.
        game_id, store, at = state.game_id, state.store, state.clock.now()

        def close() -> None:
            store.finish_game(game_id, record, at, status, awards, counted)

        state.out.when_sent(close)
        state.game = None
        state.game_id = None
        state.game_host = None

    def abandon(self, game: Game) -> None:
        """An error inside the engine (a bug): end the game cleanly instead of wedging the room."""
        state = self.state
        assert state.game_id is not None
        self.deadlines.cancel()
        try:
            record = game.record()
        except Exception:
            record = {"theme": game.theme, "error": "the record could not be built"}
        state.store.finish_game(state.game_id, record, state.clock.now(), "error")
        state.out.say(state.room, "**An internal error stopped this game.** It was logged; sorry! Host a new one.")
        state.game = None
        state.game_id = None

    def _award_points(self, game: Game) -> dict[str, tuple[str, int]]:
        first, second = points_for(len(game.seats), self.state.settings.points_scale)
        if not first:
            return {}
        awards = {to_id(game.winner or ""): (game.winner or "", first)}
        seconds = game.at_place(2)  # a shared second place earns second's points for each (G7)
        for name in seconds:
            awards[to_id(name)] = (name, second)
        tail = "".join(f", {name} +{second}" for name in seconds)
        self.state.out.say(self.state.room, f"Points: {game.winner} +{first}{tail}.")
        return awards

    def restore(self, stored: StoredGame) -> None:
        """Rebuild a game by replay; announce only the step that was in flight, then carry on."""
        state = self.state
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
        state.game, state.game_id, state.seq = game, stored.id, len(stored.inputs)
        state.game_host = stored.host
        if stored.room_bot_hosted:
            state.roombot.host = state.out.name  # as the room bot left it, until its lines say otherwise
        state.out.say(state.room, f"The bot restarted: the game of {game.title} continues.")
        self.present.post(unposted)
        self.posted_when_sent(state.seq)
        if game.finished:
            self.finish()
            return
        self.present.player_list(None)
        self.deadlines.restore(stored)
        prompted = {to_id(event.to) for event in unposted if isinstance(event, Prompt)}
        self.present.refresh_prompts(skip=prompted)
