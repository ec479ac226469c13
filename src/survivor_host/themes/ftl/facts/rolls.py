"""The round's rolls and what they decide (F5-F9, F13): the table, ties, who goes out, immunity, the next leader."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Fact
from survivor_host.themes.ftl.facts.kinds import LeadWhy, Outcome, Verdict


@dataclass(frozen=True, slots=True)
class LeaderRolls(Fact):
    leader: str


@dataclass(frozen=True, slots=True)
class ChoicesRevealed(Fact):
    """After the rolls the choices are public (G3)."""

    followed: tuple[str, ...]
    rebelled: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RollRow:
    """One roll of a round: the roller's choice (None: immune), die, roll, the leader's roll it was
    judged against (the standing leader's under No Mercy) and what it did."""

    player: str
    choice: str | None
    die: int
    roll: int
    against: int
    verdict: Verdict
    suspect: bool = False


@dataclass(frozen=True, slots=True)
class RoundRolled(Fact):
    """Every roll of the round judged (F5, F6, F13), for the round's table; choices are public now (G3)."""

    number: int
    leader: str
    leader_roll: int
    rows: tuple[RollRow, ...]


@dataclass(frozen=True, slots=True)
class TiedForImmunity(Fact):
    """F6: `player` rolled the leader's roll: immune this round and next (`again`: already immune)."""

    player: str
    roll: int
    again: bool = False


@dataclass(frozen=True, slots=True)
class TiedNoImmunity(Fact):
    """F6: a tie with 3 or fewer players at round start just survives."""

    player: str
    roll: int


@dataclass(frozen=True, slots=True)
class FollowedAbove(Fact):
    """Cause of an elimination (F6): followed and rolled above the leader's roll."""

    player: str
    roll: int
    against: int


@dataclass(frozen=True, slots=True)
class RebelledBelow(Fact):
    """Cause of an elimination (F6): rebelled and rolled below the leader's roll."""

    player: str
    roll: int
    against: int


@dataclass(frozen=True, slots=True)
class ScapegoatLost(Fact):
    """Cause of an elimination (F7): lost the scapegoat battle to `winner`, last rolls `mine` vs `theirs`."""

    player: str
    winner: str
    suspect: bool
    mine: int
    theirs: int


@dataclass(frozen=True, slots=True)
class SuspectCaught(Fact):
    """F7: the suspect's roll would put them out (`cause`); they may name a scapegoat first."""

    cause: FollowedAbove | RebelledBelow


@dataclass(frozen=True, slots=True)
class Overthrown(Fact):
    """Cause of an elimination (F9): the leader, overthrown by a rebellion."""

    leader: str


@dataclass(frozen=True, slots=True)
class DeposedBy(Fact):
    """Cause of an elimination (F13): the leader, deposed by a rebel's higher roll."""

    leader: str
    by: str
    roll: int
    against: int


@dataclass(frozen=True, slots=True)
class ChoiceShown(Fact):
    """No Mercy: a roller's choice, shown as their roll is judged (F13)."""

    player: str
    choice: str


@dataclass(frozen=True, slots=True)
class Deposed(Fact):
    """F13: `by` rolled above the standing leader and leads; immunity gained against the old one is `lost`."""

    by: str
    lost: tuple[str, ...]
    leader: str = ""
    roll: int = 0
    against: int = 0


@dataclass(frozen=True, slots=True)
class ImmunityGained(Fact):
    """F6, F13: the players immune in the next round, for tying the leader."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Depositions(Fact):
    """F13: every deposition of the round, in order: (deposed, by, roll)."""

    entries: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True, slots=True)
class RoundJudged(Fact):
    """F8, F9: the round's outcome; `failed`: the rebels who rolled below the leader's roll."""

    outcome: Outcome
    leader: str = ""
    leader_roll: int = 0
    rebels: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeadTie(Fact):
    """F9: a tie for the lead, settled by a roll battle of 100."""

    players: tuple[str, ...]
    roll: int = 0
    why: LeadWhy = LeadWhy.HIGHEST


@dataclass(frozen=True, slots=True)
class NextLeader(Fact):
    """Who leads the next round, and the roll that made them so (`tie_break`: after a tie for it)."""

    leader: str
    why: LeadWhy | None = None
    roll: int = 0
    tie_break: bool = False
