"""The HMAC-SHA256 dice stream of docs/FAIRNESS.md: unbiased integers, picks and shuffles.

Pure standard library; the same algorithm is written out in docs/FAIRNESS.md and in the
exported replay page's JavaScript.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import struct
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from hashlib import _Hash as Hash

ALGORITHM = "hmac-sha256-v1"
SALT_WORD = re.compile(r"[^\W_]{1,24}")
"""A salt is one word of 1 to 24 letters or digits of any script: it cannot hold the client seed's separators."""
WORD_SPACE = 1 << 32
WORDS_PER_BLOCK = 8
T = TypeVar("T")
_WORDS = struct.Struct(">8I")
_BLOCK_SIZE = 64
"""SHA-256's block size in bytes: an HMAC key is padded (or first hashed) to it."""
_INNER = bytes(byte ^ 0x36 for byte in range(256))
_OUTER = bytes(byte ^ 0x5C for byte in range(256))
"""Byte tables for the key xor HMAC's inner and outer pad bytes."""
_LIMITS: dict[int, int] = {}
"""The largest multiple of n below 2**32, by n (the small n games draw below, worked out once)."""


def limit_below(n: int) -> int:
    """Words at or above this are skipped when drawing below `n` (an unbiased draw)."""
    limit = _LIMITS.get(n)
    if limit is None:
        if not 1 <= n <= WORD_SPACE:
            raise ValueError(f"cannot draw below {n}")
        limit = WORD_SPACE - WORD_SPACE % n
        if len(_LIMITS) < 4096:
            _LIMITS[n] = limit
    return limit


SALT_RULE = "a salt is one word of 1 to 24 letters or digits, written in its NFKC form"


def is_salt(word: str) -> bool:
    """True for a salt as the bot takes it: `SALT_WORD`, and its own NFKC form, so no two spellings that
    look alike (a composed and a decomposed accent, fullwidth and plain letters) are two salts."""
    return SALT_WORD.fullmatch(word) is not None and unicodedata.normalize("NFKC", word) == word


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's UTF-8 text, in lowercase hex: posted before the game."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def client_seed(players: Sequence[str], salts: Sequence[str] = ()) -> str:
    """The players' names in join order, joined by `,`, then `;` and each salt word in the order sent."""
    if not salts:
        return ",".join(players)
    return ",".join(players) + "".join(f";{salt}" for salt in salts)


def block(server_seed: str, client_seed: str, counter: int) -> bytes:
    """Block `counter`: HMAC-SHA256 keyed by the server seed over `client_seed:counter` (UTF-8)."""
    message = f"{client_seed}:{counter}".encode()
    return hmac.new(server_seed.encode(), message, hashlib.sha256).digest()


def keyed_pads(key: bytes) -> tuple[Hash, Hash]:
    """HMAC-SHA256's inner and outer hashes (RFC 2104) with the key's padded block already read in:
    a block is then `outer(inner(message))`, the key's work done once per stream, not once per block."""
    if len(key) > _BLOCK_SIZE:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK_SIZE, b"\0")
    return hashlib.sha256(key.translate(_INNER)), hashlib.sha256(key.translate(_OUTER))


class HmacStream:
    """32-bit big-endian words read in order from blocks 0, 1, 2...; `below(n)` draws an unbiased 0..n-1.

    A block is computed once (one-shot HMAC) and its eight words unpacked at once."""

    def __init__(self, server_seed: str, client_seed: str) -> None:
        self.server_seed = server_seed
        self.client_seed = client_seed
        self._prefix = f"{client_seed}:".encode()
        self._counter = 0
        self._words: tuple[int, ...] = ()
        self._at = WORDS_PER_BLOCK
        """The next word's place in `_words` (WORDS_PER_BLOCK: the block is used up)."""
        self._pads = keyed_pads(server_seed.encode())

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        del state["_pads"]  # hash states do not pickle; they follow from the seed
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._pads = keyed_pads(self.server_seed.encode())

    @property
    def words_used(self) -> int:
        """How many words the stream has given so far."""
        return self._counter * WORDS_PER_BLOCK - WORDS_PER_BLOCK + self._at

    def _next_block(self) -> None:
        inner, outer = self._pads[0].copy(), self._pads[1].copy()
        inner.update(self._prefix + str(self._counter).encode())
        outer.update(inner.digest())
        self._words = _WORDS.unpack(outer.digest())
        self._counter += 1
        self._at = 0

    def word(self) -> int:
        """The next 32-bit word of the stream."""
        if self._at == WORDS_PER_BLOCK:
            self._next_block()
        value = self._words[self._at]
        self._at += 1
        return value

    def below(self, n: int) -> int:
        """An unbiased integer in 0..n-1: words at or above the largest multiple of n are skipped."""
        limit = _LIMITS.get(n) or limit_below(n)
        while True:
            if self._at == WORDS_PER_BLOCK:
                self._next_block()
            value = self._words[self._at]
            self._at += 1
            if value < limit:
                return value % n

    def below_two(self, first: int, second: int) -> tuple[int, int]:
        """`below(first)`, then `below(second)`, in one call (a battle's round): the same words."""
        limit = _LIMITS.get(first) or limit_below(first)
        other = _LIMITS.get(second) or limit_below(second)
        words, at = self._words, self._at
        if at < WORDS_PER_BLOCK - 1 and words[at] < limit and words[at + 1] < other:  # both in this block, kept
            self._at = at + 2
            return words[at] % first, words[at + 1] % second
        return self.below(first), self.below(second)  # across a block's end, or a word skipped

    def below_each(self, n: int, count: int) -> list[int]:
        """`count` draws of `below(n)` in a row, in one call (a deal): the same words, read a block at a time."""
        limit = _LIMITS.get(n) or limit_below(n)
        out: list[int] = []
        while len(out) < count:
            if self._at == WORDS_PER_BLOCK:
                self._next_block()
            words = self._words[self._at : self._at + count - len(out)]
            self._at += len(words)
            out += [word % n for word in words if word < limit]
        return out

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates: for i from the last index down to 1, swap item i with item below(i + 1)."""
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order
