"""Commands: chat lines and PMs into command words, who may use them, and where each one goes.

Every string a user sends stays data: only a known word from an allowed sender does anything.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field

from survivor_host.bot import replays
from survivor_host.bot.allowance import ALLOWANCE_NOTE, Allowance
from survivor_host.bot.answers import Answers
from survivor_host.bot.command_words import (
    COSTLY_COMMANDS,
    HOST_COMMANDS,
    INFO_COMMANDS,
    SIGNUP_COMMANDS,
    is_command_word,
    is_game_word,
    not_started,
)
from survivor_host.bot.handhost.desk import HandDesk
from survivor_host.bot.handhost.words import HAND_COMMANDS, HAND_START, SHARED_WITH_GAMES
from survivor_host.bot.host_hints import named_nobody
from survivor_host.bot.hosting import Hosting
from survivor_host.bot.outage import StoreDown
from survivor_host.bot.player_commands import PlayerCommands
from survivor_host.bot.ports import AUTH_RANKS, OWNER_RANKS
from survivor_host.bot.presence import Presence
from survivor_host.bot.present import Announcer
from survivor_host.bot.reach import Reach
from survivor_host.bot.session import Session
from survivor_host.bot.signups import SignupDesk
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input, parse_command
from survivor_host.themes import THEME_HOST_ACTIONS, theme_spec

logger = logging.getLogger(__name__)


@dataclass
class Commands(PlayerCommands):
    """Reads what people type in one room (or PM about it) and hands each command to its part."""

    state: RoomState
    desk: SignupDesk
    session: Session
    present: Announcer
    answers: Answers
    presence: Presence
    reach: Reach
    hosting: Hosting
    unknown_answered: dict[str, float] = field(default_factory=dict)
    """When each user last got the answer to an unknown PM command."""
    hand: HandDesk | None = None
    """The room's hand-hosted session, if the room has one (docs/FAIRNESS.md "Hosting sessions")."""
    allowance: Allowance = field(default_factory=Allowance)
    """Each user's allowance of COSTLY_COMMANDS, counted before any work is done; the bot's rooms share
    one, so a user in several rooms has no more than in one."""

    def handle_chat(self, rank: str, name: str, text: str) -> None:
        """A line said in the room by `name` (with room rank `rank`).

        Commands start with the prefix. The game's prompts name the bare words (the engine's text
        serves the terminal too), so a line that starts with a word the game would take from its
        author now is taken as that command as well. Only from those players and only those words,
        so other chat is never read as a command. The bot answers nothing it does not own: another
        bot's lines (the room bot's only tell its host and queue), unknown words, `/me in` for
        signups that are not ours.
        """
        follower = self.state.roombot
        if follower.is_room_bot(to_id(name)):
            follower.hears(text)
            return
        if rank == "*":
            return
        self.hosting.heard_auth(rank, name, text)
        stripped = text.strip()
        hand = self.hand
        if stripped.lower() in ("/me in", "/me out") and hand is not None and self._hand_signups():
            joining = stripped.lower().endswith("in")
            if self._allowed(name, "in"):
                self.guarded(name, lambda: hand.signup(name, joining))
            return
        if stripped.lower() in ("/me in", "/me out"):
            if self.state.signups is not None and self._allowed(name, "in"):
                self.guarded(name, lambda: self.desk.signup(name, stripped.lower().endswith("in")))
            return
        prefix = self.state.settings.prefix
        if stripped.startswith(prefix) and len(stripped) > len(prefix):
            body = stripped[len(prefix) :]
        elif self._owed_word(name, stripped):
            body = stripped
        else:
            return
        word, _, rest = body.partition(" ")
        if not is_command_word(word.lower()) and not self.for_hand(word.lower()):
            return  # the host's tools are words of ours only while a session runs
        if not self._allowed(name, word.lower()):
            return
        with self._lane_for(word.lower(), name):
            self.command(rank, name, word.lower(), rest.strip(), in_room=True)

    def handle_pm(self, name: str, text: str) -> None:
        """A PM routed to this room's game (or signups); the sender's rank is their rank in the room."""
        self.reach.reachable(to_id(name))
        rank = self.state.out.rank_of(self.state.room, to_id(name)) or " "
        body = text.strip()
        if body.startswith(self.state.settings.prefix):
            body = body[len(self.state.settings.prefix) :]
        word, _, rest = body.partition(" ")
        if not self._allowed(name, word.lower()):
            return
        untagged = self.untagged(name, rest.strip())
        if untagged is None:
            return
        with self._lane_for(word.lower(), name):
            self.command(rank, name, word.lower(), untagged.strip(), in_room=False)

    def _allowed(self, name: str, word: str) -> bool:
        """False (and nothing done) when `name` has used up their allowance of commands that cost the
        bot work (information, signups, salt); game actions and host commands are never held back."""
        if word not in COSTLY_COMMANDS or self.allowance.allow(to_id(name), self.state.clock.now()):
            return True
        logger.debug("not done (over their allowance): %s's %s in %s", name, word, self.state.room)
        with self.state.out.lane("info", name):  # the same note at most once in a while (the lane's cooldown)
            self.state.out.pm(name, f"Slow down: that was not done. I take {ALLOWANCE_NOTE}.")
        return False

    def guarded(self, name: str, run: Callable[[], None]) -> None:
        """Run a command for `name`; a refusal goes to them by PM, and so does a word about a bug."""
        out = self.state.out
        try:
            run()
        except (IllegalAction, SetupError, ValueError, StoreDown) as error:
            with out.lane("error", name):  # after the game's lines, not rate-limited
                out.pm(name, str(error))
        except sqlite3.Error as error:  # a write that failed: the sender is told, play waits for the database
            logger.exception("a command from %s in %s was not stored", name, self.state.room)
            with out.lane("error", name):
                out.pm(name, str(self.state.outage.failed(error)))
        except Exception:
            logger.exception("a command from %s in %s failed", name, self.state.room)
            out.pm(name, f"Something went wrong with that in {self.state.room}; it was logged. Sorry!")

    def _lane_for(self, word: str, name: str) -> AbstractContextManager[None]:
        """Replies to information commands go in the outbox's "info" lane, the rest as game lines."""
        return self.state.out.lane("info", name) if word in INFO_COMMANDS else nullcontext()

    def command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        """Run one command word; refusals go privately to `name`. Every command of ours gets an answer
        or a visible effect; an unknown word is answered by PM only (`answer_unknown`)."""
        self.guarded(name, lambda: self._command(rank, name, word, rest, in_room))

    def _hand_signups(self) -> bool:
        """True when `/me in` and `salt` are for the hand-hosted session (no signups of ours are open)."""
        return self.hand is not None and self.hand.signups_open() and self.state.signups is None

    def for_hand(self, word: str) -> bool:
        """True when `word` is for the hand-hosted session: `handhost`; its tools while it runs (those a
        game of ours also takes only while no game or signups of ours are open); `salt` during its signups."""
        hand = self.hand
        if hand is None:
            return False
        if word == "salt":
            return self._hand_signups()
        if word == HAND_START:
            return True
        if not hand.active():
            return False
        if word in SHARED_WITH_GAMES:
            return self.state.running() is None and self.state.signups is None
        return word in HAND_COMMANDS

    def _command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        state = self.state
        if self.hand is not None and self.for_hand(word):
            self.hand.command(rank, name, word, rest, in_room)
        elif word in HOST_COMMANDS:
            self._require(AUTH_RANKS, "room auth (+ and up)", rank, name, word, in_room)
            self._host_command(word, rest, name)
        elif word in SIGNUP_COMMANDS:
            joining = word in ("in", "join")
            self.desk.signup(name, joining)
            if not in_room and not joining:  # a PM'd leave is told; a join already gets the list's PM
                with state.out.lane("info", name):  # limited: a flood of them never holds the game back
                    state.out.pm(name, f"You left the signups in {state.room}.")
        elif word == "salt":
            self.desk.salt(name, rest)
        elif word in replays.REPLAY_COMMANDS:
            self._replay_command(word, rest, name, in_room)
        elif word == "pl":
            self.present.player_list(to=None if in_room else name)
        elif word == "rules":
            self.answers.rules(to=None if in_room else name)
        elif word == "help":
            self.answers.help(name)
        elif word in ("lb", "leaderboard"):
            self.answers.leaderboard(name, in_room)
        elif word == "points":
            self.answers.points(rest or name, name, in_room)
        elif word == "resetpoints":
            self._require(OWNER_RANKS, "room owners (# and up)", rank, name, word, in_room)
            cycle = state.store.reset_cycle(state.room)
            state.out.say(state.room, f"Points were reset: cycle {cycle} begins.")
        elif state.running() is not None and (in_room or is_game_word(word) or self.plays(to_id(name))):
            self._player_action(name, word, rest, in_room)
        elif is_game_word(word):
            idle = f"No game is running in {state.room}."
            raise IllegalAction(not_started(state.room) if state.signups is not None else idle)
        elif not in_room:
            self.answer_unknown(name, word)

    def _replay_command(self, word: str, rest: str, name: str, in_room: bool) -> None:
        """A game that just ended is stored once its last lines went out: asked before, the answer waits."""
        state = self.state

        def answer() -> None:
            replays.handle(word, rest, name, in_room, state.room, state.out, state.store, state.settings.prefix)

        def answer_later() -> None:
            with self._lane_for(word, name):
                self.guarded(name, answer)

        if state.closing is None:
            answer()
        else:
            state.out.when_sent(answer_later)

    def _host_input(self, word: str, rest: str) -> Input:
        """The host's `word REST` as an input; `sub OLD, NEW` names NEW as the room's user list shows them
        (when they are in the room), else as typed."""
        old, comma, new = rest.partition(",")
        shown = self.state.out.name_in(self.state.room, to_id(new)) if word == "sub" and comma and to_id(new) else None
        return parse_command(f"{word} {old}, {shown}" if shown else f"{word} {rest}", None)

    def _is_a_bot(self, name: str) -> bool:
        """Whether `name` is this bot or the room's bot (neither plays)."""
        userid = to_id(name)
        return bool(userid) and (userid == to_id(self.state.out.name) or self.state.roombot.is_room_bot(userid))

    def _require(self, ranks: str, who: str, rank: str, name: str, word: str, in_room: bool) -> None:
        """Host commands are room auth's, a few the room owners' (the bot's owners may use both); the rank
        is the one the room shows, so a PM from someone not in the room is told to join it."""
        state = self.state
        if (rank and rank in ranks) or to_id(name) in state.settings.owners:  # "" is in every string
            return
        away = not in_room and state.out.rank_of(state.room, to_id(name)) is None
        join = f" (I read your rank in {state.room}: join it first)" if away else ""
        raise IllegalAction(f"Only {who} can use {state.settings.prefix}{word}{join}.")

    def open_signups(self, host: str, rest: str) -> None:
        """`.host REST` by `host`: the signups open (the room bot's staff get a modnote)."""
        self.desk.open(rest, host=host)
        signups = self.state.signups
        if signups is not None:
            self.hosting.hosted(host, theme_spec(signups.theme).played_title(signups.mods))

    def begin_game(self) -> None:
        """`.start` (or the signups timer, or a full list): the game of the list begins."""
        self.session.begin(*self.desk.start())
        self.presence.watch_absent()

    def _host_command(self, word: str, rest: str, name: str) -> None:
        state = self.state
        if word == "host":
            if state.running() is not None or state.signups is not None or self.hosting.may_open(name, rest):
                self.open_signups(name, rest)
        elif word == "start":
            self.begin_game()
        elif word == "set":
            self.desk.set_option(rest)
        elif word == "end" and state.game is None:
            if state.signups is None:
                # A game that could not be restored ends too, else a `$host` waiting for the room bot.
                if not self.session.end_stuck(name) and not self.hosting.requests.cancel(name):
                    done = f": {state.settings.prefix}done ends the session" if self.hand and self.hand.active() else ""
                    raise IllegalAction(f"No game or signups to end{done}.")
                return
            self.desk.close("Signups were cancelled.")
            self.hosting.cancelled()
        elif (game := state.running()) is None:
            started = f"the game has not started ({state.settings.prefix}start begins it)"
            opens = f"No game is running: {state.settings.prefix}host THEME opens the signups."
            raise IllegalAction(f"Signups are open: {started}." if state.signups is not None else opens)
        elif word in THEME_HOST_ACTIONS and word not in game.THEME_HOST_ACTIONS:
            raise IllegalAction(f"{game.title} has no {state.settings.prefix}{word}.")
        elif (nobody := named_nobody(game, word, rest, state.settings.prefix)) is not None:
            raise IllegalAction(nobody)
        elif word == "sub" and self._is_a_bot(newcomer := rest.partition(",")[2].strip()):
            raise IllegalAction(f"{newcomer} is a bot and cannot take a seat.")
        elif self.session.apply(inp := self._host_input(word, rest), reply_to=None) and word == "sub":
            self.presence.watch_absent()  # a newcomer not in the room has the leave grace to come (G5)
            self.presence.tell_absent(inp.new)
