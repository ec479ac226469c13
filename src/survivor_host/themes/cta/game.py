"""Chase the Ace (`cta`): hold a high card, swap away a low one, the lowest cards go.

A round (RULINGS C2-C8): deal (cards by PM), Kings and Jokers announced, Jester duels, the swap
phase (turns in a random order, or All At Once), the reveal. With 2 players left: finals (C9).
Internal state is keyed by seat index, so substitutes and renames keep everything.

>>> game = ChaseTheAce(["Venus", "Mars", "Earth"], seed=1)
>>> events = game.start()
"""

from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.dice import Dice
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import (
    Cause,
    Eliminated,
    Event,
    Fact,
    PhaseChanged,
    Revealed,
)
from survivor_host.engine.game import Game, Seat, Wait, announce_list
from survivor_host.engine.inputs import Input, offer
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts import (
    NOBODY_OUT,
    STICK_SWAP,
    SWAP_PHASE_OPENED,
    CardShown,
    CardWhy,
    CtaCause,
    CtaStage,
    DrewJoker,
    ElimChanged,
    Finals,
    GameBegins,
    LostDuel,
    LostJestersBattle,
    LostTieBreak,
    LowestCard,
    NoTargets,
    PlaceBattle,
    Redealt,
    RevealRow,
    RevealRows,
    RoundRevealed,
    Standing,
    SwapNote,
    SwapResolved,
    TieAtCutoff,
    TurnAsked,
    TurnTimedOut,
    dealt_fact,
    kings_fact,
    lowest_fact,
    round_fact,
    shown_fact,
    stuck_fact,
)
from survivor_host.themes.cta.mods import MOD_CLASSES, CtaMod
from survivor_host.themes.cta.record import CtaRecorder, CtaRound
from survivor_host.themes.cta.spec import SPEC

KING = 13
FOURTEEN = 14
STANDINGS: dict[type[Event], Standing] = {
    DrewJoker: Standing.JOKER,
    LostDuel: Standing.DUEL_LOST,
    LostJestersBattle: Standing.JESTERS_LOST,
    LowestCard: Standing.LOWEST,
    LostTieBreak: Standing.TIE_LOST,
}
"""A round's standing by the cause that took the player out."""
SAFE, KING_SAFE, ADVANCED, TIE_WON, MODKILLED = (
    Standing.SAFE,
    Standing.KING,
    Standing.ADVANCED,
    Standing.TIE_WON,
    Standing.MODKILLED,
)
SHOWN_OUT = (Standing.LOWEST, Standing.TIE_LOST)
"""Standings whose cards the table shows although the player is out."""
SWAPPED_AWAY, SWAPPED_WITH = CardWhy.SWAPPED_AWAY, CardWhy.SWAPPED_WITH
ALIVE, INDEX = operator.attrgetter("alive"), operator.attrgetter("index")
# (enum members read once: a member read costs as much as building a small tuple)


@functools.lru_cache(maxsize=4096)
def turn_answers(player: str, targets: tuple[str, ...]) -> tuple[TurnAsked, tuple[Wait, ...], tuple[Input, ...]]:
    """A turn's prompt, waits and legal inputs: the same for the same player and targets (immutable, shared)."""
    offers = (offer("stick", player), *map(functools.partial(offer, "swap", player), targets))
    return TurnAsked(player, STICK_SWAP, targets, False), (Wait(player, STICK_SWAP, False, targets),), offers


@functools.lru_cache(maxsize=4096)
def choice_answers(player: str, targets: tuple[str, ...]) -> tuple[Wait, tuple[Input, ...]]:
    """A secret swap choice's wait and legal inputs (All At Once), shared like `turn_answers`."""
    offers = (offer("stick", player), *map(functools.partial(offer, "swap", player), targets))
    return Wait(player, STICK_SWAP, True, targets), offers


def reveal_rows(
    dealt: dict[int, int],
    swap_log: list[tuple[int, int | None, bool, bool]],
    cards: dict[int, int],
    causes: dict[int, Fact],
    kings: list[int],
    advanced: list[int],
    tie_won: list[int],
    names: tuple[str, ...],
    alive: tuple[bool, ...],
) -> tuple[RevealRow, ...]:
    """A round table's rows: each seat dealt in, its cards as far as shown, its swaps and its standing."""
    notes: dict[int, list[SwapNote]] = {}
    for by, target, swapped, void in swap_log:
        if target is None:
            notes.setdefault(by, []).append(SwapNote(None, True, swapped, void))
            continue
        notes.setdefault(by, []).append(SwapNote(names[target], True, swapped, void))
        notes.setdefault(target, []).append(SwapNote(names[by], False, swapped, void))
    rows = []
    for index, card in dealt.items():
        cause = causes.get(index)
        if cause is not None:
            standing = STANDINGS[type(cause)]
        elif not alive[index]:
            standing = MODKILLED
        elif index in kings:
            standing = KING_SAFE
        elif index in advanced:
            standing = ADVANCED
        else:
            standing = TIE_WON if index in tie_won else SAFE
        if alive[index] or standing in SHOWN_OUT or card == FOURTEEN:
            rows.append(RevealRow(names[index], card, cards.get(index), tuple(notes.get(index, ())), standing))
        else:
            rows.append(RevealRow(names[index], None, None, tuple(notes.get(index, ())), standing))
    return tuple(rows)


class Answers:
    """What the game worked out about its state as it is: who is in play, whom each may target, the
    waits and the legal inputs. Forgotten when the state changes; not state (it pickles and copies empty)."""

    __slots__ = ("in_play", "legal", "target_names", "targets", "waits")

    def __init__(self) -> None:
        self.in_play: list[int] | None = None
        self.targets: dict[int, list[int]] = {}
        self.target_names: dict[int, tuple[str, ...]] = {}
        self.waits: Sequence[Wait] | None = None
        self.legal: dict[str, Sequence[Input]] = {}

    def __reduce__(self) -> tuple[type[Answers], tuple[()]]:
        return (Answers, ())

    def forget(self) -> None:
        """Seats left play (eliminated, safe) or a round began: everything."""
        self.in_play = None
        self.forget_targets()

    def forget_targets(self) -> None:
        """A stick or a swap was carried out: whom each may target (a mod may bar by those), and the waits."""
        self.targets = {}
        self.target_names = {}
        self.waits = None
        self.legal = {}

    def forget_waits(self) -> None:
        """The phase, the turn or a choice changed: the waits and the legal inputs."""
        self.waits = None
        self.legal = {}

    def forget_names(self) -> None:
        """A seat has a new name: the names of targets, the waits and the legal inputs."""
        self.target_names = {}
        self.waits = None
        self.legal = {}


@dataclass(frozen=True)
class CtaView:
    """What one player knows: their own card and the public facts, nothing else."""

    name: str
    card: int | None
    round: int
    phase: str
    k: int
    mods: tuple[str, ...]
    players: tuple[str, ...]
    in_play: tuple[str, ...]
    kings: tuple[str, ...]
    advanced: tuple[str, ...]
    jesters: tuple[str, ...]
    stuck: tuple[str, ...]
    swaps: tuple[tuple[str, str, bool], ...]
    """Swaps carried out this round, in order: (swapper, target, whether cards changed hands)."""
    turn: str | None
    had_turn: tuple[str, ...]
    swap_round: int
    my_choice: str | None
    """All At Once: `stick`, the target's name, or None before choosing."""
    known: tuple[tuple[str, int], ...]
    """Cards this player knows another holds now (from swaps this player took part in)."""


class ChaseTheAce(Game):
    """The Chase the Ace theme with Adhesive, Jester's Duel, No Backsies, The Joker, All At Once."""

    spec = SPEC
    theme = SPEC.id
    title = SPEC.title
    MODS = SPEC.mod_titles()
    PLAYER_ACTIONS: ClassVar[tuple[str, ...]] = ("stick", "swap", "duel", "card")
    PHASE_ACTIONS: ClassVar[tuple[str, ...]] = ("stick", "swap", "duel")
    QUESTIONS: ClassVar[tuple[str, ...]] = ("card",)
    THEME_HOST_ACTIONS: ClassVar[tuple[str, ...]] = SPEC.host_actions
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "stick": (),
        "swap": ("target",),
        "duel": ("target",),
        "card": (),
        "elim": ("count",),
    }

    def __init__(
        self,
        players: Sequence[str],
        mods: Sequence[str] = (),
        options: Mapping[str, object] | None = None,
        dice: Dice | None = None,
        seed: int | str | None = None,
    ) -> None:
        self._answers = Answers()
        super().__init__(players, mods=mods, options=options, dice=dice, seed=seed)
        self.elim_count = self.opt_int("elim")
        self.k = 0
        self.cards: dict[int, int] = {}
        self.dealt: dict[int, int] = {}
        self.round_causes: dict[int, Fact] = {}
        """Why each seat that went out this round went (the cause facts of its elimination)."""
        self.kings: list[int] = []
        self.advanced: list[int] = []
        self.stuck: list[int] = []
        self.exchanges: list[list[int]] = []
        """Successful swaps this round as [swapper, target]."""
        self.history: list[list[int]] = []
        """Successful swaps this round as [swapper, target, swapper's card, target's card] before."""
        self.attempts: list[list[int]] = []
        self.swap_log: list[tuple[int, int | None, bool, bool]] = []
        """Sticks and swaps carried out this round, in order: (by, target or None, swapped, void)."""
        """Swap battles this round as [swapper, target, 1 if cards changed hands else 0]."""
        self.order: list[int] = []
        self.turn: int | None = None
        self.had_turn: list[int] = []
        self.recorder = CtaRecorder()
        self.plugins: tuple[CtaMod, ...] = tuple(MOD_CLASSES[mod]() for mod in self.mods)
        """The active mods' hooks, in the theme's mod order."""
        self.barring = tuple(plugin for plugin in self.plugins if plugin.bars_targets)
        """The mods that bar targets by the round's sticks and swaps (without one, a stick or swap bars nobody)."""
        self.secret: frozenset[str] = frozenset(a for plugin in self.plugins for a in plugin.secret_actions())
        self.die = max((plugin.card_die() or KING for plugin in self.plugins), default=KING)
        """The die cards are dealt with (13, or 14 under a mod that adds the 14)."""

    @property
    def choices(self) -> dict[int, int | None]:
        """The secret swap choices made this swap round (All At Once), target seat or None to stick."""
        return {seat: target for plugin in self.plugins for seat, target in plugin.secret_choices().items()}

    @property
    def swap_round(self) -> int:
        """The All At Once swap round under way, 0 without one."""
        return max((plugin.swap_round_now() for plugin in self.plugins), default=0)

    # ----- who is where -----

    def in_play(self) -> list[int]:
        """Seats that take part in the swap phase: alive, not a King, not advanced, not a 14."""
        return list(self.playing())

    def playing(self) -> list[int]:
        """`in_play`, worked out once per state: the list itself, not to be changed."""
        found = self._answers.in_play
        if found is None:
            safe = {*self.kings, *self.advanced}
            if self.die == FOURTEEN:  # only a 14-sided deal holds 14s
                safe.update([index for index, card in self.cards.items() if card == FOURTEEN])
            found = list(filterfalse(safe.__contains__, map(INDEX, self._alive)))
            self._answers.in_play = found
        return found

    def enter(self, phase: Phase[ChaseTheAce]) -> None:
        super().enter(phase)
        self._answers.forget_waits()

    def enter_knowing(
        self, phase: Phase[ChaseTheAce], waits: Sequence[Wait], legal: dict[str, Sequence[Input]]
    ) -> None:
        """`enter` a phase whose waits and legal inputs (by player) are known at once."""
        self.enter(phase)
        answers = self._answers
        answers.waits, answers.legal = waits, legal

    def pass_through(self, name: str) -> None:
        """A stage nobody is waited in (dealing, the reveal, the finals)."""
        self.phase = name
        self._answers.forget_waits()

    def finish(self, winner: Seat | None, second: Seat | None) -> list[Event]:
        self._answers.forget_waits()
        return super().finish(winner, second)

    def _index_names(self) -> None:
        super()._index_names()
        self.seat_names = [seat.name for seat in self.seats]
        """Each seat's name now, by seat index."""
        self._answers.forget_names()

    def swap_block(self, by: int, target: int) -> tuple[str, str] | None:
        """Why `by` may not target `target` now: (message for the player, short reason), or None."""
        if target in self.targets_of(by):  # the targets worked out for this state (the common case)
            return None
        seat = self.seats[target]
        if target == by:
            return "You can't swap with yourself.", "self"
        if not seat.alive:
            return f"{seat.name} is already eliminated.", "eliminated"
        if target in self.kings:
            return "Kings cannot be swapped with.", "King"
        if target in self.advanced:
            return f"{seat.name} advanced this round and cannot be swapped with.", "advanced"
        if self.cards.get(target) == FOURTEEN:
            return f"{seat.name} holds the 14 and cannot be swapped with.", "14"
        for plugin in self.plugins:
            message = plugin.swap_block(self, by, target)
            if message:
                return message, self.spec.mod_title(plugin.id)
        return None

    def advance(self, index: int) -> None:
        """`index` is safe for the rest of the round, like a King (a duel's winner, C5)."""
        self.advanced.append(index)
        self._answers.forget()

    def swap_targets(self, by: int) -> list[int]:
        """Everyone `by` may target now, in list order (what `swap_block` allows, found at once)."""
        return list(self.targets_of(by))

    def targets_of(self, by: int) -> list[int]:
        """`swap_targets`, worked out once per state: the list itself, not to be changed."""
        found = self._answers.targets.get(by)
        if found is None:
            if self.barring:
                barred = {by}
                for plugin in self.barring:
                    barred |= plugin.barred_targets(self, by)
                found = list(filterfalse(barred.__contains__, self.playing()))
            else:
                found = [index for index in self.playing() if index != by]
            self._answers.targets[by] = found
        return found

    def target_names(self, by: int) -> tuple[str, ...]:
        """The names of `swap_targets`, worked out once per state."""
        found = self._answers.target_names.get(by)
        if found is None:
            found = tuple(map(self.seat_names.__getitem__, self.targets_of(by)))
            self._answers.target_names[by] = found
        return found

    def offer_swaps(self, seat: Seat) -> list[Input]:
        """`stick`, then `swap NAME` for each player `seat` may target now (All At Once)."""
        return list(choice_answers(seat.name, self.target_names(seat.index))[1])

    def choice_wait(self, name: str, index: int) -> Wait:
        """The wait for `index`'s secret swap choice (All At Once)."""
        return choice_answers(name, self.target_names(index))[0]

    def forget_waits(self) -> None:
        """A mod changed what the game waits for."""
        self._answers.forget_waits()

    def answered(self, index: int) -> None:
        """`index` sent what they were waited for and is no longer awaited; what is legal stays (All At Once:
        a choice can still be changed)."""
        answers = self._answers
        if answers.waits is not None:
            name = self.seat_names[index]
            answers.waits = [wait for wait in answers.waits if wait.player != name]

    # ----- the round -----

    def _start(self) -> list[Event]:
        mods = tuple(self.spec.mod_title(mod) for mod in self.mods)
        intro = GameBegins(self.title, len(self.seats), mods)
        return [intro, *self._new_round()]

    def _new_round(self) -> list[Event]:
        self.round += 1
        alive = self.alive()
        self.k = min(self.elim_count, len(alive) // 2)
        self.cards, self.kings, self.advanced, self.stuck = {}, [], [], []
        self.exchanges, self.history, self.attempts = [], [], []
        self.swap_log = []
        self.order, self.turn, self.had_turn = [], None, []
        for plugin in self.plugins:
            plugin.new_round()
        self._answers.forget()
        stage = CtaStage.DEAL
        self.pass_through(stage)
        events: list[Event] = [
            PhaseChanged(stage, self.round),
            round_fact(self.round, self.k),
            announce_list(self),  # no marks yet: the Kings are dealt below
        ]
        die = self.die
        indexes, labels = [seat.index for seat in alive], [f"card for {seat.name}" for seat in alive]
        while True:
            cards = dict(zip(indexes, self.dice.roll_each(die, labels), strict=True))
            if not any(plugin.must_redeal(cards) for plugin in self.plugins):
                break
            events.append(Redealt())
        self.cards = cards
        self.dealt = dict(cards)
        self.round_causes = {}
        events += [dealt_fact(seat.name, die, cards[seat.index], to=seat.name) for seat in alive]
        self.kings = [seat.index for seat in alive if cards[seat.index] == KING]
        self._answers.forget()
        events.append(kings_fact(tuple(self.names(self.kings))))
        for plugin in self.plugins:
            events.extend(plugin.after_deal(self))
        return [*events, *self.after_step(self._before_swaps)]

    def _before_swaps(self) -> list[Event]:
        """A mod's step between the deal and the swaps (Jester's Duel), or straight to the swaps."""
        for plugin in self.plugins:
            events = plugin.before_swaps(self)
            if events is not None:
                return events
        return self.begin_swaps()

    def after_step(self, carry_on: Callable[[], list[Event]]) -> list[Event]:
        """After an elimination step: finals when 2 players are left, else `carry_on`."""
        if len(self.alive()) <= 2:
            return self.finals()
        return carry_on()

    def begin_swaps(self) -> list[Event]:
        """The swap phase (C6), or All At Once (C7)."""
        stage = CtaStage.SWAP
        self.pass_through(stage)
        events: list[Event] = [PhaseChanged(stage, self.round)]
        for plugin in self.plugins:
            own = plugin.swap_phase(self)
            if own is not None:
                return [*events, *own]
        playing = self.playing()
        names = self.names(playing)
        order = self.dice.shuffle(names) if len(names) >= 2 else names
        index_of = {name: index for name, index in zip(names, playing, strict=True)}
        self.order = [index_of[name] for name in order]
        if names:
            events.append(SWAP_PHASE_OPENED)
        return [*events, *self.next_turn()]

    def next_turn(self) -> list[Event]:
        events: list[Event] = []
        self.turn = None
        order = self.order
        playing = self.playing()  # a stick changes whom a mod bars, never who is in play
        while order:
            current = order[0]
            if current not in playing:
                order.pop(0)
                continue
            name, targets = self.seat_names[current], self.target_names(current)
            if not targets:
                events.append(NoTargets(name))
                events.extend(self.stick(current, swap_round=None, said=False))
                continue
            self.turn = current
            asked, waits, offers = turn_answers(name, targets)
            self.enter_knowing(TURNS, waits, {name: offers})
            events.append(asked)
            return events
        return [*events, *self.reveal()]

    def turn_prompt(self) -> TurnAsked:
        assert self.turn is not None
        return turn_answers(self.seats[self.turn].name, self.target_names(self.turn))[0]

    def stick(self, by: int, swap_round: int | None, said: bool = True) -> list[Event]:
        """Carry out a `stick` (a turn's, or one in the All At Once order)."""
        self.stuck.append(by)
        self.swap_log.append((by, None, False, False))
        self._carried_out(by, swap_round)
        return [stuck_fact(self.seats[by].name, said, swap_round)]

    def swap(self, by: int, target: int, swap_round: int | None) -> list[Event]:
        """Swapper 125 vs target 100 (G1); if the swapper wins, the two exchange cards (C6)."""
        by_name, target_name = self.seat_names[by], self.seat_names[target]
        fight = battle(self.dice, [(by_name, 125), (target_name, 100)], purpose="swap")
        swapped = fight.winners == [by_name]
        events: list[Event] = [
            SwapResolved(by_name, target_name, tuple(fight.events), tuple(fight.rolls), swapped, swap_round)
        ]
        self.attempts.append([by, target, int(swapped)])
        self.swap_log.append((by, target, swapped, False))
        if swapped:
            cards = self.cards
            mine, theirs = cards[by], cards[target]
            self.history.append([by, target, mine, theirs])
            self.exchanges.append([by, target])
            cards[by], cards[target] = theirs, mine
            events.append(shown_fact(theirs, SWAPPED_AWAY, target_name, to=by_name))
            events.append(shown_fact(mine, SWAPPED_WITH, by_name, to=target_name))
        self._carried_out(by, swap_round)
        return events

    def _carried_out(self, by: int, swap_round: int | None) -> None:
        """`by`'s stick or swap was carried out: forget the waits, and whom each may target if a mod bars by
        sticks and swaps; in the turns (`swap_round` None), `by`'s turn is over."""
        if self.barring:
            self._answers.forget_targets()
        else:
            self._answers.forget_waits()
        if swap_round is None:
            order = self.order
            if order and order[0] == by:
                del order[0]
            self.had_turn.append(by)
            self.turn = None

    def reveal(self) -> list[Event]:
        """C8: every card shown, the `k` lowest in play eliminated, ties by `ties`."""
        stage = CtaStage.REVEAL
        self.pass_through(stage)
        self.turn = None
        alive = self.alive()
        cards = self.cards
        events: list[Event] = [
            PhaseChanged(stage, self.round),
            Revealed(tuple([(seat.name, cards[seat.index]) for seat in alive]), tabled=True),
        ]
        seats = self.seats
        eligible = [seats[index] for index in self.playing()]
        count = min(self.k, len(eligible), len(alive) - 2)
        losers: list[Seat] = []
        causes: dict[int, Fact] = {}
        cutoff: int | None = None
        tie_won: list[int] = []
        if count > 0:
            ranked = sorted([(cards[seat.index], seat.index) for seat in eligible])
            cutoff = ranked[count - 1][0]
            below = [seat for seat in eligible if cards[seat.index] < cutoff]
            tied = [seat for seat in eligible if cards[seat.index] == cutoff]
            need = count - len(below)
            for seat in below:
                causes[seat.index] = lowest_fact(seat.name, cards[seat.index], cutoff, self.k)
            if len(tied) == need:
                losers = below + tied
                for seat in tied:
                    causes[seat.index] = lowest_fact(seat.name, cutoff, cutoff, self.k)
            elif self.opt_str("ties") == "all" and len(alive) - len(below) - len(tied) >= 2:
                losers = below + tied
                events.append(TieAtCutoff(cutoff, tuple(seat.name for seat in tied), need, all_out=True))
                for seat in tied:
                    causes[seat.index] = LostTieBreak(seat.name, cutoff, None)
            else:
                result = battle(self.dice, [(seat.name, 100) for seat in tied], keep=len(tied) - need, purpose="tie")
                names = tuple(seat.name for seat in tied)
                events.append(TieAtCutoff(cutoff, names, need, False, tuple(result.events), tuple(result.rolls)))
                losers = below + [self.seat(name) for name in result.losers]
                for name in result.losers:
                    causes[self.seat(name).index] = LostTieBreak(name, cutoff, result.last_roll(name))
                tie_won = [self.seat(name).index for name in result.winners]
        losers.sort(key=lambda seat: seat.index)
        if losers:
            events.append(self.eliminate(losers, CtaCause.LOWEST_CARD, [causes[seat.index] for seat in losers]))
        events.insert(2, self.round_revealed(cutoff if losers else None, tie_won))
        if not losers:
            events.append(NOBODY_OUT)
        return [*events, *self.after_step(self._new_round)]

    def eliminate(self, seats: Sequence[Seat], reason: str, causes: Sequence[Fact] = ()) -> Eliminated:
        for seat, cause in zip(seats, causes, strict=False):
            self.round_causes[seat.index] = cause
        out = super().eliminate(seats, reason, causes)
        self._answers.forget()
        return out

    def round_revealed(self, cutoff: int | None, tie_won: list[int]) -> RoundRevealed:
        """The round for its table: each player dealt in, their cards as far as shown, swaps and standing.

        The rows are worked out when first read, from this round's state as it is now: the round's
        containers are replaced (never changed) once it is over, and names and who is alive are copied."""
        names = tuple(self.seat_names)
        alive = tuple(map(ALIVE, self.seats))
        state = (self.dealt, self.swap_log, self.cards, self.round_causes, self.kings, self.advanced)
        rows = RevealRows(functools.partial(reveal_rows, *state, tie_won, names, alive))
        shown = tuple([(seat.name, self.cards[seat.index]) for seat in self._alive])
        return RoundRevealed(self.round, self.k, shown, cutoff, rows)

    def finals(self) -> list[Event]:
        """C9: the last two roll battle 13 vs 13 (player-list order)."""
        self.pass_through(CtaStage.FINALS)
        self.turn = None
        first, other = self.alive()
        result = battle(self.dice, [(first.name, 13), (other.name, 13)], purpose="finals")
        winner = self.seat(result.winners[0])
        second = other if winner is first else first
        events: list[Event] = [
            PhaseChanged(CtaStage.FINALS, self.round),
            Finals(first.name, other.name, tuple(result.events), tuple(result.rolls), winner.name),
        ]
        return [*events, *self.finish(winner, second)]

    # ----- inputs -----

    def refusal(self, action: str, seat: Seat) -> str:
        """Why a `stick`, `swap` or `duel` is refused when no waiting phase takes it."""
        return "There is no duel to call now." if action == "duel" else "There is nothing to stick or swap now."

    def swap_target(self, seat: Seat, name: str | None) -> int:
        """The seat `seat` names to swap with, once the swap is legal now."""
        named = self._by_name.get(name or "")
        if named is not None and named.name == name and named.index in self.targets_of(seat.index):
            return named.index  # named exactly and offered (the common case); else the checks below say why not
        target = self.alive_target(name, "swap with")
        block = self.swap_block(seat.index, target.index)
        if block is not None:
            raise IllegalAction(block[0])
        return target.index

    def act_card(self, inp: Input) -> list[Event]:
        seat = self.actor(inp)
        if seat.index not in self.cards:
            raise IllegalAction("You have no card yet.")
        return self.private_state(seat.name)

    def private_state(self, name: str) -> list[Event]:
        seat = self.seat(name)
        card = self.cards.get(seat.index)
        if not seat.alive or self.finished or card is None:
            return []
        return self.present([CardShown(card, CardWhy.ASKED, to=seat.name)])

    def act_elim(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if inp.count is None or inp.count < 1:
            raise IllegalAction("Say how many players go each round: elim K, with K at least 1.")
        self.elim_count = inp.count
        return [ElimChanged(inp.count)]

    def _timeout(self) -> list[Event]:
        if self.current is None:
            raise IllegalAction("No deadline is running.")
        return self.current.timeout(self)

    def _waits(self) -> list[Wait]:
        found = self._answers.waits
        if found is None:
            found = self._answers.waits = self.current.waits(self) if self.current else ()
        return list(found)

    def legal_inputs(self, name: str) -> list[Input]:
        """Inputs that answer what the game waits for (`card` is always allowed but answers nothing)."""
        found = self._answers.legal.get(name)
        if found is None:
            found = self._answers.legal[name] = self._legal_inputs(name)
        return list(found)

    def _legal_inputs(self, name: str) -> list[Input]:
        try:
            seat = self.seat(name)
        except IllegalAction:
            return []
        if not self.started or self.finished or not seat.alive or self.current is None:
            return []
        return self.current.offers(self, seat)

    # ----- modkills and substitutes -----

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkill `seats` in one step (G4, G6); two or fewer left stops the round."""
        events: list[Event] = [self.eliminate(seats, reason)]
        left = self.alive()
        if len(left) == 2:
            return [*events, *self.finals()]
        if len(left) < 2:
            return [*events, *self._decide_by_battle(left, seats)]
        if self.current is not None:
            return [*events, *self.current.on_removal(self, seats)]
        return events

    def _decide_by_battle(self, left: list[Seat], removed: list[Seat]) -> list[Event]:
        """G4: one left wins, second by a 13 battle among this step's modkilled; none left, both so."""
        events: list[Event] = []
        pool = list(removed)
        placed: list[Seat] = list(left)
        while len(placed) < 2 and pool:
            if len(pool) == 1:
                placed.append(pool.pop())
                continue
            result = battle(self.dice, [(seat.name, 13) for seat in pool], purpose="second place")
            best = self.seat(result.winners[0])
            events.append(PlaceBattle(tuple(result.events), tuple(result.rolls), best.name))
            placed.append(best)
            pool.remove(best)
        self.turn = None
        return [*events, *self.finish(placed[0], placed[1] if len(placed) > 1 else None)]

    def brief(self, seat: Seat) -> list[Event]:
        """Tell a substitute the seat's card and anything the seat owes."""
        if self.finished or not seat.alive:
            return []
        events: list[Event] = []
        if seat.index in self.cards:
            card = self.cards[seat.index]
            events.append(CardShown(card, CardWhy.TAKEOVER, to=seat.name))
        if self.current is not None:
            events.extend(self.current.brief(self, seat))
        return events

    def is_secret(self, action: str) -> bool:
        """Under All At Once `stick` and `swap` go by PM (C7); otherwise they are said in chat (C6)."""
        return action in self.secret

    def marks(self, seat: Seat) -> str:
        """Public marks in the player list: Kings and players who advanced this round."""
        if seat.index in self.kings:
            return " (King)"
        if seat.index in self.advanced:
            return " (advanced)"
        return ""

    # ----- what a player knows, and the record -----

    def view(self, name: str) -> CtaView:
        """Only what player `name` knows (for AI seats)."""
        seat = self.seat(name)
        known: dict[int, int] = {}
        for by, target, mine, theirs in self.history:
            if by == seat.index:
                known[target] = mine
            elif target == seat.index:
                known[by] = theirs
            else:
                known.pop(by, None)
                known.pop(target, None)
        choice = next((c for plugin in self.plugins if (c := plugin.choice_of(self, seat.index))), None)
        names, seats = self.seat_names.__getitem__, self.seats
        return CtaView(
            name=seat.name,
            card=self.cards.get(seat.index) if seat.alive else None,
            round=self.round,
            phase=self.phase,
            k=self.k,
            mods=self.mods,
            players=tuple([s.name for s in self._alive]),
            in_play=tuple(map(names, self.playing())),
            kings=tuple([names(i) for i in self.kings if seats[i].alive]),
            advanced=tuple([names(i) for i in self.advanced if seats[i].alive]),
            jesters=tuple([names(i) for plugin in self.plugins for i in plugin.jesters(self)]),
            stuck=tuple(map(names, self.stuck)),
            swaps=tuple([(names(a), names(b), bool(ok)) for a, b, ok in self.attempts]),
            turn=names(self.turn) if self.turn is not None else None,
            had_turn=tuple(map(names, self.had_turn)),
            swap_round=self.swap_round,
            my_choice=choice,
            known=tuple([(names(i), card) for i, card in known.items() if seats[i].alive]),
        )

    def take(self, facts: list[Event]) -> None:
        self.recorder.take(facts)

    def round_record(self) -> list[CtaRound]:
        return copy.deepcopy(self.recorder.rounds)


class SwapTurns(Phase[ChaseTheAce]):
    """The swap phase in turns (C6): the player whose turn it is sticks or swaps, in chat."""

    name: str = CtaStage.SWAP

    def waits(self, game: ChaseTheAce) -> list[Wait]:
        assert game.turn is not None
        return list(turn_answers(game.seats[game.turn].name, game.target_names(game.turn))[1])

    def offers(self, game: ChaseTheAce, seat: Seat) -> list[Input]:
        if game.turn != seat.index:
            return []
        return list(turn_answers(seat.name, game.target_names(seat.index))[2])

    def act(self, game: ChaseTheAce, seat: Seat, inp: Input) -> list[Event] | None:
        action = inp.action
        if action not in ("stick", "swap"):
            return None
        if game.turn != seat.index:
            if seat.index not in game.playing():
                raise IllegalAction("You are safe this round and take no turn.")
            raise IllegalAction("It is not your turn.")
        if action == "stick":
            return game.stick(seat.index, swap_round=None) + game.next_turn()
        target = game.swap_target(seat, inp.target)
        return game.swap(seat.index, target, swap_round=None) + game.next_turn()

    def timeout(self, game: ChaseTheAce) -> list[Event]:
        assert game.turn is not None
        if game.opt_str("idle") == "default":
            name = game.seats[game.turn].name
            return [
                TurnTimedOut(name),
                *game.stick(game.turn, swap_round=None, said=False),
                *game.next_turn(),
            ]
        return game.remove([game.seats[game.turn]], Cause.IDLE)

    def on_removal(self, game: ChaseTheAce, removed: list[Seat]) -> list[Event]:
        assert game.turn is not None
        turn = game.turn
        if not game.seats[turn].alive:
            game.order.pop(0)
            return game.next_turn()
        if not game.targets_of(turn):
            return game.next_turn()
        return []

    def brief(self, game: ChaseTheAce, seat: Seat) -> list[Event]:
        return [game.turn_prompt()] if game.turn == seat.index else []


TURNS = SwapTurns()

