"""The shape of a Chase the Ace round in the game record (README "Game record")."""

from __future__ import annotations

from typing import NotRequired, TypedDict


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
