"""An AI player of the demo: its own websocket, answering the bot's button boxes with a seat strategy."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass

from survivor_host.bot.config_schema import DEFAULT_PREFIX
from survivor_host.devserver.demo_setup import BOT_NAME, ROOM
from survivor_host.devserver.roomview import box_wait, button_values, buttons_in
from survivor_host.devserver.story import Story
from survivor_host.engine.game import Game
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import parse_command
from survivor_host.engine.strategy import Strategy
from survivor_host.showdown.client import ShowdownClient
from survivor_host.showdown.messages import Chat, Message, PrivateMessage


@dataclass
class AIPlayer:
    """A player on their own websocket: answers the bot's button boxes with a seat strategy.

    The strategy sees the player's own view of the game (what that player knows, from the engine) and
    chooses among the buttons the bot sent: a PM box's answer goes back by PM, a room box's (the
    first-leader vote) is said in the room, as a click would send them.
    """

    name: str
    strategy: Strategy
    rng: random.Random
    think: float
    game_of: Callable[[], Game | None]
    prefix: str = DEFAULT_PREFIX
    client: ShowdownClient | None = None
    answered: int = 0
    story: Story | None = None
    """Set for the player shown beside the room (`--as`): their PMs and what they send are told to it."""

    async def handle(self, message: Message) -> None:
        client = self.client
        if client is None or message.history:
            return
        if self.story is not None:
            self.story.private_message(message)
        if isinstance(message, PrivateMessage) and message.sender.userid == to_id(BOT_NAME):
            commands, by_pm = buttons_in(message.text), True
        elif (
            isinstance(message, Chat)
            and message.room == ROOM
            and message.user.userid == to_id(BOT_NAME)
            and message.text.startswith("/uhtml ")
        ):
            values = button_values(message.text)  # a room box: its buttons go to the bot, or say a command here
            commands, by_pm = buttons_in(message.text), True
            if not commands:
                commands, by_pm = [v[len(self.prefix) :] for v in values if v.startswith(self.prefix)], False
        else:
            return
        choice = self.choose(commands, box_wait(message.text))
        if choice is None:
            return
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, self.think))
        self.answered += 1
        if by_pm:
            if self.story is not None:
                self.story.sent(choice)
            client.pm(BOT_NAME, choice)
        else:
            client.say(ROOM, self.prefix + choice)

    def choose(self, commands: list[str], wait: int | None = None) -> str | None:
        """One of the commands that is legal for this player now; None when none is, when the box is of a
        wait that is over (`wait`: the one its buttons answer), or when the game awaits nothing of this
        player (a box that offers to change an answer already in is left alone, as a player would)."""
        game = self.game_of()
        if game is None or game.finished or not commands or wait not in (None, game.wait_id):
            return None
        if all(to_id(owed.player) != to_id(self.name) for owed in game.awaiting()):
            return None
        legal = {(o.action, to_id(o.target or "")) for o in game.legal_inputs(self.name)}
        offered = [(c, parse_command(c, self.name)) for c in commands]
        usable = [(c, o) for c, o in offered if (o.action, to_id(o.target or "")) in legal]
        if not usable:
            return None
        options = [o for _, o in usable]
        try:
            chosen = self.strategy.choose(game.view(self.name), options, self.rng)
            return usable[options.index(chosen)][0]
        except (ValueError, LookupError, AttributeError, TypeError):
            return usable[self.rng.randrange(len(usable))][0]  # a choice the strategy does not know
