"""What a game of Rock, Paper, Scissors holds between inputs: the lives of `DuelGame`, the round's attacks
and the final's throws. The state refers to seats by index; names appear only in the facts that go out.
"""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Seat
from survivor_host.engine.render import join_names
from survivor_host.themes.rps.record import RpsRecorder
from survivor_host.themes.rps.rules import read_weapon, weapons_of


@dataclass(frozen=True, slots=True)
class Attack:
    """One accepted attack: its target seat and the weapon (which also defends its sender this round)."""

    target: int
    weapon: str


class RpsState(DuelGame):
    """The fields of a game of Rock, Paper, Scissors; `RockPaperScissors` adds its phases."""

    attacks: dict[int, Attack]
    """This round's accepted attacks by attacker, in the order they were accepted (4.1)."""
    throws: dict[int, str]
    """The final's current throw: each finalist's weapon."""
    seen: dict[int, list[str]]
    """Every weapon each seat has shown in the room (clashes and throws), in order: public knowledge."""
    recorder: RpsRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.attacks = {}
        self.throws = {}
        self.seen = {seat.index: [] for seat in self.seats}
        self.recorder = RpsRecorder()

    @property
    def weapons(self) -> tuple[str, ...]:
        """The weapons of the variant in play (3.1)."""
        return weapons_of(self.mods)

    def weapon_of(self, index: int) -> str | None:
        """The weapon seat `index` holds now: its attack's this round, or its throw in the final."""
        attack = self.attacks.get(index)
        return attack.weapon if attack is not None else self.throws.get(index)

    def targets_of(self, index: int) -> list[Seat]:
        """Whom `index` may attack: every other player still in."""
        return [seat for seat in self.alive() if seat.index != index]

    def read_weapon(self, text: str) -> str:
        """The weapon `text` names (3.3: else refused, naming the weapons)."""
        weapon = read_weapon(text, self.weapons)
        if weapon is None and not text.strip():
            raise IllegalAction(f"Name a weapon: {join_names(self.weapons)}.")
        if weapon is None:
            raise IllegalAction(f"That is not a weapon here. Weapons: {join_names(self.weapons)}.")
        return weapon

    def read_attack(self, seat: Seat, text: str | None) -> Attack:
        """`NAME, WEAPON` as `seat` sent it, checked (BG2: a target that is not a living other player is
        refused with the legal targets; 3.3: a weapon not of this variant is refused with the weapons)."""
        legal = [other.name for other in self.targets_of(seat.index)]
        usage = f"Send attack NAME, WEAPON (targets: {join_names(legal)}; weapons: {join_names(self.weapons)})."
        parts = (text or "").split(",")
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():  # 3.3: exactly two parts
            raise IllegalAction(f"Name a player and a weapon. {usage}")
        target = self.living_target(seat, parts[0].strip(), "attack", legal)
        return Attack(target.index, self.read_weapon(parts[1]))

    def read_throw(self, seat: Seat, text: str | None) -> str:
        """A final's throw as `seat` sent it: `WEAPON`, or `NAME, WEAPON` naming the opponent (BG2: any other
        name is refused, naming the opponent; 3.6: a weapon not of this variant is refused)."""
        *named, weapon = (text or "").split(",")
        if len(named) > 1:
            raise IllegalAction(f"Throw one weapon: {join_names(self.weapons)}.")
        if named and named[0].strip():
            opponent = [other.name for other in self.targets_of(seat.index)]
            self.living_target(seat, named[0].strip(), "throw against", opponent)
        return self.read_weapon(weapon)
