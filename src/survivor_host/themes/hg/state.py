"""What a game of Hunger Games holds between inputs: the lives and duels of `DuelGame`, and the
round's attacks. The state refers to seats by index; names appear only in the facts that go out.
"""

from __future__ import annotations

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.game import Seat
from survivor_host.themes.hg.record import HgRecorder


class HgState(DuelGame):
    """The fields of a Hunger Games game; `HungerGames` adds its phases."""

    attacks: dict[int, int]
    """This round's accepted attacks, attacker to target, in the order they were accepted."""
    recorder: HgRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.attacks = {}
        self.recorder = HgRecorder()

    def attacked_by(self, index: int) -> int | None:
        """The seat `index` attacks this round, if it has chosen."""
        return self.attacks.get(index)

    def targets_of(self, index: int) -> list[Seat]:
        """Whom `index` may attack: every other player still in."""
        return [seat for seat in self.alive() if seat.index != index]

    def attack_target(self, seat: Seat, name: str | None) -> Seat:
        """The living player `seat` names to attack (BG2: else refused, naming the legal targets)."""
        return self.living_target(seat, name, "attack", [other.name for other in self.targets_of(seat.index)])
