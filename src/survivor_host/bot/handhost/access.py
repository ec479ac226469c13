"""Who a hand-hosted session's tools answer: its host, room auth and the bot's owners, read from the
room's user list when a command comes by PM (a PM carries no rank)."""

from __future__ import annotations

from survivor_host.bot.handhost.session import HandSession
from survivor_host.bot.handhost.words import HAND_START, SHARED_WITH_GAMES
from survivor_host.bot.ports import AUTH_RANKS
from survivor_host.bot.state import RoomState
from survivor_host.engine.ids import to_id


class HandAccess:
    """Who may use the tools of `HandDesk`'s session, and which PMs are for it."""

    state: RoomState
    session: HandSession | None

    def may_host(self, rank: str, name: str) -> bool:
        """The session's host, room auth, or one of the bot's owners."""
        session = self.session
        owner = to_id(name) in self.state.settings.owners
        return owner or rank in AUTH_RANKS or (session is not None and session.is_host(name))

    def takes_pm_from(self, name: str, word: str) -> bool:
        """True when a PM of `word` from `name` is surely for this room's session: its host's or room
        auth's tools while it runs, `handhost` from room auth (a player's PM of a word a game of ours
        also takes goes to their game)."""
        rank = self.rank(" ", name, in_room=False)
        if word == HAND_START:
            return rank in AUTH_RANKS or to_id(name) in self.state.settings.owners
        return self.session is not None and (self.may_host(rank, name) or word not in SHARED_WITH_GAMES)

    def claim(self, name: str) -> int:
        """How surely a PM of a host's tool from `name` is for this room's session: 2 its host, 1 room
        auth or one of the bot's owners, 0 anyone else (or no session)."""
        session = self.session
        if session is None:
            return 0
        if session.is_host(name):
            return 2
        return 1 if self.may_host(self.rank(" ", name, in_room=False), name) else 0

    def rank(self, rank: str, name: str, in_room: bool) -> str:
        """A PM has no rank: the sender's rank in the room is looked up."""
        if in_room:
            return rank
        return self.state.out.rank_of(self.state.room, to_id(name)) or " "

    def _not_in_room(self, name: str, in_room: bool) -> bool:
        """A PM from someone not in the room: their rank cannot be read, so a refusal tells them to join it."""
        return not in_room and self.state.out.rank_of(self.state.room, to_id(name)) is None
