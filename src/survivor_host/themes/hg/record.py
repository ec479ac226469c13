"""The shape of a Hunger Games round in the game record (README "Game record"), built from the facts."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duel_facts import AttackDropped, AttackFought, AttackTaken, RoundBegins
from survivor_host.engine.duels import FinalBegins, FinalFought, duel_record, tally_out
from survivor_host.engine.events import Event
from survivor_host.engine.record import Rounds


class HgRound(TypedDict):
    """One round: who was in, the attacks in the order sent, the duels in order, who went out how."""

    number: int
    final: bool
    players: list[str]
    lives: NotRequired[dict[str, int]]
    attacks: list[dict[str, str]]
    dropped: list[dict[str, str]]
    duels: list[dict[str, Any]]
    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


class HgRecorder(Rounds[HgRound]):
    """Builds the rounds of the record from the facts a game emits, in one place."""

    def open(self, event: Event) -> HgRound | None:
        if not isinstance(event, RoundBegins | FinalBegins):
            return None
        final = isinstance(event, FinalBegins)
        players = [event.first, event.second] if isinstance(event, FinalBegins) else list(event.players)
        rec: HgRound = {
            "number": event.number,
            "final": final,
            "players": players,
            "attacks": [],
            "dropped": [],
            "duels": [],
            "eliminated": [],
            "idle": [],
        }
        if event.lives:
            rec["lives"] = dict(zip(players, event.lives, strict=True))
        return rec

    def add(self, rec: HgRound, event: Event) -> None:
        match event:
            case AttackTaken(player=player, target=target, again=False):
                rec["attacks"].append({"by": player, "target": target})
            case AttackDropped(by=by, target=target):
                rec["dropped"].append({"by": by, "target": target})
            case AttackFought(duel=duel, left=left) | FinalFought(duel=duel, left=left):
                rec["duels"].append(duel_record(duel, left))
            case _:
                tally_out(rec, event)
