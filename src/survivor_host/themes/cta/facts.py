"""What happens in Chase the Ace, as typed facts; `text.py` words them for the room and each player.

A card is a secret (G3): facts that carry one are addressed (`to`) to its holder only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from survivor_host.engine.events import Asked, Fact, Roll

STICK_SWAP = ("stick", "swap")
"""What a player in the swap phase may send."""


class CtaStage(StrEnum):
    """The stages of a Chase the Ace round (`game.phase`)."""

    DEAL = "deal"
    DUEL = "duel"
    SWAP = "swap"
    ALL_AT_ONCE = "aao"
    REVEAL = "reveal"
    FINALS = "finals"


class CtaCause(StrEnum):
    """How Chase the Ace takes players out (besides `Cause`)."""

    LOWEST_CARD = "lowest card"
    JOKER = "drew the Joker"
    DUEL = "lost the Jester's duel"
    JESTERS = "lost the Jesters' battle"


class CardWhy(StrEnum):
    """Why a player is told their card."""

    DEALT = "dealt"
    ASKED = "asked"
    SWAPPED_AWAY = "swapped away"
    SWAPPED_WITH = "swapped with"
    AFTER_SWAP_ROUND = "after swap round"
    TAKEOVER = "takeover"


class Standing(StrEnum):
    """Where a player stands at the end of a round, as its table shows it."""

    SAFE = "safe"
    KING = "king"
    ADVANCED = "advanced"
    LOWEST = "lowest"
    TIE_LOST = "tie lost"
    TIE_WON = "tie won"
    JOKER = "joker"
    DUEL_LOST = "duel lost"
    JESTERS_LOST = "jesters lost"
    MODKILLED = "modkilled"


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
class DrewJoker(Fact):
    """Cause of an elimination (C4)."""

    player: str


@dataclass(frozen=True, slots=True)
class LostDuel(Fact):
    """Cause of an elimination (C5): lost the duel to `winner`, last rolls `mine` vs `theirs`."""

    player: str
    winner: str
    mine: int
    theirs: int


@dataclass(frozen=True, slots=True)
class LostJestersBattle(Fact):
    """Cause of an elimination (C5): a Jester who did not roll highest among the Jesters."""

    player: str
    roll: int


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
class TurnAsked(Asked):
    """C6: the player whose turn it is sticks or swaps with one of `targets`, in chat."""


@dataclass(frozen=True, slots=True)
class DuelAsked(Asked):
    """C5: the lone Jester names one of `targets`, in chat."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapRoundAsked(Asked):
    """C7: a secret stick or swap for swap round `swap_round`, by PM."""

    swap_round: int


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


@dataclass(frozen=True, slots=True)
class ElimChanged(Fact):
    """The host changed how many go each round, from the next deal."""

    count: int


@dataclass(frozen=True, slots=True)
class SwapRoundOpened(Fact):
    """C7: everyone in play sends a secret choice."""

    number: int
    of: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SwapChoice(Fact):
    """C7: a secret choice (`target` None: stick), told only to the chooser (`to`).

    `standing` when told to a substitute: the seat's choice, which they may still change."""

    secret = True

    swap_round: int
    target: str | None
    standing: bool = False


@dataclass(frozen=True, slots=True)
class DefaultSticks(Fact):
    """G4 with idle=default: the players who sent no choice stick."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SwapOrder(Fact):
    """C7: the shuffled order the choices are carried out in."""

    swap_round: int
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class JestersKnown(Fact):
    """C5: the players dealt a Jester."""

    jesters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelPicked(Fact):
    """G4 with idle=default: the game picks the idle Jester's opponent."""

    jester: str
    target: str


@dataclass(frozen=True, slots=True)
class JesterGone(Fact):
    """The lone Jester was removed before naming an opponent."""


@dataclass(frozen=True, slots=True)
class Walkover(Fact):
    """C5: a lone Jester with nobody (`left`: nobody left) to duel advances."""

    jester: str
    left: bool


@dataclass(frozen=True, slots=True)
class DuelResolved(Fact):
    """C5: Jester 100 vs target 100, every roll; the winner advances."""

    jester: str
    target: str
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str
    loser: str


@dataclass(frozen=True, slots=True)
class JestersBattle(Fact):
    """C5: two or more Jesters roll 100 together; `winner` (if one is left) advances."""

    jesters: tuple[str, ...]
    rolls: tuple[Roll, ...]
    rounds: tuple[dict[str, int], ...]
    winner: str | None
    losers: tuple[str, ...]
