"""The shape of a Hunger Games Spotlight turn in the game record, built from the facts."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duel_facts import AttackFought
from survivor_host.engine.duels import FinalBegins, FinalFought, duel_record, tally_out
from survivor_host.engine.events import Event
from survivor_host.engine.record import Rounds
from survivor_host.themes.hgs.facts import SpotlightOn


class HgsTurn(TypedDict):
    """One turn: who was in, who was drawn, the duel (or the final's duels), who went out how."""

    number: int
    final: bool
    players: list[str]
    spotlight: str | None
    lives: NotRequired[dict[str, int]]
    duels: list[dict[str, Any]]
    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


class HgsRecorder(Rounds[HgsTurn]):
    """Builds the turns of the record from the facts a game emits, in one place."""

    def open(self, event: Event) -> HgsTurn | None:
        if not isinstance(event, SpotlightOn | FinalBegins):
            return None
        final = isinstance(event, FinalBegins)
        players = [event.first, event.second] if isinstance(event, FinalBegins) else list(event.players)
        rec: HgsTurn = {
            "number": event.number,
            "final": final,
            "players": players,
            "spotlight": None if isinstance(event, FinalBegins) else event.player,
            "duels": [],
            "eliminated": [],
            "idle": [],
        }
        if event.lives:
            rec["lives"] = dict(zip(players, event.lives, strict=True))
        return rec

    def add(self, rec: HgsTurn, event: Event) -> None:
        match event:
            case AttackFought(duel=duel, left=left) | FinalFought(duel=duel, left=left):
                rec["duels"].append(duel_record(duel, left))
            case _:
                tally_out(rec, event)
