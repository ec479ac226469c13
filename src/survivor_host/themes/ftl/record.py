"""The shape of a Follow the Leader round in the game record (README "Game record")."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class ScapegoatRecord(TypedDict):
    suspect: str
    target: str
    loser: str


class DepositionRecord(TypedDict):
    deposed: str
    by: str
    roll: int


class FtlRound(TypedDict):
    """One round: who led, what everyone chose and rolled, who went out, how it ended."""

    number: int
    leader: str | None
    leader_roll: int | None
    suspect: str | None
    choices: dict[str, str]
    rolls: dict[str, int]
    dice: dict[str, int]
    order: list[str]
    immune: list[str]
    eliminated: list[str]
    scapegoat: ScapegoatRecord | None
    outcome: str | None
    """An `Outcome` value, None while the round runs."""
    next_leader: str | None
    depositions: NotRequired[list[DepositionRecord]]
