"""The shape of a Hunger Games Anon round in the game record, built from the facts: rounds name players by
nickname, and each round says whose nicknames were revealed in it (their owners went out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duel_facts import AttackDropped, AttackFought
from survivor_host.engine.duels import FinalBegins, FinalFought, duel_record, tally_out
from survivor_host.engine.events import Event
from survivor_host.engine.nicknames import NicknamesOpened, revealed
from survivor_host.engine.record import Rounds
from survivor_host.themes.hga.facts import AttackTaken, RoundBegins


class HgaRound(TypedDict):
    """One round: the nicknames and names still in, the attacks (nicknames) in the order sent, the duels,
    who went out how, and the nicknames revealed (nickname: owner)."""

    number: int
    final: bool
    nicks: list[str]
    names: list[str]
    lives: NotRequired[dict[str, int]]
    attacks: list[dict[str, str]]
    dropped: list[dict[str, str]]
    duels: list[dict[str, Any]]
    eliminated: list[str]
    idle: list[str]
    revealed: dict[str, str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


class HgaRecorder(Rounds[HgaRound]):
    """Builds the rounds of the record from the facts a game emits, in one place (the first round opens
    with the nicknames)."""

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, NicknamesOpened):
                self.rounds.append(new_round(event.number, False, [], []))
            elif isinstance(event, RoundBegins) and self.rounds and self.rounds[-1]["number"] == event.number:
                rec = self.rounds[-1]  # the first round: its nicknames are in, its attacks begin
                rec["nicks"], rec["names"] = list(event.nicks), list(event.names)
                if event.lives:
                    rec["lives"] = dict(zip(rec["nicks"], event.lives, strict=True))
            elif isinstance(event, RoundBegins):
                self._open(new_round(event.number, False, list(event.nicks), list(event.names)), event.lives)
            elif isinstance(event, FinalBegins):
                self._open(new_round(event.number, True, [event.first, event.second], []), event.lives)
            elif self.rounds:
                self.add(self.rounds[-1], event)

    def _open(self, rec: HgaRound, lives: tuple[int, ...]) -> None:
        if lives:
            rec["lives"] = dict(zip(rec["nicks"], lives, strict=True))
        self.rounds.append(rec)

    def add(self, rec: HgaRound, event: Event) -> None:
        match event:
            case AttackTaken(by=by, target=target, again=False):
                rec["attacks"].append({"by": by, "target": target})
            case AttackDropped(by=by, target=target):
                rec["dropped"].append({"by": by, "target": target})
            case AttackFought(duel=duel, left=left) | FinalFought(duel=duel, left=left):
                rec["duels"].append(duel_record(duel, left))
            case _:
                tally_out(rec, event)
                rec["revealed"].update(revealed(event))


def new_round(number: int, final: bool, nicks: list[str], names: list[str]) -> HgaRound:
    return {
        "number": number,
        "final": final,
        "nicks": nicks,
        "names": names,
        "attacks": [],
        "dropped": [],
        "duels": [],
        "eliminated": [],
        "idle": [],
        "revealed": {},
    }
