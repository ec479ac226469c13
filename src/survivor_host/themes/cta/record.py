"""The shape of a Chase the Ace round in the game record (README "Game record")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from survivor_host.engine.events import Eliminated, Event, Revealed
from survivor_host.themes.cta.facts import (
    CardDealt,
    CtaCause,
    DuelResolved,
    Finals,
    JestersBattle,
    KingsKnown,
    PlaceBattle,
    Redealt,
    RoundBegins,
    Stuck,
    SwapResolved,
    SwapVoid,
    TieAtCutoff,
    Walkover,
)


class DuelRecord(TypedDict):
    jester: str | None
    """None when several Jesters rolled together."""
    jesters: list[str]
    target: str | None
    rolls: list[dict[str, int]]
    winner: str | None
    eliminated: list[str]


class SwapRecord(TypedDict):
    by: str
    target: str | None
    """None for a stick."""
    rolls: list[dict[str, int]]
    swapped: bool
    void: bool
    why: NotRequired[str]
    swap_round: NotRequired[int]


class TieRecord(TypedDict):
    card: int
    tied: list[str]
    policy: str
    rolls: NotRequired[list[dict[str, int]]]


class FinalsRecord(TypedDict):
    players: list[str]
    rolls: list[dict[str, int]]
    winner: str


class PlaceBattleRecord(TypedDict):
    rolls: list[dict[str, int]]
    winner: str


class CtaRound(TypedDict):
    """One round: the deal, Kings and Jokers, duels, swaps in order, the reveal and who went out."""

    number: int
    elim: int
    cards: dict[str, int]
    redeals: int
    kings: list[str]
    jokers: list[str]
    duels: list[DuelRecord]
    swaps: list[SwapRecord]
    reveal: dict[str, int]
    eliminated: list[str]
    advanced: list[str]
    ties: NotRequired[TieRecord]
    modkilled: NotRequired[list[str]]
    finals: NotRequired[FinalsRecord]
    place_battles: NotRequired[list[PlaceBattleRecord]]


def new_round_record(number: int, k: int) -> CtaRound:
    """A round's record at the deal, before anything happened."""
    return {
        "number": number,
        "elim": k,
        "cards": {},
        "redeals": 0,
        "kings": [],
        "jokers": [],
        "duels": [],
        "swaps": [],
        "reveal": {},
        "eliminated": [],
        "advanced": [],
    }


RECORDED = frozenset(
    {
        Redealt,
        CardDealt,
        KingsKnown,
        Eliminated,
        Walkover,
        DuelResolved,
        JestersBattle,
        Stuck,
        SwapResolved,
        SwapVoid,
        Revealed,
        TieAtCutoff,
        Finals,
        PlaceBattle,
    }
)
"""What a round's record is made of, by exact type (besides `RoundBegins`, which starts one)."""


class CtaRecorder:
    """Builds the rounds of the record from the facts and events a game emits, in one place."""

    def __init__(self) -> None:
        self.rounds: list[CtaRound] = []

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            self._take(event)

    def _take(self, event: Event) -> None:
        if type(event) is RoundBegins:
            self.rounds.append(new_round_record(event.number, event.k))
            return
        if not self.rounds or type(event) not in RECORDED:
            return
        rec = self.rounds[-1]
        match event:
            case Redealt():
                rec["redeals"] += 1
            case CardDealt(player=player, card=card):
                rec["cards"][player] = card
            case KingsKnown(kings=kings):
                rec["kings"], rec["advanced"] = list(kings), list(kings)
            case Eliminated(players=players, reason=reason):
                if not isinstance(reason, CtaCause):
                    rec.setdefault("modkilled", []).extend(players)
                elif reason is CtaCause.JOKER:
                    rec["jokers"] = list(players)
                elif reason is CtaCause.LOWEST_CARD:
                    rec["eliminated"] = list(players)
            case Walkover(jester=jester):
                rec["advanced"].append(jester)
                rec["duels"].append(_walkover(jester))
            case DuelResolved(jester=jester, target=target, rounds=rounds, winner=winner, loser=loser):
                rec["advanced"].append(winner)
                rec["duels"].append(
                    {
                        "jester": jester,
                        "jesters": [jester],
                        "target": target,
                        "rolls": list(rounds),
                        "winner": winner,
                        "eliminated": [loser],
                    }
                )
            case JestersBattle(jesters=jesters, rounds=rounds, winner=winner, losers=losers):
                if winner is not None:
                    rec["advanced"].append(winner)
                rec["duels"].append(
                    {
                        "jester": None,
                        "jesters": list(jesters),
                        "target": None,
                        "rolls": list(rounds),
                        "winner": winner,
                        "eliminated": list(losers),
                    }
                )
            case Stuck(player=player, swap_round=swap_round):
                rec["swaps"].append(_swap(player, None, [], False, swap_round))
            case SwapResolved(by=by, target=target, rounds=rounds, swapped=swapped, swap_round=swap_round):
                rec["swaps"].append(_swap(by, target, list(rounds), swapped, swap_round))
            case SwapVoid(by=by, target=target, why=why, swap_round=swap_round):
                rec["swaps"].append(
                    {
                        "by": by,
                        "target": target,
                        "rolls": [],
                        "swapped": False,
                        "void": True,
                        "why": why,
                        "swap_round": swap_round,
                    }
                )
            case Revealed(cards=cards):
                rec["reveal"] = dict(cards)
            case TieAtCutoff(card=card, tied=tied, all_out=True):
                rec["ties"] = {"card": card, "tied": list(tied), "policy": "all"}
            case TieAtCutoff(card=card, tied=tied, rounds=rounds):
                rec["ties"] = {"card": card, "tied": list(tied), "policy": "battle", "rolls": list(rounds)}
            case Finals(first=first, second=second, rounds=rounds, winner=winner):
                rec["finals"] = {"players": [first, second], "rolls": list(rounds), "winner": winner}
            case PlaceBattle(rounds=rounds, winner=winner):
                rec.setdefault("place_battles", []).append({"rolls": list(rounds), "winner": winner})


def _walkover(jester: str) -> DuelRecord:
    return {"jester": jester, "jesters": [jester], "target": None, "rolls": [], "winner": jester, "eliminated": []}


def _swap(
    by: str, target: str | None, rolls: list[dict[str, int]], swapped: bool, swap_round: int | None
) -> SwapRecord:
    entry: SwapRecord = {"by": by, "target": target, "rolls": rolls, "swapped": swapped, "void": False}
    if swap_round is not None:
        entry["swap_round"] = swap_round
    return entry
