"""Events: what a game tells the room (`to` is None) or one player (`to` is their name)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Say:
    """A line of the host's prose.

    `pack`: a short line the room may put on one line with its neighbours (as it does rolls);
    `tabled`: a line the round's table (`RoundTable`) also shows, left out where the table is shown."""

    text: str
    to: str | None = None
    pack: bool = False
    tabled: bool = False


@dataclass(frozen=True, slots=True)
class Roll:
    """A die shown as hosts show it: `Roll (1 - 150) for Venus: 87`."""

    player: str
    sides: int
    result: int
    plus: int = 0
    purpose: str = ""
    to: str | None = None
    tabled: bool = False
    """Shown in the round's table too: left out where the table is shown."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """A request for an action; `secret` prompts are answered by PM, the others in the room."""

    to: str
    text: str
    actions: tuple[str, ...]
    targets: tuple[str, ...] = ()
    secret: bool = True


class Cause(StrEnum):
    """Why players are taken out, for every theme (G4-G6); a theme adds its own (its value is the wording)."""

    IDLE = "idle"
    MODKILLED = "modkilled by the host"
    LEFT = "left the room"


class HostWords(str):
    """A host's own reason for a modkill (G6), said as given: the one reason worded without a cause."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Eliminated:
    """Players out of the game in one step (they share a place, G7).

    `reason` is a cause (a `Cause` or a theme's own, e.g. `FtlCause.JUDGED`) or the host's own words
    (`HostWords`). `causes`: the theme's typed facts saying why each went out (one per player, in
    order); the presenter words them, so the line for this event is then left out. A theme's own
    reason always comes with its causes: it has no words of its own."""

    players: tuple[str, ...]
    reason: str
    to: None = None
    causes: tuple[Fact, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundTable:
    """A round's results as a table (where the room allows HTML, and in the terminal)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    to: None = None


@dataclass(frozen=True, slots=True)
class PhaseChanged:
    """The game moved to another phase (e.g. `choices`, `swap`), in round `round`."""

    phase: str
    round: int
    to: None = None


@dataclass(frozen=True, slots=True)
class CardTold:
    """A player's current card, told to that player only (Chase the Ace)."""

    to: str
    card: int
    text: str


@dataclass(frozen=True, slots=True)
class Revealed:
    """Every card shown at once (Chase the Ace, C8); `tabled`: the round's table shows them too."""

    cards: tuple[tuple[str, int], ...]
    fourteen: str = "14"
    """What the game calls a 14, as players say it (Chase the Ace: `Jester`, `Joker`)."""
    to: None = None
    tabled: bool = False


@dataclass(frozen=True, slots=True)
class GameOver:
    """The end: `winner` and `second` are None when the host ended the game early."""

    winner: str | None
    second: str | None
    placements: dict[str, int] = field(default_factory=dict)
    to: None = None


@dataclass(frozen=True, slots=True)
class Fact:
    """Something that happened, as data. A theme's presenter words it (`Game.present`); a simulation
    that reads no text never does. `to` is the one player it is for, None for the room."""

    to: str | None = field(default=None, kw_only=True)
    secret: ClassVar[bool] = False
    """A secret fact (a card, a choice, G3) is for its addressee only, and must have one."""


@dataclass(frozen=True, slots=True)
class Battle(Fact):
    """A roll battle (G1) shown as it is: every roll, re-rolls of ties included, in order."""

    rolls: tuple[Roll, ...]


@dataclass(frozen=True, slots=True)
class Asked(Fact):
    """A request for an action, worded as a `Prompt`: `player` may send one of `actions` (to one of
    `targets`), by PM when `by_pm`, else in the room. A theme's subclass says what it asks."""

    player: str
    actions: tuple[str, ...]
    targets: tuple[str, ...]
    by_pm: bool


@dataclass(frozen=True, slots=True)
class Substituted(Fact):
    """G6: `new` took over the seat `old` held."""

    old: str
    new: str


@dataclass(frozen=True, slots=True)
class SeatTaken(Fact):
    """G6: the substitute `to` now plays in a seat of the game `title` (told first, before what the seat owes)."""

    title: str


@dataclass(frozen=True, slots=True)
class DeadlineExtended(Fact):
    """G6: the host gave the current wait more time."""

    seconds: int


@dataclass(frozen=True, slots=True)
class IdleOut(Fact):
    """`to` sent nothing by the deadline and is out, told so by PM where the theme's text says it."""


@dataclass(frozen=True, slots=True)
class PlayerList(Fact):
    """The players still in, each with the theme's public mark (e.g. `Venus (leader)`); `first`: the
    game's first list, said with what `PL` means."""

    entries: tuple[str, ...]
    first: bool = False


Event = Say | Roll | Prompt | Eliminated | PhaseChanged | CardTold | Revealed | GameOver | RoundTable | Fact


def is_public(event: Event) -> bool:
    """True for what the whole room sees."""
    return event.to is None
