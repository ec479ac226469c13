"""The shape of a Rock, Paper, Scissors round in the game record (README "Game record"), built from the facts."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from survivor_host.engine.duel_facts import RoundBegins
from survivor_host.engine.duels import tally_out
from survivor_host.engine.events import Event
from survivor_host.engine.record import Rounds
from survivor_host.themes.rps.facts import AttackDropped, AttackTaken, Clash, FinalBegins, SameWeapon, Thrown


class RpsRound(TypedDict):
    """One round: who was in, the attacks in the order accepted, the clashes in order (the final: its
    throws), who went out how."""

    number: int
    final: bool
    players: list[str]
    lives: NotRequired[dict[str, int]]
    attacks: list[dict[str, str]]
    dropped: list[dict[str, str]]
    clashes: list[dict[str, Any]]
    throws: list[dict[str, Any]]
    eliminated: list[str]
    idle: list[str]
    modkilled: NotRequired[list[str]]
    last_battle: NotRequired[dict[str, object]]


def clash_record(fact: Clash | SameWeapon) -> dict[str, Any]:
    """A clash as the record shows it: the weapons, and for a roll the dice, each pair, who won, who lost."""
    if isinstance(fact, SameWeapon):
        return {
            "attacker": fact.attacker,
            "target": fact.target,
            "weapons": {fact.attacker: fact.weapon, fact.target: fact.weapon},
        }
    a, t = fact.attacker, fact.target
    out: dict[str, Any] = {
        "attacker": a,
        "target": t,
        "weapons": {a: fact.weapons[0], t: fact.weapons[1]},
        "favoured": fact.favoured,
        "dice": {a: fact.dice[0], t: fact.dice[1]},
        "rolls": [{a: first, t: second} for first, second in fact.rolls],
        "roll_winner": fact.roll_winner,
        "loser": fact.loser,
    }
    if fact.loser is not None:
        out["lives_left"] = fact.left
    return out


def throw_record(fact: Thrown) -> dict[str, Any]:
    """A throw of the final: both weapons, the matchup's winner (None: the same weapon) and the loser's lives."""
    out: dict[str, Any] = {
        "weapons": {fact.first: fact.weapons[0], fact.second: fact.weapons[1]},
        "winner": fact.winner,
    }
    if fact.loser is not None:
        out["loser"], out["lives_left"] = fact.loser, fact.left
    return out


class RpsRecorder(Rounds[RpsRound]):
    """Builds the rounds of the record from the facts a game emits, in one place."""

    def open(self, event: Event) -> RpsRound | None:
        if not isinstance(event, RoundBegins | FinalBegins):
            return None
        final = isinstance(event, FinalBegins)
        players = [event.first, event.second] if isinstance(event, FinalBegins) else list(event.players)
        rec: RpsRound = {
            "number": event.number,
            "final": final,
            "players": players,
            "attacks": [],
            "dropped": [],
            "clashes": [],
            "throws": [],
            "eliminated": [],
            "idle": [],
        }
        if event.lives:
            rec["lives"] = dict(zip(players, event.lives, strict=True))
        return rec

    def add(self, rec: RpsRound, event: Event) -> None:
        match event:
            case AttackTaken(player=player, target=target, weapon=weapon, again=False):
                rec["attacks"].append({"by": player, "target": target, "weapon": weapon})
            case AttackDropped(by=by, target=target, weapon=weapon):
                rec["dropped"].append({"by": by, "target": target, "weapon": weapon})
            case Clash() | SameWeapon():
                rec["clashes"].append(clash_record(event))
            case Thrown():
                rec["throws"].append(throw_record(event))
            case _:
                tally_out(rec, event)
