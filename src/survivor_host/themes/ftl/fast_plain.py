"""The lean fast-path kernel for Follow the Leader without mods (F1-F10): seat sets as bits, games streamed.

A set of seats is one integer per game (seat s is bit s), so the logic of a round is a handful of
passes over one number per game; only the dice are (seats, games) arrays, turned into bits by one
weighted sum over the seats. A random seat of a set is one uniform draw and a lookup table. The
games run in a block of `WIDTH` slots sized for the CPU cache: a slot whose game ends takes the next
game at once, so every round plays a full block until the last games drain out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from survivor_host.engine.kernel import FastGames
from survivor_host.themes.ftl.ai import FtlPolicy
from survivor_host.themes.ftl.rules import KernelRules
from survivor_host.themes.ftl.seat_sets import Bools, Seats, SeatSets

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
ROUND, FIRST, IMMUNE, ALIVE, N_ALIVE, LEADER = range(len(COUNTS), len(COUNTS) + 6)
ROWS = len(COUNTS) + 6
"""The state block's rows: the counts, rounds played and first leader (what an ended game reports),
then immune and alive (seat sets), players alive and the leader (the only row a new game does not
start at 0 or fill in)."""
WINNER, SECOND, CHAMPION = range(ROUND + 1, ROUND + 4)
"""The result rows after the counts and rounds: winner, second and whether the first leader won."""
WIDTH = 16_384
"""Slots in the running block: (seats, slots) dice stay in the CPU cache."""


def run_ftl_plain(
    games: int, n: int, seats: Sequence[FtlPolicy], rng: np.random.Generator, rules: KernelRules, width: int = WIDTH
) -> FastGames:
    """`games` whole games of plain Follow the Leader with one policy per seat, `width` at a time.

    The games come out in the order they end (all alike, so only the order of the games differs).
    """
    sets = SeatSets(n)
    top = max(len(p.rebel) for p in seats)
    table = np.array([[p.rebel_chance(a) for a in range(top)] for p in seats], dtype=np.float32)
    flat = bool((table == table[:, :1]).all())
    last_high = np.array([p.suspect == "last-high" for p in seats])
    high_goat = np.array([p.scapegoat == "high" for p in seats])
    by_last, by_high = bool(last_high.any()), bool(high_goat.any())
    seat = sets.shifts  # each seat's number, down the rows
    results = np.empty((CHAMPION + 1, games), dtype=np.int64)  # per game, in the order they end
    reported = 0

    g = min(games, width)
    started = g
    block = np.zeros((ROWS, g), dtype=sets.dtype)
    block[ALIVE] = sets.full
    block[N_ALIVE] = n
    block[LEADER] = block[FIRST] = rng.integers(0, n, g, dtype=np.int8)  # F2: random votes or a pick: all alike
    running = np.ones(g, dtype=bool)  # slots whose game ended with no next game to take are False
    last = np.zeros((n, g), dtype=np.int16)
    work_flat = np.empty(n * g, dtype=sets.dtype)
    mask_flat = np.empty(n * g, dtype=bool)
    while g:
        work = work_flat[: n * g].reshape(n, g)
        mask = mask_flat[: n * g].reshape(n, g)
        local, alive, immune, leader = block[:ROWS], block[ALIVE], block[IMMUNE], block[LEADER]
        n_alive, rounds = block[N_ALIVE], block[ROUND]
        rounds += 1
        at_leader = sets.of(leader)
        others = alive ^ at_leader  # the leader is alive
        chooser = others & ~immune
        chance = table[:, :1] if flat else table[:, np.minimum(n_alive, top - 1)]
        rebel = sets.pack(np.less(rng.random((n, g), dtype=np.float32), chance, out=mask), work) & chooser
        n_choosers = np.bitwise_count(chooser)
        choosing = chooser != 0
        local[CHOICE] += choosing
        # F4: the leader suspects a chooser (at random, or last round's highest roller, the first on ties)
        suspect: Seats = np.full(g, -1, dtype=sets.dtype)
        can = (n_alive >= 5) & choosing
        if np.count_nonzero(can):
            pick = sets.uniform(rng, chooser, n_choosers)
            if by_last:
                rolled, best = sets.top(chooser, last, work, mask)
                first = sets.nth(rolled, np.zeros(g, dtype=np.int8))
                pick ^= (pick ^ first) * (last_high.take(leader) & (best > 0))
            suspect = (pick + 1) * can - 1
        has = suspect >= 0
        suspects = np.count_nonzero(has)
        local[SUSPECTS] += has
        at_suspect = sets.of(suspect)
        leader_roll = rng.integers(1, rules.leader_die + 1, g, dtype=np.int16) + np.int16(rules.leader_bonus)
        rolls = rng.integers(1, rules.player_die + 1, (n, g), dtype=np.int16)
        if suspects:  # the suspect rolls the 120 instead
            swap = rng.integers(1, rules.suspect_die + 1, g, dtype=np.int16) - rolls
            swap *= np.equal(seat, suspect, out=mask)
            rolls += swap
        # F6: followers above the leader and rebels below go out; a tie is safe (and immune from 4 up)
        beats = sets.pack(np.greater(rolls, leader_roll, out=mask), work)
        tie = sets.pack(np.equal(rolls, leader_roll, out=mask), work) & others
        out = (beats ^ rebel) & chooser & ~tie
        failed = (rebel & out) != 0  # a rebel below the leader (before any scapegoat battle)
        immune[:] = tie * (n_alive >= 4)
        # F7: a doomed suspect names a scapegoat (never declines) and battles 70 vs 100
        if suspects:
            pool = chooser & ~(out | immune | at_suspect)  # standing, not immune, not going out
            out = _scapegoats(
                rng,
                sets,
                suspect,
                at_suspect,
                pool,
                out,
                rolls,
                high_goat if by_high else None,
                local,
                rules,
                work,
                mask,
            )
        alive &= ~out
        # F8: the round's outcome
        any_rebel = rebel != 0
        handover = choosing & ~any_rebel
        rebellion = any_rebel & ~failed
        local[HANDOVER] += handover
        local[REBELLION] += rebellion
        local[NORMAL] += ~(handover | rebellion)
        alive ^= at_leader * rebellion  # deposed
        first_round = (rounds == 1) & ~has
        if np.count_nonzero(first_round):
            plain_follow = (chooser ^ rebel) * first_round
            local[F150] += np.bitwise_count(plain_follow)
            local[F150_OUT] += np.bitwise_count(plain_follow & out)
        # F9: the next leader: handover the lowest roll, rebellion the highest rebel, else the highest roll
        pool = alive & ~at_leader
        rebels = pool & rebel
        to_rebels = rebellion & (rebels != 0)
        pool ^= (pool ^ rebels) * to_rebels
        if by_last:  # last round's rolls, 0 for who did not roll as a player
            np.multiply(rolls, sets.members(others, work), out=last)
        rolls ^= (handover * np.int16(255)).astype(np.int16)  # handover: 255 - roll, so the lowest roll scores highest
        tied = sets.top(pool, rolls, work, mask)[0]
        n_tied = np.bitwise_count(tied)
        leader[:] = sets.nth(tied, np.zeros(g, dtype=np.int8))
        ties = (n_tied > 1).nonzero()[0]
        if ties.size:
            leader[ties] = sets.uniform(rng, tied[ties], n_tied[ties])
        n_alive[:] = np.bitwise_count(alive)
        done = running & (n_alive <= 2)
        if not np.count_nonzero(done):
            continue
        slots = done.nonzero()[0]
        start = (others | at_leader).take(slots)  # who was in at the round's start
        won, runner_up = _finals(rng, sets, alive.take(slots), start)
        columns = block[: FIRST + 1].take(slots, axis=1)
        end = reported + won.size
        results[: ROUND + 1, reported:end] = columns[: ROUND + 1]
        results[WINNER, reported:end] = won
        results[SECOND, reported:end] = runner_up
        np.equal(columns[FIRST], won, out=results[CHAMPION, reported:end])
        reported = end
        # the slots of ended games take the next games; with none left they stop running
        fresh = slots[: games - started]
        stopped = slots[fresh.size :]
        running[stopped] = False
        block[:LEADER] *= ~done
        block[LEADER, stopped] = -1
        if by_last:
            last *= ~done
        if fresh.size:
            alive[fresh] = sets.full
            n_alive[fresh] = n
            block[LEADER, fresh] = block[FIRST, fresh] = rng.integers(0, n, fresh.size, dtype=np.int8)
            started += fresh.size
        elif running.sum() < 0.9 * g:  # drop stopped slots; a few may wait (with nobody alive) to save a pass
            block = block.compress(running, axis=1)
            last = last.compress(running, axis=1)
            g = block.shape[1]
            running = np.ones(g, dtype=bool)
    counts = {name: results[i] for i, name in enumerate(COUNTS)}
    counts["first leader won"] = results[CHAMPION]
    return FastGames(results[WINNER], results[SECOND], results[ROUND], counts)


def _scapegoats(
    rng: np.random.Generator,
    sets: SeatSets,
    suspect: Seats,
    at_suspect: Seats,
    pool: Seats,
    out: Seats,
    rolls: Seats,
    high_goat: Bools | None,
    local: Seats,
    rules: KernelRules,
    work: Seats,
    mask: Bools,
) -> Seats:
    """F7 on `out` (returned) and the counts: every game whose suspect is going out and can name someone.

    `pool` holds who may be named: standing, not the suspect, not immune this round or next, and not
    going out.
    """
    count = np.bitwise_count(pool)
    fights = ((out & at_suspect) != 0) & (count > 0)  # the suspect is going out
    if not np.count_nonzero(fights):
        return out
    if high_goat is not None:  # `high`: the standing player with the highest roll this round
        by_roll = high_goat.take(suspect) & fights
        pool = pool ^ (pool ^ sets.top(pool, rolls, work, mask)[0]) * by_roll
        count = np.bitwise_count(pool)
    target = sets.uniform(rng, pool, count)
    won = rng.random(suspect.size) < rules.scapegoat_win
    won &= fights
    local[BATTLES] += fights
    local[WON] += won
    return out ^ (at_suspect | sets.of(target)) * won  # the suspect stays, the scapegoat goes


def _finals(rng: np.random.Generator, sets: SeatSets, alive: Seats, start: Seats) -> tuple[Seats, Seats]:
    """F10 for ended games: two left battle 150 vs 150; one left wins and the round's other players
    (`start`: who was in at the round's start) battle for second."""
    count = np.bitwise_count(alive)
    first = sets.uniform(rng, alive, count)
    rivals = alive ^ (alive ^ start) * (count <= 1)  # one left (or none): the round's other players; else the other
    return first, sets.uniform(rng, rivals & ~sets.of(first))
