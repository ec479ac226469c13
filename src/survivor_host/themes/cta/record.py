"""The shape of a Chase the Ace round in the game record (README "Game record")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any, NotRequired, TypedDict

from survivor_host.engine.events import Eliminated, Event, Revealed
from survivor_host.themes.cta.facts.deal import CardDealt, KingsKnown, Redealt, RoundBegins
from survivor_host.themes.cta.facts.fourteens import DuelResolved, JestersBattle, Walkover
from survivor_host.themes.cta.facts.kinds import CtaCause
from survivor_host.themes.cta.facts.reveal import Finals, PlaceBattle, TieAtCutoff
from survivor_host.themes.cta.facts.swaps import Stuck, SwapResolved, SwapVoid


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


class CtaRecorder:
    """Builds the rounds of the record from the facts and events a game emits, in one place.

    The facts are kept as they come and read into rounds only when the record is read (a simulation
    reads none); it pickles and copies as the rounds read so far, nothing pending."""

    def __init__(self) -> None:
        self._rounds: list[CtaRound] = []
        self._pending: list[Event] = []

    def take(self, events: Sequence[Event]) -> None:
        # by exact type: most facts have no part in the record, and are passed over without a Python step
        self._pending += compress(events, map(RECORDED.__contains__, map(type, events)))

    @property
    def rounds(self) -> list[CtaRound]:
        """The rounds so far, every fact taken read into them."""
        if self._pending:
            self._read()
        return self._rounds

    def _read(self) -> None:
        events, self._pending = self._pending, []
        rounds = self._rounds
        for event in events:
            if rounds or type(event) is RoundBegins:
                HANDLERS[type(event)](self, event)

    def __getstate__(self) -> dict[str, object]:
        return {"_rounds": self.rounds, "_pending": []}

    def _round_begins(self, event: RoundBegins) -> None:
        self._rounds.append(new_round_record(event.number, event.k))

    def _redealt(self, event: Redealt) -> None:
        self._rounds[-1]["redeals"] += 1

    def _card_dealt(self, event: CardDealt) -> None:
        self._rounds[-1]["cards"][event.player] = event.card

    def _kings_known(self, event: KingsKnown) -> None:
        rec = self._rounds[-1]
        rec["kings"], rec["advanced"] = list(event.kings), list(event.kings)

    def _eliminated(self, event: Eliminated) -> None:
        rec, reason = self._rounds[-1], event.reason
        if not isinstance(reason, CtaCause):
            rec.setdefault("modkilled", []).extend(event.players)
        elif reason is CtaCause.JOKER:
            rec["jokers"] = list(event.players)
        elif reason is CtaCause.LOWEST_CARD:
            rec["eliminated"] = list(event.players)

    def _walked_over(self, event: Walkover) -> None:
        rec = self._rounds[-1]
        rec["advanced"].append(event.jester)
        rec["duels"].append(_walkover(event.jester))

    def _duel(self, event: DuelResolved) -> None:
        rec = self._rounds[-1]
        rec["advanced"].append(event.winner)
        rec["duels"].append(
            {
                "jester": event.jester,
                "jesters": [event.jester],
                "target": event.target,
                "rolls": list(event.rounds),
                "winner": event.winner,
                "eliminated": [event.loser],
            }
        )

    def _jesters_battle(self, event: JestersBattle) -> None:
        rec = self._rounds[-1]
        if event.winner is not None:
            rec["advanced"].append(event.winner)
        rec["duels"].append(
            {
                "jester": None,
                "jesters": list(event.jesters),
                "target": None,
                "rolls": list(event.rounds),
                "winner": event.winner,
                "eliminated": list(event.losers),
            }
        )

    def _stuck(self, event: Stuck) -> None:
        self._rounds[-1]["swaps"].append(_swap(event.player, None, [], False, event.swap_round))

    def _swap_resolved(self, event: SwapResolved) -> None:
        entry = _swap(event.by, event.target, list(event.rounds), event.swapped, event.swap_round)
        self._rounds[-1]["swaps"].append(entry)

    def _swap_void(self, event: SwapVoid) -> None:
        self._rounds[-1]["swaps"].append(
            {
                "by": event.by,
                "target": event.target,
                "rolls": [],
                "swapped": False,
                "void": True,
                "why": event.why,
                "swap_round": event.swap_round,
            }
        )

    def _revealed(self, event: Revealed) -> None:
        self._rounds[-1]["reveal"] = dict(event.cards)

    def _tie(self, event: TieAtCutoff) -> None:
        rec = self._rounds[-1]
        if event.all_out:
            rec["ties"] = {"card": event.card, "tied": list(event.tied), "policy": "all"}
        else:
            rolls = list(event.rounds)
            rec["ties"] = {"card": event.card, "tied": list(event.tied), "policy": "battle", "rolls": rolls}

    def _finals(self, event: Finals) -> None:
        players = [event.first, event.second]
        self._rounds[-1]["finals"] = {"players": players, "rolls": list(event.rounds), "winner": event.winner}

    def _place_battle(self, event: PlaceBattle) -> None:
        self._rounds[-1].setdefault("place_battles", []).append({"rolls": list(event.rounds), "winner": event.winner})


HANDLERS: dict[type, Callable[[CtaRecorder, Any], None]] = {
    RoundBegins: CtaRecorder._round_begins,
    Redealt: CtaRecorder._redealt,
    CardDealt: CtaRecorder._card_dealt,
    KingsKnown: CtaRecorder._kings_known,
    Eliminated: CtaRecorder._eliminated,
    Walkover: CtaRecorder._walked_over,
    DuelResolved: CtaRecorder._duel,
    JestersBattle: CtaRecorder._jesters_battle,
    Stuck: CtaRecorder._stuck,
    SwapResolved: CtaRecorder._swap_resolved,
    SwapVoid: CtaRecorder._swap_void,
    Revealed: CtaRecorder._revealed,
    TieAtCutoff: CtaRecorder._tie,
    Finals: CtaRecorder._finals,
    PlaceBattle: CtaRecorder._place_battle,
}
"""What a round's record is made of, by exact type, and how each adds to it (`RoundBegins` starts a round)."""
RECORDED = frozenset(HANDLERS)


def _walkover(jester: str) -> DuelRecord:
    return {"jester": jester, "jesters": [jester], "target": None, "rolls": [], "winner": jester, "eliminated": []}


def _swap(
    by: str, target: str | None, rolls: list[dict[str, int]], swapped: bool, swap_round: int | None
) -> SwapRecord:
    entry: SwapRecord = {"by": by, "target": target, "rolls": rolls, "swapped": swapped, "void": False}
    if swap_round is not None:
        entry["swap_round"] = swap_round
    return entry
