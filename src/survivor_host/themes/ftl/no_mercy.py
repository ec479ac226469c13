"""No Mercy (F13): players are judged one by one against the leader standing at that moment."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Verdict:
    """What one roll did: put its roller out, made them immune, or deposed the leader.

    `cancelled` lists the players whose immunity, gained by tying the deposed leader, is lost.
    """

    out: bool = False
    immune: bool = False
    deposes: bool = False
    cancelled: tuple[int, ...] = ()


@dataclass
class StandingLeader:
    """The leader standing now, their roll, and the immunities gained against that roll."""

    leader: int
    leader_roll: int
    tie_gives_immunity: bool
    gained: list[int] = field(default_factory=list)
    depositions: list[tuple[int, int, int]] = field(default_factory=list)

    def judge(self, player: int, roll: int, choice: str | None, protected: bool) -> Verdict:
        """Judge one roll; a rebel who beats the standing roll takes the lead and the roll."""
        if roll == self.leader_roll:
            if self.tie_gives_immunity:
                self.gained.append(player)
            return Verdict(immune=self.tie_gives_immunity)
        if protected or choice is None:
            return Verdict()
        if choice == "follow":
            return Verdict(out=roll > self.leader_roll)
        if roll < self.leader_roll:
            return Verdict(out=True)
        self.depositions.append((self.leader, player, roll))
        cancelled = tuple(self.gained)
        self.gained = []
        self.leader, self.leader_roll = player, roll
        return Verdict(deposes=True, cancelled=cancelled)
