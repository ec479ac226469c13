"""The game's start and each deal (C2-C4): the cards, told to their holders only, and the Kings."""

from __future__ import annotations

from dataclasses import dataclass, field

from survivor_host.engine.events import Fact
from survivor_host.themes.cta.facts.kinds import CardWhy


@dataclass(frozen=True, slots=True)
class GameBegins(Fact):
    title: str
    players: int
    mods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundBegins(Fact):
    """C2: a new deal; the `k` lowest cards will go."""

    number: int
    k: int


@dataclass(frozen=True, slots=True)
class Redealt(Fact):
    """C4: the Jokers would leave fewer than 2 players."""


@dataclass(frozen=True, slots=True)
class CardDealt(Fact):
    """C3: `player`'s card, rolled with `die`; addressed to that player only. `fourteen`: what this game
    calls a 14 (`Jester`, `Joker`), as players say it."""

    secret = True

    player: str
    die: int
    card: int
    fourteen: str = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class CardShown(Fact):
    """A player's card told again (to that player): after a swap, a swap round, a takeover, or asked."""

    secret = True

    card: int
    why: CardWhy
    other: str = ""
    swap_round: int = 0
    fourteen: str = field(kw_only=True)
    """What this game calls a 14 (`Jester`, `Joker`)."""


@dataclass(frozen=True, slots=True)
class KingsKnown(Fact):
    kings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ElimChanged(Fact):
    """The host changed how many go each round, from the next deal (at most half the `players` left, C2)."""

    count: int
    players: int = 0
