"""Signups: `.host`, `/me in` and `/me out`, `.set`, `.salt`, and `.start`'s new game (shown by `signups_box.py`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.fairness import ALGORITHM, SignupSeed, announce_client_seed
from survivor_host.bot.host_choice import host_choice
from survivor_host.bot.ports import Cancellable
from survivor_host.bot.signups_box import SignupsBox
from survivor_host.bot.signups_stored import save, stored
from survivor_host.bot.state import RoomState, Signups
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.game import Game
from survivor_host.engine.ids import name_problem, quoted_word, to_id
from survivor_host.engine.render import join_names
from survivor_host.themes import new_game, theme_spec

REACH_CHECK = "(This PM checks that mine reach you.)"
"""Ends the PM every player gets at `/me in` (before the game: not one of the game's PMs)."""


@dataclass
class SignupDesk:
    """The room's open player list before `.start`: kept in the store, shown as a box where HTML is allowed."""

    state: RoomState
    autostart: Callable[[], None] = lambda: None
    """Starts the game of the list (the timer ran out with enough players, or the list is full)."""
    cancelled: Callable[[], None] = lambda: None
    """Called after the timer closed the signups for want of players."""
    _timer: Cancellable | None = field(default=None, repr=False)
    box: SignupsBox = field(init=False)
    """The list as the room sees it."""

    def __post_init__(self) -> None:
        self.box = SignupsBox(self.state)
        self.state.outage.on_resume.append(self._writable_again)

    def open(self, rest: str, host: str | None = None) -> None:
        """`.host THEME [mods]`: signups open with the bot's default options and a committed seed."""
        state = self.state
        if state.running() is not None:
            raise IllegalAction("A game is already running here.")
        if state.signups is not None:
            raise IllegalAction(f"Signups are already open: {state.settings.prefix}start begins the game.")
        cls, mods = host_choice(state, rest)
        options = {k: v for k, v in state.settings.defaults.items() if k in cls.option_specs()}
        fair = SignupSeed(state.new_seed())
        with stored(state):
            state.signups = Signups(cls.id, mods, options, dice=fair, host=host, opened_at=state.clock.now())
            state.signups.room_bot_hosted = state.roombot.we_host()
        mods_shown = f" ({join_names([cls.mod_title(m) for m in mods])})" if mods else ""
        seconds = state.settings.signups_seconds
        closing = f" They close in {_duration(seconds)}." if seconds else ""
        state.out.say(
            state.room,
            f"survgame! **{cls.title}**{mods_shown} signups are open: type **/me in** to join "
            f"({state.settings.prefix}out to leave).{closing}",
        )
        state.out.say(state.room, fair.announce_commitment(state.settings.prefix))
        self.box.refresh(new=True)
        self._arm(seconds)

    def _arm(self, seconds: float) -> None:
        """The signups timer: when it runs out the game starts with enough players, else signups close."""
        self._disarm()
        if seconds > 0:
            signups, out = self.state.signups, self.state.out
            # Up once the server has caught up: a `/me in` it read in time counts, even while it stalled.
            self._timer = self.state.clock.call_later(seconds, lambda: out.caught_up(lambda: self._time_up(signups)))

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _time_up(self, signups: Signups | None) -> None:
        state = self.state
        if signups is None or state.signups is not signups:
            return
        self._timer = None
        least = theme_spec(signups.theme).min_players
        if len(signups.players) >= least:
            return self.autostart()
        try:
            self.close(f"Signups closed: {len(signups.players)} signed up, {least} needed.")
            self.cancelled()
        except sqlite3.Error as error:
            self.state.outage.failed(error)  # the list stays open until the database takes writes again

    def _writable_again(self) -> None:
        """Signups whose timer ran out while the database took no writes start (or close) now."""
        signups = self.state.signups
        if signups is not None and self._timer is None and self.state.settings.signups_seconds:
            self._time_up(signups)

    def _full(self, signups: Signups) -> bool:
        limit = signups.options.get("max_players", theme_spec(signups.theme).option_specs()["max_players"].default)
        return len(signups.players) >= int(str(limit))

    def salt(self, name: str, word: str) -> None:
        """`.salt WORD`: a player's own word in the client seed (docs/FAIRNESS.md)."""
        signups = self.state.signups
        if signups is None or signups.dice is None:
            raise IllegalAction("Salt is added during signups.")
        with stored(self.state):
            reply = signups.dice.add_salt(name, word, signups.players, self.state.settings.prefix)
        with self.state.out.lane("info", name):  # limited: a flood of them never holds the game back
            self.state.out.pm(name, reply)

    def signup(self, name: str, joining: bool) -> None:
        """`/me in` or `/me out` (`.in`, `.out`...): `name` joins or leaves the list."""
        state = self.state
        signups = state.signups
        if signups is None:
            if state.running() is None:
                raise IllegalAction(f"Signups are not open in {state.room}.")
            raise IllegalAction(f"The game in {state.room} has already started: signups are closed.")
        ids = [to_id(player) for player in signups.players]
        if joining and to_id(name) in ids:
            raise IllegalAction(f"You are already signed up in {state.room}.")
        if joining and (problem := name_problem(name)) is not None:  # the game could not start with it
            raise IllegalAction(f"You cannot join {state.room} with that name: {problem}. Take another name.")
        if joining and self._full(signups):
            raise IllegalAction(f"The game is full ({len(signups.players)} players).")
        if not joining and to_id(name) not in ids:
            raise IllegalAction(f"You were not signed up in {state.room}.")
        with stored(state):
            if joining:
                signups.players.append(name)
            else:
                signups.players.pop(ids.index(to_id(name)))
        if joining:  # a short PM; should the server refuse it, the room host's `unreachable` takes them off
            with state.out.lane("info", name):  # limited: a flood of them never holds the game back
                state.out.pm(name, f"You are on the player list in {state.room}. {REACH_CHECK}")
        self.box.refresh()
        if joining and self._full(signups) and state.settings.signups_seconds:
            self.autostart()  # the cap is reached: nobody else can join

    def set_option(self, rest: str) -> None:
        """`.set OPTION VALUE` during signups, checked against the theme's options."""
        state = self.state
        if state.signups is None:
            raise IllegalAction(f"Options are set during signups, before {state.settings.prefix}start.")
        key, _, value = rest.partition(" ")
        specs = theme_spec(state.signups.theme).option_specs()
        name = key.strip().lower().replace("-", "_")
        listed = ", ".join(sorted(specs))
        if not name:
            raise SetupError(f"Type {state.settings.prefix}set OPTION VALUE; options are: {listed}.")
        if name not in specs:
            raise SetupError(f"Unknown option {quoted_word(key)}; options are: {listed}.")
        parsed = specs[name].parse(name, value)
        theme_spec(state.signups.theme).check_options_read(state.signups.mods, {name: parsed})
        signed = len(state.signups.players)
        if name == "max_players" and isinstance(parsed, int) and parsed < signed:
            raise IllegalAction(f"{signed} players are signed up: max_players can be {signed} or more, not {parsed}.")
        with stored(state):
            state.signups.options[name] = parsed
        state.out.say(state.room, f"Option **{name}** is now **{state.signups.options[name]}**.")

    def close(self, text: str) -> None:
        """The signups are cancelled: once that is stored, the box says so and the room is told `text`."""
        state = self.state
        signups = state.signups
        with stored(state):
            state.signups = None
        self._closed(signups, text)

    def _closed(self, signups: Signups | None, text: str) -> None:
        """The stored close of `signups` is shown: the box says closed, the timer stops, the room reads `text`."""
        if signups is not None:
            self.box.show_closed(signups.theme, signups.mods, signups.players)
        self._disarm()
        self.state.out.say(self.state.room, text)

    def start(self) -> tuple[Game, int]:
        """`.start`: the game of the list and the list's close, stored together; then the signups close
        announcing its client seed."""
        state = self.state
        signups = state.signups
        if signups is None and state.running() is not None:
            raise IllegalAction(f"A game is already running in {state.room}; {state.settings.prefix}end ends it.")
        if signups is None:
            raise IllegalAction(f"Open signups with {state.settings.prefix}host first.")
        dice = (signups.dice or SignupSeed(state.new_seed())).dice_for(signups.players)
        game = new_game(signups.theme, signups.players, mods=signups.mods, options=signups.options, dice=dice)
        game_id = state.store.begin_game(
            state.room, game.theme, game.mods, dict(game.options), signups.players, dice.seed, state.clock.now(),
            dice=ALGORITHM, client_seed=dice.client_seed, salts=dice.salts, host=signups.host,
            room_bot_hosted=state.roombot.we_host(),
        )  # fmt: skip
        state.signups = None  # the store closed the list with the game's start
        state.game_host = signups.host
        self._closed(signups, announce_client_seed(dice))
        return game, game_id

    def restore(self, data: dict[str, Any]) -> None:
        """After a restart: the stored list is open again (with a seed committed now if it had none)."""
        state = self.state
        fair = SignupSeed.from_dict(data, state.new_seed())
        players = list(data["players"])
        opened = data.get("opened_at")
        state.signups = Signups(
            data["theme"], list(data["mods"]), dict(data["options"]), players, fair, data.get("host"), opened
        )
        if data.get("room_bot_hosted"):
            state.roombot.host = state.out.name  # as the room bot left it, until its lines say otherwise
            state.signups.room_bot_hosted = True
        state.out.say(state.room, "The bot restarted: signups are still open.")
        if not data.get("seed"):
            save(state)
            state.out.say(state.room, fair.announce_commitment(state.settings.prefix))
        self.box.refresh(new=True)
        seconds = state.settings.signups_seconds
        if seconds and isinstance(opened, int | float):
            self._arm(max(seconds - (state.clock.now() - opened), 60.0))
        elif seconds:
            self._arm(seconds)

    def drop(self, userid: str) -> str | None:
        """Take `userid` off the list (the bot cannot PM them); their name, or None if not listed."""
        signups = self.state.signups
        ids = [to_id(player) for player in signups.players] if signups else []
        if signups is None or userid not in ids:
            return None
        with stored(self.state):
            name = signups.players.pop(ids.index(userid))
        self.box.refresh()
        return name

    def rename(self, old_id: str, new_name: str) -> None:
        """A listed player renamed: the list shows the new name."""
        signups = self.state.signups
        if signups is not None:
            ids = [to_id(p) for p in signups.players]
            if old_id in ids:
                with stored(self.state):
                    signups.players[ids.index(old_id)] = new_name


def _duration(seconds: float) -> str:
    """`5 minutes`, `90 seconds`."""
    if seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{int(seconds)} seconds"
