"""Seat sets as bits for the numpy kernels of Follow the Leader: one integer per game, seat s is bit s."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

Seats = NDArray[Any]
"""Seat sets (one integer per game, seat s is bit s), seats (-1 for none) and per-slot figures."""
Bools = NDArray[np.bool_]

MOST_SEATS = 31
"""The most seats a set holds: a set is one signed 32-bit integer."""
CHUNK = 11
"""The widest seat set one lookup table covers (2,048 sets, so a set times 16 plus a rank fits in 16 bits);
wider sets are read 11 seats at a time."""


class SeatSets:
    """Bit operations on seat sets for `n` seats: packing masks, counting and picking seats."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.dtype = np.int16 if n <= 15 else np.int32
        self.weights = (1 << np.arange(n)).astype(self.dtype)[:, None]
        self.full = self.dtype((1 << n) - 1)
        self.chunk = min(n, CHUNK)
        sets = np.arange(1 << self.chunk)
        table = np.full((sets.size, 16), -1, dtype=np.int8)
        for s in range(self.chunk):
            has = (sets >> s) & 1 == 1
            table[has, np.bitwise_count(sets[has] & ((1 << s) - 1))] = s
        self.table = table.ravel()  # table[set * 16 + r]: the seat of the (r+1)-th member, -1 if none
        self.one = self.dtype(1)
        self.shifts = np.arange(n, dtype=self.dtype)[:, None]

    def of(self, seat: Seats) -> Seats:
        """The set holding just `seat` (empty for -1: numpy shifts by a negative count to 0)."""
        one: Seats = np.left_shift(self.one, seat)
        return one

    def pack(self, mask: Bools, work: Seats) -> Seats:
        """The set of True seats of each game (column) of a (seats, games) mask; `work` is scratch."""
        np.multiply(mask.view(np.int8), self.weights, out=work)
        packed: Seats = np.add.reduce(work, axis=0, dtype=self.dtype)
        return packed

    def members(self, sets: Seats, work: Seats) -> Seats:
        """1 where the seat (row) is in its game's set, else 0, as a (seats, games) array in `work`."""
        np.right_shift(sets, self.shifts, out=work)
        return np.bitwise_and(work, self.one, out=work)

    def top(self, sets: Seats, score: Seats, work: Seats, mask: Bools) -> tuple[Seats, Seats]:
        """The members of each set holding its highest `score` (scores 1 or more), and that score (0 for
        an empty set); `mask` is scratch."""
        kept = np.multiply(score, self.members(sets, work), out=work)
        best = kept.max(axis=0)
        tied: Seats = self.pack(np.equal(kept, best, out=mask), work) & sets
        return tied, best

    def nth(self, sets: Seats, r: Seats) -> Seats:
        """The seat of the (r+1)-th member of each set (seats in order), -1 where there is none."""
        k = self.chunk
        if k == self.n:
            index: Seats = sets * self.dtype(16) + r
            found: Seats = self.table.take(index)
            return found
        seat = np.full(sets.size, -1, dtype=np.int8)
        rest = r.astype(np.int16)
        for low in range(0, self.n, k):
            part = (sets >> low) & ((1 << k) - 1)
            count = np.bitwise_count(part)
            here = (rest >= 0) & (rest < count)
            index = part * self.dtype(16) + np.clip(rest, 0, k - 1)
            pick = self.table.take(index) + low
            seat = np.where(here, pick, seat)
            rest -= count
        return seat

    def uniform(self, rng: np.random.Generator, sets: Seats, count: Seats | None = None) -> Seats:
        """One member of each set uniformly at random (an even battle among them); -1 for an empty set.

        `count`, if given, is the size of each set (saves a pass).
        """
        if count is None:
            count = np.bitwise_count(sets)
        r = (rng.random(sets.size, dtype=np.float32) * count).astype(np.int8)  # u < 1 times a small count rounds down
        return self.nth(sets, r)
