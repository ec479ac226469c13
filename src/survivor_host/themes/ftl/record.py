"""The shape of a Follow the Leader round in the game record (README "Game record")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NotRequired, TypedDict

from survivor_host.engine.events import Eliminated, Event
from survivor_host.themes.ftl.facts.choices import ChoicesLocked, ScapegoatResolved, Suspected
from survivor_host.themes.ftl.facts.course import RoundBegins, RoundVoided
from survivor_host.themes.ftl.facts.kinds import Outcome
from survivor_host.themes.ftl.facts.rolls import Depositions, ImmunityGained, NextLeader, RoundJudged, RoundRolled


class ScapegoatRecord(TypedDict):
    suspect: str
    target: str
    loser: str


class DepositionRecord(TypedDict):
    deposed: str
    by: str
    roll: int


class FtlRound(TypedDict):
    """One round: who led, what everyone chose and rolled, who went out, how it ended."""

    number: int
    leader: str | None
    leader_roll: int | None
    suspect: str | None
    choices: dict[str, str]
    rolls: dict[str, int]
    dice: dict[str, int]
    order: list[str]
    immune: list[str]
    eliminated: list[str]
    scapegoat: ScapegoatRecord | None
    outcome: str | None
    """An `Outcome` value, None while the round runs."""
    next_leader: str | None
    depositions: NotRequired[list[DepositionRecord]]


class FtlRecorder:
    """Builds the rounds of the record from the facts and events a game emits, in one place."""

    def __init__(self) -> None:
        self.rounds: list[FtlRound] = []

    def take(self, events: Sequence[Event]) -> None:
        rounds, recorded = self.rounds, RECORDED
        for event in events:
            if type(event) in recorded and (rounds or type(event) is RoundBegins):
                recorded[type(event)](rounds, event)


def _begins(rounds: list[FtlRound], event: RoundBegins) -> None:
    rounds.append(_new_round(event.number, event.leader))


def _choices(rounds: list[FtlRound], event: ChoicesLocked) -> None:
    rec = rounds[-1]
    rec["choices"] = dict(event.choices)


def _suspected(rounds: list[FtlRound], event: Suspected) -> None:
    rec = rounds[-1]
    if isinstance(event.target, str):
        rec["suspect"] = event.target


def _rolled(rounds: list[FtlRound], event: RoundRolled) -> None:
    """The leader's roll and every player's, in the order rolled (the round's table has them all)."""
    rec = rounds[-1]
    rec["leader_roll"] = event.leader_roll
    order, rolls, dice = rec["order"], rec["rolls"], rec["dice"]
    for row in event.rows:
        order.append(row.player)
        rolls[row.player] = row.roll
        dice[row.player] = row.die


def _eliminated(rounds: list[FtlRound], event: Eliminated) -> None:
    rec = rounds[-1]
    rec["eliminated"] += event.players


def _scapegoat(rounds: list[FtlRound], event: ScapegoatResolved) -> None:
    rec = rounds[-1]
    rec["scapegoat"] = {"suspect": event.suspect, "target": event.target, "loser": event.loser}


def _judged(rounds: list[FtlRound], event: RoundJudged) -> None:
    rec = rounds[-1]
    rec["outcome"] = str(event.outcome)


def _voided(rounds: list[FtlRound], event: RoundVoided) -> None:
    rec = rounds[-1]
    rec["outcome"] = str(Outcome.VOID)


def _immunity(rounds: list[FtlRound], event: ImmunityGained) -> None:
    rec = rounds[-1]
    rec["immune"] = list(event.players)


def _depositions(rounds: list[FtlRound], event: Depositions) -> None:
    rec = rounds[-1]
    rec["depositions"] = [{"deposed": old, "by": new, "roll": roll} for old, new, roll in event.entries]


def _next_leader(rounds: list[FtlRound], event: NextLeader) -> None:
    rec = rounds[-1]
    rec["next_leader"] = event.leader


RECORDED: dict[type, Callable[[list[FtlRound], Any], None]] = {
    RoundBegins: _begins,
    ChoicesLocked: _choices,
    Suspected: _suspected,
    RoundRolled: _rolled,
    Eliminated: _eliminated,
    ScapegoatResolved: _scapegoat,
    RoundJudged: _judged,
    RoundVoided: _voided,
    ImmunityGained: _immunity,
    Depositions: _depositions,
    NextLeader: _next_leader,
}
"""What the record is made of, by exact type, and how: `RoundBegins` starts a round, the others fill the
current one (and are ignored before the first round)."""


def _new_round(number: int, leader: str) -> FtlRound:
    return {
        "number": number,
        "leader": leader,
        "leader_roll": None,
        "suspect": None,
        "choices": {},
        "rolls": {},
        "dice": {},
        "order": [],
        "immune": [],
        "eliminated": [],
        "scapegoat": None,
        "outcome": None,
        "next_leader": None,
    }
