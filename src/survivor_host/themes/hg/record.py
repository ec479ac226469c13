"""The shape of a Hunger Games round in the game record (README "Game record"), built from the facts."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import NotRequired, TypedDict

from survivor_host.engine.events import Cause, Eliminated, Event
from survivor_host.engine.modes import Duel
from survivor_host.themes.hg.facts import (
    AttackDropped,
    AttackFought,
    AttackTaken,
    FinalBegins,
    FinalFought,
    HgCause,
    LastBattle,
    RoundBegins,
)


class DuelRecord(TypedDict):
    attacker: str
    """The side that rolled first (in the final, the earlier to join)."""
    target: str
    rolls: list[dict[str, int]]
    rules: list[str]
    """Each pair's rule: `regular` or `golf` (Golf, Roll Switch)."""
    winner: str
    loser: str
    lives_left: int
    """The loser's lives after the duel: 0 means out."""


class HgRound(TypedDict):
    """One round: who was in, the attacks in the order sent, the duels in order, who went out how."""

    number: int
    final: bool
    players: list[str]
    lives: NotRequired[dict[str, int]]
    attacks: list[dict[str, str]]
    dropped: list[dict[str, str]]
    duels: list[DuelRecord]
    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


def duel_record(duel: Duel, left: int) -> DuelRecord:
    return {
        "attacker": duel.first,
        "target": duel.second,
        "rolls": duel.rolls(),
        "rules": duel.rules(),
        "winner": duel.winner,
        "loser": duel.loser,
        "lives_left": left,
    }


class HgRecorder:
    """Builds the rounds of the record from the facts a game emits, in one place."""

    def __init__(self) -> None:
        self.rounds: list[HgRound] = []

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, RoundBegins | FinalBegins):
                self._open(event)
            elif self.rounds:
                self._add(self.rounds[-1], event)

    def _open(self, event: RoundBegins | FinalBegins) -> None:
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
        self.rounds.append(rec)

    @staticmethod
    def _add(rec: HgRound, event: Event) -> None:
        match event:
            case AttackTaken(player=player, target=target, again=False):
                rec["attacks"].append({"by": player, "target": target})
            case AttackDropped(by=by, target=target):
                rec["dropped"].append({"by": by, "target": target})
            case AttackFought(duel=duel, left=left) | FinalFought(duel=duel, left=left):
                rec["duels"].append(duel_record(duel, left))
            case Eliminated(players=players, reason=reason):
                if reason in (HgCause.DUEL, HgCause.LAST_BATTLE):
                    rec["eliminated"] += players
                elif reason == Cause.IDLE:
                    rec["idle"] += players
                else:
                    rec.setdefault("modkilled", []).extend(players)
            case LastBattle(players=players, rounds=rounds, winner=winner):
                rec["last_battle"] = {"players": list(players), "rolls": list(rounds), "winner": winner}

    def copy(self) -> list[HgRound]:
        return copy.deepcopy(self.rounds)
