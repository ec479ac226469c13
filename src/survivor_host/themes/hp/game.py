"""Hot Potato (`hp`): hot-potato.txt as the bot-games README applies it, with the Timer variation as a mod.
Rounds (`phases.py`) until one player is left."""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.themes.hp.facts import GameBegins
from survivor_host.themes.hp.phases import POTATO_ROUND
from survivor_host.themes.hp.rules import PASS
from survivor_host.themes.hp.spec import SPEC
from survivor_host.themes.hp.state import HpState
from survivor_host.themes.hp.view import HpView, view_of


class HotPotato(HpState):
    """Hot Potato, standard or Timer."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (PASS,)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (PASS,)
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {PASS: ("target",)}

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), self.timer), *self.move_to(POTATO_ROUND)]

    def refusal(self, action: str, seat: Seat) -> str:
        return "Only the player holding the potato passes it, when asked."

    def marks(self, seat: Seat) -> str:
        """The holder is marked in the player list."""
        return " (holds the potato)" if seat.index == self.holder else ""

    def view(self, name: str) -> HpView:
        return view_of(self, self.seat(name))
