"""The shape of a Hot Potato round in the game record, built from the facts."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duels import LastBattle
from survivor_host.engine.events import Cause, Eliminated, Event
from survivor_host.engine.record import Rounds
from survivor_host.themes.hp.facts import HpCause, RoundBegins, Tossed


class HpRound(TypedDict):
    """One round: who was in, who was drawn to hold first, every attempt in order, who went out how."""

    number: int
    players: list[str]
    holder: str
    die: NotRequired[int]
    tosses: list[dict[str, Any]]
    exploded: str | None
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


def toss_record(toss: Tossed) -> dict[str, Any]:
    """An attempt as the record shows it: the dice, each pair of rolls (passer first), whether it passed."""
    rec: dict[str, Any] = {
        "passer": toss.passer,
        "receiver": toss.receiver,
        "dice": list(toss.dice),
        "rolls": [list(pair) for pair in toss.pairs],
        "passed": toss.passed,
    }
    if toss.auto:
        rec["auto"] = True
    return rec


class HpRecorder(Rounds[HpRound]):
    """Builds the rounds of the record from the facts a game emits, in one place."""

    def open(self, event: Event) -> HpRound | None:
        if not isinstance(event, RoundBegins):
            return None
        rec: HpRound = {
            "number": event.number,
            "players": list(event.players),
            "holder": event.holder,
            "tosses": [],
            "exploded": None,
            "idle": [],
        }
        if event.timer:
            rec["die"] = event.die
        return rec

    def add(self, rec: HpRound, event: Event) -> None:
        match event:
            case Tossed():
                rec["tosses"].append(toss_record(event))
            case Eliminated(players=players, reason=reason):
                if reason == HpCause.EXPLODED:
                    rec["exploded"] = players[0]
                elif reason == Cause.IDLE:
                    rec["idle"] += players
                else:
                    rec.setdefault("modkilled", []).extend(players)
            case LastBattle(players=players, rounds=rounds, winner=winner):
                rec["last_battle"] = {"players": list(players), "rolls": list(rounds), "winner": winner}
