"""Russian Roulette (`rr`): russian-roulette.txt as the bot-games README applies it. Turns (`phases.py`) in
a random order each round, then the final with a fresh chamber; no modes (6)."""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.themes.rr.facts import GameBegins
from survivor_host.themes.rr.phases import turn_phase
from survivor_host.themes.rr.rules import CHAMBERS, PASS, PULL, STEAL
from survivor_host.themes.rr.spec import SPEC
from survivor_host.themes.rr.state import RrState
from survivor_host.themes.rr.view import RrView, view_of


class RussianRoulette(RrState):
    """Russian Roulette."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (PULL, PASS, STEAL)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (PULL, PASS, STEAL)
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {PULL: (), PASS: (), STEAL: ("target",)}

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), CHAMBERS), *self.move_to(turn_phase(self))]

    def refusal(self, action: str, seat: Seat) -> str:
        return "Only the player on turn acts, on their turn."

    def view(self, name: str) -> RrView:
        return view_of(self, self.seat(name))
