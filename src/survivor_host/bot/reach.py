"""Players the bot cannot PM: off the signups, told in the room, given a safe choice at the deadline."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from survivor_host.bot.outage import StoreDown
from survivor_host.bot.present import Announcer
from survivor_host.bot.session import Session
from survivor_host.bot.signups import SignupDesk
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input

logger = logging.getLogger(__name__)

UNREGISTERED = "unregistered and cannot be PMed"
"""How the server's refusal of a PM to an unregistered name reads (chat.ts)."""
BLOCKING = ("blocking private messages", "blocking PMs")
LOCKED = ("is locked", "currently locked")
REGISTER_HINT = (
    "The server lets me PM only registered names: register yours in the Options menu (the cog at the top "
    "right), or log in with a registered name."
)
UNBLOCK_HINT = "You block PMs: type /unblockpms."
LOCKED_HINT = "The server does not let me PM a locked account."


def reach_hint(refusal: str) -> str:
    """What a player the bot cannot PM can do about it (a sentence), read from the server's refusal."""
    if any(part in refusal for part in LOCKED):
        return LOCKED_HINT
    if any(part in refusal for part in BLOCKING):
        return UNBLOCK_HINT
    return REGISTER_HINT


@dataclass
class Reach:
    """Keeps who the bot cannot PM, and what they missed."""

    state: RoomState
    session: Session
    present: Announcer
    desk: SignupDesk
    unreachable_ids: set[str] = field(default_factory=set)

    def unreachable(self, userid: str, refusal: str = UNREGISTERED) -> None:
        """The server refused a PM to `userid` (unregistered, blocking PMs, locked) with `refusal`."""
        # Nobody says the refusal again: a drop the database does not take is owed until it does.
        self.state.outage.now_or_owed(f"drop {userid}", lambda: self._unreachable(userid, refusal))

    def _unreachable(self, userid: str, refusal: str) -> None:
        state = self.state
        hint = reach_hint(refusal)
        name = self.desk.drop(userid)
        if name is not None:
            text = f"Taken off the list: {name}, I cannot PM you. {hint} Then /me in again."
            state.out.say(state.room, text)
            return
        game = state.running()
        if game is None or userid in self.unreachable_ids:
            return
        seat = state.alive_seat(userid)
        if seat is None:
            return
        self.unreachable_ids.add(userid)
        # Only this game's safe choices are made for them (`defaults`); a theme without one puts the idle out.
        safe = game.spec.safe_choices
        instead = f" Until then, when time is up they {' or '.join(safe)} instead of being eliminated." if safe else ""
        state.out.say(state.room, f"I cannot PM {seat.name}. {hint} Then PM me.{instead}")

    def reachable(self, userid: str, delivered: bool = False) -> None:
        """`userid` got (`delivered`: a PM of the bot's reached them, a substitute's briefing too) or sent a
        PM again: tell them what they missed (what they hold, what they owe)."""
        if delivered:
            self.present.brief_reached(userid)
        if self.present.brief_owed(userid) or userid not in self.unreachable_ids:
            self.unreachable_ids.discard(userid)
            return
        self.unreachable_ids.discard(userid)
        game = self.state.running()
        seat = self.state.alive_seat(userid)
        if game is None or seat is None:
            return
        self.present.tell_private(seat.name)
        if any(to_id(wait.player) == userid for wait in game.awaiting()):
            self.present.refresh_prompts(only=userid)

    def defaults(self) -> None:
        """At the deadline, players the bot could not PM take the theme's safe choice, not a modkill."""
        game = self.state.game
        if game is None:
            return
        for wait in game.awaiting():
            action = next((a for a in game.spec.safe_choices if a in wait.actions), None)
            if to_id(wait.player) in self.unreachable_ids and action is not None and self.state.game is game:
                try:
                    self.session.apply(Input(action, by=wait.player), reply_to=None)
                except IllegalAction:
                    logger.exception("default %s for %s was refused", action, wait.player)
                except StoreDown:  # not stored: play pauses, and the deadline comes again once it goes on
                    return
