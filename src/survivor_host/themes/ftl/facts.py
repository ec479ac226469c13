"""What happens in Follow the Leader, as typed facts; `text.py` words them for the room."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from survivor_host.engine.events import Asked, Fact, Roll


class Outcome(StrEnum):
    """How a round ended (F8, F9, F11, F13); the record's `outcome`."""

    HANDOVER = "handover"
    REBELLION = "rebellion"
    NORMAL = "normal"
    DEPOSED = "deposed"
    VOID = "void"
    STOPPED = "stopped"


class FtlStage(StrEnum):
    """The stages of a Follow the Leader game (`game.phase`)."""

    VOTE = "vote"
    CHOICES = "choices"
    SUSPECT = "suspect"
    ROLLS = "rolls"
    SCAPEGOAT = "scapegoat"
    FINALS = "finals"


class FtlCause(StrEnum):
    """How Follow the Leader takes players out (besides `Cause`)."""

    JUDGED = "judged against the leader's roll"
    OVERTHROWN = "overthrown by a rebellion"
    DEPOSED = "deposed by a rebel"


class LeaderHow(StrEnum):
    """How the first leader was chosen (F2)."""

    PICKED = "picked"
    NOBODY_VOTED = "nobody voted"
    VOTED = "voted"


class Verdict(StrEnum):
    """What one roll did (F6, F13), as the round's table shows it."""

    SAFE = "safe"
    OUT = "out"
    IMMUNE = "immune"
    TIED = "tied"
    CANCELLED = "cancelled"
    DEPOSES = "deposes"


class LeadWhy(StrEnum):
    """Why a player leads the next round (F9, F13)."""

    LOWEST = "lowest"
    HIGHEST_REBEL = "highest rebel"
    HIGHEST = "highest"
    DEPOSED = "deposed"


class NoSuspectWhy(StrEnum):
    """Why the leader suspects nobody (F4)."""

    CHOSE = "chose"
    TIME = "time"
    NOBODY_LEFT = "nobody left"


@dataclass(frozen=True, kw_only=True)
class ChoiceAsked(Asked):
    """F3: follow or rebel, by PM."""

    round: int
    leader: str


@dataclass(frozen=True, slots=True)
class SuspectAsked(Asked):
    """F4: the leader may suspect one of `targets`, in chat."""


@dataclass(frozen=True, slots=True)
class ScapegoatAsked(Asked):
    """F7: the judged suspect may name one of `targets` as scapegoat, in chat."""


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    title: str
    mods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VoteOpened(Fact):
    """F2: the players vote for the first leader in chat."""


@dataclass(frozen=True, slots=True)
class VoteCast(Fact):
    """F2: `voter` votes (or changes their vote) for `target`; told to the voter (the room sees the tally)."""

    voter: str
    target: str


@dataclass(frozen=True, slots=True)
class VotingClosed(Fact):
    """The vote's deadline passed."""


@dataclass(frozen=True, slots=True)
class VotesCounted(Fact):
    tally: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class VoteTie(Fact):
    """F2: a tie for the most votes, settled by a roll battle of 100 among `players`."""

    players: tuple[str, ...]
    votes: int


@dataclass(frozen=True, slots=True)
class LeaderChosen(Fact):
    leader: str
    how: LeaderHow


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    number: int
    leader: str
    immune: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChoicesOpened(Fact):
    """F3: everyone owing a choice is asked to PM it."""


@dataclass(frozen=True, slots=True)
class ChoiceMade(Fact):
    """A secret choice (G3), told only to the player who made it (`to`)."""

    secret = True

    choice: str
    changed: bool


@dataclass(frozen=True, slots=True)
class DefaultChoice(Fact):
    """G4 with idle=default: the player (`to`) follows."""

    secret = True

    choice: str


@dataclass(frozen=True, slots=True)
class ChoicesIn(Fact):
    """Every choice is in."""


@dataclass(frozen=True, slots=True)
class ChoicesLocked(Fact):
    """The round's choices, in the order first made (nothing is said: they are secret until the rolls)."""

    choices: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class ImmunityGained(Fact):
    """F6, F13: the players immune in the next round, for tying the leader."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Depositions(Fact):
    """F13: every deposition of the round, in order: (deposed, by, roll)."""

    entries: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True, slots=True)
class Suspected(Fact):
    """F4: the leader's suspicion (`target` None: nobody, for `why`)."""

    leader: str
    target: str | None
    why: NoSuspectWhy = NoSuspectWhy.CHOSE


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
class ScapegoatResolved(Fact):
    """F7: the suspect's scapegoat battle, 70 vs 100, every roll (re-rolls included) in `rolls`."""

    suspect: str
    target: str
    rolls: tuple[Roll, ...]
    loser: str


@dataclass(frozen=True, slots=True)
class NoScapegoat(Fact):
    suspect: str
    in_time: bool


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


@dataclass(frozen=True, slots=True)
class RoundVoided(Fact):
    """F11: the leader left; the round starts again with a new leader."""

    leader: str


@dataclass(frozen=True, slots=True)
class FinalsBegin(Fact):
    """F10: two players left."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class LastStanding(Fact):
    """F10: one player left; the round's others battle for second."""

    winner: str


@dataclass(frozen=True, slots=True)
class SeatBriefing(Fact):
    """G6: what a substitute (`to`) is told about their seat."""

    title: str
    leader: bool
    immune: bool
    voting: bool
    voted_for: str | None
    choice: str | None

