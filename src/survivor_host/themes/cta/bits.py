"""Seat sets as bits for the Chase the Ace kernel: one integer per game, seat s is bit s.

A set of seats is one integer per game, so counting, taking and picking a seat cost a pass over one
number per game. A figure every seat has (a card, a partner) is bit-sliced: one seat set per bit of
the figure (`Planes`: one row a bit), so reading or changing one seat's figure in every game is a few passes too. A
seat of a set is found by lookup tables of `CHUNK` seats at a time.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

Seats = NDArray[Any]
"""Seat sets (one integer per game), seats (-1 for none) and small figures per game."""
Bools = NDArray[np.bool_]
Planes = NDArray[Any]
"""A bit-sliced figure per seat: (bits, games), row j the seat set whose figure has bit j; a change
to every row is one pass over the whole array."""

MOST_SEATS = 31
"""The most seats a set holds: a set is one signed 32-bit integer."""
CHUNK = 11
"""The widest seat set one lookup table covers (2,048 sets, 16 ranks each, so a set times 16 plus a
rank fits in 16 bits); wider sets are read in parts."""


class Bits:
    """Bit operations on seat sets of `n` seats (at most `MOST_SEATS`)."""

    def __init__(self, n: int) -> None:
        assert n <= MOST_SEATS, "a seat set is one 32-bit integer"
        self.n = n
        self.dtype: Any = np.int16 if n <= 15 else np.int32
        self.weights: Seats = (1 << np.arange(n)).astype(self.dtype)[:, None]
        self.full = self.dtype((1 << n) - 1)
        self.seat_bits = max(1, (n - 1).bit_length())
        """Bits a seat number needs."""
        self.one = self.dtype(1)
        self.bit_values = (1 << np.arange(7, dtype=np.int8)).astype(np.int8)
        """Each plane's bit as a figure (planes of figures below 128)."""
        self.rows = np.arange(n, dtype=np.int8)[:, None]
        """Each seat's number, down the rows."""
        self.seats_after = self.rows + np.int8(1)
        """Each seat's number plus one, down the rows."""
        self.chunk = min(n, CHUNK)
        sets = np.arange(1 << self.chunk)
        table = np.full((sets.size, 16), -1, dtype=np.int8)
        for s in range(self.chunk):
            has = (sets >> s) & 1 == 1
            table[has, np.bitwise_count(sets[has] & ((1 << s) - 1))] = s
        self.table = table.ravel()  # table[set * 16 + r]: the seat of the (r+1)-th member, -1 if none

    def count(self, sets: Seats) -> Seats:
        """The members of each set (unsigned): numpy counts the bits of bytes in SIMD but of int16 one by one,
        so a 16-bit set is counted as its two bytes, summed into the high byte by one multiply."""
        if sets.dtype != np.int16:
            found: Seats = np.bitwise_count(sets)
            return found
        pairs = np.bitwise_count(sets.view(np.uint8)).view(np.uint16)  # low + 256 * high
        return np.right_shift(np.multiply(pairs, np.uint16(0x0101), out=pairs), np.uint16(8), out=pairs)

    def of(self, seat: Seats) -> Seats:
        """The set holding just `seat`; empty for -1."""
        found: Seats = np.left_shift(self.one, seat)  # numpy shifts by a negative count to 0
        return found

    def pack(self, mask: Bools) -> Seats:
        """The set of True seats of each game (column) of a (seats, games) mask."""
        packed: Seats = np.einsum("sg,s->g", mask.view(np.int8), self.weights[:, 0], dtype=self.dtype, casting="unsafe")
        return packed

    def members(self, sets: Seats) -> Bools:
        """True where the seat (row) is in its game's set: a (seats, games) mask."""
        found: Bools = (sets[None, :] & self.weights) != 0
        return found

    def nth(self, sets: Seats, r: Seats) -> Seats:
        """The seat of the (r+1)-th member of each set (seats in order); -1 where there is none or r is -1."""
        k = self.chunk
        if k == self.n:  # r = -1 reads rank 15 of the set before (never a member) or the table's last entry
            index = (sets if sets.dtype == np.int16 else sets.astype(np.int16)) * np.int16(16)
            found: Seats = self.table.take(np.add(index, r, out=index))
            return found
        if self.n <= 2 * k:  # two parts: the low one's table, or the high one's past the low one's members
            first = (sets & ((1 << k) - 1)).astype(np.int16)
            before = self.count(first).astype(np.int16)
            beyond = r >= before
            half: Seats = first + ((sets >> k).astype(np.int16) - first) * beyond
            spot: Seats = half * np.int16(16) + (r - before * beyond)
            found = self.table.take(spot)
            found += np.int8(k) * (beyond & (found >= 0))
            return found
        seat = np.full(sets.shape, -1, dtype=np.int8)
        rest = r.astype(np.int16)
        for low in range(0, self.n, k):
            part = ((sets >> low) & ((1 << k) - 1)).astype(np.int16)
            count = np.bitwise_count(part).astype(np.int16)
            here = (rest >= 0) & (rest < count)
            pick = self.table.take(part * np.int16(16) + np.clip(rest, 0, k - 1)) + np.int8(low)
            seat = np.where(here, pick, seat)
            rest -= count
        return seat

    def uniform(self, rng: np.random.Generator, sets: Seats, count: Seats | None = None) -> Seats:
        """One member of each set uniformly at random (an even battle among them); -1 for an empty set."""
        if count is None:
            count = self.count(sets)
        u = rng.random(sets.shape, dtype=np.float32)
        r = np.multiply(u, count, out=u).astype(np.int16)  # u < 1 times a small count (float32 the fastest)
        return self.nth(sets, r)

    def planes(self, values: Seats, width: int) -> Planes:
        """Bit-slice a (seats, games) table of small figures: row j holds the seats whose figure has bit j."""
        found: Planes = np.empty((width,) + values.shape[1:], dtype=self.dtype)
        for j in range(width):  # a plane at a time: its temporaries stay in the CPU cache
            found[j] = self.pack(np.bitwise_and(values, self.bit_values[j]) != 0)
        return found

    def down(self, planes: Planes, like: Seats) -> Planes:
        """`planes` shaped to meet figures or sets shaped as `like` (one game a column), one plane a row."""
        if like.ndim == 1:
            return planes
        shaped: Planes = planes.reshape(planes.shape[:1] + (1,) * (like.ndim - 1) + planes.shape[1:])
        return shaped

    def has_bits(self, value: Seats, width: int) -> Bools:
        """Row j: whether each figure in `value` has bit j (figures below 128)."""
        found: Bools = (value[None] & self.bit_values[:width].reshape((width,) + (1,) * value.ndim)) != 0
        return found

    def read(self, planes: Planes, at: Seats) -> Seats:
        """The figure of the seat in the one-seat set `at`, per game (0 for an empty set)."""
        hits = (self.down(planes, at) & at[None]) != 0
        weights = self.bit_values[: len(planes)].reshape((len(planes),) + (1,) * at.ndim)
        value: Seats = np.add.reduce(hits.view(np.int8) * weights, axis=0, dtype=np.int8)
        return value

    def equal(self, planes: Planes, value: Seats) -> Seats:
        """The seats whose figure equals `value` (one per game, 0 or more)."""
        wanted = self.has_bits(value, len(planes)) * self.dtype(-1)  # all ones where the bit is set
        differ = np.bitwise_or.reduce(self.down(planes, value) ^ wanted, axis=0)
        found: Seats = np.bitwise_and(~differ, self.full, out=differ)
        return found

    def write(self, planes: Planes, at: Seats, value: Seats) -> None:
        """Set the figure of the seats in `at` (per game) to `value`, in place."""
        planes &= ~at
        planes |= at * self.has_bits(value, len(planes))

    def exchange(self, planes: Planes, a: Seats, b: Seats) -> None:
        """Exchange the figures of the one-seat sets `a` and `b` (per game; both empty for none), in place."""
        both = a | b
        held = planes & both
        planes ^= both * ((held != 0) & (held != both))  # exactly one of the two has the bit

    def lowest(self, planes: Planes, pool: Seats) -> Seats:
        """The members of each set holding its lowest figure (empty for an empty set)."""
        found = pool
        for plane in reversed(planes):
            zeros = found & ~plane
            found = zeros | found * (zeros == 0)
        return found

    def highest(self, planes: Planes, pool: Seats) -> Seats:
        """The members of each set holding its highest figure (empty for an empty set)."""
        found = pool
        for plane in reversed(planes):
            ones = found & plane
            found = ones | found * (ones == 0)
        return found
