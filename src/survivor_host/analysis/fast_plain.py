"""The lean fast-path kernel for Follow the Leader without mods (F1-F10), laid out seat by game.

Arrays are (seats, games): a sum, `any` or maximum over the seats of one game is then a pass over
whole rows, which numpy does far faster than a reduction along short rows. Dice are int16, masks
bool, seats int8. A random choice among seats is one uniform draw per game and a pass per seat
(`nth`); the highest roll is one maximum over packed (roll, seat) keys, drawing only on ties.
Ended games leave the arrays once enough have ended; their counts are kept as they end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from survivor_host.ai.ftl import FtlPolicy

if TYPE_CHECKING:
    from survivor_host.analysis.fast import FastGames, Rules

Ints = NDArray[np.int64]
Small = NDArray[np.int8]
Small16 = NDArray[np.int16]
Bools = NDArray[np.bool_]

COUNTS = (
    "choice phases",
    "suspects",
    "scapegoat battles",
    "scapegoat battles won",
    "handover",
    "rebellion",
    "normal",
    "r1 followers on 150",
    "r1 followers on 150 out",
)
CHOICE, SUSPECTS, BATTLES, WON, HANDOVER, REBELLION, NORMAL, F150, F150_OUT = range(len(COUNTS))
SEAT_BITS = 5
"""Seats fit in 5 bits (at most 30 players)."""


def seats_in(mask: Bools) -> Small:
    """Per game (column), its True seats: a sum over the int8 view, which skips a cast from bool."""
    count: Small = mask.view(np.int8).sum(axis=0, dtype=np.int8)
    return count


def nth(mask: Bools, r: Small) -> Small:
    """Per game (column), the seat of its (r+1)-th True cell, counting seats in order; seats where there is none."""
    running = np.zeros(mask.shape[1], dtype=np.int8)
    seat = np.zeros(mask.shape[1], dtype=np.int8)
    below = np.empty(mask.shape[1], dtype=np.bool_)
    for row in mask.view(np.int8):  # one pass per seat, each over every game; int8 views skip casts from bool
        running += row
        np.less_equal(running, r, out=below)
        seat += below.view(np.int8)
    return seat


def uniform(rng: np.random.Generator, mask: Bools, count: Small | None = None) -> Small:
    """Per game, one of its True seats uniformly at random (an even battle among them); -1 where none.

    `count`, if given, is the True seats per game (saves a pass).
    """
    if count is None:
        count = seats_in(mask)
    r = (rng.random(mask.shape[1], dtype=np.float32) * count).astype(np.int8)  # u < 1 times a small count rounds down
    return np.where(count > 0, nth(mask, r), np.int8(-1))


def highest(mask: Bools, score: Small16) -> Bools:
    """The True cells holding their game's highest `score` (scores 1 or more)."""
    masked = score * mask
    top: Bools = mask & (masked == masked.max(axis=0))
    return top


def top_seat(rng: np.random.Generator, mask: Bools, score: Small16) -> Small:
    """Per game, the True seat with the highest `score` (1 to 1000), -1 where none.

    A tie is an even battle among the tied, drawn only in the games where it happens. `score` is
    overwritten (it becomes the packed keys), and so is `mask` (it becomes who holds the top score).
    """
    n = mask.shape[0]
    key = np.left_shift(score, SEAT_BITS, out=score)
    key |= np.arange(1, n + 1, dtype=np.int16)[:, None]  # seat + 1: a True cell never packs to 0
    key *= mask
    top = key.max(axis=0)
    seat: Small = ((top & ((1 << SEAT_BITS) - 1)) - 1).astype(np.int8)
    # the top score, any seat (none where no seat is True)
    tied = np.greater_equal(key, (top >> SEAT_BITS << SEAT_BITS) | 1, out=mask)
    ties = np.flatnonzero(seats_in(tied) > 1)
    if ties.size:
        seat[ties] = uniform(rng, tied[:, ties])
    return seat


class _State:
    """The running games in one int8 block (per-seat masks, per-game counts, leaders), so leaving is one pass."""

    def __init__(self, n: int, leader: Small) -> None:
        self.n = n
        self.block = np.zeros((2 * n + len(COUNTS) + 2, leader.size), dtype=np.int8)
        self.block[:n] = 1
        self.block[-2] = leader
        self.block[-1] = leader
        self._views()

    def _views(self) -> None:
        n = self.n
        self.alive: Bools = self.block[:n].view(np.bool_)
        self.immune: Bools = self.block[n : 2 * n].view(np.bool_)
        self.counts: Small = self.block[2 * n : -2]
        self.leader: Small = self.block[-2]
        self.first_leader: Small = self.block[-1]

    def keep(self, keep: Bools) -> None:
        self.block = np.compress(keep, self.block, axis=1)
        self._views()


def run_ftl_plain(games: int, n: int, seats: Sequence[FtlPolicy], rng: np.random.Generator, rules: Rules) -> FastGames:
    """`games` whole games of plain Follow the Leader with one policy per seat.

    The games come out in the order they end (all alike, so only the order of the games differs).
    """
    from survivor_host.analysis.fast import FastGames

    top = max(len(p.rebel) for p in seats)
    table = np.array([[p.rebel_chance(a) for a in range(top)] for p in seats], dtype=np.float32)
    flat = bool((table == table[:, :1]).all())
    last_high = np.array([p.suspect == "last-high" for p in seats])
    high_goat = np.array([p.scapegoat == "high" for p in seats])
    seat = np.arange(n, dtype=np.int8)[:, None]
    ended: list[tuple[Small, Small, int, Small, Bools]] = []  # winner, second, rounds, counts, first leader won

    state = _State(n, rng.integers(0, n, games, dtype=np.int8))  # F2: random votes or a pick: all seats alike
    last = np.zeros((n, games), dtype=np.int16)
    running = np.ones(games, dtype=bool)  # games that ended but were not yet dropped from the arrays are False
    n_alive = np.full(games, n, dtype=np.int8)  # alive per game, kept from the end of the last round
    number = 0
    while running.any():
        number += 1
        g = running.size
        alive, immune, local, leader = state.alive, state.immune, state.counts, state.leader
        is_leader = seat == leader
        others = alive ^ is_leader  # the leader is alive
        chooser = np.greater(others, immune)  # others & ~immune in one pass (so below: a > b is a & ~b)
        chance = table[:, :1] if flat else table[:, np.minimum(n_alive, top - 1)]
        rebel = rng.random((n, g), dtype=np.float32) < chance
        rebel &= chooser
        n_choosers = seats_in(chooser)
        choosing = n_choosers > 0
        local[CHOICE] += choosing
        # F4: the leader suspects a chooser (at random, or last round's highest roller, the first on ties)
        suspect = np.full(g, -1, dtype=np.int8)
        can = (n_alive >= 5) & choosing
        if can.any():
            pick = uniform(rng, chooser, n_choosers)
            if last_high.any():
                by_roll = last * chooser
                first = nth(highest(chooser, by_roll), np.zeros(g, dtype=np.int8))
                pick = np.where(last_high[leader] & (by_roll.max(axis=0) > 0), first, pick)
            suspect = np.where(can, pick, np.int8(-1))
        has = suspect >= 0
        local[SUSPECTS] += has
        leader_roll = rng.integers(1, rules.leader_die + 1, g, dtype=np.int16) + np.int16(rules.leader_bonus)
        rolls = rng.integers(1, rules.player_die + 1, (n, g), dtype=np.int16)
        suspected = seat == suspect
        if has.any():  # the suspect rolls the 120 instead
            swap = rng.integers(1, rules.suspect_die + 1, g, dtype=np.int16) - rolls
            swap *= suspected
            rolls += swap
        # F6: followers above the leader and rebels below go out; a tie is safe (and immune from 4 up)
        tie = rolls == leader_roll
        tie &= others
        beats = rolls > leader_roll
        out = beats ^ rebel
        out &= chooser
        np.greater(out, tie, out=out)
        # a rebel below the leader (before any scapegoat battle)
        failed = np.logical_and(rebel, out, out=beats).any(axis=0)
        standing = chooser  # not immune this round: may be named a scapegoat
        np.logical_and(tie, n_alive >= 4, out=immune)
        # F7: a doomed suspect names a scapegoat (never declines) and battles 70 vs 100
        if has.any():
            pool = out | immune
            pool |= suspected
            np.greater(standing, pool, out=pool)  # standing & ~(out | immune | suspected)
            _scapegoats(rng, suspect, suspected, pool, out, rolls, high_goat, local, rules)
        np.greater(alive, out, out=alive)
        # F8: the round's outcome
        any_rebel = rebel.any(axis=0)
        handover = choosing & ~any_rebel
        rebellion = any_rebel & ~failed
        local[HANDOVER] += handover
        local[REBELLION] += rebellion
        local[NORMAL] += ~handover & ~rebellion
        deposed = np.flatnonzero(rebellion)
        alive[leader[deposed], deposed] = False
        if number == 1:
            plain_follow = chooser & ~rebel & ~has
            local[F150] += seats_in(plain_follow)
            local[F150_OUT] += seats_in(plain_follow & out)
        # F9: the next leader: handover the lowest roll, rebellion the highest rebel, else the highest roll
        pool = np.greater(alive, is_leader)
        to_rebels = rebellion & np.logical_and(pool, rebel, out=tie).any(axis=0)
        pool &= np.logical_or(rebel, ~to_rebels, out=tie)
        if last_high.any():  # last round's rolls, 0 for who did not roll as a player
            last = rolls * others
        rolls ^= handover * np.int16(255)  # handover: 255 - roll, so the lowest roll scores highest
        round_leader = leader.copy()
        leader[:] = top_seat(rng, pool, rolls)
        np.add.reduce(alive.view(np.int8), axis=0, dtype=np.int8, out=n_alive)
        done = running & (n_alive <= 2)
        if done.any():
            start = np.compress(done, others, axis=1)  # who was in at the round's start
            start |= seat == np.compress(done, round_leader)
            won, runner_up = _finals(rng, np.compress(done, alive, axis=1), start)
            champion = np.compress(done, state.first_leader) == won
            ended.append((won, runner_up, number, np.compress(done, local, axis=1), champion))
            running &= ~done
            if running.sum() < 0.9 * g:  # drop the ended games; a few may wait (with nobody alive) to save a pass
                state.keep(running)
                n_alive = np.compress(running, n_alive)
                if last_high.any():
                    last = np.compress(running, last, axis=1)
                running = np.ones(state.leader.size, dtype=bool)
            else:
                alive[:, done] = False
                n_alive[done] = 0
    rounds = np.concatenate([np.full(len(w), r, dtype=np.int64) for w, _, r, _, _ in ended])
    totals = np.concatenate([c for _, _, _, c, _ in ended], axis=1)
    counts = {name: totals[i].astype(np.int64) for i, name in enumerate(COUNTS)}
    counts["first leader won"] = np.concatenate([f for *_, f in ended]).astype(np.int64)
    winner = np.concatenate([w for w, *_ in ended]).astype(np.int64)
    second = np.concatenate([s for _, s, *_ in ended]).astype(np.int64)
    return FastGames(winner, second, rounds, counts)


def _scapegoats(
    rng: np.random.Generator,
    suspect: Small,
    suspected: Bools,
    pool: Bools,
    out: Bools,
    rolls: Small16,
    high_goat: Bools,
    local: Small,
    rules: Rules,
) -> None:
    """F7, in place on `out` and the counts: every game whose suspect is going out and can name someone.
    `suspected` is overwritten.

    `pool` holds who may be named: standing, not the suspect, not immune this round or next, and not
    going out.
    """
    count = seats_in(pool)
    fights = np.logical_and(suspected, out, out=suspected).any(axis=0)  # the suspect is going out
    fights &= count > 0
    if not fights.any():
        return
    if high_goat.any():  # `high`: the standing player with the highest roll this round
        by_roll = high_goat[suspect] & fights
        pool = highest(pool, rolls) & by_roll | pool & ~by_roll
        count = seats_in(pool)
    target = uniform(rng, pool, count)
    won = rng.random(suspect.size) < rules.scapegoat_win
    won &= fights
    wins = np.flatnonzero(won)
    np.put(out, suspect[wins].astype(np.intp) * suspect.size + wins, False)  # flat indices: seat * games + game
    np.put(out, target[wins].astype(np.intp) * suspect.size + wins, True)
    local[BATTLES] += fights
    local[WON] += won


def _finals(rng: np.random.Generator, alive: Bools, start: Bools) -> tuple[Small, Small]:
    """F10 for ended games: two left battle 150 vs 150; one left wins and the round's other players
    (`start`: who was in at the round's start) battle for second."""
    count = seats_in(alive)
    first = uniform(rng, alive, count)
    rivals = np.logical_and(start, count <= 1, out=start)  # one left (or none): the round's other players
    rivals |= alive  # else the other one left (the winner is dropped below either way)
    rivals &= np.arange(alive.shape[0], dtype=np.int8)[:, None] != first
    return first, uniform(rng, rivals)
