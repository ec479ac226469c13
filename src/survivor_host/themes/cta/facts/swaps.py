"""The swap phase (C6) and All At Once's swap rounds (C7): turns, sticks, swaps and secret choices."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.events import Asked, Fact, Roll


@dataclass(frozen=True, slots=True)
class TurnAsked(Asked):
    """C6: the player whose turn it is sticks or swaps with one of `targets`, in chat."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapRoundAsked(Asked):
    """C7: a secret stick or swap for swap round `swap_round`, by PM."""

    swap_round: int


@dataclass(frozen=True, slots=True)
class SwapPhaseOpened(Fact):
    """C6: turns in a random order."""


@dataclass(frozen=True, slots=True)
class NoTargets(Fact):
    """`player` has nobody to swap with: they stick now, or (All At Once) will stick."""

    player: str
    later: bool = False


@dataclass(frozen=True, slots=True)
class Stuck(Fact):
    """A stick carried out (in the turns, or All At Once's `swap_round`); `said` unless a line already said why."""

    player: str
    said: bool = True
    swap_round: int | None = None


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Fact):
    """G4 with idle=default: the player whose turn it was sticks."""

    player: str


@dataclass(frozen=True, slots=True)
class SwapResolved(Fact):
    """C6: swapper 125 vs target 100, every roll (re-rolls included); `swapped` if the cards changed hands."""

    by: str
    target: str
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    """Each round of the battle's rolls, by name (the record's `rolls`)."""
    swapped: bool
    swap_round: int | None = None


@dataclass(frozen=True, slots=True)
class SwapVoid(Fact):
    """C7: a chosen swap that had become illegal by its turn in the order."""

    by: str
    target: str
    why: str
    swap_round: int


@dataclass(frozen=True, slots=True)
class SwapRoundOpened(Fact):
    """C7: everyone in play sends a secret choice."""

    number: int
    of: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SwapChoice(Fact):
    """C7: a secret choice (`target` None: stick), told only to the chooser (`to`).

    `standing` when told to a substitute: the seat's choice, which they may still change; `last` when it
    was the last choice in (the swap round is carried out at once, no choice changes any more)."""

    secret = True

    swap_round: int
    target: str | None
    standing: bool = False
    last: bool = False


@dataclass(frozen=True, slots=True)
class DefaultSticks(Fact):
    """G4 with idle=default: the players who sent no choice stick."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SwapOrder(Fact):
    """C7: the shuffled order the choices are carried out in."""

    swap_round: int
    order: tuple[str, ...]
