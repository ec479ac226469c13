"""Chase the Ace on numpy (C1-C9, every mod): many whole games at once, under the same rulings as the engine."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from survivor_host.engine.kernel import (
    TIMING,
    Bools,
    FastGames,
    Ints,
    KernelEntry,
    Tally,
    pick,
    shuffled,
)
from survivor_host.themes.cta.ai import CtaPolicy, named_policy
from survivor_host.themes.cta.fast_swaps import SwapState, choose, swap
from survivor_host.themes.cta.rules import KERNEL_RULES, KernelRules
from survivor_host.themes.cta.spec import SPEC

OPTIONS = {"elim", "ties", "backsies", *TIMING}
"""The options the kernel plays (the others would change a game)."""
FAST_BATCH = 100_000


def batch(players: int) -> int:
    """Games per numpy batch: bounded for memory (the kernel keeps a seats x seats table)."""
    return max(1_000, min(FAST_BATCH, 4_000_000 // (players * players)))


def run_cta(
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    seats: Sequence[CtaPolicy],
    rng: np.random.Generator,
    rules: KernelRules = KERNEL_RULES,
) -> FastGames:
    """`games` whole games with one policy per seat."""
    n = players
    elim = int(str(options.get("elim", 1)))
    ties_all = str(options.get("ties", "battle")) == "all"
    both_ways = str(options.get("backsies", "one-way")) == "both-ways"
    jester, joker = "jesters-duel" in mods, "the-joker" in mods
    adhesive, backsies, aao = "adhesive" in mods, "no-backsies" in mods, "all-at-once" in mods
    sides = rules.card_sides + (1 if (jester or joker) else 0)
    kind = np.array([{"random": 0, "stick": 1, "threshold": 2}[p.kind] for p in seats])
    top = max(len(p.threshold) for p in seats)
    thresholds = np.array([[p.threshold_for(a) for a in range(top)] for p in seats])
    winner = np.full(games, -1, dtype=np.int64)
    second = np.full(games, -1, dtype=np.int64)
    rounds_out = np.zeros(games, dtype=np.int64)
    tally = Tally(games)
    ids = np.arange(games)
    alive = np.ones((games, n), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    while ids.size:
        g = ids.size
        row = np.arange(g)
        rounds += 1
        n_alive = alive.sum(axis=1)
        k = np.minimum(elim, n_alive // 2)  # C2
        cards = rng.integers(1, sides + 1, (g, n))
        if joker:  # C4: deal again while the Jokers would leave fewer than 2
            while True:
                bad = (alive & (cards != 14)).sum(axis=1) < 2
                if not bad.any():
                    break
                cards[bad] = rng.integers(1, sides + 1, (int(bad.sum()), n))
        kings = alive & (cards == 13)
        advanced = kings.copy()
        if joker:
            jokers = alive & (cards == 14)
            alive = alive & ~jokers
            tally.add("jokers", ids, jokers.sum(axis=1))
        if jester:
            _jesters(rng, alive, cards, kings, advanced, tally, ids)
        in_play = alive & ~advanced & (cards != 14)
        tally.add("swap turns", ids, np.where(alive.sum(axis=1) > 2, in_play.sum(axis=1), 0))
        stuck = np.zeros((g, n), dtype=bool)
        swapped = np.zeros((g, n, n), dtype=bool)  # [by, target]: successful swaps this round
        known = np.zeros((g, n, n), dtype=np.int8)  # [viewer, other]: a card the viewer knows
        lost = np.zeros((g, n), dtype=bool)
        saved_pairs: list[tuple[Ints, Ints, Ints]] = []  # (rows, swapper, target) of successful swaps
        state = SwapState(cards, in_play, stuck, swapped, known, lost, adhesive, backsies, both_ways)
        n_now = alive.sum(axis=1)  # what a player sees when choosing: the players still in
        playing = in_play.any(axis=1) & (n_now > 2)
        if aao:
            for _swap_round in (1, 2):
                choice = choose(rng, state, row, None, kind, thresholds, n_now, playing)
                order = shuffled(rng, in_play)
                for place in range(n):
                    by = order[:, place]
                    acts = in_play[row, by] & playing
                    target = choice[row, by]
                    sticks = acts & (target < 0)
                    stuck[row[sticks], by[sticks]] = True
                    tries = acts & (target >= 0)
                    if tries.any():
                        legal = tries & state.legal(row, by, np.maximum(target, 0))
                        tally.add("void swaps", ids, tries & ~legal)
                        swap(rng, state, row, by, target, legal, tally, ids, saved_pairs, rules)
        else:
            order = shuffled(rng, in_play)
            for place in range(n):
                by = order[:, place]
                acts = in_play[row, by] & playing
                if not acts.any():
                    continue
                choice = choose(rng, state, row, by, kind, thresholds, n_now, acts)
                target = choice[row, by]
                sticks = acts & (target < 0)
                stuck[row[sticks], by[sticks]] = True
                swap(rng, state, row, by, target, acts & (target >= 0), tally, ids, saved_pairs, rules)
        cards = state.cards
        # C8: the reveal
        out = _reveal(rng, alive, in_play, cards, k, ties_all)
        alive = alive & ~out
        for rows, by, target in saved_pairs:
            saved = out[rows, target] & ~out[rows, by]
            tally.add("swaps saved the swapper", ids[rows], saved)
        first = rounds == 1
        if first.any():
            for card in range(1, 14):
                held = (first & (n_now > 2))[:, None] & in_play & (cards == card)  # a reveal took place
                tally.add(f"r1 card {card}", ids, held.sum(axis=1))
                tally.add(f"r1 card {card} out", ids, (held & out).sum(axis=1))
        done = alive.sum(axis=1) <= 2
        if done.any():
            pair = alive[done]
            one = pick(rng, pair)  # C9: 13 vs 13, an even battle
            rest = pair.copy()
            rest[np.arange(int(done.sum())), one] = False
            winner[ids[done]] = one
            second[ids[done]] = np.where(rest.any(axis=1), rest.argmax(axis=1), -1)
            rounds_out[ids[done]] = rounds[done]
        keep = ~done
        ids, alive, rounds = ids[keep], alive[keep], rounds[keep]
    return FastGames(winner, second, rounds_out, tally.counts)


FAST = KernelEntry({mod.id for mod in SPEC.mods}, OPTIONS, named_policy, run_cta, KERNEL_RULES)
"""The kernel's entry for the simulator: which settings it plays, and games from strategy names."""


def _jesters(
    rng: np.random.Generator,
    alive: Bools,
    cards: Ints,
    kings: Bools,
    advanced: Bools,
    tally: Tally,
    ids: Ints,
) -> None:
    """C5, in place: a lone Jester duels a random legal opponent; several battle among themselves."""
    g = alive.shape[0]
    row = np.arange(g)
    jesters = alive & (cards == 14)
    count = jesters.sum(axis=1)
    many = count >= 2
    if many.any():
        lose = np.minimum(count - 1, alive.sum(axis=1) - 2)
        keys = np.where(jesters, rng.random(jesters.shape), 2.0)
        rank = keys.argsort(axis=1).argsort(axis=1)  # 0 = lowest roll
        losers = many[:, None] & jesters & (rank < lose[:, None])
        alive &= ~losers
        sole = many & (count - lose == 1)
        best = np.where(jesters & ~losers, 1, 0).argmax(axis=1)
        advanced[row[sole], best[sole]] = True
        tally.add("jester battles", ids, many)
    lone = count == 1
    if lone.any():
        who = jesters.argmax(axis=1)
        foes = alive & ~kings & ~advanced & (cards != 14)
        has = lone & foes.any(axis=1)
        advanced[row[lone & ~has], who[lone & ~has]] = True
        target = pick(rng, foes)
        jester_wins = rng.random(g) < 0.5  # 100 vs 100 (G1)
        win_seat = np.where(jester_wins, who, target)
        lose_seat = np.where(jester_wins, target, who)
        advanced[row[has], win_seat[has]] = True
        alive[row[has], lose_seat[has]] = False
        tally.add("duels", ids, has)


def _reveal(rng: np.random.Generator, alive: Bools, in_play: Bools, cards: Ints, k: Ints, ties_all: bool) -> Bools:
    """C8: the `k` lowest in play go (never leaving fewer than 2); ties at the cut-off by battle or all."""
    g, n = cards.shape
    row = np.arange(g)
    count = np.minimum(np.minimum(k, in_play.sum(axis=1)), alive.sum(axis=1) - 2)
    ranked = np.sort(np.where(in_play, cards, 99), axis=1)
    cutoff = ranked[row, np.maximum(count - 1, 0)]
    below = in_play & (cards < cutoff[:, None])
    tied = in_play & (cards == cutoff[:, None])
    need = count - below.sum(axis=1)
    n_tied = tied.sum(axis=1)
    everyone = n_tied == need
    if ties_all:
        everyone |= alive.sum(axis=1) - below.sum(axis=1) - n_tied >= 2
    keys = np.where(tied, rng.random((g, n)), 2.0)
    rank = keys.argsort(axis=1).argsort(axis=1)
    by_battle = tied & (rank < need[:, None])  # G1 among the tied: an even battle
    out: Bools = below | np.where(everyone[:, None], tied, by_battle)
    out &= (count > 0)[:, None]
    return out
