"""Chase the Ace on numpy: a round's deal (C3, C4, The Joker), Jester's Duel (C5), the reveal (C8) and
the finals (C9), for a block of games at once, seat sets as bits and the cards bit-sliced."""

from __future__ import annotations

import numpy as np

from survivor_host.themes.cta.bits import Bits, Bools, Planes, Seats
from survivor_host.themes.cta.rules import FOURTEEN, KING

CARD_BITS = 4
"""Bits a card (1..14) needs."""


def deal(rng: np.random.Generator, bits: Bits, alive: Seats, sides: int, joker: bool) -> tuple[Planes, Seats]:
    """C3: a card for every seat, bit-sliced and as figures (a row a seat); The Joker (C4) deals again
    while the Jokers would leave fewer than 2."""
    dealt = rng.integers(1, sides + 1, (bits.n, alive.size), dtype=np.int8)
    cards = bits.planes(dealt, CARD_BITS)
    if not joker:
        return cards, dealt
    redeal = np.flatnonzero(bits.count(alive & ~holding(bits, cards, FOURTEEN)) < 2)
    while redeal.size:  # only the games dealt again are checked again
        figures = rng.integers(1, sides + 1, (bits.n, redeal.size), dtype=np.int8)
        again = bits.planes(figures, CARD_BITS)
        cards[:, redeal], dealt[:, redeal] = again, figures
        redeal = redeal[bits.count(alive.take(redeal) & ~holding(bits, again, FOURTEEN)) < 2]
    return cards, dealt


def holding(bits: Bits, cards: Planes, card: int) -> Seats:
    """The seats holding `card`."""
    found = np.full(cards[0].shape, bits.full, dtype=bits.dtype)
    for j, plane in enumerate(cards):
        found &= plane if card >> j & 1 else ~plane
    return found


def losers(rng: np.random.Generator, bits: Bits, pool: Seats, count: Seats) -> Seats:
    """`count` members of each set, uniformly (the losers of an even battle among `pool`)."""
    out = np.zeros_like(pool)
    left = pool.copy()
    for step in range(int(count.max(initial=0))):
        one = bits.of(bits.uniform(rng, left)) * (count > step)
        out |= one
        left &= ~one
    return out


def jesters(
    rng: np.random.Generator, bits: Bits, alive: Seats, fourteens: Seats, kings: Seats
) -> tuple[Seats, Seats, Bools, Bools]:
    """C5: several Jesters battle among themselves (one left advances); a lone Jester duels a random
    legal opponent. Returns who is alive and who advanced after, and per game the battles and duels."""
    held = fourteens & alive
    count = bits.count(held).astype(np.int16)
    advanced = kings.copy()
    many = count >= 2
    if np.count_nonzero(many):
        lose = np.minimum(count - 1, bits.count(alive) - 2) * many
        out = losers(rng, bits, held, lose)
        alive = alive & ~out
        advanced |= (held & ~out) * (many & (count - lose == 1))
    lone = count == 1
    duels = np.zeros(alive.size, dtype=bool)
    if np.count_nonzero(lone):
        foes = (alive & ~advanced & ~fourteens) * lone
        duels = foes != 0
        advanced |= held * (lone & ~duels)  # nobody to duel: the Jester advances
        target = bits.of(bits.uniform(rng, foes))
        jester_wins = rng.random(alive.size, dtype=np.float32) < np.float32(0.5)  # 100 vs 100 (G1)
        winner = target ^ (held ^ target) * jester_wins
        alive = alive & ~((held ^ target ^ winner) * duels)
        advanced |= winner * duels
    return alive, advanced, many, duels


def cut(k: Seats, n_in: Seats, n_alive: Seats) -> Seats:
    """C8: how many go out at the reveal: the `k` lowest of the `n_in` in play, never leaving fewer than 2."""
    found: Seats = np.minimum(np.minimum(k, n_in), n_alive - 2).astype(np.int16)
    return found


def levels(bits: Bits, cards: Planes, pool: Seats, depth: int) -> Planes:
    """Row i: the members of `pool` holding its (i+1)-th lowest card (empty past the last)."""
    found = np.empty((depth,) + pool.shape, dtype=bits.dtype)
    left = pool
    for i in range(depth):
        found[i] = bits.lowest(cards, left)
        left = left & ~found[i]
    return found


def reveal(rng: np.random.Generator, bits: Bits, alive: Seats, count: Seats, low: Planes, ties_all: bool) -> Seats:
    """C8: the `count` lowest in play go (`low`: their `levels`); ties at the cut-off by battle or all."""
    below = np.zeros_like(alive)
    tied = np.zeros_like(alive)
    rest = count.copy()
    for level in low:  # the lowest cards in turn, until `count` are reached
        n_low = bits.count(level)
        active = rest > 0
        beyond = active & (rest > n_low)
        below |= level * beyond
        tied |= level * (active & ~beyond)
        rest -= n_low * active
    need = count - bits.count(below)
    n_tied = bits.count(tied).astype(np.int16)
    everyone = n_tied == need
    if ties_all:
        everyone |= bits.count(alive).astype(np.int16) - bits.count(below) - n_tied >= 2
    battles = (count > 0) & ~everyone
    by_battle = losers(rng, bits, tied * battles, need * battles) if np.count_nonzero(battles) else tied & 0  # G1
    out: Seats = (below | tied * everyone | by_battle) * (count > 0)  # by_battle is empty where everyone goes
    return out


def finals(rng: np.random.Generator, bits: Bits, alive: Seats) -> tuple[Seats, Seats]:
    """C9: the two left battle 13 vs 13, an even battle: the winner, and the other (-1 for none)."""
    first = bits.uniform(rng, alive)
    return first, bits.nth(alive & ~bits.of(first), np.zeros(alive.size, dtype=np.int16))


def first_round(bits: Bits, shown: Seats, out: Seats, cards: Planes) -> list[tuple[Seats, Seats]]:
    """Per card up to the King: the players in play at the first reveal who held it, and those of them out."""
    return [(bits.count(held), bits.count(held & out)) for held in by_card(cards, shown)[1 : KING + 1]]


def by_card(cards: Planes, pool: Seats) -> list[Seats]:
    """The members of `pool` by the card they hold: entry v holds those with card v (v up to 2**planes - 1)."""
    groups = [pool]
    for plane in reversed(cards):  # split every group by the next bit, the highest first
        split = []
        for group in groups:
            ones = group & plane
            split += [group ^ ones, ones]
        groups = split
    return groups
