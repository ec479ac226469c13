"""Chase the Ace on numpy: the swaps (C6, C7, Adhesive, No Backsies, All At Once), many games at once."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from survivor_host.engine.kernel import Bools, Floats, Ints, Tally
from survivor_host.themes.cta.rules import KernelRules


@dataclass
class SwapState:
    cards: Ints
    in_play: Bools
    stuck: Bools
    swapped: Bools
    known: NDArray[np.int8]
    lost: Bools
    adhesive: bool
    backsies: bool
    both_ways: bool

    def targets(self, row: Ints, by: Ints) -> Bools:
        """Whom `by` (one seat per row) may swap with now (C6)."""
        n = self.cards.shape[1]
        ok: Bools = self.in_play & (np.arange(n)[None, :] != by[:, None])
        if self.adhesive:
            ok &= ~self.stuck
        if self.backsies:
            ok &= ~self.swapped[row, :, by]
            if self.both_ways:
                ok &= ~self.swapped[row, by, :]
        return ok

    def legal(self, row: Ints, by: Ints, target: Ints) -> Bools:
        ok: Bools = self.targets(row, by)[row, target]
        return ok


def expected_worth(state: SwapState, row: Ints, by: Ints) -> Floats:
    """What `by` expects each other player's card to be worth (as `Threshold.worth`)."""
    known = state.known[row, by, :]
    given = state.swapped[row, by, :]
    worth = np.full(known.shape, 7.0)
    worth[state.lost] = 4.0
    worth[state.stuck] = 8.0
    worth[given] = 0.0
    worth = np.where(known > 0, known, worth)
    return worth


def choose(
    rng: np.random.Generator,
    state: SwapState,
    row: Ints,
    by: Ints | None,
    kind: Ints,
    thresholds: Ints,
    n_alive: Ints,
    acts: Bools,
) -> Ints:
    """Target per (row, seat), -1 to stick: for one seat per row (`by`), or for every seat (All At Once)."""
    g, n = state.cards.shape
    choice = np.full((g, n), -1, dtype=np.int64)
    seats = [by] if by is not None else [np.full(g, s, dtype=np.int64) for s in range(n)]
    top = thresholds.shape[1] - 1
    for seat in seats:
        live = acts & state.in_play[row, seat]
        if not live.any():
            continue
        targets = state.targets(row, seat)
        count = targets.sum(axis=1)
        policy = kind[seat]
        # random: stick or any legal target, uniformly
        pick = (rng.random(g) * (count + 1)).astype(np.int64)
        ranks = np.cumsum(targets, axis=1)
        randomly = np.where(pick > 0, (ranks == pick[:, None]).argmax(axis=1), -1)
        # threshold: swap when the card is at or below it, with the best-looking target worth more
        card = state.cards[row, seat]
        limit = thresholds[seat, np.minimum(n_alive, top)]
        worth = expected_worth(state, row, seat)
        better = targets & (worth > card[:, None])
        keyed = np.where(better, worth + 0.5 * rng.random((g, n)), -1.0)
        wants = (card <= limit) & better.any(axis=1)
        by_threshold = np.where(wants, keyed.argmax(axis=1), -1)
        chosen = np.where(policy == 0, randomly, np.where(policy == 1, -1, by_threshold))
        chosen = np.where(live & (count > 0), chosen, -1)
        choice[row, seat] = chosen
    return choice


def swap(
    rng: np.random.Generator,
    state: SwapState,
    row: Ints,
    by: Ints,
    target: Ints,
    tries: Bools,
    tally: Tally,
    ids: Ints,
    saved_pairs: list[tuple[Ints, Ints, Ints]],
    rules: KernelRules,
) -> None:
    """Swap battles 125 vs 100 (C6) for the rows in `tries`; the winners exchange cards."""
    if not tries.any():
        return
    wins = tries & (rng.random(len(row)) < rules.swap_win)
    tally.add("swaps", ids, tries)
    tally.add("swaps won", ids, wins)
    r, b, t = row[wins], by[wins], target[wins]
    mine, theirs = state.cards[r, b].copy(), state.cards[r, t].copy()
    state.cards[r, b], state.cards[r, t] = theirs, mine
    state.swapped[r, b, t] = True
    state.lost[r, t] = True
    state.known[r, :, b] = 0
    state.known[r, :, t] = 0
    state.known[r, b, t] = mine
    state.known[r, t, b] = theirs
    saved_pairs.append((r, b, t))
