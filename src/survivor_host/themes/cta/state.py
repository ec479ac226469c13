"""What a game of Chase the Ace holds between inputs, and the questions its phases and mods ask of it.

The state refers to seats by index; names appear only in the facts and records that go out. Phases
and mods (`CtaMod`, the hooks a mod may override) read and change this state; they never import the
game class that wires them together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Eliminated, Event, Fact
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts.deal import CardShown
from survivor_host.themes.cta.facts.kinds import CardWhy
from survivor_host.themes.cta.facts.swaps import Stuck, SwapResolved
from survivor_host.themes.cta.record import CtaRecorder
from survivor_host.themes.cta.rules import FOURTEEN, SWAPPER_DIE, TARGET_DIE


class CtaMod:
    """A mod of Chase the Ace; one instance per game, its state in `game.mod_state[id]`. A mod overrides
    the hooks it changes, or plays phases of its own by name (`phases`: All At Once's swaps, Jester's
    Duel's duel)."""

    id: ClassVar[str] = ""
    fourteen: ClassVar[str] = ""
    """What players call the 14 this mod adds to the deal (`Jester`, `Joker`); empty if it adds none."""
    phases: ClassVar[Mapping[str, Phase[CtaState]]] = {}
    """Phases the mod adds, or plays instead of the theme's, by name."""

    def new_round(self, game: CtaState) -> None:
        """A new round begins: the mod's state for it, fresh."""

    def card_die(self) -> int | None:
        """The die cards are dealt with, when this mod changes it (C3: 14 instead of 13)."""
        return None

    def must_redeal(self, cards: dict[int, int]) -> bool:
        """True when the dealt `cards` cannot stand and everything is dealt again."""
        return False

    def after_deal(self, game: CtaState) -> list[Event]:
        """Announcements and eliminations once the Kings are known."""
        return []

    def before_swaps(self, game: CtaState) -> list[Event]:
        """What comes between the deal and the swap phase without a wait (C5: the Jesters' battle)."""
        return []

    def phase_before_swaps(self, game: CtaState) -> str | None:
        """The mod's phase to play between the deal and the swap phase now, by name; None if none."""
        return None

    def swap_block(self, game: CtaState, by: int, target: int) -> str | None:
        """Why this mod forbids `by` from targeting `target` now, or None."""
        return None

    def secret_actions(self) -> tuple[str, ...]:
        """Actions this mod makes secret (sent by PM only, G3)."""
        return ()

    def swap_round(self, game: CtaState) -> int:
        """The All At Once swap round under way (0 when the mod has none)."""
        return 0

    def jesters(self, game: CtaState) -> list[int]:
        """Seats holding a Jester this round (Jester's Duel only)."""
        return []

    def choice_of(self, game: CtaState, seat: int) -> str | None:
        """A secret swap choice `seat` has made this swap round (`stick` or a name), if the mod keeps them."""
        return None


class CtaState(Game):
    """The fields of a Chase the Ace game; `ChaseTheAce` adds its phases and mods."""

    elim_count: int
    """C2: how many lowest cards the host wants out each round (`elim`)."""
    k: int
    """C2: how many go this round."""
    die: int
    """C3: the die cards are dealt with (13, or 14 under a mod that adds the 14)."""
    cards: dict[int, int]
    """Each seat's card now."""
    dealt: dict[int, int]
    """Each seat's card as dealt this round."""
    round_causes: dict[int, Fact]
    """Why each seat that went out this round went (the cause facts of its elimination)."""
    kings: list[int]
    advanced: list[int]
    """Seats safe for the rest of the round like a King (a duel's winner, C5)."""
    stuck: list[int]
    exchanges: list[list[int]]
    """Successful swaps this round as [swapper, target]."""
    history: list[list[int]]
    """Successful swaps this round as [swapper, target, swapper's card, target's card] before."""
    attempts: list[list[int]]
    """Swap battles this round as [swapper, target, 1 if cards changed hands else 0]."""
    swap_log: list[tuple[int, int | None, bool, bool]]
    """Sticks and swaps carried out this round, in order: (by, target or None, swapped, void)."""
    order: list[int]
    """C6: the turns still to come this round."""
    turn: int | None
    turn_targets: list[int]
    """Whom the player whose turn it is may target (C6): worked out as the turn begins and after a removal."""
    had_turn: list[int]
    recorder: CtaRecorder
    plugins: tuple[CtaMod, ...]
    blockers: tuple[CtaMod, ...]
    """The mods that may bar a swap (`CtaMod.swap_block`)."""
    fourteen: str
    """What this game calls a 14, as players say it (C3: `Jester` or `Joker`; `14` without either mod)."""
    mod_state: dict[str, object]
    """Each mod's state in this game, by mod id (a mod's own dataclass)."""
    phases: dict[str, Phase[CtaState]]
    """The game's phases by name (a mod may replace one, as All At Once does the swaps)."""

    def clear_round(self) -> None:
        """What one round fills in, empty."""
        self.cards, self.kings, self.advanced, self.stuck = {}, [], [], []
        self.exchanges, self.history, self.attempts = [], [], []
        self.swap_log = []
        self.order, self.turn, self.turn_targets, self.had_turn = [], None, [], []

    def phase_named(self, name: str) -> Phase[CtaState]:
        return self.phases[name]

    def card_told(self, index: int, why: CardWhy, other: str = "", swap_round: int = 0) -> CardShown:
        """Seat `index`'s card now, told to its holder only."""
        return CardShown(self.cards[index], why, other, swap_round, fourteen=self.fourteen, to=self.seats[index].name)

    @property
    def swap_round(self) -> int:
        """The All At Once swap round under way, 0 without one."""
        return max((plugin.swap_round(self) for plugin in self.plugins), default=0)

    # ----- who is where -----

    def in_play(self) -> list[int]:
        """Seats that take part in the swap phase: alive, not a King, not advanced, not a 14."""
        cards, kings, advanced = self.cards, self.kings, self.advanced
        return [
            index
            for seat in self._alive
            if (index := seat.index) not in kings and index not in advanced and cards.get(index) != FOURTEEN
        ]

    def swap_block(self, by: int, target: int) -> tuple[str, str] | None:
        """Why `by` may not target `target` now: (message for the player, short reason), or None."""
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
        return self.mod_block(by, target)

    def mod_block(self, by: int, target: int) -> tuple[str, str] | None:
        """Why a mod forbids `by` from targeting `target` now (message, the mod's title), or None."""
        for plugin in self.blockers:
            message = plugin.swap_block(self, by, target)
            if message:
                return message, self.spec.mod_title(plugin.id)
        return None

    def swap_targets(self, by: int) -> list[int]:
        """Everyone `by` may target now, in list order: the others in play no mod bars (`swap_block`)."""
        return self.targets_of_each([by])[by]

    def targets_of_each(self, players: Sequence[int], in_play: list[int] | None = None) -> dict[int, list[int]]:
        """`swap_targets` of each of `players` (`in_play`: the seats in play now, when the caller has them)."""
        in_play = self.in_play() if in_play is None else in_play
        if not self.blockers:
            return {by: [target for target in in_play if target != by] for by in players}
        return {
            by: [target for target in in_play if target != by and self.mod_block(by, target) is None] for by in players
        }

    def swap_target(self, seat: Seat, name: str | None) -> int:
        """The seat `seat` names to swap with, once the swap is legal now."""
        target = self.alive_target(name, "swap with")
        block = self.swap_block(seat.index, target.index)
        if block is not None:
            raise IllegalAction(block[0])
        return target.index

    def marks(self, seat: Seat) -> str:
        """Public marks in the player list: Kings and players who advanced this round."""
        if seat.index in self.kings:
            return " (King)"
        if seat.index in self.advanced:
            return " (advanced)"
        return ""

    # ----- sticks, swaps, eliminations -----

    def stick(self, by: int, swap_round: int | None, said: bool = True) -> list[Event]:
        """Carry out a `stick` (a turn's, or one in the All At Once order)."""
        self.stuck.append(by)
        self.swap_log.append((by, None, False, False))
        self.end_turn(by, swap_round)
        return [Stuck(self.seats[by].name, said, swap_round)]

    def swap(self, by: int, target: int, swap_round: int | None) -> list[Event]:
        """Swapper 125 vs target 100 (G1); if the swapper wins, the two exchange cards (C6)."""
        by_name, target_name = self.seats[by].name, self.seats[target].name
        fight = battle(self.dice, [(by_name, SWAPPER_DIE), (target_name, TARGET_DIE)], purpose="swap")
        swapped = fight.winners == [by_name]
        resolved = SwapResolved(by_name, target_name, tuple(fight.events), tuple(fight.rolls), swapped, swap_round)
        events: list[Event] = [resolved]
        self.attempts.append([by, target, int(swapped)])
        self.swap_log.append((by, target, swapped, False))
        if swapped:
            mine, theirs = self.cards[by], self.cards[target]
            self.history.append([by, target, mine, theirs])
            self.exchanges.append([by, target])
            self.cards[by], self.cards[target] = theirs, mine
            events.append(self.card_told(by, CardWhy.SWAPPED_AWAY, target_name))
            events.append(self.card_told(target, CardWhy.SWAPPED_WITH, by_name))
        self.end_turn(by, swap_round)
        return events

    def end_turn(self, by: int, swap_round: int | None) -> None:
        """In the turns (`swap_round` None), `by`'s stick or swap ends their turn."""
        if swap_round is None:
            if self.order and self.order[0] == by:
                del self.order[0]
            self.had_turn.append(by)
            self.turn = None

    def eliminate(self, seats: Sequence[Seat], reason: str, causes: Sequence[Fact] = ()) -> Eliminated:
        for seat, cause in zip(seats, causes, strict=False):
            self.round_causes[seat.index] = cause
        return super().eliminate(seats, reason, causes)
