"""Hunger Games Anon (`hga`): hunger-games-anon.txt as the bot-games README applies it, with Golf, Roll
Switch and Second Wind. Nicknames first, then rounds as in Hunger Games, every player named by nickname
until they are out (`phases.py`)."""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.duel_facts import ATTACK, GameBegins
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.nicknames import ATTACKS_AFTER_NICKS, NICK, Nicknames
from survivor_host.themes.hga.phases import NICKNAMES
from survivor_host.themes.hga.spec import SPEC
from survivor_host.themes.hga.state import HgaState
from survivor_host.themes.hga.view import HgaView, view_of


class HungerGamesAnon(HgaState):
    """Hunger Games Anon, alone or with its modes."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK)
    SECRET_ACTIONS: ClassVar[tuple[str, ...]] = (NICK, ATTACK)
    ACTION_ALIASES: ClassVar[dict[str, str]] = {"destroy": ATTACK}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {NICK: ("target",), ATTACK: ("target",)}

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), self.mods), *self.move_to(NICKNAMES)]

    def refusal(self, action: str, seat: Seat) -> str:
        if action == NICK:
            return "Nicknames are chosen before the first round only."
        if isinstance(self.current, Nicknames):
            return ATTACKS_AFTER_NICKS
        return "There is no attack to send now: wait for the next round."

    def view(self, name: str) -> HgaView:
        return view_of(self, self.seat(name))
