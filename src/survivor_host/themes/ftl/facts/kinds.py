"""Follow the Leader's kinds of things: stages, outcomes, causes, verdicts and the reasons its facts give."""

from __future__ import annotations

from enum import StrEnum


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
