"""Hunger Games (`hg`): hunger-games.txt as the bot-games README applies it, with Roll Switch and Second Wind.

A round is a chain of phases (`phases.py`): attacks by PM, then the duels in the order sent; two left
play the final. This class wires them and handles what crosses phases: removals, substitutes, the record.
"""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.duel_facts import ATTACK, GameBegins
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.themes.hg.phases import ATTACKS, after_round
from survivor_host.themes.hg.spec import SPEC
from survivor_host.themes.hg.state import HgState
from survivor_host.themes.hg.view import HgView, view_of


class HungerGames(HgState):
    """Hunger Games, alone or with Roll Switch and/or Second Wind."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK,)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK,)
    SECRET_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK,)
    ACTION_ALIASES: ClassVar[dict[str, str]] = {"destroy": ATTACK}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {ATTACK: ("target",)}

    def _start(self) -> list[Event]:
        begins = GameBegins(self.title, len(self.seats), self.mods)
        first = ATTACKS if len(self.seats) > 2 else after_round(self)
        return [begins, *self.move_to(first)]

    def refusal(self, action: str, seat: Seat) -> str:
        return "There is no attack to send now: wait for the next round."

    def view(self, name: str) -> HgView:
        return view_of(self, self.seat(name))
