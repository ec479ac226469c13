"""Hunger Games Spotlight (`hgs`): hunger-games-spotlight.txt as the bot-games README applies it, with
Golf, Roll Switch and Second Wind. Turns (`phases.py`) until two are left, then the final duel."""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.duel_facts import ATTACK, GameBegins
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.themes.hgs.phases import HgsState, next_turn
from survivor_host.themes.hgs.spec import SPEC
from survivor_host.themes.hgs.view import HgsView, view_of


class HungerGamesSpotlight(HgsState):
    """Hunger Games Spotlight, alone or with its modes."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK,)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK,)
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {ATTACK: ("target",)}

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), self.mods), *self.move_to(next_turn(self))]

    def refusal(self, action: str, seat: Seat) -> str:
        return "Only the player in the spotlight attacks, on their turn."

    def view(self, name: str) -> HgsView:
        return view_of(self, self.seat(name))
