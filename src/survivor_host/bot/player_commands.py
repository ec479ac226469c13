"""A player's words in the room: what their word does in the game, what the game owes them, and the
answer to a word the bot does not know."""

from __future__ import annotations

from survivor_host.bot.command_words import is_game_word
from survivor_host.bot.early import TooEarly
from survivor_host.bot.presence import Presence
from survivor_host.bot.present import Announcer
from survivor_host.bot.session import Session, trial_copy
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import parse_command
from survivor_host.showdown.text import clip
from survivor_host.words.lines import how_to_send
from survivor_host.words.refusals import legal_forms, meant_action, refusal
from survivor_host.words.wait_tags import split_wait_tag

UNKNOWN_PM_EVERY = 60.0
"""Seconds between two answers to one user's unknown PM commands (one short help line)."""


class PlayerCommands:
    """The players' half of `Commands`: actions sent to the room's game, and unknown words answered."""

    state: RoomState
    session: Session
    present: Announcer
    presence: Presence
    unknown_answered: dict[str, float]

    def _owed_word(self, name: str, text: str) -> bool:
        """True when `text` starts with an action the game would now take from `name`."""
        words = text.split(None, 1)
        return bool(words) and self.can_take(to_id(name), words[0].lower())

    def plays(self, userid: str) -> bool:
        """True when `userid` holds a seat in this room's running game."""
        game = self.state.running()
        return game is not None and any(seat.uid == userid for seat in game.seats)

    def played_ending(self, userid: str) -> bool:
        """True when `userid` held a seat in this room's game that just ended, its record still to be stored."""
        closing = self.state.closing
        if closing is None:
            return False
        stored = next((game for game in self.state.store.unfinished_games() if game.id == closing), None)
        if stored is None:
            return False
        subs = [inp.new or "" for inp in stored.inputs if inp.action == "sub"]
        return userid in {to_id(name) for name in (*stored.players, *subs)}

    def can_take(self, userid: str, word: str) -> bool:
        """True when this room's game would take `word` from `userid` now (it is theirs to send)."""
        game = self.state.running()
        seat = self.state.alive_seat(userid)
        if game is None or seat is None:
            return False
        action = game.ACTION_ALIASES.get(word, word)
        if action in {option.action for option in game.legal_inputs(seat.name)}:
            return True
        return game.is_question(action) and bool(game.private_state(seat.name))

    def owed_text(self, userid: str) -> str:
        """What this room's game awaits from `userid`, in words (for PM replies that name rooms)."""
        game = self.state.running()
        if game is None:
            return "no game"
        waits = [wait for wait in game.awaiting() if to_id(wait.player) == userid]
        if not waits:
            return "nothing owed from you now"
        prefix = self.state.settings.prefix
        return "you owe " + " or ".join(
            how_to_send(game, action, wait.secret, prefix) for wait in waits for action in wait.actions
        )

    def unknown(self, word: str) -> str:
        """The answer to a command word the bot does not know (one short line)."""
        shown = word[:20] + ("..." if len(word) > 20 else "")
        return f'I don\'t know "{shown}": PM me help for my commands.'

    def answer_unknown(self, name: str, word: str) -> None:
        """An unknown command by PM: the short help line, at most once a minute per user."""
        now, userid = self.state.clock.now(), to_id(name)
        last = self.unknown_answered.get(userid)
        if last is not None and now - last < UNKNOWN_PM_EVERY:
            return
        self.unknown_answered[userid] = now
        with self.state.out.lane("error", name):
            self.state.out.pm(name, self.unknown(word))

    def untagged(self, name: str, rest: str) -> str | None:
        """`rest` of a PM'd command without the wait tag a button adds; None when that wait has passed (the
        click is refused with a short PM). A typed command has no tag and is taken as it is."""
        rest, tag = split_wait_tag(rest)
        if tag is None:
            return rest
        state = self.state
        game = state.running()
        if game is not None and tag == (state.game_id, game.wait_id):
            return rest
        with state.out.lane("error", name):
            state.out.pm(name, f"[{state.room}] That button was for a question that is over: it did not count.")
        return None

    def _player_action(self, name: str, word: str, rest: str, in_room: bool) -> None:
        game = self.state.game
        assert game is not None
        action = game.ACTION_ALIASES.get(word, word)
        if action not in game.PLAYER_ACTIONS:
            if is_game_word(word):
                raise IllegalAction(f"{game.title} has no {word}.")
            seated = self.plays(to_id(name))
            meant = meant_action(game, word, [o.action for o in game.legal_inputs(name)]) if seated else ""
            if meant:  # a player's near miss of a word of this game: told privately what they meant
                raise IllegalAction(f"{self.unknown(word)} {meant}")
            if not in_room:
                self.answer_unknown(name, word)
            return
        if to_id(name) in self.presence.borrowed:
            raise IllegalAction(f"{name} is another player's name in this game: rename back to your own to play.")
        if in_room and game.is_secret(action):
            with self.state.out.lane("error", name):  # after the game's lines: anyone in the room may type it
                self.state.out.pm(name, clip(self._by_pm(game, name, word, rest)))
            return
        if game.is_question(action):  # read-only: answered, never stored
            self.present.post(game.apply(parse_command(f"{action} {rest}", name)), actor=name)
            return
        inp, wait_id = parse_command(f"{action} {rest}", name), game.wait_id
        try:
            taken = self.session.apply(inp, reply_to=None)
        except IllegalAction as error:  # said with what the player may send instead, then their buttons
            said = refusal(game, name, f"{word} {rest}", str(error), verb="send")
            with self.state.out.lane("error", name):
                self.state.out.pm(name, said)
                self.present.buttons_again(name)
            return
        except TooEarly as error:  # the prompt on its way says what they may send
            with self.state.out.lane("error", name):
                self.state.out.pm(name, str(error))
            return
        if taken:
            self.present.boxes.chosen(game, name, inp, wait_id)

    def _by_pm(self, game: Game, name: str, word: str, rest: str) -> str:
        """The answer to a secret choice typed in the room: the PM to send instead, as typed when the game would
        take it; else why not, with the forms of that choice it takes now (or what `name` may send now)."""
        bot, action = self.state.out.name, game.ACTION_ALIASES.get(word, word)
        try:
            trial_copy(game).apply(parse_command(f"{action} {rest}", name))
        except IllegalAction as error:
            options = [option for option in game.legal_inputs(name) if option.action == action]
            if not options:
                return refusal(game, name, f"{word} {rest}", str(error), verb="send")
            forms = " or ".join(f"/msg {bot}, {form}" for form in legal_forms(options, game.spec.usage))
            return f"{error} Send it to me by PM so nobody sees it: {forms}"
        return f"Send that to me by PM so nobody sees it: /msg {bot}, {word} {rest}".strip()
