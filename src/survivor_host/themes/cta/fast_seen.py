"""Chase the Ace on numpy: what the seats have seen of one round's swaps (the cards, who stuck, who
lost a card, who won a swap with whom), and whom each may target (C6, Adhesive, No Backsies)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from survivor_host.themes.cta.bits import Bools, Planes, Seats
from survivor_host.themes.cta.fast_table import Table


@dataclass
class SwapsSeen:
    """One round's swaps in a block of games as the seats see them: cards, who may swap, and what they know."""

    table: Table
    cards: Planes
    """The cards, bit-sliced (changed in place by the swaps)."""
    in_play: Seats
    n_alive: Seats
    playing: Bools
    carried: Planes | None = None
    """Seat sets that move with the cards in their place (a row each, such as the reveal's `levels`),
    where no seat reads a card: the swaps then leave `cards` as dealt."""
    dealt: Seats | None = None
    """The cards as dealt, a row a seat: what every seat holds until a swap is carried out (All At Once's
    first choices read them)."""
    stuck: Seats = field(init=False)
    lost: Seats = field(init=False)
    """Players who lost a card to a won swap this round."""
    won: list[tuple[Seats, Planes]] = field(default_factory=list)
    """Per swap round, the seats that won a swap of their own and (bit-sliced, for No Backsies) its
    target (kept when a seat's policy or No Backsies reads them)."""
    chosen: list[Seats] = field(default_factory=list)
    """Per swap round whose choices were all made as it opened (a threshold seat at the table), each
    seat's choice down the rows: its target, -1 to stick."""
    pairs: list[tuple[Seats, Seats]] = field(default_factory=list)
    """Every won swap: the swapper and the target, as one-seat sets per game."""
    partner: tuple[Seats, Planes] = field(init=False)
    """Who last won a swap with each seat, either way (they know its card), and (bit-sliced) who. In the
    turns only the first is kept, for the seats whose card a seat still to take its turn may know: those
    that took a card by their own swap and have not lost it since (the one they took it from, `got`)."""
    won_own: bool = False
    """Whether a seat may have won a swap of its own before it chooses (All At Once's second swap round;
    in the turns a seat's only swap is its turn's)."""
    learning: bool = True
    """Whether a threshold seat still chooses after the swaps to come, on what they show (not once All At
    Once's last swap round has been chosen)."""

    def __post_init__(self) -> None:
        assert self.carried is None or not self.table.smart, "a threshold seat reads the cards"
        g = self.in_play.size
        bits = self.table.bits
        self.stuck = np.zeros(g, dtype=bits.dtype)
        self.lost = np.zeros(g, dtype=bits.dtype)
        self.partner = (np.zeros(g, dtype=bits.dtype), np.zeros((bits.seat_bits, g), dtype=bits.dtype))
        self.everyone = bits.count(self.in_play).astype(np.float32)
        """Those in play, as a float (a seat's options where it may target all the others: stick or each)."""
        self.limit: Seats = np.zeros(g, dtype=np.int8)
        if self.table.smart and self.table.same_limits:
            limits = self.table.limits
            self.limit = limits[0].take(np.minimum(self.n_alive, limits.shape[1] - 1)).astype(np.int8)

    def gave(self, me: Seats, seat: Seats) -> Seats:
        """Whom `seat` took a card from by a won swap of their own this round (`me` = its set)."""
        bits = self.table.bits
        found = np.zeros(seat.shape, dtype=bits.dtype)
        for number, (winners, target) in enumerate(self.won):
            none = np.negative(((winners & me) == 0).view(np.int8))  # -1 where it won no swap of its own
            if me.ndim > 1 and number < len(self.chosen):  # every seat at once: whom each chose
                found |= bits.of(self.chosen[number] | none)
            else:
                found |= bits.of(bits.read(target, me) | none)
        return found

    def got(self, me: Seats, seat: Seats) -> Seats:
        """Who took a card from `seat` (its set `me`) by a won swap of their own this round."""
        bits = self.table.bits
        found = np.zeros(seat.shape, dtype=bits.dtype)
        if not self.table.memory:  # the turns: few swaps so far, each one seat a set
            for mine, them in self.pairs:  # `them` and `me` hold one seat (or none, with `mine`)
                found |= mine * (them == me)
            return found
        for winners, target in self.won:
            found |= bits.equal(target, self.matched(me, seat)) & winners
        return found

    def matched(self, me: Seats, seat: Seats) -> Seats:
        """The seat numbers to match a record against: `seat`, or where every seat chooses at once (down
        the rows) each row's seat, one number a row (a row where nobody acts is not read)."""
        found: Seats = seat if me.ndim == 1 else self.table.bits.rows
        return found

    def targets(self, me: Seats, seat: Seats) -> Seats:
        """Whom `seat` (its set `me`, empty where nobody acts) may swap with now (C6, Adhesive, No Backsies)."""
        ok = self.others(me)
        if self.table.adhesive:
            ok &= ~self.stuck
        if self.table.backsies and self.won:
            ok &= ~self.got(me, seat)
            if self.table.both_ways and self.won_own:
                ok &= ~self.gave(me, seat)
        return ok

    def others(self, me: Seats) -> Seats:
        """The others in play beside the seat whose set is `me` (none where nobody acts)."""
        found: Seats = (self.in_play ^ me) * (me != 0)
        return found

    def card(self, me: Seats) -> Seats:
        """The card of the seat in the one-seat set `me` per game (every seat's, where `me` runs down the rows)."""
        if me.ndim > 1 and not self.pairs and self.dealt is not None:  # nothing has moved yet: as dealt
            return self.dealt
        return self.table.bits.read(self.cards, me)
