"""One room's host: chat commands become engine inputs, engine events become chat.

The engine decides every rule; this layer only translates, keeps deadlines, and writes each
accepted input to the store before announcing anything it caused.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Cause, Event, PhaseChanged, Prompt, Revealed, Roll, RoundTable, Say
from survivor_host.engine.game import RULES_VERSION, Game, Wait
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input, parse_command
from survivor_host.engine.render import join_names, render, roll_text
from survivor_host.engine.theme import ThemeSpec, VoteBox
from survivor_host.host import html, info, replays
from survivor_host.host.fairness import ALGORITHM, SignupSeed, announce_client_seed, reveal_seed, stored_dice
from survivor_host.host.ports import Cancellable, Clock, HostSettings, Outbox
from survivor_host.host.store import Store, StoredGame, points_for
from survivor_host.themes import DEFAULT_THEME, THEME_HOST_ACTIONS, THEMES, new_game, theme_spec

logger = logging.getLogger(__name__)

AUTH_RANKS = "+%@*#&~"
OWNER_RANKS = "#&~"
INFO_COMMANDS = ("pl", "rules", "help", "lb", "leaderboard", "points", *replays.REPLAY_COMMANDS)
SIGNUP_COMMANDS = ("in", "join", "out", "leave")
SIGNUP_PM_COMMANDS = (*SIGNUP_COMMANDS, "salt")
"""What a PM sends to the room whose signups are open."""
MAX_LINE = 900
TARGET_ACTIONS = ("vote", "suspect", "scapegoat", "swap", "duel")
HOST_COMMANDS = ("host", "start", "end", "modkill", "sub", "extend", "set", *THEME_HOST_ACTIONS)
HARMLESS_DEFAULTS = ("follow", "stick")
"""What a player the bot cannot PM is given at the deadline instead of a modkill (issue 12)."""
REACH_HINT = "register your name, or type /unblockpms"
REACH_CHECK = "(This PM checks that mine reach you.)"
"""Ends the PM every player gets at `/me in` (before the game: not one of the game's PMs)."""
"""Their replies wait behind the game's lines and are rate-limited per user (Outbox.lane "info")."""


@dataclass
class Signups:
    """An open player list before `.start`."""

    theme: str
    mods: list[str]
    options: dict[str, object]
    players: list[str] = field(default_factory=list)
    dice: SignupSeed | None = None

    def to_dict(self) -> dict[str, Any]:
        fair = self.dice.to_dict() if self.dice else {}
        return {"theme": self.theme, "mods": self.mods, "options": self.options, "players": self.players, **fair}


def pack_rolls(rolls: Sequence[str], limit: int = MAX_LINE) -> list[str]:
    """Rolls (and short lines) shown in a row share a line (`a · b · c`), as many as fit under `limit`."""
    lines: list[str] = []
    line = ""
    for text in rolls:
        if line and len(line) + 3 + len(text) > limit:
            lines.append(line)
            line = ""
        line = f"{line} · {text}" if line else text
    return lines + [line] if line else lines


class RoomHost:
    """Runs signups and at most one game in one room."""

    def __init__(
        self,
        room: str,
        out: Outbox,
        clock: Clock,
        store: Store,
        settings: HostSettings,
        new_seed: Callable[[], str],
    ) -> None:
        self.room = room
        self.out = out
        self.clock = clock
        self.store = store
        self.settings = settings
        self.new_seed = new_seed
        self.signups: Signups | None = None
        self.game: Game | None = None
        self.game_id: int | None = None
        self.seq = 0
        self.deadline_at: float | None = None
        self._wait_id = -1
        self._extension = 0
        self._timers: list[Cancellable] = []
        self._paused_left: float | None = None
        self._leave_timers: dict[str, Cancellable] = {}
        self._unreachable: set[str] = set()
        self._reprompted: tuple[int, set[str]] = (-1, set())
        """The wait whose prompts a quiet resume already sent again, and to whom."""
        self._borrowed: dict[str, str] = {}
        """A seated player's id -> the id of the player of this game who renamed onto that name."""
        self._vote_open = False

    # ----- incoming -----

    def handle_chat(self, rank: str, name: str, text: str) -> None:
        """A line said in the room by `name` (with room rank `rank`).

        Commands start with the prefix (`.vote Mars`). The game's prompts name the bare words
        (`vote NAME`, `stick or swap NAME`: the engine's text serves the terminal too), so a line
        that starts with a word the game would take from its author now is taken as that command as
        well (`vote Mars` during the vote, `stick` on one's turn). Only from those players and only
        those words, so other chat is never read as a command.
        """
        stripped = text.strip()
        if stripped.lower() in ("/me in", "/me out"):
            self.guarded(name, lambda: self._signup(name, stripped.lower().endswith("in")))
            return
        prefix = self.settings.prefix
        if stripped.startswith(prefix) and len(stripped) > len(prefix):
            body = stripped[len(prefix) :]
        elif self._owed_word(name, stripped):
            body = stripped
        else:
            return
        word, _, rest = body.partition(" ")
        with self._lane_for(word.lower(), name):
            self.command(rank, name, word.lower(), rest.strip(), in_room=True)

    def _owed_word(self, name: str, text: str) -> bool:
        """True when `text` starts with an action the game would now take from `name`."""
        words = text.split(None, 1)
        return bool(words) and self.can_take(to_id(name), words[0].lower())

    def plays(self, userid: str) -> bool:
        """True when `userid` holds a seat in this room's running game."""
        game = self.game
        return game is not None and not game.finished and any(seat.uid == userid for seat in game.seats)

    def can_take(self, userid: str, word: str) -> bool:
        """True when this room's game would take `word` from `userid` now (it is theirs to send)."""
        game = self.game
        if game is None or game.finished:
            return False
        seat = next((s for s in game.alive() if s.uid == userid), None)
        if seat is None:
            return False
        action = game.ACTION_ALIASES.get(word, word)
        if action in {option.action for option in game.legal_inputs(seat.name)}:
            return True
        return action == "card" and bool(game.private_state(seat.name))

    def owed_text(self, userid: str) -> str:
        """What this room's game awaits from `userid`, in words (for PM replies that name rooms)."""
        game = self.game
        if game is None or game.finished:
            return "no game"
        waits = [wait for wait in game.awaiting() if to_id(wait.player) == userid]
        if not waits:
            return "nothing owed from you now"
        return "you owe " + " or ".join(self._how(action, wait.secret) for wait in waits for action in wait.actions)

    def _how(self, action: str, secret: bool) -> str:
        """How to send `action`: by PM the bare word, in the room with the prefix (`.swap NAME`)."""
        takes_target = action in TARGET_ACTIONS
        word = f"{action} NAME" if takes_target else action
        return word if secret else f"{self.settings.prefix}{word}"

    def guarded(self, name: str, run: Callable[[], None]) -> None:
        """Run a command for `name`; a refusal goes to them by PM, and so does a word about a bug."""
        try:
            run()
        except (IllegalAction, SetupError, ValueError) as error:
            with self.out.lane("error", name):  # after the game's lines, not rate-limited (issue 12)
                self.out.pm(name, str(error))
        except Exception:
            logger.exception("a command from %s in %s failed", name, self.room)
            self.out.pm(name, f"Something went wrong with that in {self.room}; it was logged. Sorry!")

    def handle_pm(self, name: str, text: str) -> None:
        """A PM routed to this room's game (or signups)."""
        self.reachable(to_id(name))
        body = text.strip()
        if body.startswith(self.settings.prefix):
            body = body[len(self.settings.prefix) :]
        word, _, rest = body.partition(" ")
        with self._lane_for(word.lower(), name):
            self.command(" ", name, word.lower(), rest.strip(), in_room=False)

    def _lane_for(self, word: str, name: str) -> AbstractContextManager[None]:
        """Replies to information commands go in the outbox's "info" lane, the rest as game lines."""
        return self.out.lane("info", name) if word in INFO_COMMANDS else nullcontext()

    def command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        """Run one command word; refusals go privately to `name`. Every command gets an answer or a
        visible effect: an unknown word is answered too."""
        self.guarded(name, lambda: self._command(rank, name, word, rest, in_room))

    def _command(self, rank: str, name: str, word: str, rest: str, in_room: bool) -> None:
        if word in HOST_COMMANDS:
            self._require_auth(rank, name, word)
            self._host_command(word, rest)
        elif word in SIGNUP_COMMANDS:
            self._signup(name, word in ("in", "join"))
            if not in_room:  # the room sees the list change; the sender, in a PM window, is told
                joined = word in ("in", "join")
                self.out.pm(name, f"You {'joined' if joined else 'left'} the signups in {self.room}.")
        elif word == "salt":
            self._salt(name, rest)
        elif word in replays.REPLAY_COMMANDS:
            replays.handle(word, rest, name, in_room, self.room, self.out, self.store)
        elif word == "pl":
            self._post_player_list(to=None if in_room else name)
        elif word == "rules":
            self._rules(to=None if in_room else name)
        elif word == "help":
            self._help(name)
        elif word in ("lb", "leaderboard"):
            self._leaderboard(name, in_room)
        elif word == "points":
            self._points(rest or name, name, in_room)
        elif word == "resetpoints":
            self._require_owner(rank, name, word)
            cycle = self.store.reset_cycle(self.room)
            self.out.say(self.room, f"Points were reset: cycle {cycle} begins.")
        elif self.game is not None and not self.game.finished:
            self._player_action(name, word, rest, in_room)
        elif self.is_game_word(word):
            raise IllegalAction(f"No game is running in {self.room}.")
        else:
            raise IllegalAction(self.unknown(word))

    def unknown(self, word: str) -> str:
        """The answer to a command word the bot does not know."""
        p = self.settings.prefix
        return f'I don\'t know the command "{word}". Type {p}help (or help by PM) for the commands.'

    def is_game_word(self, word: str) -> bool:
        """True when `word` is a player action of some theme (`follow`, `swap`, `revolt`...)."""
        for spec in THEMES.values():
            cls = spec.game
            if cls.ACTION_ALIASES.get(word, word) in cls.PLAYER_ACTIONS:
                return True
        return False

    def _require_auth(self, rank: str, name: str, word: str) -> None:
        if rank not in AUTH_RANKS and to_id(name) not in self.settings.owners:
            raise IllegalAction(f"Only room auth (+ and up) can use {self.settings.prefix}{word}.")

    def _require_owner(self, rank: str, name: str, word: str) -> None:
        if rank not in OWNER_RANKS and to_id(name) not in self.settings.owners:
            raise IllegalAction(f"Only room owners (# and up) can use {self.settings.prefix}{word}.")

    def _player_action(self, name: str, word: str, rest: str, in_room: bool) -> None:
        game = self.game
        assert game is not None
        action = game.ACTION_ALIASES.get(word, word)
        if action not in game.PLAYER_ACTIONS:
            if self.is_game_word(word):
                raise IllegalAction(f"{game.title} has no {word}.")
            raise IllegalAction(self.unknown(word))
        if to_id(name) in self._borrowed:
            raise IllegalAction(f"{name} is another player's name in this game: rename back to your own to play.")
        if in_room and game.is_secret(action):
            self.out.pm(name, f"Send that to me by PM so nobody sees it: /msg {self.out.name}, {word} {rest}".strip())
            return
        if game.is_question(action):  # read-only (`card`): answered, never stored
            self._post(game.apply(parse_command(f"{action} {rest}", name)))
            return
        self.apply(parse_command(f"{action} {rest}", name), reply_to=name)

    # ----- signups and host commands -----

    def _host_command(self, word: str, rest: str) -> None:
        if word == "host":
            self._open_signups(rest)
            return
        if word == "start":
            self._start_game()
            return
        if word == "set":
            self._set_option(rest)
            return
        if word == "end" and self.game is None:
            if self.signups is None:
                raise IllegalAction("No game or signups to end.")
            self._close_signups("Signups were cancelled.")
            return
        if self.game is None or self.game.finished:
            raise IllegalAction("No game is running.")
        inp = parse_command(f"{word} {rest}", None)
        self.apply(inp, reply_to=None)

    def _open_signups(self, rest: str) -> None:
        if self.game is not None and not self.game.finished:
            raise IllegalAction("A game is already running here.")
        if self.signups is not None:
            raise IllegalAction("Signups are already open.")
        theme_word, _, mods_text = rest.partition(" ")
        cls = theme_spec(theme_word or DEFAULT_THEME)
        mods = list(cls.normalize_mods([m.strip() for m in mods_text.replace(",", " ").split() if m.strip()]))
        options = {k: v for k, v in self.settings.defaults.items() if k in cls.option_specs()}
        fair = SignupSeed(self.new_seed())
        self.signups = Signups(cls.id, mods, options, dice=fair)
        self._save_signups()
        mods_shown = f" ({join_names([cls.mod_title(m) for m in mods])})" if mods else ""
        self.out.say(
            self.room,
            f"**{cls.title}**{mods_shown} signups are open! Type **/me in** to join, **/me out** to leave.",
        )
        self.out.say(self.room, fair.announce_commitment())
        self._refresh_signups_box(new=True)

    def _salt(self, name: str, word: str) -> None:
        """`.salt WORD`: a player's own word in the client seed (docs/FAIRNESS.md)."""
        if self.signups is None or self.signups.dice is None:
            raise IllegalAction("Salt is added during signups.")
        self.out.pm(name, self.signups.dice.add_salt(name, word, self.signups.players))
        self._save_signups()

    def _signup(self, name: str, joining: bool) -> None:
        signups = self.signups
        if signups is None:
            if self.game is None or self.game.finished:
                raise IllegalAction(f"Signups are not open in {self.room}.")
            raise IllegalAction(f"The game in {self.room} has already started: signups are closed.")
        ids = [to_id(player) for player in signups.players]
        if joining:
            if to_id(name) in ids:
                raise IllegalAction(f"You are already signed up in {self.room}.")
            most = int(
                str(signups.options.get("max_players", theme_spec(signups.theme).option_specs()["max_players"].default))
            )
            if len(signups.players) >= most:
                raise IllegalAction(f"The game is full ({most} players).")
            signups.players.append(name)
            self._check_reach(name)
        else:
            if to_id(name) not in ids:
                raise IllegalAction(f"You were not signed up in {self.room}.")
            signups.players.pop(ids.index(to_id(name)))
        self._save_signups()
        self._refresh_signups_box()

    def _set_option(self, rest: str) -> None:
        if self.signups is None:
            raise IllegalAction("Options are set during signups, before .start.")
        key, _, value = rest.partition(" ")
        specs = theme_spec(self.signups.theme).option_specs()
        name = key.strip().lower().replace("-", "_")
        if name not in specs:
            raise SetupError(f"Unknown option {key!r}; options are: {', '.join(sorted(specs))}.")
        self.signups.options[name] = specs[name].parse(name, value)
        self._save_signups()
        self.out.say(self.room, f"Option **{name}** is now **{self.signups.options[name]}**.")

    def _close_signups(self, text: str) -> None:
        if self.signups is not None and self.out.can_use_html(self.room):
            cls = theme_spec(self.signups.theme)
            mods = [cls.mod_title(mod) for mod in self.signups.mods]
            box = html.signups_box(cls.title, mods, self.signups.players, closed=True)
            self.out.change_uhtml(self.room, self._box_name(), box)
        self.signups = None
        self._save_signups()
        self.out.say(self.room, text)

    def _box_name(self) -> str:
        return f"survivor-signups-{self.room}"

    def _refresh_signups_box(self, new: bool = False) -> None:
        signups = self.signups
        if signups is None:
            return
        if self.out.can_use_html(self.room):
            cls = theme_spec(signups.theme)
            box = html.signups_box(cls.title, [cls.mod_title(mod) for mod in signups.mods], signups.players)
            if new:
                self.out.add_uhtml(self.room, self._box_name(), box)
            else:
                self.out.change_uhtml(self.room, self._box_name(), box)
        elif not new:
            self.out.say(self.room, f"**PL ({len(signups.players)}):** {', '.join(signups.players)}")

    def _save_signups(self) -> None:
        data = self.signups.to_dict() if self.signups else None
        self.store.save_signups(self.room, data, self.clock.now())

    def _start_game(self) -> None:
        signups = self.signups
        if signups is None:
            raise IllegalAction("Open signups with .host first.")
        dice = (signups.dice or SignupSeed(self.new_seed())).dice_for(signups.players)
        game = new_game(signups.theme, signups.players, mods=signups.mods, options=signups.options, dice=dice)
        self.game_id = self.store.begin_game(
            self.room, game.theme, game.mods, dict(game.options), signups.players, dice.seed, self.clock.now(),
            dice=ALGORITHM, client_seed=dice.client_seed, salts=dice.salts,
        )  # fmt: skip
        self.game = game
        self.seq = 0
        self._wait_id = -1
        self._close_signups(announce_client_seed(dice))
        self._post(game.start())
        self._posted_when_sent(0)
        self._rearm()
        self.watch_absent()

    # ----- the game -----

    def apply(self, inp: Input, reply_to: str | None) -> bool:
        """Feed one input to the game; store it, then announce what it caused."""
        game = self.game
        if game is None or game.finished or self.game_id is None:
            raise IllegalAction("No game is running.")
        try:
            events = game.apply(inp)
        except IllegalAction as error:
            if reply_to is not None:
                with self.out.lane("error", reply_to):
                    self.out.pm(reply_to, str(error))
                return False
            raise
        except Exception:
            logger.exception("the game in %s failed on %r", self.room, inp)
            self._abandon(game)
            return False
        self.seq += 1
        self.store.append_input(self.game_id, self.seq, inp, self.clock.now())
        self._post(events)
        self._refresh_vote_box()
        self._posted_when_sent(self.seq)
        if game.finished:
            self._finish()
        else:
            self._rearm()
        return True

    def _posted_when_sent(self, seq: int) -> None:
        """Record that the steps up to `seq` were announced, once their lines have really gone out:
        a crash before that makes the restore announce them (the step in flight at most twice)."""
        game_id, store = self.game_id, self.store
        if game_id is not None:
            self.out.when_sent(lambda: store.mark_posted(game_id, seq))

    def _post(self, events: Sequence[Event]) -> None:
        """Events into chat: rolls and short lines in a row share one line (a public prompt ends it);
        private events go by PM (the room's packing goes on across them). Where HTML is allowed a
        round's table is one box, and the lines it shows are left out; elsewhere the table is left
        out and its lines are said."""
        html_ok = self.out.can_use_html(self.room)
        packed: list[str] = []

        def flush() -> None:
            for line in pack_rolls(packed):
                self.out.say(self.room, line)
            packed.clear()

        for event in events:
            if html_ok and isinstance(event, Say | Roll | Revealed) and event.tabled:
                continue
            if isinstance(event, RoundTable):
                if html_ok:
                    flush()
                    self.out.add_html_box(self.room, html.round_table_box(event))
                continue
            if event.to is None and isinstance(event, Roll):
                packed.append(roll_text(event))
                continue
            if event.to is None and isinstance(event, Say) and event.pack:
                packed.append(event.text)
                continue
            if isinstance(event, Prompt):
                if not event.secret:  # a public prompt ends the room's line
                    packed.append(event.text)
                    flush()
                self._prompt(event, said=True)
                continue
            if isinstance(event, PhaseChanged):  # no line of its own: packing goes on across it
                vote = self._public_vote()
                if vote and event.phase == vote.phase and html_ok:
                    flush()
                    self._vote_box()
                continue
            text = render(event)
            if event.to is not None:  # by PM: the room's packing goes on across it
                if text and isinstance(event, Say):
                    # A player's own confirmation waits behind the round's lines (results first).
                    with self.out.lane("confirm"):
                        self.out.pm(event.to, text)
                elif text:
                    self.out.pm(event.to, text)
                continue
            flush()
            if text:
                self.out.say(self.room, text)
        flush()

    def _public_vote(self) -> VoteBox | None:
        """The theme's public vote shown as a box of buttons (FTL's first leader, F2), if it has one."""
        return theme_spec(self.game.theme).vote_box if self.game is not None else None

    def _vote_box(self, new: bool = True) -> None:
        """The theme's public vote: one box in the room, a button per player that says `.vote NAME`,
        and the votes so far below, updated in place as they come (not a room line per vote)."""
        game, vote = self.game, self._public_vote()
        if game is None or vote is None:
            return
        prefix = self.settings.prefix
        tally = [f"**{name}** {len(voters)}: {', '.join(voters)}" for name, voters in game.vote_tally()]
        if game.phase == vote.phase:
            buttons = [(seat.name, f"{prefix}{vote.action} {seat.name}") for seat in game.alive()]
            voted = sum(len(voters) for _, voters in game.vote_tally())
            head = f"{vote.title} with **{prefix}{vote.action} NAME** or a button:"
            tally = [*tally, f"{voted} of {len(game.alive())} voted."]
        else:
            buttons, head = [], vote.over
        box = html.room_choice_box(head, buttons, tally)
        if new:
            self.out.add_uhtml(self.room, f"survivor-vote-{self.room}", box)
        else:
            self.out.change_uhtml(self.room, f"survivor-vote-{self.room}", box)
        self._vote_open = game.phase == vote.phase

    def _refresh_vote_box(self) -> None:
        """After an input during the vote: the box shows the new tally (or that the vote is over)."""
        if self._vote_open and self.out.can_use_html(self.room):
            self._vote_box(new=False)

    def _prompt(self, prompt: Prompt, said: bool = False) -> None:
        """Ask a player: public prompts in the room (unless already `said`); PM prompts with buttons
        where HTML is allowed. A PM'd prompt starts with its room and round (a player may play in two
        rooms at once)."""
        if not prompt.secret and not said:
            self.out.say(self.room, prompt.text)
        game = self.game
        options = game.legal_inputs(prompt.to) if game else []
        number = game.round if game is not None else 0
        said = not number or prompt.text.startswith(f"Round {number}")  # the prompt names its round itself
        where = f"[{self.room}] " if said else f"[{self.room}, round {number}] "
        if self.out.can_use_html(self.room) and options:
            spec = theme_spec(game.theme) if game else None
            commands = [(self._label(o, spec), f"{o.action} {o.target or ''}".strip()) for o in options]
            box = html.choice_box(self.out.name, where + prompt.text, commands)
            self.out.pm_uhtml(self.room, prompt.to, f"survivor-prompt-{self.room}", box)
        elif prompt.secret:
            actions = " or ".join(prompt.actions)
            targets = f" (targets: {', '.join(prompt.targets)})" if prompt.targets else ""
            self.out.pm(prompt.to, f"{where}{prompt.text} Reply here with {actions}{targets}.")

    @staticmethod
    def _label(option: Input, spec: ThemeSpec | None) -> str:
        if spec is not None:
            return spec.button_label(option.action, option.target)
        return f"{option.action.capitalize()} {option.target}" if option.target else option.action.capitalize()

    def _finish(self) -> None:
        game = self.game
        assert game is not None and self.game_id is not None
        self._cancel_timers()
        record = game.record()
        seed = str(game.seed)
        self.out.say(self.room, reveal_seed(seed))
        status = "finished" if game.winner else "ended"
        awards = self._award_points(game) if game.winner else {}
        # The game is closed (and its points given, in the same transaction) once its last lines went
        # out: a crash before that replays it on restart, announces the end again, and awards once.
        game_id, store, at = self.game_id, self.store, self.clock.now()

        def close() -> None:
            store.finish_game(game_id, record, at, status, awards)

        self.out.when_sent(close)
        self.game = None
        self.game_id = None

    def _abandon(self, game: Game) -> None:
        """An error inside the engine (a bug): end the game cleanly instead of wedging the room."""
        assert self.game_id is not None
        self._cancel_timers()
        try:
            record = game.record()
        except Exception:
            record = {"theme": game.theme, "error": "the record could not be built"}
        self.store.finish_game(self.game_id, record, self.clock.now(), "error")
        self.out.say(self.room, "**An internal error stopped this game.** It was logged; sorry! Host a new one.")
        self.game = None
        self.game_id = None

    def watch_absent(self) -> None:
        """Players not in the room get the leave grace (G5), as if they had just left."""
        game = self.game
        if game is None or game.finished:
            return
        for seat in game.alive():
            if self.out.rank_of(self.room, seat.uid) is None:
                self.handle_leave(seat.uid)

    def _award_points(self, game: Game) -> dict[str, tuple[str, int]]:
        first, second = points_for(len(game.seats))
        if not first:
            return {}
        awards = {to_id(game.winner or ""): (game.winner or "", first)}
        if game.second:
            awards[to_id(game.second)] = (game.second, second)
        tail = f", {game.second} +{second}" if game.second else ""
        self.out.say(self.room, f"Points: {game.winner} +{first}{tail}.")
        return awards

    # ----- deadlines (G4) -----

    def _rearm(self) -> None:
        game = self.game
        if game is None or game.finished or self._paused_left is not None:
            return
        seconds = game.deadline_seconds()
        if seconds is None:
            self._cancel_timers()
            self.deadline_at = None
            return
        if game.wait_id != self._wait_id:
            self._wait_id = game.wait_id
            self._extension = game.extension
            queued_at, wait_id = self.clock.now(), game.wait_id
            self._set_deadline(queued_at + seconds)
            self.out.when_sent(lambda: self._prompts_sent(wait_id, queued_at))
        elif game.extension != self._extension and self.deadline_at is not None:
            added = game.extension - self._extension
            self._extension = game.extension
            self._set_deadline(self.deadline_at + added)

    def _set_deadline(self, at: float) -> None:
        self._cancel_timers()
        self.deadline_at = at
        game = self.game
        assert game is not None
        wait_id = game.wait_id
        if self.game_id is not None:
            self.store.set_deadline(self.game_id, at, wait_id, self._extension)
        left = at - self.clock.now()
        reminder = game.opt_int("reminder")
        if reminder and left > reminder:
            self._timers.append(self.clock.call_later(left - reminder, lambda: self._remind(wait_id)))
        self._timers.append(self.clock.call_later(max(left, 0.0), lambda: self._deadline(wait_id)))

    def _prompts_sent(self, wait_id: int, queued_at: float) -> None:
        """The wait's prompts have really gone out: its deadline counts from now, not from when they
        were queued (a busy queue must not eat a player's time)."""
        game = self.game
        late = self.clock.now() - queued_at
        if game is None or game.wait_id != wait_id or self.deadline_at is None or self._paused_left is not None:
            return
        if late > 0:
            self._set_deadline(self.deadline_at + late)

    def _cancel_timers(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()

    def _remind(self, wait_id: int) -> None:
        game = self.game
        if game is None or game.finished or game.wait_id != wait_id:
            return
        missing = [wait.player for wait in game.awaiting()]
        if not missing:
            return
        seconds = game.opt_int("reminder")
        self.out.say(self.room, f"Reminder: {join_names(missing)}, {seconds} seconds left to act.")
        for name in missing:
            self.out.pm(name, f"{seconds} seconds left: you still owe an action in {self.room}.")

    def _deadline(self, wait_id: int) -> None:
        game = self.game
        if game is None or game.finished or game.wait_id != wait_id:
            return
        self._defaults_for_unreachable()
        if game is not self.game or game.finished or game.wait_id != wait_id:
            return
        self.apply(Input("timeout"), reply_to=None)

    def pause(self) -> None:
        """The bot lost its connection: stop the clock on the current deadline (and on the grace of
        players who had left: the bot cannot see them come back while it is away)."""
        for timer in self._leave_timers.values():
            timer.cancel()
        self._leave_timers.clear()
        if self.deadline_at is not None and self._paused_left is None:
            self._paused_left = max(self.deadline_at - self.clock.now(), 0.0)
            self._cancel_timers()
            if self.game_id is not None:
                # The stored deadline minus this heartbeat is the time left, should the bot die
                # before it is back (tick leaves the heartbeat alone while paused).
                self.store.heartbeat(self.game_id, self.clock.now())

    def resume(self, quiet: bool = False) -> None:
        """Connected again: the deadline gets back the time it had, and prompts are sent again. After a
        short outage (`quiet`) the room is not told, and a prompt is sent again once per wait at most."""
        if self._paused_left is not None:
            left = self._paused_left
            self._paused_left = None
            self._set_deadline(self.clock.now() + max(left, 10.0))
        if self.game is not None and not quiet:
            self.out.say(self.room, "The bot is back: the game continues.")
            self._refresh_prompts()
        elif self.game is not None and not self.game.finished:
            # A short outage: no "back" line, and each prompt of this wait is sent again once at most
            # (a connection that keeps dropping does not re-send them every time).
            game = self.game
            if self._reprompted[0] != game.wait_id:
                self._reprompted = (game.wait_id, set())
            for wait in game.awaiting():
                userid = to_id(wait.player)
                if userid not in self._reprompted[1]:
                    self._reprompted[1].add(userid)
                    self._refresh_prompts(only=userid)
        for timer in self._leave_timers.values():
            timer.cancel()
        self._leave_timers.clear()
        self.watch_absent()

    def tick(self) -> None:
        """Called every few seconds: keeps the stored heartbeat fresh for restores."""
        if self.game_id is not None and self._paused_left is None:
            self.store.heartbeat(self.game_id, self.clock.now())

    # ----- room presence (G5) -----

    def handle_leave(self, userid: str) -> None:
        game = self.game
        if game is None or game.finished:
            return
        seat = next((s for s in game.alive() if s.uid == userid), None)
        if seat is None or userid in self._leave_timers:
            return
        grace = game.opt_int("leave_grace")
        self._leave_timers[userid] = self.clock.call_later(grace, lambda: self._left_for_good(userid))

    def handle_join(self, name: str) -> None:
        timer = self._leave_timers.pop(to_id(name), None)
        if timer is not None:
            timer.cancel()
        # Someone back in the room (after their own reconnect, or a server restart) who owes an
        # action may have missed the prompt: send it again.
        game = self.game
        if game is not None and not game.finished and self._paused_left is None:
            userid = to_id(name)
            if any(to_id(wait.player) == userid for wait in game.awaiting()):
                self._refresh_prompts(only=userid)

    def _left_for_good(self, userid: str) -> None:
        self._leave_timers.pop(userid, None)
        game = self.game
        if game is None or game.finished:
            return
        seat = next((s for s in game.alive() if s.uid == userid), None)
        if seat is not None:
            self.apply(Input("modkill", target=seat.name, reason=Cause.LEFT), reply_to=None)

    def handle_rename(self, new_name: str, old_id: str) -> None:
        """A rename keeps the seat (G5): the seat follows the user id."""
        if to_id(new_name) == old_id:
            return
        if old_id in self._borrowed:
            # Off a name that belongs to another seat: that seat keeps it; back on their own, welcome.
            self._borrowed.pop(old_id)
            self.handle_join(new_name)
            return
        if self.signups is not None:
            ids = [to_id(p) for p in self.signups.players]
            if old_id in ids:
                self.signups.players[ids.index(old_id)] = new_name
                self._save_signups()
        game = self.game
        if game is not None and not game.finished:
            seat = next((s for s in game.seats if s.uid == old_id), None)
            if seat is not None:
                try:
                    self.apply(Input("rename", by=seat.name, new=new_name), reply_to=None)
                except IllegalAction:
                    # The new name belongs to another seat of this game: the seat keeps its name.
                    self.out.pm(
                        new_name, f"The name {new_name} is already in this game: rename back to {seat.name} to play."
                    )
                    # Their own seat is now nobody's: it gets the leave grace (G5), and nothing sent
                    # under the other seat's name acts for that seat.
                    self._borrowed[to_id(new_name)] = old_id
                    self.handle_leave(old_id)
                    return
        timer = self._leave_timers.pop(old_id, None)
        if timer is not None:
            self._leave_timers[to_id(new_name)] = timer

    # ----- information -----

    def _reply(self, to: str | None, text: str) -> None:
        """In the room when `to` is None, else by PM to `to`, saying which room it is about."""
        if to is None:
            self.out.say(self.room, text)
        else:
            self.out.pm(to, f"[{self.room}] {text}")

    def _post_player_list(self, to: str | None) -> None:
        if self.game is not None and not self.game.finished:
            text = info.game_player_list(self.game)
        elif self.signups is not None:
            text = info.signup_player_list(self.signups.players)
        else:
            raise IllegalAction(f"No game or signups in {self.room}.")
        self._reply(to, text)

    def _rules(self, to: str | None) -> None:
        if self.game is not None:
            theme, mods, options = self.game.theme, list(self.game.mods), dict[str, object](self.game.options)
        elif self.signups is not None:
            theme, mods, options = self.signups.theme, self.signups.mods, dict(self.signups.options)
        else:
            theme, mods, options = DEFAULT_THEME, [], dict[str, object]()
        self._reply(to, info.rules_text(theme, mods, options, self.settings.rules_links.get(theme, "")))

    def _help(self, name: str) -> None:
        self.out.pm(name, info.help_text(self.settings.prefix, self.room))

    def _leaderboard(self, name: str, in_room: bool) -> None:
        rows = self.store.leaderboard(self.room)
        if not rows:
            self.out.pm(name, f"[{self.room}] No points yet this cycle.")
        elif in_room and self.out.can_use_html(self.room):
            self.out.add_html_box(self.room, html.leaderboard_box(self.room, rows))
        else:
            self._reply(None if in_room else name, info.leaderboard_text(rows))

    def _points(self, who: str, asker: str, in_room: bool) -> None:
        points = self.store.points_of(self.room, to_id(who))
        self._reply(None if in_room else asker, f"Points this cycle for {who.strip()}: {points}.")

    # ----- restarts and reconnects -----

    def restore_signups(self, data: dict[str, Any]) -> None:
        fair = SignupSeed.from_dict(data, self.new_seed())
        self.signups = Signups(data["theme"], list(data["mods"]), dict(data["options"]), list(data["players"]), fair)
        self.out.say(self.room, "The bot restarted: signups are still open.")
        if not data.get("seed"):
            self._save_signups()
            self.out.say(self.room, fair.announce_commitment())
        self._refresh_signups_box(new=True)

    def restore_game(self, stored: StoredGame) -> None:
        """Rebuild a game by replay; announce only the step that was in flight, then carry on."""
        if (1 if stored.rules_version is None else stored.rules_version) != RULES_VERSION:
            logger.warning(
                "game %s in %s was played under rules version %s, not %s: not restored (its rows are kept)",
                stored.id,
                self.room,
                stored.rules_version,
                RULES_VERSION,
            )
            self.store.refuse_game(stored.id, self.clock.now())
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
        self.game, self.game_id, self.seq = game, stored.id, len(stored.inputs)
        self.out.say(self.room, f"The bot restarted: the game of {game.title} continues.")
        self._post(unposted)
        self._posted_when_sent(self.seq)
        if game.finished:
            self._finish()
            return
        self._post_player_list(None)
        self._wait_id = game.wait_id
        self._extension = game.extension
        seconds = game.deadline_seconds()
        if seconds is not None:
            left = float(seconds)
            # The stored deadline counts only if it belongs to this very wait (the bot may have died
            # after storing the input that began a new wait, before storing its deadline).
            same_wait = stored.deadline_wait is None or stored.deadline_wait == game.wait_id
            if stored.deadline_at is not None and stored.heartbeat is not None and same_wait:
                had = game.extension if stored.deadline_extension is None else stored.deadline_extension
                added = game.extension - had
                left = stored.deadline_at - stored.heartbeat + added
            self._set_deadline(self.clock.now() + max(left, 10.0))
        prompted = {to_id(event.to) for event in unposted if isinstance(event, Prompt)}
        self._refresh_prompts(skip=prompted)
        self.watch_absent()

    def _refresh_prompts(self, skip: set[str] | frozenset[str] = frozenset(), only: str | None = None) -> None:
        """Ask again everyone the game waits for (and tell Chase the Ace players their card)."""
        game = self.game
        if game is None or game.finished:
            return
        voters: list[str] = []
        for wait in game.awaiting():
            userid = to_id(wait.player)
            if userid in skip or (only is not None and userid != only):
                continue
            if wait.actions == ("vote",) and not wait.secret:
                voters.append(wait.player)  # one line for everyone who owes a vote, not one each
                continue
            self._tell_card(wait.player)
            self._prompt(Prompt(wait.player, self._owed_prompt(wait), wait.actions, wait.targets, wait.secret))
        if voters:
            names = join_names([f"**{name}**" for name in voters])
            vote = f"**{self.settings.prefix}vote NAME**"
            owed = f"you still owe an action here in the room: {vote} (not yourself)."
            self.out.say(self.room, f"{names}, before round 1: {owed}")
            if self.out.can_use_html(self.room) and not self._vote_open:
                self._vote_box()
        if only is None:
            awaited = {to_id(wait.player) for wait in game.awaiting()}
            for seat in game.alive():
                if seat.uid not in awaited:
                    self._tell_card(seat.name)

    def _owed_prompt(self, wait: Wait) -> str:
        """A re-prompt (after a restart, a reconnect, a return) that names what is owed and how to send
        it; PM'd ones get the room and round from `_prompt`, room ones say the round here."""
        game = self.game
        how = " or ".join(f"**{self._how(action, wait.secret)}**" for action in wait.actions)
        targets = f" ({join_names(list(wait.targets))})" if wait.targets else ""
        if wait.secret:
            return f"You still owe an action: {how}{targets}."
        when = f"round {game.round}" if game is not None and game.round else "before round 1"
        return f"**{wait.player}**, {when}: you still owe an action here in the room: {how}{targets}."

    def _tell_card(self, name: str) -> None:
        """What a player privately holds (a Chase the Ace card), by PM (after a restart or reconnect)."""
        if self.game is not None:
            self._post(self.game.private_state(name))

    # ----- players the bot cannot PM (issue 12) -----

    def _check_reach(self, name: str) -> None:
        """A short PM at signup; should the server refuse it, `unreachable` takes them off the list."""
        self.out.pm(name, f"You are on the player list in {self.room}. {REACH_CHECK}")

    def unreachable(self, userid: str) -> None:
        """The server refused a PM to `userid` (unregistered, or blocking PMs)."""
        signups = self.signups
        ids = [to_id(player) for player in signups.players] if signups else []
        if signups is not None and userid in ids:
            name = signups.players.pop(ids.index(userid))
            self._save_signups()
            self._refresh_signups_box()
            text = f"Taken off the list: {name}, I cannot PM you. To play, {REACH_HINT}, then /me in again."
            self.out.say(self.room, text)
            return
        game = self.game
        if game is None or game.finished or userid in self._unreachable:
            return
        seat = next((s for s in game.alive() if s.uid == userid), None)
        if seat is None:
            return
        self._unreachable.add(userid)
        self.out.say(
            self.room,
            f"I cannot PM {seat.name}: {REACH_HINT}, then PM me. Until then, when time is up they "
            f"{' or '.join(HARMLESS_DEFAULTS)} instead of being eliminated.",
        )

    def reachable(self, userid: str) -> None:
        """`userid` got (or sent) a PM again: tell them what they missed (their card, what they owe)."""
        if userid not in self._unreachable:
            return
        self._unreachable.discard(userid)
        game = self.game
        if game is None or game.finished:
            return
        seat = next((s for s in game.alive() if s.uid == userid), None)
        if seat is None:
            return
        self._tell_card(seat.name)
        if any(to_id(wait.player) == userid for wait in game.awaiting()):
            self._refresh_prompts(only=userid)

    def _defaults_for_unreachable(self) -> None:
        """At the deadline, players the bot could not PM take the harmless choice, not a modkill."""
        game = self.game
        if game is None:
            return
        for wait in game.awaiting():
            action = next((a for a in HARMLESS_DEFAULTS if a in wait.actions), None)
            if to_id(wait.player) in self._unreachable and action is not None and self.game is game:
                try:
                    self.apply(Input(action, by=wait.player), reply_to=None)
                except IllegalAction:
                    logger.exception("default %s for %s was refused", action, wait.player)
