"""Rock, Paper, Scissors (`rps`): rock-paper-scissors.txt as the bot-games README applies it, with the Lizard,
Spock variant and Second Wind.

A round is a chain of phases (`phases.py`): attacks by PM, then the clashes in the order accepted; two left
play the final. This class wires them and handles what crosses phases: removals, substitutes, the record.
"""

from __future__ import annotations

from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.themes.rps.facts import GameBegins
from survivor_host.themes.rps.phases import ATTACKS, after_round
from survivor_host.themes.rps.rules import ATTACK, THROW, read_weapon
from survivor_host.themes.rps.spec import SPEC
from survivor_host.themes.rps.state import RpsState
from survivor_host.themes.rps.view import RpsView, view_of


class RockPaperScissors(RpsState):
    """Rock, Paper, Scissors, alone or with Lizard, Spock and/or Second Wind."""

    spec = SPEC
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK, THROW)
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK, THROW)
    SECRET_ACTIONS: ClassVar[tuple[str, ...]] = (ATTACK, THROW)
    ACTION_ALIASES: ClassVar[dict[str, str]] = {"destroy": ATTACK}
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {ATTACK: ("target",), THROW: ("target",)}

    def _start(self) -> list[Event]:
        begins = GameBegins(self.title, len(self.seats), self.mods, self.weapons)
        first = ATTACKS if len(self.seats) > 2 else after_round(self)
        return [begins, *self.move_to(first)]

    def refusal(self, action: str, seat: Seat) -> str:
        if action == THROW:
            return "Throws are for the final."
        return "There is no attack to send now: wait for the next round."

    def reads_as(self, typed: Input, option: Input) -> bool:
        """`attack bob, s` makes the choice `attack Bob, scissors` (3.1: short forms); in the final,
        `attack WEAPON` is a throw and only the weapon counts."""
        name, _, weapon = (typed.target or "").rpartition(",")
        named, _, meant = (option.target or "").rpartition(",")
        same_weapon = read_weapon(weapon, self.weapons) == read_weapon(meant, self.weapons)
        if option.action == THROW:
            return typed.action in (ATTACK, THROW) and same_weapon
        return typed.action == option.action and to_id(name) == to_id(named) and same_weapon

    def view(self, name: str) -> RpsView:
        return view_of(self, self.seat(name))
