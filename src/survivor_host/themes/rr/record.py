"""The shape of a Russian Roulette round in the game record, built from the facts: one entry a round (the
final is one round), its turns in order."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duels import duel_record, tally_out
from survivor_host.engine.events import Cause, Eliminated, Event
from survivor_host.engine.record import Rounds
from survivor_host.themes.rr.facts import (
    FinalBegins,
    NobodyToRob,
    Passed,
    Pulled,
    RoundBegins,
    RrCause,
    StealFought,
    TurnDrawn,
)


class RrRound(TypedDict):
    """A round (or the final): who was in, whose pass was used, each turn, who went out how."""

    number: int
    final: bool
    players: list[str]
    passed: list[str]
    turns: list[dict[str, Any]]
    duels: list[dict[str, Any]]
    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


OUT = frozenset({RrCause.SHOT, RrCause.STEAL, RrCause.SPENT})


class RrRecorder(Rounds[RrRound]):
    """Builds the rounds of the record from the facts a game emits, in one place."""

    def open(self, event: Event) -> RrRound | None:
        if not isinstance(event, RoundBegins | FinalBegins):
            return None
        final = isinstance(event, FinalBegins)
        passed = list(event.passed) if isinstance(event, RoundBegins) else []
        rec: RrRound = {
            "number": event.number,
            "final": final,
            "players": list(event.players),
            "passed": passed,
            "turns": [],
            "duels": [],
            "eliminated": [],
            "idle": [],
        }
        return rec

    def add(self, rec: RrRound, event: Event) -> None:
        turn = rec["turns"][-1] if rec["turns"] else {}
        match event:
            case TurnDrawn(player=player, chamber=chamber, drawn_from=drawn_from):
                rec["turns"].append({"player": player, "chamber": chamber, "drawn_from": list(drawn_from)})
            case Pulled(roll=roll, forced=forced):
                turn.update({"action": "pull", "roll": roll, "shot": event.shot, "forced": forced})
            case Passed(forced=forced):
                turn.update({"action": "pass", "forced": forced})
            case StealFought(duel=duel):
                turn.update({"action": "steal", "target": duel.second, "winner": duel.winner})
                rec["duels"].append(duel_record(duel, 0))
            case NobodyToRob():
                turn["nobody_to_rob"] = True
            case Eliminated(players=players, reason=reason) if reason in OUT:
                if reason == RrCause.SPENT:
                    turn["action"] = "spent"
                rec["eliminated"] += players
            case Eliminated(players=players, reason=Cause.IDLE) if (
                turn.get("player") in players and "action" not in turn
            ):
                turn["action"] = "idle"
                tally_out(rec, event)
            case _:
                tally_out(rec, event)
