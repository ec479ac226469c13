"""The Chase the Ace kernel: what a threshold seat reads of the round is kept as it plays; a round of only Kings;
the deal's cards by value and The Joker's deal again."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from survivor_host.analysis.simulate import SimSetup, simulate_fast
from survivor_host.themes.cta.bits import Bits
from survivor_host.themes.cta.fast_round import by_card, deal, holding
from survivor_host.themes.cta.fast_swaps import SwapRound
from survivor_host.themes.cta.fast_table import STICK, THRESHOLD, Table
from survivor_host.themes.cta.rules import FOURTEEN


def swap_round(all_at_once: bool, adhesive: bool = False, backsies: bool = False) -> SwapRound:
    """Four seats in play in 500 games: seat 0 always sticks, the others play a threshold of 6."""
    bits = Bits(4)
    g = 500
    table = Table(
        bits,
        np.array([STICK, THRESHOLD, THRESHOLD, THRESHOLD]),
        np.full((4, 1), 6),
        adhesive,
        backsies,
        False,
        0.6,
        all_at_once,
    )
    rng = np.random.default_rng(3)
    cards = bits.planes(rng.integers(1, 13, (4, g), dtype=np.int8), 4)
    in_play = np.full(g, bits.full, dtype=bits.dtype)
    return SwapRound(table, cards, in_play, np.full(g, 4), np.ones(g, dtype=bool))


def test_a_seat_that_sticks_is_seen_as_stuck_by_the_threshold_seats() -> None:
    for all_at_once, adhesive, backsies in itertools.product((False, True), repeat=3):
        found = swap_round(all_at_once, adhesive, backsies)
        if all_at_once:
            found.all_at_once(np.random.default_rng(4))
        else:
            found.turns(np.random.default_rng(4))
        assert ((found.stuck & 1) == 1).all(), (all_at_once, adhesive, backsies)


def test_a_round_of_only_kings_sends_nobody_out_and_the_game_plays_another() -> None:
    """C4, C8: when every player left holds a King nobody is in play, nobody goes out and a new round is
    dealt; at 6 players (one out a round) a game lasts 5 rounds about as often as some round deals Kings to all."""
    setup = SimSetup("cta", 6, ("adhesive", "no-backsies", "all-at-once"), (), ("random", "smart"), seed=5)
    games = 100_000
    result = simulate_fast(setup, games)
    exact = sum(Fraction(1, 13**n) for n in range(3, 7))  # a table of n players all dealt Kings
    longer = sum(count for rounds, count in result.rounds.items() if rounds > 4)
    assert set(result.rounds) <= {4, 5, 6}
    mean = float(exact) * games
    assert abs(longer - mean) < 4.5 * math.sqrt(mean), (longer, mean)


def test_the_players_split_by_card_are_those_holding_each_card() -> None:
    bits = Bits(7)
    rng = np.random.default_rng(8)
    values = rng.integers(1, 15, (7, 2_000), dtype=np.int8)
    cards = bits.planes(values, 4)
    pool = rng.integers(0, 1 << 7, 2_000).astype(bits.dtype)
    groups = by_card(cards, pool)
    assert len(groups) == 16
    for card, group in enumerate(groups):
        assert (group == holding(bits, cards, card) & pool).all(), card
        assert (group == bits.pack((values == card) & bits.members(pool))).all(), card


def test_the_joker_deals_again_until_two_or_more_are_left_after_the_jokers() -> None:
    """C4: three players left, a Joker in 1 card of 14: about 2% of deals would leave fewer than 2."""
    bits = Bits(5)
    alive = np.full(20_000, 0b10101, dtype=bits.dtype)  # seats 0, 2 and 4 left
    cards, dealt = deal(np.random.default_rng(9), bits, alive, 14, joker=True)
    left = bits.count(alive & ~holding(bits, cards, FOURTEEN))
    assert (left >= 2).all()
    values = [bits.read(cards, bits.of(np.full(alive.size, seat, dtype=np.int8))) for seat in (0, 2, 4)]
    for seat, value in zip((0, 2, 4), values, strict=True):  # the figures as dealt, games dealt again included
        assert (dealt[seat] == value).all()
    jokers = sum((v == FOURTEEN).astype(int) for v in values)
    assert 0 < np.count_nonzero(jokers == 1) < alive.size  # one Joker among three is kept
