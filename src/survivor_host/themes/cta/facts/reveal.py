"""The reveal and the end (C8, C9): the round's table, who goes out and why, the finals."""

from __future__ import annotations

from dataclasses import dataclass, field

from survivor_host.engine.events import Fact, Roll
from survivor_host.themes.cta.facts.kinds import Standing


@dataclass(frozen=True, slots=True)
class SwapNote:
    """One swap a player took part in this round: `other` (None: a stick), who started it, the result."""

    other: str | None
    mine: bool
    swapped: bool
    void: bool = False


@dataclass(frozen=True, slots=True)
class RevealRow:
    """One player in the round's table: card dealt and at the reveal (None: never shown), swaps, standing."""

    player: str
    dealt: int | None
    card: int | None
    swaps: tuple[SwapNote, ...]
    standing: Standing


@dataclass(frozen=True, slots=True)
class RoundRevealed(Fact):
    """C8: the reveal with everything the round did, for its table; `cutoff` None when nobody went."""

    number: int
    k: int
    cards: tuple[tuple[str, int], ...]
    cutoff: int | None
    rows: tuple[RevealRow, ...]
    """Each player dealt in this round, in list order."""
    fourteen: str = field(kw_only=True)
    """What this game calls a 14 (`Jester`, `Joker`)."""


@dataclass(frozen=True, slots=True)
class LowestCard(Fact):
    """Cause of an elimination (C8): `card` is among the `k` lowest; `cutoff` is the highest card that goes."""

    player: str
    card: int
    cutoff: int
    k: int


@dataclass(frozen=True, slots=True)
class LostTieBreak(Fact):
    """Cause of an elimination (C8): tied on the cut-off card and rolled lowest (`roll`); None under ties=all."""

    player: str
    card: int
    roll: int | None


@dataclass(frozen=True, slots=True)
class TieAtCutoff(Fact):
    """C8: players tied on the cut-off card; `need` of them go, by a battle (its `rolls`) or (`all`) every one."""

    card: int
    tied: tuple[str, ...]
    need: int
    all_out: bool
    rolls: tuple[Roll, ...] = ()
    rounds: tuple[dict[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class NobodyOut(Fact):
    """The reveal eliminated nobody."""


@dataclass(frozen=True, slots=True)
class Finals(Fact):
    """C9: the last two roll battle 13 vs 13, every roll in `rolls`."""

    first: str
    second: str
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str


@dataclass(frozen=True, slots=True)
class PlaceBattle(Fact):
    """G4: the players modkilled in the step that left one battle 13 for second place."""

    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str
