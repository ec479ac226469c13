"""The HMAC-SHA256 dice stream of docs/FAIRNESS.md: unbiased integers, picks and shuffles.

Pure standard library; the same algorithm is written out in docs/FAIRNESS.md and in the
exported replay page's JavaScript.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

ALGORITHM = "hmac-sha256-v1"
WORD_SPACE = 1 << 32
T = TypeVar("T")


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's UTF-8 text, in lowercase hex: posted before the game."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def client_seed(players: Sequence[str], salts: Sequence[str] = ()) -> str:
    """The players' names in join order, joined by `,`, then `;` and each salt word in the order sent."""
    return ",".join(players) + "".join(f";{salt}" for salt in salts)


def block(server_seed: str, client_seed: str, counter: int) -> bytes:
    """Block `counter`: HMAC-SHA256 keyed by the server seed over `client_seed:counter` (UTF-8)."""
    message = f"{client_seed}:{counter}".encode()
    return hmac.new(server_seed.encode(), message, hashlib.sha256).digest()


class HmacStream:
    """32-bit big-endian words read in order from blocks 0, 1, 2...; `below(n)` draws an unbiased 0..n-1."""

    def __init__(self, server_seed: str, client_seed: str) -> None:
        self.server_seed = server_seed
        self.client_seed = client_seed
        self.words_used = 0
        self._counter = 0
        self._buffer = b""

    def word(self) -> int:
        """The next 32-bit word of the stream."""
        if not self._buffer:
            self._buffer = block(self.server_seed, self.client_seed, self._counter)
            self._counter += 1
        value = int.from_bytes(self._buffer[:4], "big")
        self._buffer = self._buffer[4:]
        self.words_used += 1
        return value

    def below(self, n: int) -> int:
        """An unbiased integer in 0..n-1: words at or above the largest multiple of n are skipped."""
        if not 1 <= n <= WORD_SPACE:
            raise ValueError(f"cannot draw below {n}")
        limit = WORD_SPACE - WORD_SPACE % n
        while True:
            value = self.word()
            if value < limit:
                return value % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates: for i from the last index down to 1, swap item i with item below(i + 1)."""
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order
