"""The game's course: its start, the vote for the first leader, rounds begun or voided, its end, and a
substitute's briefing."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Fact
from survivor_host.themes.ftl.facts.kinds import LeaderHow


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
class VoteVoided(Fact):
    """F2: `voter`'s vote was for `target`, who is out: it no longer counts and they vote again (told to them)."""

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
