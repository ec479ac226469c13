"""Follow the Leader on numpy (F1-F13): many whole games at once, under the same rulings as the engine.

Without mods the lean kernel of `fast_plain` plays; Tug of War and No Mercy play here.
"""

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
    highest,
    pick,
    roll_dice,
    shuffled,
)
from survivor_host.themes.ftl.ai import FtlPolicy, named_policy
from survivor_host.themes.ftl.fast_plain import run_ftl_plain
from survivor_host.themes.ftl.rules import KERNEL_RULES, START_DIE, KernelRules
from survivor_host.themes.ftl.seat_sets import MOST_SEATS
from survivor_host.themes.ftl.spec import SPEC

OPTIONS = {"leader", "tug_floor", *TIMING}
"""The options the kernel plays (the others would change a game)."""


def run_ftl(
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    seats: Sequence[FtlPolicy],
    rng: np.random.Generator,
    rules: KernelRules = KERNEL_RULES,
) -> FastGames:
    """`games` whole games with one policy per seat (without mods: the lean kernel of `fast_plain`)."""
    tug, mercy = "tug-of-war" in mods, "no-mercy" in mods
    if not tug and not mercy:
        return run_ftl_plain(games, players, seats, rng, rules)
    floor = int(str(options.get("tug_floor", 20)))
    n = players
    top = max(len(p.rebel) for p in seats)
    rebel_table = np.array([[p.rebel_chance(a) for a in range(top)] for p in seats])  # (seat, alive)
    flat_chance = rebel_table[:, :1].T if (rebel_table == rebel_table[:, :1]).all() else None
    winner = np.full(games, -1, dtype=np.int64)
    second = np.full(games, -1, dtype=np.int64)
    rounds_out = np.zeros(games, dtype=np.int64)
    tally = Tally(games)

    ids = np.arange(games)
    alive = np.ones((games, n), dtype=bool)
    leader = rng.integers(0, n, games)  # F2: random votes or a pick: every seat alike
    first_leader = leader.copy()
    immune_next = np.zeros((games, n), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    seat_cols = np.arange(n)[None, :]
    while ids.size:
        g = ids.size
        row = np.arange(g)
        rounds += 1
        start = alive.copy()
        n_alive = alive.sum(axis=1)
        is_leader = seat_cols == leader[:, None]
        immune_now = immune_next & alive & ~is_leader
        others = alive & ~is_leader
        chooser = others & ~immune_now
        gives_immunity = n_alive >= 4  # F6
        chance = flat_chance if flat_chance is not None else rebel_table[:, np.minimum(n_alive, top - 1)].T
        rebel = chooser & (rng.random((g, n)) < chance)
        follow = chooser & ~rebel
        tally.add("choice phases", ids, chooser.any(axis=1))
        dice = np.full((g, n), rules.player_die, dtype=np.int64)
        leader_roll = rng.integers(1, rules.leader_die + 1, g) + rules.leader_bonus
        order = shuffled(rng, others)  # G2: the roll order (Tug of War and No Mercy both use it)
        if tug:
            running = np.full(g, START_DIE, dtype=np.int64)
            for place in range(n):
                seat = order[:, place]
                takes = others[row, seat]
                moves = chooser[row, seat] & takes
                step = np.where(rebel[row, seat], -rules.tug_step, rules.tug_step)
                new = np.maximum(running + step, floor)
                dice[row[takes], seat[takes]] = np.where(moves, new, START_DIE)[takes]
                running = np.where(moves, new, running)
        if tug:
            rolls = np.where(others, roll_dice(rng, dice), 0)
        else:  # No Mercy alone: every die is the 150 (nobody is suspected under a mod)
            rolls = rng.integers(1, rules.player_die + 1, (g, n))
            rolls[~others] = 0
        out = np.zeros((g, n), dtype=bool)
        deposed = np.zeros(g, dtype=np.int64)
        immune_next = np.zeros((g, n), dtype=bool)
        judged_roll = leader_roll
        if mercy:
            standing = leader.copy()
            roll_now = leader_roll.copy()
            for place in range(n):
                seat = order[:, place]
                takes = others[row, seat]
                r = rolls[row, seat]
                tie = takes & (r == roll_now)
                immune_next[row[tie & gives_immunity], seat[tie & gives_immunity]] = True
                judged = takes & ~tie & ~immune_now[row, seat]
                goes = judged & ((follow[row, seat] & (r > roll_now)) | (rebel[row, seat] & (r < roll_now)))
                out[row[goes], seat[goes]] = True
                deposes = judged & rebel[row, seat] & (r > roll_now)
                if deposes.any():
                    out[row[deposes], standing[deposes]] = True
                    immune_next[deposes] = False  # F13: immunity gained against the deposed leader is lost
                    standing = np.where(deposes, seat, standing)
                    roll_now = np.where(deposes, r, roll_now)
                    deposed += deposes
        else:
            tie = others & (rolls == leader_roll[:, None])
            immune_next = tie & gives_immunity[:, None]
            out = others & ~tie & ~immune_now
            out &= (follow & (rolls > leader_roll[:, None])) | (rebel & (rolls < leader_roll[:, None]))
        alive = alive & ~out
        # F8, F9: the round's outcome and who leads next
        any_rebel = rebel.any(axis=1)
        handover = chooser.any(axis=1) & ~any_rebel
        rebellion = any_rebel & ~(rebel & (rolls < judged_roll[:, None])).any(axis=1)
        if mercy:
            handover &= deposed == 0
            rebellion &= deposed == 0
            tally.add("deposed", ids, deposed > 0)
            tally.add("r1 deposed", ids, (deposed > 0) & (rounds == 1))
            tally.add("depositions", ids, deposed)
            leader = np.where(deposed > 0, standing, leader)
        alive[row[rebellion], leader[rebellion]] = False
        normal = ~handover & ~rebellion & (deposed == 0)
        tally.add("handover", ids, handover)
        tally.add("rebellion", ids, rebellion)
        tally.add("normal", ids, normal)
        first = rounds == 1
        if first.any():
            plain_follow = follow & (dice == rules.player_die) & first[:, None]
            tally.add("r1 followers on 150", ids, plain_follow.sum(axis=1))
            tally.add("r1 followers on 150 out", ids, (plain_follow & out).sum(axis=1))
        left = alive.sum(axis=1)
        done = left <= 2
        if done.any():
            _ftl_finals(rng, ids[done], alive[done], start[done], winner, second)
            rounds_out[ids[done]] = rounds[done]
        going = ~done
        if going.any():
            # successors: handover the lowest roll, rebellion the highest rebel, else the highest roll
            pool = alive & ~(seat_cols == leader[:, None])
            rebels_left = pool & rebel
            pool = np.where((rebellion & rebels_left.any(axis=1))[:, None], rebels_left, pool)
            # F9: a tie for the lowest or highest roll is an even battle of 100 among the tied
            successor = highest(rng, pool, np.where(handover[:, None], -rolls, rolls))
            leader = np.where((deposed > 0) | ~going, leader, successor)
        keep = ~done
        ids, alive, leader, immune_next = ids[keep], alive[keep], leader[keep], immune_next[keep]
        rounds = rounds[keep]
    tally.add("first leader won", np.arange(games), winner == first_leader)
    return FastGames(winner, second, rounds_out, tally.counts)


def most_seats(mods: Sequence[str]) -> int | None:
    """The plain kernel keeps seat sets in one integer; the mods' kernel plays any table."""
    return None if mods else MOST_SEATS


FAST = KernelEntry({mod.id for mod in SPEC.mods}, OPTIONS, named_policy, run_ftl, KERNEL_RULES, most_seats)
"""The kernel's entry for the simulator: which settings it plays, and games from strategy names."""


def _ftl_finals(rng: np.random.Generator, ids: Ints, alive: Bools, start: Bools, winner: Ints, second: Ints) -> None:
    """F10: two left battle 150 vs 150; one left wins and the round's other players battle for second."""
    two = alive.sum(axis=1) == 2
    first_pick = pick(rng, alive)
    other = alive.copy()
    other[np.arange(len(ids)), first_pick] = False
    last = pick(rng, other)
    winner[ids[two]] = first_pick[two]
    second[ids[two]] = last[two]
    one = ~two
    if one.any():
        sole = alive[one].argmax(axis=1)
        rivals = start[one].copy()
        rivals[np.arange(int(one.sum())), sole] = False
        runner = np.where(rivals.any(axis=1), pick(rng, rivals), -1)
        winner[ids[one]] = sole
        second[ids[one]] = runner
