"""Russian Roulette (`rr`): russian-roulette.txt as the bot-games README applies it. Turns (`phases.py`) in
a random order each round, then the final with a fresh chamber; no modes (6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from survivor_host.engine.dice import Dice
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.themes.rr.facts import GameBegins
from survivor_host.themes.rr.phases import TURN_PHASE
from survivor_host.themes.rr.record import RrRound
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

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        super().__init__(players, mods=mods, options=options, dice=dice, seed=seed)
        self.setup_state()

    def _start(self) -> list[Event]:
        return [GameBegins(self.title, len(self.seats), CHAMBERS), *self.move_to(TURN_PHASE)]

    def take(self, facts: list[Event]) -> None:
        self.recorder.take(facts)

    def refusal(self, action: str, seat: Seat) -> str:
        return "Only the player on turn acts, on their turn."

    def view(self, name: str) -> RrView:
        return view_of(self, self.seat(name))

    def round_record(self) -> list[RrRound]:
        return self.recorder.copy()
