"""The shape of a Follow the Leader round in the game record (README "Game record")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from survivor_host.engine.events import Eliminated, Event, Roll
from survivor_host.themes.ftl.facts import (
    ChoicesLocked,
    Depositions,
    ImmunityGained,
    NextLeader,
    Outcome,
    RoundBegins,
    RoundJudged,
    RoundVoided,
    ScapegoatResolved,
    Suspected,
)


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


RECORDED = frozenset(
    {
        ChoicesLocked,
        Suspected,
        Roll,
        Eliminated,
        ScapegoatResolved,
        RoundJudged,
        RoundVoided,
        ImmunityGained,
        Depositions,
        NextLeader,
    }
)
"""What a round's record is made of, by exact type (besides `RoundBegins`, which starts one)."""


class FtlRecorder:
    """Builds the rounds of the record from the facts and events a game emits, in one place."""

    def __init__(self) -> None:
        self.rounds: list[FtlRound] = []

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            self._take(event)

    def _take(self, event: Event) -> None:
        if type(event) is RoundBegins:
            self.rounds.append(_new_round(event.number, event.leader))
            return
        if not self.rounds or type(event) not in RECORDED:
            return
        rec = self.rounds[-1]
        match event:
            case ChoicesLocked(choices=choices):
                rec["choices"] = dict(choices)
            case Suspected(target=str(target)):
                rec["suspect"] = target
            case Roll(player=player, result=result, purpose="leader"):
                rec["leader_roll"] = result
            case Roll(player=player, sides=sides, result=result, purpose=""):
                rec["order"].append(player)
                rec["rolls"][player] = result
                rec["dice"][player] = sides
            case Eliminated(players=players):
                rec["eliminated"] += players
            case ScapegoatResolved(suspect=suspect, target=target, loser=loser):
                rec["scapegoat"] = {"suspect": suspect, "target": target, "loser": loser}
            case RoundJudged(outcome=outcome):
                rec["outcome"] = str(outcome)
            case RoundVoided():
                rec["outcome"] = str(Outcome.VOID)
            case ImmunityGained(players=players):
                rec["immune"] = list(players)
            case Depositions(entries=entries):
                rec["depositions"] = [{"deposed": old, "by": new, "roll": roll} for old, new, roll in entries]
            case NextLeader(leader=leader):
                rec["next_leader"] = leader


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
