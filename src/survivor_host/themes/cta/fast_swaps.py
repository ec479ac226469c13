"""Chase the Ace on numpy: the swaps of one round (C6 turns, C7 All At Once, Adhesive, No Backsies).

Seat sets are bits and the cards bit-sliced (`bits`). A turn is one pass over every game at once:
whose turn it is (a uniform draw among those still to go, as a shuffled order gives), whom they may
target, their choice, the battle and the exchange.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from survivor_host.themes.cta.bits import Bools, Planes, Seats
from survivor_host.themes.cta.fast_seen import SwapsSeen
from survivor_host.themes.cta.fast_table import AVERAGE, LOST_WORTH, RANDOM, STICK, STUCK_WORTH, THRESHOLD


@dataclass
class SwapRound(SwapsSeen):
    """One round's swaps in a block of games: whose turn, their choice, the battle and the exchange."""

    swaps: Seats = field(init=False)
    swaps_won: Seats = field(init=False)
    void: Seats = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        g = self.in_play.size
        self.swaps = np.zeros(g, dtype=np.int8)  # at most 2 swap rounds of 31 seats; bools add to int8 uncast
        self.swaps_won = np.zeros(g, dtype=np.int8)
        self.void = np.zeros(g, dtype=np.int8)

    def choose(self, rng: np.random.Generator, me: Seats, seat: Seats, targets: Seats) -> Seats:
        """The target of each game's `seat`, -1 to stick (with nobody to target, they stick)."""
        u = rng.random(seat.shape, dtype=np.float32) if RANDOM in self.table.kinds else None
        return self.decide(rng, u, me, seat, targets, self.all_others())

    def all_others(self) -> bool:
        """Whether a seat may target every other player in play now (no Adhesive, nobody to swap back)."""
        return not (self.table.adhesive or (self.table.backsies and self.won))

    def decide(
        self, rng: np.random.Generator, u: Seats | None, me: Seats, seat: Seats, targets: Seats, all_others: bool
    ) -> Seats:
        """`choose` with the random seats' draws `u` given; `all_others`: `targets` are all the others in play."""
        table, bits = self.table, self.table.bits
        by_kind: dict[int, Seats] = {STICK: np.full(seat.shape, -1, dtype=np.int8)} if STICK in table.kinds else {}
        if u is not None:  # a random seat: stick or any legal target, uniformly
            # sticking or each target: as many as in play where all the others are targets (where nobody
            # acts, a rank below 16 of no seats: -1)
            counted = not all_others or bits.n > 16
            options = np.add(bits.count(targets), 1, dtype=np.float32) if counted else self.everyone
            r = np.multiply(u, options, out=u).astype(np.int16)
            by_kind[RANDOM] = bits.nth(targets, np.subtract(r, np.int16(1), out=r))
        if table.smart:
            by_kind[THRESHOLD] = self.threshold(rng, me, seat, targets)
        if len(by_kind) == 1:
            return next(iter(by_kind.values()))
        kind = table.kind.take(np.maximum(seat, 0))
        chosen = np.full(seat.shape, -1, dtype=np.int8)
        for number, found in by_kind.items():
            chosen = np.where(kind == number, found, chosen)
        return chosen

    def threshold(self, rng: np.random.Generator, me: Seats, seat: Seats, targets: Seats) -> Seats:
        """Swap when the card is at or below the seat's threshold, with the target that looks best:
        a card they know, else stuck 8, unknown 7, lost 4, one they took by their own swap 0 (ties alike)."""
        bits, limits = self.table.bits, self.table.limits
        card = self.card(me)
        limit = self.limit
        if not self.table.same_limits:
            column = np.minimum(self.n_alive, limits.shape[1] - 1)
            limit = limits.reshape(-1).take(np.maximum(seat, 0).astype(np.intp) * limits.shape[1] + column)
        wants = (card <= limit) & (targets != 0)
        if not np.count_nonzero(wants):
            return np.full(seat.shape, -1, dtype=np.int8)
        pool, better = self.best_targets(me, seat, targets, card)
        return bits.uniform(rng, pool * (better & wants))  # nobody for a seat that sticks: -1

    def best_targets(self, me: Seats, seat: Seats, targets: Seats, card: Seats) -> tuple[Seats, Bools]:
        """The targets that look best to a threshold seat (`threshold`), and whether they look better than its card."""
        if not self.pairs:  # nothing has moved this round yet: every target is unknown and fresh
            return targets, card < AVERAGE
        bits = self.table.bits
        seen, whom = self.partner
        if self.table.all_at_once:
            knows = bits.equal(whom, self.matched(me, seat))
        elif self.table.backsies:  # in the turns a seat knows the cards of those who took one from it: barred
            knows = np.zeros_like(targets)
        else:
            knows = self.got(me, seat)
        known = knows & seen & targets
        unknown = targets ^ known
        if self.won_own:
            unknown &= ~self.gave(me, seat)
        stuck = unknown & self.stuck
        loose = unknown ^ stuck
        lost = loose & self.lost
        fresh = loose ^ lost
        weighed = known | me  # a known card is worth itself (the seat's own too); a given one 0
        worth = bits.down(self.cards, weighed) & weighed
        for j in range(len(worth)):
            for tier, value in ((stuck, STUCK_WORTH), (fresh, AVERAGE), (lost, LOST_WORTH)):
                if value >> j & 1:
                    worth[j] |= tier
        pool = bits.highest(worth, targets | me)  # the best of the targets and the seat's own card
        return pool, (pool & me) == 0  # a target looks better only where the seat's own card is not among the best

    def swap(
        self,
        rng: np.random.Generator,
        me: Seats,
        seat: Seats,
        target: Seats,
        tries: Bools,
        won: tuple[Seats, Planes],
    ) -> None:
        """Swap battles 125 vs 100 (C6) where `tries`; the winners exchange cards (`won` notes the target)."""
        bits = self.table.bits
        wins = tries & (rng.random(me.size, dtype=np.float32) < np.float32(self.table.swap_win))
        self.swaps += tries.view(np.int8)
        self.swaps_won += wins.view(np.int8)
        them = bits.of(target) * wins
        mine = me * wins
        bits.exchange(self.cards if self.carried is None else self.carried, mine, them)
        self.pairs.append((mine, them))
        if self.table.memory and (self.learning or self.table.backsies):  # read by a choice or No Backsies
            winners, whom = won
            winners |= mine
            if self.table.backsies:  # a threshold seat's own choice is in `chosen`
                bits.write(whom, mine, target)
        if self.table.smart and self.learning:
            self.lost |= them
            seen, partner = self.partner
            if self.table.all_at_once:  # the swapper chooses again next swap round: it knows the card it gave
                seen |= mine | them
                bits.write(partner, them, seat)
                bits.write(partner, mine, target)
            else:  # in the turns the swapper has had its turn: nobody still to choose knows the target's card
                seen &= ~them
                seen |= mine

    def new_swap_round(self) -> tuple[Seats, Planes]:
        dtype, width = self.table.bits.dtype, self.table.bits.seat_bits
        won = (np.zeros(self.in_play.size, dtype=dtype), np.zeros((width, self.in_play.size), dtype=dtype))
        self.won.append(won)
        return won

    def turns(self, rng: np.random.Generator) -> None:
        """C6: every player in play takes a turn, in a random order."""
        bits = self.table.bits
        won = self.new_swap_round()
        remaining = self.in_play * self.playing
        left = bits.count(remaining).astype(np.float32)  # a float count draws fastest
        for _ in range(int(left.max(initial=0))):
            seat = bits.uniform(rng, remaining, left)  # the next in a shuffled order
            me = bits.of(seat)
            remaining ^= me
            np.subtract(left, left != 0, out=left)  # one fewer to go wherever one went
            target = self.choose(rng, me, seat, self.targets(me, seat))
            if self.table.smart or self.table.adhesive:
                self.stuck |= me * (target < 0)
            self.swap(rng, me, seat, target, target >= 0, won)

    def all_at_once(self, rng: np.random.Generator, rounds: int = 2) -> None:
        """C7: each swap round every player in play chooses in secret; the choices are carried out in a
        random order, each against the cards as they are then (an illegal swap by then is void).

        A threshold seat's choice reads what it knows as the swap round opens, so every seat chooses then;
        a random seat's reads only whom it could target then and its draw, so it is worked out as it is
        carried out, with the draw of its place in that order (the draws are alike and independent)."""
        bits = self.table.bits
        columns = np.arange(self.in_play.size)
        for number in range(rounds):
            self.won_own = number > 0  # a seat's choice of an earlier swap round may have been carried out
            self.learning = number < rounds - 1
            me = (self.in_play & bits.weights) * self.playing  # every seat at once, down the rows
            seat = np.subtract((me != 0).view(np.int8) * bits.seats_after, np.int8(1))  # -1 where nobody acts
            all_others = self.all_others()
            chosen = could_then = draws = None
            if self.table.smart:  # every seat chooses now, on what it knows now
                chosen = self.choose(rng, me, seat, self.targets(me, seat))
                self.chosen.append(chosen)
            else:  # a choice needs only whom the seat could target now (where not all the others) and a draw
                could_then = None if all_others else self.targets(me, seat)
                draws = rng.random(seat.shape, dtype=np.float32) if RANDOM in self.table.kinds else None
            won = self.new_swap_round()
            remaining = self.in_play * self.playing
            left = bits.count(remaining).astype(np.float32)
            for turn in range(int(left.max(initial=0))):
                seat = bits.uniform(rng, remaining, left)
                me = bits.of(seat)
                remaining ^= me
                np.subtract(left, left != 0, out=left)
                if chosen is not None:
                    target = self.entry(chosen, seat, columns)
                else:
                    could = self.others(me) if could_then is None else self.entry(could_then, seat, columns)
                    target = self.decide(rng, None if draws is None else draws[turn], me, seat, could, all_others)
                tries = (target >= 0) & (me != 0)
                if self.table.smart or self.table.adhesive:
                    self.stuck |= me * ~tries
                legal = tries
                if self.table.adhesive or self.table.backsies:  # only these bar a target chosen before
                    legal = tries & ((self.targets(me, seat) & bits.of(target)) != 0)
                    self.void += (tries & ~legal).view(np.int8)
                self.swap(rng, me, seat, target, legal, won)

    def entry(self, table: Seats, seat: Seats, columns: Seats) -> Seats:
        """Each game's (`columns`) entry for its `seat` in a (seats, games) table (-1 where nobody acts:
        read, never used)."""
        at = seat.astype(np.intp)
        found: Seats = table.reshape(-1).take(np.add(np.multiply(at, self.in_play.size, out=at), columns, out=at))
        return found

    def saved(self, out: Seats) -> Seats:
        """Won swaps whose target went out at the reveal while the swapper did not, per game."""
        total = np.zeros(out.size, dtype=np.int8)
        for mine, them in self.pairs:
            total += (((them & out) != 0) & ((mine & out) == 0)).view(np.int8)
        return total
