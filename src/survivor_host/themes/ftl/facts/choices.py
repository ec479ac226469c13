"""What players choose and are asked: follow or rebel (F3), the leader's suspicion (F4), the suspect's
scapegoat (F7)."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Asked, Fact, Roll
from survivor_host.themes.ftl.facts.kinds import NoSuspectWhy


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
class Suspected(Fact):
    """F4: the leader's suspicion (`target` None: nobody, for `why`)."""

    leader: str
    target: str | None
    why: NoSuspectWhy = NoSuspectWhy.CHOSE


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
