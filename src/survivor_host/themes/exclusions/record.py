"""The shape of an Exclusions round in the game record, built from the facts: the names still in, the
attacks and duels by nickname, each guess of an exposed nickname, and whose nicknames were revealed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duel_facts import AttackDropped, AttackFought
from survivor_host.engine.duels import FinalBegins, FinalFought, duel_record, tally_out
from survivor_host.engine.events import Eliminated, Event
from survivor_host.engine.nicknames import NicknamesOpened, revealed
from survivor_host.engine.record import Rounds
from survivor_host.themes.exclusions.facts import (
    ExcCause,
    Exposed,
    FoundOut,
    Guessed,
    NoGuess,
    RoundBegins,
)


class ExcRound(TypedDict):
    """One round: the names still in, the attacks fought and dropped (nicknames, in the order sent), the
    guesses (nickname, guesser, suspect or null, outcome), who went out how, and the nicknames revealed."""

    number: int
    final: bool
    names: list[str]
    exposed: list[str]
    guesses: list[dict[str, Any]]
    dropped: list[dict[str, str]]
    duels: list[dict[str, Any]]
    eliminated: list[str]
    found_out: list[str]
    idle: list[str]
    revealed: dict[str, str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


class ExcRecorder(Rounds[ExcRound]):
    """Builds the rounds of the record from the facts a game emits (the first round opens with the
    nicknames)."""

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, NicknamesOpened):
                self.rounds.append(new_round(event.number, False, []))
            elif isinstance(event, RoundBegins) and self.rounds and self.rounds[-1]["number"] == event.number:
                self.rounds[-1]["names"] = list(event.names)  # the first round: its attacks begin
            elif isinstance(event, RoundBegins):
                self.rounds.append(new_round(event.number, False, list(event.names)))
            elif isinstance(event, FinalBegins):
                self.rounds.append(new_round(event.number, True, []))
            elif self.rounds:
                self.add(self.rounds[-1], event)

    def add(self, rec: ExcRound, event: Event) -> None:
        match event:
            case Exposed(nicks=nicks):
                rec["exposed"] = list(nicks)
            case Guessed(player=player, nick=nick, suspect=suspect, correct=correct):
                outcome = "correct" if correct else "wrong"
                rec["guesses"].append({"nick": nick, "guesser": player, "suspect": suspect, "outcome": outcome})
            case NoGuess(player=player, nick=nick):
                rec["guesses"].append({"nick": nick, "guesser": player, "suspect": None, "outcome": "idle"})
            case AttackDropped(by=by, target=target):
                rec["dropped"].append({"by": by, "target": target})
            case AttackFought(duel=duel, left=left) | FinalFought(duel=duel, left=left):
                rec["duels"].append(duel_record(duel, left))
            case Eliminated(reason=ExcCause.FOUND_OUT, players=players, causes=causes):
                rec["found_out"] += players
                for cause in causes:
                    if isinstance(cause, FoundOut):
                        rec["revealed"][cause.nick] = cause.player
            case _:
                tally_out(rec, event)
                rec["revealed"].update(revealed(event))


def new_round(number: int, final: bool, names: list[str]) -> ExcRound:
    return {
        "number": number,
        "final": final,
        "names": names,
        "exposed": [],
        "guesses": [],
        "dropped": [],
        "duels": [],
        "eliminated": [],
        "found_out": [],
        "idle": [],
        "revealed": {},
    }
